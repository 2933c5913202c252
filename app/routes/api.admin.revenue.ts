import { getRevenueByDay } from '@server/orders/get-revenue-by-day';
import { requireAdmin } from '@server/staff/require-admin';
import { jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.admin.revenue';

/** Paid revenue per day, last 30 days (dashboard chart). */
export const loader = jsonRoute<Route.LoaderArgs>({ what: 'admin revenue' }, async ({ request, context }) => {
  await requireAdmin(request, context);
  return { days: await getRevenueByDay({ db: context.db }) };
});
