/**
 * The Staff tab's changes (issue 27 Deliver 1-2): invite by e-mail with a role, change a
 * member's role, remove a member. Each runs in one transaction with its audit entry; a role
 * change or removal ends the member's admin sessions in that transaction (their next request,
 * on any process, finds no session). The last Owner can be neither demoted nor removed (the
 * Owner rows are locked first, so two such changes at once cannot both pass), nobody changes
 * their own role, and nobody gives a role above their own.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { StaffInviteView, StaffMemberView, StaffOverview } from '../../domain/staff-contract';
import {
  INVITE_TTL_HOURS,
  INVITE_TTL_MS,
  STAFF_ROLE_LABELS,
  STAFF_TEXTS,
  roleRank,
  type StaffRole,
} from '../../domain/staff-roles';
import { AppError, type AppErrorCode } from '../app-error';
import { writeAuditEntry, type AuditActor } from '../audit/audit-log';
import { staffInviteEmail } from '../auth/auth-emails';
import type { Database, Executor } from '../db/client';
import { adminSessions, staffInvites, staffMembers } from '../db/schema';
import { enqueueEmail } from '../mail/enqueue-email';

export const InviteEmailSchema = z.email().max(254);

export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const refused = (code: AppErrorCode, _status: number, message: string) => new AppError(code, { message });

export async function findStaffMemberForUser(options: { db: Executor; userId: string }) {
  const [member] = await options.db.select().from(staffMembers).where(eq(staffMembers.userId, options.userId)).limit(1);
  return member ?? null;
}

export async function listStaff(options: { db: Executor; now?: Date }): Promise<StaffOverview> {
  const now = options.now ?? new Date();
  const [members, invites] = await Promise.all([
    options.db.select().from(staffMembers).orderBy(asc(staffMembers.createdAt)),
    options.db
      .select()
      .from(staffInvites)
      .where(and(isNull(staffInvites.usedAt), isNull(staffInvites.revokedAt), gt(staffInvites.expiresAt, now)))
      .orderBy(desc(staffInvites.createdAt)),
  ]);
  return {
    members: members.map((member): StaffMemberView => ({
      id: member.id,
      email: member.email,
      role: member.role,
      invitedBy: member.invitedBy,
      joinedAt: member.createdAt.toISOString(),
    })),
    invites: invites.map((invite): StaffInviteView => ({
      id: invite.id,
      email: invite.email,
      role: invite.role,
      invitedBy: invite.invitedBy,
      expiresAt: invite.expiresAt.toISOString(),
    })),
  };
}

/** Queues the invite e-mail (outbox) with a single-use link; earlier open invites of that e-mail end. */
export async function inviteStaffMember(options: {
  db: Database;
  actor: AuditActor;
  email: string;
  role: StaffRole;
  publicUrl: string;
  now?: Date;
}): Promise<{ invite: StaffInviteView }> {
  const { db, actor, role } = options;
  const email = options.email.trim().toLowerCase();
  if (roleRank(role) > roleRank(actor.role)) throw refused('role-too-high', 403, STAFF_TEXTS.inviteRoleTooHigh(role));
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const url = new URL(`/staff/invite/${token}`, options.publicUrl).toString();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(eq(staffMembers.email, email))
      .limit(1);
    if (existing) throw refused('already-staff', 409, STAFF_TEXTS.alreadyStaff);
    // An open invite to the same address ends with the new one, and the log says so.
    const replaced = await tx
      .update(staffInvites)
      .set({ revokedAt: now })
      .where(and(eq(staffInvites.email, email), isNull(staffInvites.usedAt), isNull(staffInvites.revokedAt)))
      .returning();
    for (const earlier of replaced) {
      await writeAuditEntry(tx, actor, {
        action: 'staff.invite-revoked',
        target: email,
        summary: `revoked the invite of ${email} (a new invite replaces it)`,
        changes: [{ field: 'invite', from: STAFF_ROLE_LABELS[earlier.role], to: 'revoked' }],
      });
    }
    const [invite] = await tx
      .insert(staffInvites)
      .values({
        tokenHash: hashInviteToken(token),
        email,
        role,
        invitedBy: actor.label,
        expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
        createdAt: now,
      })
      .returning();
    await enqueueEmail({
      db: tx,
      message: {
        to: email,
        ...staffInviteEmail({
          url,
          publicUrl: options.publicUrl,
          roleLabel: STAFF_ROLE_LABELS[role],
          invitedBy: actor.label,
          ttlHours: INVITE_TTL_HOURS,
        }),
      },
    });
    await writeAuditEntry(tx, actor, {
      action: 'staff.invited',
      target: email,
      summary: `invited ${email} as ${STAFF_ROLE_LABELS[role]}`,
      changes: [{ field: 'role', from: null, to: STAFF_ROLE_LABELS[role] }],
    });
    return {
      invite: { id: invite!.id, email, role, invitedBy: actor.label, expiresAt: invite!.expiresAt.toISOString() },
    };
  });
}

