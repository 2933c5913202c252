import { AppError, methodNotAllowed } from '@server/app-error';
import { requireAdmin } from '@server/staff/require-admin';
import { jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.admin.backups';

/**
 * The Backups panel (decision 028): GET lists the kept archives, the schedule and whether the
 * newest is too old. (Owner only once staff roles exist: this and the two below.)
 */
export const loader = jsonRoute<Route.LoaderArgs>({ what: 'admin backups' }, async ({ request, context }) => {
  await requireAdmin(request, context);
  return context.backups.list();
});

/** POST: Back up now; answers the archive made (a second click while one runs gets the same one). */
export const action = jsonRoute<Route.ActionArgs>({ what: 'admin backup' }, async ({ request, context }) => {
  // The session first: every admin endpoint answers 401 to a stranger, whatever the method.
  await requireAdmin(request, context);
  if (request.method !== 'POST') throw methodNotAllowed('POST');
  let result;
  try {
    result = await context.backups.backUpNow();
  } catch (error) {
    // Logged and recorded by the backup; the owner reads why (a full disk) in the panel.
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('backup-failed', {
      message: `The backup failed (${reason}). Earlier backups are untouched.`,
      cause: error,
    });
  }
  return { backup: { name: result.name, bytes: result.bytes, createdAt: result.createdAt } };
});
