/**
 * Admin session: POST { passcode } signs in (SPEC §7 verify-admin-passcode: success and
 * sessionToken). With the session (X-Admin-Session, or ?token= for `navigator.sendBeacon`):
 * DELETE or POST ?logout=1 ends it now (Back to Store); POST ?leave=1 (the page's pagehide)
 * ends it a minute later unless POST ?resume=1 (the admin page open: on load and every 30 s)
 * comes first, so a reload keeps the admin signed in and a closed tab does not.
 */
import { z } from 'zod';
import { MESSAGES } from '@domain/messages';
import { adminJson, requireAdmin } from '@server/admin/require-admin';
import { deleteAdminSession, leaveAdminSession, resumeAdminSession } from '@server/admin/sessions';
import { verifyAdminPasscode } from '@server/admin/verify-admin-passcode';
import type { Route } from './+types/api.admin.session';

/** POST ?logout=1, ?leave=1, ?resume=1: what the admin page does with its session. */
const SESSION_COMMANDS = ['logout', 'leave', 'resume'] as const;

const LoginSchema = z.object({ passcode: z.string().trim().min(1).max(200) });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return adminJson({ success: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const command = request.method === 'POST' ? SESSION_COMMANDS.find((name) => url.searchParams.has(name)) : undefined;
  if (request.method !== 'POST' || command) {
    // Everything but the sign-in itself needs the session, like every admin route.
    const token = request.headers.get('X-Admin-Session') ?? url.searchParams.get('token');
    const headers = new Headers(request.headers);
    if (token) headers.set('X-Admin-Session', token);
    const { token: liveToken } = await requireAdmin(new Request(request.url, { headers }), context);
    const session = { db: context.db, token: liveToken };
    if (command === 'leave') await leaveAdminSession(session);
    else if (command === 'resume') await resumeAdminSession(session);
    else if (command === 'logout' || request.method === 'DELETE') await deleteAdminSession(session);
    else return adminJson({ error: 'Method not allowed' }, { status: 405 });
    return adminJson({ success: true });
  }
  const body = LoginSchema.safeParse(await request.json().catch(() => null));
  if (!body.success) return adminJson({ success: false, error: MESSAGES.passcodeRequired }, { status: 400 });
  const result = await verifyAdminPasscode({
    db: context.db,
    passcodeHash: context.adminPasscodeHash,
    passcode: body.data.passcode,
    clientIp: context.clientIp,
  });
  if (result.status === 'limited') {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    return adminJson(
      {
        success: false,
        error: `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      },
      { status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } },
    );
  }
  if (result.status === 'denied') {
    context.logger.warn({ clientIp: context.clientIp }, 'admin passcode refused');
    return adminJson({ success: false, error: MESSAGES.passcodeInvalid }, { status: 401 });
  }
  context.logger.info({ clientIp: context.clientIp }, 'admin session started');
  return adminJson({ success: true, sessionToken: result.token, expiresAt: result.expiresAt.toISOString() });
}
