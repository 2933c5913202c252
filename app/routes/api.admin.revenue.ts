import { getRevenueByDay } from '@server/admin/get-revenue-by-day';
import { adminJson, requireAdmin } from '@server/admin/require-admin';
import type { Route } from './+types/api.admin.revenue';

/** Paid revenue per day, last 30 days (dashboard chart). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return adminJson({ days: await getRevenueByDay({ db: context.db }) });
}