/**
 * Locks every Owner row and refuses a change that would leave none (the passcode stays the
 * owner's key either way, but a shop whose named Owners all vanished would have no one to
 * manage staff without it).
 */
async function assertOwnerRemains(tx: Executor, memberId: string) {
  const owners = await tx
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(eq(staffMembers.role, 'owner'))
    .for('update');
  if (owners.length === 1 && owners[0]!.id === memberId) throw refused('last-owner', 409, STAFF_TEXTS.lastOwner);
}

export async function changeStaffRole(options: {
  db: Database;
  actor: AuditActor;
  memberId: string;
  role: StaffRole;
}): Promise<{ member: StaffMemberView }> {
  const { db, actor, memberId, role } = options;
  if (actor.staffMemberId === memberId) throw refused('own-role', 403, STAFF_TEXTS.ownRoleChange);
  if (roleRank(role) > roleRank(actor.role)) throw refused('role-too-high', 403, STAFF_TEXTS.roleTooHigh(role));
  return db.transaction(async (tx) => {
    const [member] = await tx.select().from(staffMembers).where(eq(staffMembers.id, memberId)).for('update');
    if (!member) throw refused('staff-not-found', 404, STAFF_TEXTS.memberNotFound);
    if (roleRank(member.role) > roleRank(actor.role))
      throw refused('role-too-high', 403, STAFF_TEXTS.roleTooHigh(member.role));
    if (member.role === 'owner' && role !== 'owner') await assertOwnerRemains(tx, memberId);
    const view = (current: StaffRole): StaffMemberView => ({
      id: member.id,
      email: member.email,
      role: current,
      invitedBy: member.invitedBy,
      joinedAt: member.createdAt.toISOString(),
    });
    if (member.role === role) return { member: view(role) };
    await tx.update(staffMembers).set({ role }).where(eq(staffMembers.id, memberId));
    // Their open admin sessions end now: the next request signs in again with the new role.
    await tx.delete(adminSessions).where(eq(adminSessions.staffMemberId, memberId));
    await writeAuditEntry(tx, actor, {
      action: 'staff.role-changed',
      target: member.email,
      summary: `changed ${member.email} from ${STAFF_ROLE_LABELS[member.role]} to ${STAFF_ROLE_LABELS[role]}`,
      changes: [{ field: 'role', from: STAFF_ROLE_LABELS[member.role], to: STAFF_ROLE_LABELS[role] }],
    });
    return { member: view(role) };
  });
}

export async function removeStaffMember(options: { db: Database; actor: AuditActor; memberId: string }): Promise<void> {
  const { db, actor, memberId } = options;
  await db.transaction(async (tx) => {
    const [member] = await tx.select().from(staffMembers).where(eq(staffMembers.id, memberId)).for('update');
    if (!member) throw refused('staff-not-found', 404, STAFF_TEXTS.memberNotFound);
    if (roleRank(member.role) > roleRank(actor.role))
      throw refused('role-too-high', 403, STAFF_TEXTS.roleTooHigh(member.role));
    if (member.role === 'owner') await assertOwnerRemains(tx, memberId);
    // Their admin sessions go with the row (foreign key on delete cascade).
    await tx.delete(staffMembers).where(eq(staffMembers.id, memberId));
    await writeAuditEntry(tx, actor, {
      action: 'staff.removed',
      target: member.email,
      summary: `removed ${member.email} (${STAFF_ROLE_LABELS[member.role]})`,
      changes: [{ field: 'role', from: STAFF_ROLE_LABELS[member.role], to: null }],
    });
  });
}

/** Ends an open invite (the Staff tab's Revoke). */
export async function revokeStaffInvite(options: { db: Database; actor: AuditActor; inviteId: string; now?: Date }) {
  const now = options.now ?? new Date();
  await options.db.transaction(async (tx) => {
    const [invite] = await tx
      .update(staffInvites)
      .set({ revokedAt: now })
      .where(and(eq(staffInvites.id, options.inviteId), isNull(staffInvites.usedAt), isNull(staffInvites.revokedAt)))
      .returning();
    if (!invite) throw refused('invite-not-found', 404, STAFF_TEXTS.inviteInvalid);
    await writeAuditEntry(tx, options.actor, {
      action: 'staff.invite-revoked',
      target: invite.email,
      summary: `revoked the invite of ${invite.email}`,
      changes: [{ field: 'invite', from: STAFF_ROLE_LABELS[invite.role], to: 'revoked' }],
    });
  });
}
