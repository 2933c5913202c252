import { exportOrdersCsv } from '@server/admin/export-orders-csv';
import { OrderFilterSchema } from '@server/admin/list-orders';
import { adminJson, requireAdmin } from '@server/admin/require-admin';
import type { Route } from './+types/api.admin.orders_.export';

/** Every order matching ?q= and ?status= as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const filter = OrderFilterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!filter.success) return adminJson({ error: 'Invalid filter' }, { status: 400 });
  const csv = await exportOrdersCsv({ db: context.db, filter: filter.data });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
