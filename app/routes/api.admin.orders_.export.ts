import { exportOrdersCsv } from '@server/orders/export-orders-csv';
import { exportOrderLinesCsv } from '@server/orders/export-order-lines-csv';
import { OrderFilterSchema } from '@server/orders/list-orders';
import { requireAdmin } from '@server/staff/require-admin';
import { readQuery } from '@server/http/json-request';
import { jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.admin.orders_.export';

/**
 * Every order matching ?q=, ?status= and ?payment= as a CSV download (errors answer as JSON);
 * with ?lines=1, one row per order line instead (issue 32 item 3).
 */
export const loader = jsonRoute<Route.LoaderArgs>({ what: 'orders export' }, async ({ request, context }) => {
  await requireAdmin(request, context, 'orders.export');
  const filter = readQuery(request, OrderFilterSchema);
  const lines = new URL(request.url).searchParams.get('lines') === '1';
  const csv = lines
    ? await exportOrderLinesCsv({ db: context.db, filter })
    : await exportOrdersCsv({ db: context.db, filter });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${lines ? 'order-lines' : 'orders'}-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
});
