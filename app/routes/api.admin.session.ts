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
import { requireAdmin } from '@server/admin/require-admin';
import { deleteAdminSession, leaveAdminSession, resumeAdminSession } from '@server/admin/sessions';
import { verifyAdminPasscode } from '@server/admin/verify-admin-passcode';
import { jsonRoute } from '@server/http/json-route';
import { adminIdentity, startStaffAdminSession } from '@server/staff/staff-admin-session';
import type { Route } from './+types/api.admin.session';

/** POST ?logout=1, ?leave=1, ?resume=1: what the admin page does with its session. */
const SESSION_COMMANDS = ['logout', 'leave', 'resume'] as const;

const LoginSchema = z.object({ passcode: z.string().trim().min(1).max(200) });

/** A refused sign-in keeps SPEC §7's answer shape: success false, beside the error. */
const refused = (code: string, status: number, message: string, headers?: Record<string, string>) =>
  new AppError(code, { status, message, headers, details: { success: false } });

/** Who the admin is and what their role allows (issue 27: the admin shows only that). */
export const loader = jsonRoute<Route.LoaderArgs>({ what: 'admin session' }, async ({ request, context }) => {
  return adminIdentity(await requireAdmin(request, context, 'session.use'));
});

export const action = jsonRoute<Route.ActionArgs>(
  { failureMessage: ADMIN_MESSAGES.passcodeVerifyFailed, what: 'admin session' },
  async ({ request, url, context }) => {
    const command = request.method === 'POST' ? SESSION_COMMANDS.find((name) => url.searchParams.has(name)) : undefined;
    if (request.method !== 'POST' || command) {
      // Everything but the sign-in itself needs the session, like every admin route.
      const token = request.headers.get(ADMIN_SESSION_HEADER) ?? url.searchParams.get('token');
      const { token: liveToken } = await requireAdmin(request, context, 'session.use', token);
      const session = { db: context.db, token: liveToken };
      if (command === 'leave') await leaveAdminSession(session);
      else if (command === 'resume') await resumeAdminSession(session);
      else if (command === 'logout' || request.method === 'DELETE') await deleteAdminSession(session);
      else throw methodNotAllowed('POST, DELETE');
      return { success: true };
    }
    // A signed-in staff member's account, with two-factor sign-in, instead of the passcode.
    if (url.searchParams.has('staff')) {
      const session = await startStaffAdminSession({ db: context.db, account: await context.staffAuth.getSignedInAccount(request) });
      return { success: true, sessionToken: session.token, expiresAt: session.expiresAt.toISOString() };
    }
    const body = LoginSchema.safeParse(await request.json().catch(() => null));
    if (!body.success) throw refused('passcode-required', 400, ADMIN_MESSAGES.passcodeRequired);
    const result = await verifyAdminPasscode({
      db: context.db,
      passcodeHash: context.adminPasscodeHash,
      passcode: body.data.passcode,
      clientIp: context.clientIp,
    });
    if (result.status === 'limited') {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      throw refused(
        'too-many-attempts',
        429,
        `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { 'Retry-After': String(result.retryAfterSeconds) },
      );
    }
    if (result.status === 'denied') {
      context.logger.warn({ clientIp: context.clientIp }, 'admin passcode refused');
      throw refused('passcode-invalid', 401, ADMIN_MESSAGES.passcodeInvalid);
    }
    context.logger.info({ clientIp: context.clientIp }, 'admin session started');
    return { success: true, sessionToken: result.token, expiresAt: result.expiresAt.toISOString() };
  },
);
