/** The Activity tab (issue 27; Owner and Manager): ?actor=&action=&from=&to=&page=, newest first. */
import { AuditFilterSchema } from '@domain/audit';
import { listAuditEntries } from '@server/audit/list-audit-entries';
import { readQuery } from '@server/http/json-request';
import { jsonResponse, jsonRoute } from '@server/http/json-route';
import { requireAdminPermission } from '@server/staff/admin-actor';
import type { Route } from './+types/api.admin.activity';

export const loader = jsonRoute<Route.LoaderArgs>(
  { failureMessage: 'Failed to fetch the activity log', what: 'admin activity' },
  async ({ request, context }) => {
    await requireAdminPermission(request, context, 'activity.view');
    const page = await listAuditEntries({ db: context.db, filter: readQuery(request, AuditFilterSchema) });
    return jsonResponse(page, { headers: { 'Cache-Control': 'no-store' } });
  },
);
