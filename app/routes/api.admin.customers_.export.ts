import { exportCustomersCsv } from '@server/customers/export-customers-csv';
import { requireAdmin } from '@server/staff/require-admin';
import { jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.admin.customers_.export';

/** Every customer with their phone and points as a CSV download (issue 32 item 3). */
export const loader = jsonRoute<Route.LoaderArgs>({ what: 'customers export' }, async ({ request, context }) => {
  await requireAdmin(request, context, 'orders.export');
  const csv = await exportCustomersCsv({ db: context.db });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="customers-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
});
