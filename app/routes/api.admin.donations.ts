import { DonationFilterSchema, listDonations } from '@server/orders/list-donations';
import { requireAdmin } from '@server/staff/require-admin';
import { readQuery } from '@server/http/json-request';
import { jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.admin.donations';

/** Donations tab: ?status= (pending, paid, cancelled), ?page= (20 per page), and the total raised. */
export const loader = jsonRoute<Route.LoaderArgs>({ failureMessage: 'Failed to fetch donations', what: 'admin donations' }, async ({ request, context }) => {
  await requireAdmin(request, context);
  return listDonations({ db: context.db, filter: readQuery(request, DonationFilterSchema) });
});
