import { getDashboardStats } from '@server/admin/get-dashboard-stats';
import { adminJson, requireAdmin } from '@server/admin/require-admin';
import type { Route } from './+types/api.admin.stats';

/** Dashboard cards and recent activity (SPEC §2); Server-Timing shows the query time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const started = performance.now();
  const stats = await getDashboardStats({ db: context.db });
  const ms = (performance.now() - started).toFixed(1);
  return adminJson(stats, { headers: { 'Server-Timing': `db;dur=${ms}` } });
}
