import { Readable } from 'node:stream';
import { notFound } from '@server/app-error';
import { requireAdmin } from '@server/staff/require-admin';
import { jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.admin.backups_.$name';

/** Downloads one kept archive (the admin session required; Owner only once roles exist). */
export const loader = jsonRoute<Route.LoaderArgs>({ what: 'backup download' }, async ({ request, context, params }) => {
  await requireAdmin(request, context);
  const archive = await context.backups.open(params.name);
  if (!archive) throw notFound('That backup is not kept any more.', 'backup-not-found');
  return new Response(Readable.toWeb(archive.body) as ReadableStream, {
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Length': String(archive.bytes),
      'Content-Disposition': `attachment; filename="${params.name}"`,
      'Cache-Control': 'no-store',
    },
  });
});
