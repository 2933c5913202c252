/**
 * The guard of every admin loader and action: a live admin session named by the
 * X-Admin-Session header, or a 401 AppError (thrown, so the route stops there; the JSON
 * route answers it with SPEC §6's message).
 */
import { ADMIN_SESSION_HEADER } from '../../domain/admin-session';
import * as ADMIN_MESSAGES from '../../domain/admin-messages';
import type { Database } from '../db/client';
import { AppError } from '../app-error';
import { findAdminSession } from './admin-sessions';

export async function requireAdmin(request: Request, context: { db: Database }, token?: string | null) {
  const presented = token ?? request.headers.get(ADMIN_SESSION_HEADER);
  const session = await findAdminSession({ db: context.db, token: presented });
  if (!session || !presented) {
    throw new AppError('admin-session-missing', { message: ADMIN_MESSAGES.adminSessionMissing });
  }
  return { token: presented, sessionId: session.id };
}
