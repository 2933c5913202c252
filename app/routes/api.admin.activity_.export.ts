/** The activity log matching the Activity tab's filter as a CSV download (Owner and Manager). */
import { AuditFilterSchema } from '@domain/audit';
import { exportAuditCsv } from '@server/audit/list-audit-entries';
import { readQuery } from '@server/http/json-request';
import { jsonRoute } from '@server/http/json-route';
import { requireAdminPermission } from '@server/staff/admin-actor';
import type { Route } from './+types/api.admin.activity_.export';

export const loader = jsonRoute<Route.LoaderArgs>({ what: 'activity export' }, async ({ request, context }) => {
  await requireAdminPermission(request, context, 'activity.view');
  const filter = readQuery(request, AuditFilterSchema);
  const csv = await exportAuditCsv({ db: context.db, filter });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="activity-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
});
