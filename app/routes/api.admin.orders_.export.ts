import { exportOrdersCsv } from '@server/orders/export-orders-csv';
import { OrderFilterSchema } from '@server/orders/list-orders';
import { requireAdmin } from '@server/staff/require-admin';
import { readQuery } from '@server/http/json-request';
import { jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.admin.orders_.export';

/** Every order matching ?q= and ?status= as a CSV download (errors answer as JSON). */
export const loader = jsonRoute<Route.LoaderArgs>({ what: 'orders export' }, async ({ request, context }) => {
  await requireAdmin(request, context);
  const filter = readQuery(request, OrderFilterSchema);
  const csv = await exportOrdersCsv({ db: context.db, filter });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
});
