/**
 * A staff member's admin session (issue 27): their Better Auth session (confirmed e-mail, and
 * two-factor sign-in enabled, so the session was made with a code) opens the admin without the
 * passcode; the admin session row names the member, whose role is then read on every request.
 */
import { STAFF_TEXTS, permissionsOf } from '../../domain/staff-roles';
import type { AdminIdentity } from '../../domain/staff-contract';
import { AppError } from '../app-error';
import type { SignedInAccount } from '../context';
import type { Database } from '../db/client';
import { createAdminSession } from './admin-sessions';
import type { AdminActor } from './admin-actor';
import { findStaffMemberForUser } from './staff-members';

export async function startStaffAdminSession(options: { db: Database; account: SignedInAccount | null }) {
  const { db, account } = options;
  if (!account) throw new AppError('sign-in-required', { message: STAFF_TEXTS.staffSignInRequired });
  const member = await findStaffMemberForUser({ db, userId: account.userId });
  if (!member) throw new AppError('not-staff', { message: STAFF_TEXTS.notStaff });
  if (!account.twoFactorEnabled)
    throw new AppError('two-factor-required', { message: STAFF_TEXTS.twoFactorRequired });
  return createAdminSession({ db, staffMemberId: member.id });
}

export function adminIdentity(actor: AdminActor): AdminIdentity {
  return {
    success: true,
    actor: actor.label,
    role: actor.role,
    isPasscode: actor.isPasscode,
    staffMemberId: actor.staffMemberId,
    permissions: permissionsOf(actor.role),
  };
}
