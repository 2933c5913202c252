/**
 * The guard of every admin loader and action: a live admin session named by the
 * X-Admin-Session header, or a 401 JSON response (thrown, so the route stops there).
 */
import type { AppLoadContext } from 'react-router';
import { MESSAGES } from '../../domain/messages';
import { findAdminSession } from './sessions';

export const ADMIN_SESSION_HEADER = 'X-Admin-Session';

export async function requireAdmin(request: Request, context: Pick<AppLoadContext, 'db'>) {
  const token = request.headers.get(ADMIN_SESSION_HEADER);
  const session = await findAdminSession({ db: context.db, token });
  if (!session) {
    throw Response.json(
      { error: MESSAGES.adminSessionMissing },
      { status: 401, headers: { 'Cache-Control': 'no-store' } },
    );
  }
  return { token: token!, sessionId: session.id };
}

/** JSON answer for admin data: never cached by a browser or proxy. */
export function adminJson(data: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('Cache-Control', 'no-store');
  return Response.json(data, { ...init, headers });
}
