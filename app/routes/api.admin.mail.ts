import { requireAdmin } from '@server/staff/require-admin';
import { jsonResponse, jsonRoute } from '@server/http/json-route';
import { listMailProblems } from '@server/mail/list-mail-problems';
import type { Route } from './+types/api.admin.mail';

/** The Mail tab (issue 30 item 1): messages given up after 24 hours of retries, and those waiting to be retried. */
export const loader = jsonRoute<Route.LoaderArgs>({ what: 'admin mail' }, async ({ request, context }) => {
  await requireAdmin(request, context, 'mail.manage');
  return jsonResponse(await listMailProblems({ db: context.db }), { headers: { 'Cache-Control': 'no-store' } });
});
