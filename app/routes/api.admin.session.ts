/**
 * Admin session: POST { passcode } signs in (SPEC §7 verify-admin-passcode: success and
 * sessionToken). With the session (X-Admin-Session, or ?token= for `navigator.sendBeacon`):
 * DELETE or POST ?logout=1 ends it now (Back to Store); POST ?leave=1 (the page's pagehide)
 * ends it a minute later unless POST ?resume=1 (the admin page open: on load and every 30 s)
 * comes first, so a reload keeps the admin signed in and a closed tab does not.
 */
import { z } from 'zod';
import { ADMIN_SESSION_HEADER } from '@domain/admin-session';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import { AppError, methodNotAllowed } from '@server/app-error';
import { requireAdmin } from '@server/staff/require-admin';
import { deleteAdminSession, leaveAdminSession, resumeAdminSession } from '@server/staff/admin-sessions';
import { verifyAdminPasscode } from '@server/staff/verify-admin-passcode';
import { jsonRoute } from '@server/http/json-route';
import { readJsonBody } from '@server/http/json-request';
import type { Route } from './+types/api.admin.session';

/** POST ?logout=1, ?leave=1, ?resume=1: what the admin page does with its session. */
const SESSION_COMMANDS = ['logout', 'leave', 'resume'] as const;

const LoginSchema = z.object({ passcode: z.string().trim().min(1).max(200) });

export const loader = jsonRoute<Route.LoaderArgs>({ what: 'admin session' }, async ({ request, context }) => {
  await requireAdmin(request, context);
  return { success: true };
});

export const action = jsonRoute<Route.ActionArgs>(
  { failureMessage: ADMIN_MESSAGES.passcodeVerifyFailed, what: 'admin session' },
  async ({ request, url, context }) => {
    const command = request.method === 'POST' ? SESSION_COMMANDS.find((name) => url.searchParams.has(name)) : undefined;
    if (request.method !== 'POST' || command) {
      // Everything but the sign-in itself needs the session, like every admin route.
      const token = request.headers.get(ADMIN_SESSION_HEADER) ?? url.searchParams.get('token');
      const { token: liveToken } = await requireAdmin(request, context, token);
      const session = { db: context.db, token: liveToken };
      if (command === 'leave') await leaveAdminSession(session);
      else if (command === 'resume') await resumeAdminSession(session);
      else if (command === 'logout' || request.method === 'DELETE') await deleteAdminSession(session);
      else throw methodNotAllowed('POST, DELETE');
      return { success: true };
    }
    const body = LoginSchema.safeParse(await readJsonBody(request));
    if (!body.success) {
      throw new AppError('passcode-required', {
        message: ADMIN_MESSAGES.passcodeRequired,
        details: { success: false },
      });
    }
    const session = await verifyAdminPasscode({
      db: context.db,
      passcodeHash: context.adminPasscodeHash,
      passcode: body.data.passcode,
      clientIp: context.clientIp,
      logger: context.logger,
    });
    return { success: true, sessionToken: session.token, expiresAt: session.expiresAt.toISOString() };
  },
);
