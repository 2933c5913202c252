/**
 * Admin sessions: a random 256-bit token goes to the browser (localStorage
 * 'adminSessionToken', SPEC §3); only its SHA-256 is stored, with a 12-hour expiry, so a
 * database leak does not hand out live sessions.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { ADMIN_LEAVE_GRACE_MS } from '../../domain/admin-session';
import type { Executor } from '../db/client';
import { adminSessions } from '../db/schema';

export const ADMIN_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** base64url of 32 random bytes is 43 characters; anything else is not one of ours. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashAdminToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createAdminSession(options: {
  db: Executor;
  now?: Date;
}): Promise<{ token: string; expiresAt: Date }> {
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ADMIN_SESSION_TTL_MS);
  await options.db
    .insert(adminSessions)
    .values({ tokenHash: hashAdminToken(token), expiresAt, lastUsedAt: now, createdAt: now });
  // Expired rows are dropped on each login so the table never grows without bound.
  await options.db.delete(adminSessions).where(lt(adminSessions.expiresAt, now));
  return { token, expiresAt };
}

/** True when the token names a live (unexpired) session. */
export async function findAdminSession(options: { db: Executor; token: string | null | undefined; now?: Date }) {
  const { token } = options;
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const now = options.now ?? new Date();
  const rows = await options.db
    .select({ id: adminSessions.id, expiresAt: adminSessions.expiresAt })
    .from(adminSessions)
    .where(and(eq(adminSessions.tokenHash, hashAdminToken(token)), gt(adminSessions.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}

export async function deleteAdminSession(options: { db: Executor; token: string }): Promise<boolean> {
  if (!TOKEN_PATTERN.test(options.token)) return false;
  const deleted = await options.db
    .delete(adminSessions)
    .where(eq(adminSessions.tokenHash, hashAdminToken(options.token)))
    .returning({ id: adminSessions.id });
  return deleted.length > 0;
}

/** Sets a live session's expiry; false when the token names no live session. */
async function setLiveSessionExpiry(options: { db: Executor; token: string; now?: Date }, expiresAt: SQL) {
  if (!TOKEN_PATTERN.test(options.token)) return false;
  const now = options.now ?? new Date();
  const updated = await options.db
    .update(adminSessions)
    .set({ expiresAt, lastUsedAt: now })
    .where(and(eq(adminSessions.tokenHash, hashAdminToken(options.token)), gt(adminSessions.expiresAt, now)))
    .returning({ id: adminSessions.id });
  return updated.length > 0;
}

/** The page left: the session ends ADMIN_LEAVE_GRACE_MS from now unless resumed. */
export function leaveAdminSession(options: { db: Executor; token: string; now?: Date }): Promise<boolean> {
  const graceEnd = new Date((options.now ?? new Date()).getTime() + ADMIN_LEAVE_GRACE_MS);
  return setLiveSessionExpiry(options, sql`least(${adminSessions.expiresAt}, ${graceEnd.toISOString()}::timestamptz)`);
}

/** The admin page is open: a live session gets back its 12 hours from sign-in. */
export function resumeAdminSession(options: { db: Executor; token: string; now?: Date }): Promise<boolean> {
  return setLiveSessionExpiry(
    options,
    sql`${adminSessions.createdAt} + ${ADMIN_SESSION_TTL_MS} * interval '1 millisecond'`,
  );
}
