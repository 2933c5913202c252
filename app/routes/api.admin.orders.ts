import { listOrders, OrderFilterSchema } from '@server/admin/list-orders';
import { adminJson, requireAdmin } from '@server/admin/require-admin';
import type { Route } from './+types/api.admin.orders';

/** Orders tab: ?q= (number or e-mail prefix), ?status=, ?page= (20 per page). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const filter = OrderFilterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!filter.success) return adminJson({ error: 'Invalid filter' }, { status: 400 });
  const started = performance.now();
  const page = await listOrders({ db: context.db, filter: filter.data });
  const ms = (performance.now() - started).toFixed(1);
  return adminJson(page, { headers: { 'Server-Timing': `db;dur=${ms}` } });
}
