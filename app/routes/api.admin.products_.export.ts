import { exportProductStockCsv } from '@server/catalog/product-stock-csv';
import { requireAdmin } from '@server/staff/require-admin';
import { jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.admin.products_.export';

/** Every product with its stock per color and size as a CSV download (issue 32 item 3). */
export const loader = jsonRoute<Route.LoaderArgs>({ what: 'products export' }, async ({ request, context }) => {
  await requireAdmin(request, context, 'products.view');
  const csv = await exportProductStockCsv({ db: context.db });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="products-stock-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
});
