import { getDashboardStats } from '@server/orders/get-dashboard-stats';
import { requireAdmin } from '@server/staff/require-admin';
import { jsonResponse, jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.admin.stats';

/** Dashboard cards and recent activity (SPEC §2); Server-Timing shows the query time. */
export const loader = jsonRoute<Route.LoaderArgs>({ what: 'admin stats' }, async ({ request, context }) => {
  await requireAdmin(request, context);
  const started = performance.now();
  const stats = await getDashboardStats({ db: context.db });
  const ms = (performance.now() - started).toFixed(1);
  return jsonResponse(stats, { headers: { 'Cache-Control': 'no-store', 'Server-Timing': `db;dur=${ms}` } });
});
