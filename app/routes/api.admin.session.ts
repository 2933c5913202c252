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
import { adminIdentity, startStaffAdminSession } from '@server/staff/staff-admin-session';
import { OWNER_PASSCODE_LABEL, STAFF_ROLE_LABELS } from '@domain/staff-roles';
import { writeSignInEntry } from '@server/audit/audit-log';
import { readPasscodeHash } from '@server/staff/passcode';
import { readJsonBody } from '@server/http/json-request';
import type { Route } from './+types/api.admin.session';

/** POST ?logout=1, ?leave=1, ?resume=1: what the admin page does with its session. */
const SESSION_COMMANDS = ['logout', 'leave', 'resume'] as const;

const LoginSchema = z.object({ passcode: z.string().trim().min(1).max(200) });

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
    const body = LoginSchema.safeParse(await readJsonBody(request));
    if (!body.success) {
      throw new AppError('passcode-required', {
        message: ADMIN_MESSAGES.passcodeRequired,
        details: { success: false },
      });
    }
    // Issue 27: the hash is read at each attempt (a change from the Staff tab is in force on
    // every process), and every attempt, refused ones too, is in the activity log.
    const logAttempt = (action: 'sign-in.passcode' | 'sign-in.passcode.failed', summary: string) =>
      writeSignInEntry(context.db, { actor: OWNER_PASSCODE_LABEL, role: STAFF_ROLE_LABELS.owner, action, summary });
    let session: Awaited<ReturnType<typeof verifyAdminPasscode>>;
    try {
      session = await verifyAdminPasscode({
        db: context.db,
        passcodeHash: (await readPasscodeHash(context.db)) ?? context.adminPasscodeHash,
        passcode: body.data.passcode,
        clientIp: context.clientIp,
        logger: context.logger,
      });
    } catch (error) {
      if (error instanceof AppError && (error.code === 'passcode-invalid' || error.code === 'too-many-attempts')) {
        const why = error.code === 'passcode-invalid' ? 'a wrong passcode' : 'too many failed attempts';
        await logAttempt('sign-in.passcode.failed', `was refused (${why}) from ${context.clientIp}`);
      }
      throw error;
    }
    await logAttempt('sign-in.passcode', 'signed in with the passcode');
    return { success: true, sessionToken: session.token, expiresAt: session.expiresAt.toISOString() };
  },
);
