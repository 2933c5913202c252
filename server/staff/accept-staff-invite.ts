/**
 * The invite link (issue 27 Deliver 2): /staff/invite/<token>. The link proves the email, so
 * a new account made from it is confirmed at once; an existing account signs in first and
 * accepts while signed in. The invite is used once: a conditional update claims it in the
 * transaction that adds the staff member and writes the audit entry, so two tabs accepting at
 * once make one member. Expired, used, revoked and forged links are refused with their own
 * sentence and change nothing.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { MIN_PASSWORD_LENGTH } from '../../domain/auth-feedback';
import { STAFF_TEXTS, type StaffRole } from '../../domain/staff-roles';
import { AppError } from '../app-error';
import { writeAuditEntry } from '../audit/audit-log';
import { ensureCustomerForUser } from '../customers/ensure-customer-for-user';
import type { Database, Executor } from '../db/client';
import { account, staffInvites, staffMembers, user } from '../db/schema';
import { hashInviteToken } from './staff-members';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const NAME_MAX_LENGTH = 100;
const PASSWORD_MAX_LENGTH = 128;

export type InviteProblem = 'invalid' | 'expired' | 'used';

export type InviteState =
  | { status: 'valid'; email: string; role: StaffRole; invitedBy: string; expiresAt: Date; hasAccount: boolean }
  | { status: InviteProblem };

export const INVITE_PROBLEM_TEXT: Record<InviteProblem, string> = {
  invalid: STAFF_TEXTS.inviteInvalid,
  expired: STAFF_TEXTS.inviteExpired,
  used: STAFF_TEXTS.inviteUsed,
};

async function findInvite(db: Executor, token: string, lock: boolean) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const query = db
    .select()
    .from(staffInvites)
    .where(eq(staffInvites.tokenHash, hashInviteToken(token)))
    .limit(1);
  const [invite] = lock ? await query.for('update') : await query;
  return invite ?? null;
}

function problemOf(invite: typeof staffInvites.$inferSelect | null, now: Date): InviteProblem | null {
  if (!invite || invite.revokedAt) return 'invalid';
  if (invite.usedAt) return 'used';
  if (invite.expiresAt <= now) return 'expired';
  return null;
}

/** What the invite page shows for a link. */
export async function inspectStaffInvite(options: { db: Executor; token: string; now?: Date }): Promise<InviteState> {
  const now = options.now ?? new Date();
  const invite = await findInvite(options.db, options.token, false);
  const problem = problemOf(invite, now);
  if (problem || !invite) return { status: problem ?? 'invalid' };
  const [existing] = await options.db.select({ id: user.id }).from(user).where(eq(user.email, invite.email)).limit(1);
  return {
    status: 'valid',
    email: invite.email,
    role: invite.role,
    invitedBy: invite.invitedBy,
    expiresAt: invite.expiresAt,
    hasAccount: Boolean(existing),
  };
}

const INVITE_PROBLEM_CODE = { invalid: 'invite-invalid', expired: 'invite-expired', used: 'invite-used' } as const;

function inviteRefusal(problem: InviteProblem): AppError {
  return new AppError(INVITE_PROBLEM_CODE[problem], { message: INVITE_PROBLEM_TEXT[problem],
  });
}

export interface AcceptInviteResult {
  userId: string;
  email: string;
  role: StaffRole;
  createdAccount: boolean;
}

export async function acceptStaffInvite(options: {
  db: Database;
  token: string;
  /** The account the browser is signed in to, if any. */
  signedIn: { id: string; email: string } | null;
  /** For a new account: the name and password to create it with. */
  newAccount?: { name: string; password: string };
  hashPassword: (password: string) => Promise<string>;
  now?: Date;
}): Promise<AcceptInviteResult> {
  const now = options.now ?? new Date();
  const { newAccount } = options;
  // Checked (and hashed) before the transaction: scrypt takes a while and holds no lock.
  let passwordHash: string | null = null;
  let name = '';
  if (!options.signedIn && newAccount) {
    name = newAccount.name.trim().slice(0, NAME_MAX_LENGTH);
    if (!name) throw new AppError('name-required', { message: 'Please enter your name.' });
    if (newAccount.password.length < MIN_PASSWORD_LENGTH || newAccount.password.length > PASSWORD_MAX_LENGTH) {
      throw new AppError('weak-password', { message: `Password must be ${MIN_PASSWORD_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
      });
    }
    passwordHash = await options.hashPassword(newAccount.password);
  }
  return options.db.transaction(async (tx) => {
    const invite = await findInvite(tx, options.token, true);
    const problem = problemOf(invite, now);
    if (problem || !invite) throw inviteRefusal(problem ?? 'invalid');

    let userId: string;
    let createdAccount = false;
    if (options.signedIn) {
      if (options.signedIn.email.toLowerCase() !== invite.email) {
        throw new AppError('invite-wrong-account', { message: STAFF_TEXTS.inviteWrongAccount });
      }
      userId = options.signedIn.id;
    } else {
      const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, invite.email)).limit(1);
      if (existing) {
        throw new AppError('sign-in-first', { message: 'An account with this email already exists: sign in to it, then open the invite link again.',
        });
      }
      if (!passwordHash) throw new AppError('password-required', { message: 'Please choose a password.' });
      userId = randomBytes(16).toString('hex');
      await tx
        .insert(user)
        .values({ id: userId, name, email: invite.email, emailVerified: true, createdAt: now, updatedAt: now });
      await tx.insert(account).values({
        id: randomBytes(16).toString('hex'),
        accountId: userId,
        providerId: 'credential',
        userId,
        password: passwordHash,
        createdAt: now,
        updatedAt: now,
      });
      await ensureCustomerForUser({ db: tx, userId, email: invite.email, firstName: name.split(' ')[0] ?? null });
      createdAccount = true;
    }

    const [member] = await tx
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(eq(staffMembers.userId, userId))
      .limit(1);
    if (member) throw new AppError('already-staff', { message: STAFF_TEXTS.alreadyStaff });

    const [claimed] = await tx
      .update(staffInvites)
      .set({ usedAt: now })
      .where(and(eq(staffInvites.id, invite.id), isNull(staffInvites.usedAt), isNull(staffInvites.revokedAt)))
      .returning({ id: staffInvites.id });
    if (!claimed) throw inviteRefusal('used');
    const [created] = await tx
      .insert(staffMembers)
      .values({ userId, email: invite.email, role: invite.role, invitedBy: invite.invitedBy, createdAt: now })
      .returning({ id: staffMembers.id });
    await writeAuditEntry(
      tx,
      { label: invite.email, role: invite.role, staffMemberId: created!.id },
      { action: 'staff.joined', target: invite.email, summary: `accepted the invite of ${invite.invitedBy}` },
    );
    return { userId, email: invite.email, role: invite.role, createdAccount };
  });
}
