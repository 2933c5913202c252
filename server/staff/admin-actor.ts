/**
 * Who is calling the admin API, and may they (issue 27 Deliver 1): the admin session named by
 * X-Admin-Session, read with its staff member's CURRENT role from the database on every
 * request, so a role change or removal takes effect on the next request on every process.
 * A passcode session (no staff member) is the owner ("Owner (passcode)"). No session is 401
 * (SPEC §6's message); a role without the permission is 403 with a sentence naming what the
 * role cannot do and which roles can (domain/staff-roles.ts).
 */
import { and, eq, gt } from 'drizzle-orm';
import { ADMIN_SESSION_HEADER } from '../../domain/admin-session';
import * as ADMIN_MESSAGES from '../../domain/admin-messages';
import {
  OWNER_PASSCODE_LABEL,
  permissionDenied,
  roleCan,
  type AdminPermission,
  type StaffRole,
} from '../../domain/staff-roles';
import { AppError } from '../app-error';
import type { AuditActor } from '../audit/audit-log';
import type { Executor } from '../db/client';
import { adminSessions, staffMembers } from '../db/schema';
import { hashAdminToken } from './admin-sessions';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface AdminActor extends AuditActor {
  token: string;
  sessionId: string;
  isPasscode: boolean;
}

function sessionMissing(): AppError {
  return new AppError('admin-session-missing', { message: ADMIN_MESSAGES.adminSessionMissing });
}

/** The live admin session of a token with its actor, or null. */
export async function findAdminActor(options: {
  db: Executor;
  token: string | null | undefined;
  now?: Date;
}): Promise<AdminActor | null> {
  const { token } = options;
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const now = options.now ?? new Date();
  const [row] = await options.db
    .select({
      sessionId: adminSessions.id,
      staffMemberId: adminSessions.staffMemberId,
      email: staffMembers.email,
      role: staffMembers.role,
    })
    .from(adminSessions)
    .leftJoin(staffMembers, eq(staffMembers.id, adminSessions.staffMemberId))
    .where(and(eq(adminSessions.tokenHash, hashAdminToken(token)), gt(adminSessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  if (row.staffMemberId === null) {
    return {
      token,
      sessionId: row.sessionId,
      isPasscode: true,
      label: OWNER_PASSCODE_LABEL,
      role: 'owner',
      staffMemberId: null,
    };
  }
  if (!row.email || !row.role) return null;
  return {
    token,
    sessionId: row.sessionId,
    isPasscode: false,
    label: row.email,
    role: row.role as StaffRole,
    staffMemberId: row.staffMemberId,
  };
}

/** The guard of every admin loader and action: a live session whose role holds `permission`. */
export async function requireAdminPermission(
  request: Request,
  context: { db: Executor },
  permission: AdminPermission,
  token?: string | null,
): Promise<AdminActor> {
  const actor = await findAdminActor({ db: context.db, token: token ?? request.headers.get(ADMIN_SESSION_HEADER) });
  if (!actor) throw sessionMissing();
  assertAdminPermission(actor, permission);
  return actor;
}

/** For a check that depends on the request (a cancel inside a status change). */
export function assertAdminPermission(actor: { role: StaffRole }, permission: AdminPermission): void {
  if (!roleCan(actor.role, permission)) {
    throw new AppError('forbidden', { message: permissionDenied(actor.role, permission) });
  }
}
