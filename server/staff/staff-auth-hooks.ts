/**
 * Better Auth hooks for staff sign-in (issue 27 Deliver 2 and 4), on top of the two-factor
 * plugin:
 * - a TOTP code is claimed before the plugin checks it (two-factor-replay.ts): a reused code
 *   is refused, and the refusal is counted with the sign-in limits like a wrong one
 *   (limit-sign-in.ts counts every answer of the two-factor endpoints that is not a success);
 * - "trust this device" is refused: staff give a code at every sign-in;
 * - staff sign-ins, failed ones included, and the confirmation of a two-factor set-up (and its
 *   turning off) are written to the audit log;
 * - a new password, signing out everywhere or turning two-factor off ends the member's admin
 *   sessions (ENDS_ADMIN_SESSIONS).
 */
import { APIError, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { STAFF_ROLE_LABELS } from '../../domain/staff-roles';
import { writeSignInEntry } from '../audit/audit-log';
import type { Database } from '../db/client';
import { adminSessions, staffMembers } from '../db/schema';
import { claimTotpCode, releaseTotpCode } from './two-factor-replay';

const VERIFY_TOTP = '/two-factor/verify-totp';
const VERIFY_BACKUP_CODE = '/two-factor/verify-backup-code';
const SIGN_IN = '/sign-in/email';
const TWO_FACTOR_COOKIE = 'two_factor';
const DISABLE_TWO_FACTOR = '/two-factor/disable';
const RESET_PASSWORD = '/reset-password';
/**
 * Changes to an account that answer a suspected compromise (a new password, every session signed
 * out, two-factor turned off): the staff member's admin sessions end with them, as they end with a
 * role change or a removal (an outside audit found them still open after each of these).
 */
const ENDS_ADMIN_SESSIONS = new Set([
  DISABLE_TWO_FACTOR,
  RESET_PASSWORD,
  '/change-password',
  '/revoke-sessions',
  '/revoke-other-sessions',
]);

export const CODE_REUSED_MESSAGE = 'This code was already used. Wait for the next code in your authenticator app.';

/** The parts of Better Auth's hook context used here. */
interface HookContext {
  path?: string;
  body?: unknown;
  request?: Request;
  headers?: Headers;
  getSignedCookie: (name: string, secret: string) => Promise<string | null | false>;
  context: {
    secret: string;
    returned?: unknown;
    newSession?: { user: { id: string; email: string; twoFactorEnabled?: boolean | null } } | null;
    createAuthCookie: (name: string) => { name: string };
    internalAdapter: { findVerificationValue: (identifier: string) => Promise<{ value: string } | null | undefined> };
  };
}

interface Attempt {
  userId: string | null;
  isSignIn: boolean;
  code: string | null;
  claimed: boolean;
}

const attempts = new WeakMap<object, Attempt>();
/** The account a change of ENDS_ADMIN_SESSIONS is for, found before it runs (a reset's token is spent by it). */
const accountChanges = new WeakMap<object, string>();

/** Whose account the request changes: the reset link's, or the signed-in session's. */
async function changedAccount(ctx: HookContext): Promise<string | null> {
  if (ctx.path === RESET_PASSWORD) {
    const token = bodyField(ctx, 'token') ?? (ctx as { query?: { token?: unknown } }).query?.token;
    if (typeof token !== 'string' || token === '') return null;
    return (await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`))?.value ?? null;
  }
  const session = await getSessionFromCtx(ctx as never).catch(() => null);
  return session?.user?.id ?? null;
}

function bodyField(ctx: HookContext, field: string): unknown {
  return ctx.body && typeof ctx.body === 'object' ? (ctx.body as Record<string, unknown>)[field] : undefined;
}

/** The account a two-factor request is for: the signed-in session's, else the pending sign-in's cookie. */
async function twoFactorAttempt(ctx: HookContext): Promise<Omit<Attempt, 'code' | 'claimed'>> {
  const session = await getSessionFromCtx(ctx as never).catch(() => null);
  if (session?.user) return { userId: session.user.id, isSignIn: false };
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return { userId: null, isSignIn: true };
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return { userId: pending?.value ?? null, isSignIn: true };
}

export function createStaffAuthHooks(db: Database) {
  const staffByUser = async (userId: string) =>
    (await db.select().from(staffMembers).where(eq(staffMembers.userId, userId)).limit(1))[0] ?? null;
  const staffByEmail = async (email: string) =>
    (await db.select().from(staffMembers).where(eq(staffMembers.email, email)).limit(1))[0] ?? null;

  const logFor = async (member: typeof staffMembers.$inferSelect | null, action: string, summary: string) => {
    if (!member) return;
    await writeSignInEntry(db, {
      actor: member.email,
      role: STAFF_ROLE_LABELS[member.role],
      staffMemberId: member.id,
      action,
      summary,
    });
  };

  return {
    async before(ctx: HookContext): Promise<void> {
      if (ctx.path && ENDS_ADMIN_SESSIONS.has(ctx.path)) {
        const userId = await changedAccount(ctx);
        if (userId) accountChanges.set(ctx.request ?? ctx, userId);
        return;
      }
      if (ctx.path !== VERIFY_TOTP && ctx.path !== VERIFY_BACKUP_CODE) return;
      if (bodyField(ctx, 'trustDevice')) {
        throw new APIError('BAD_REQUEST', {
          code: 'TRUST_DEVICE_DISABLED',
          message: 'This shop asks for a code at every sign-in: devices are not remembered.',
        });
      }
      const key = ctx.request ?? ctx;
      const attempt = await twoFactorAttempt(ctx);
      const code = bodyField(ctx, 'code');
      const state: Attempt = { ...attempt, code: typeof code === 'string' ? code : null, claimed: false };
      attempts.set(key, state);
      if (ctx.path !== VERIFY_TOTP || !state.userId || !state.code) return;
      if (!(await claimTotpCode({ db, userId: state.userId, code: state.code }))) {
        const member = await staffByUser(state.userId);
        await logFor(member, 'sign-in.staff.failed', 'was refused: a two-factor code was used twice');
        throw new APIError('UNAUTHORIZED', { code: 'CODE_ALREADY_USED', message: CODE_REUSED_MESSAGE });
      }
      state.claimed = true;
    },

    async after(ctx: HookContext): Promise<void> {
      const failed = isAPIError(ctx.context.returned);
      if (ctx.path && ENDS_ADMIN_SESSIONS.has(ctx.path)) {
        const userId = accountChanges.get(ctx.request ?? ctx);
        const member = !failed && userId ? await staffByUser(userId) : null;
        if (!member) return;
        await db.delete(adminSessions).where(eq(adminSessions.staffMemberId, member.id));
        if (ctx.path === DISABLE_TWO_FACTOR)
          await logFor(member, 'staff.two-factor-off', 'turned off two-factor sign-in');
        return;
      }
      if (ctx.path === SIGN_IN) {
        const email = bodyField(ctx, 'email');
        if (typeof email !== 'string') return;
        if (failed) {
          await logFor(
            await staffByEmail(email.trim().toLowerCase()),
            'sign-in.staff.failed',
            'failed to sign in (wrong email or password)',
          );
          return;
        }
        const signedIn = ctx.context.newSession?.user;
        // With two-factor on, the plugin (whose hook runs after this one) swaps the session for
        // the code step: the sign-in is logged after the code.
        if (signedIn && !signedIn.twoFactorEnabled)
          await logFor(
            await staffByUser(signedIn.id),
            'sign-in.staff',
            'signed in (two-factor sign-in not set up yet)',
          );
        return;
      }
      if (ctx.path !== VERIFY_TOTP && ctx.path !== VERIFY_BACKUP_CODE) return;
      const state = attempts.get(ctx.request ?? ctx);
      if (!state?.userId) return;
      if (failed && state.claimed && state.code) await releaseTotpCode({ db, userId: state.userId, code: state.code });
      if (failed && !state.claimed && ctx.path === VERIFY_TOTP) return; // refused as reused: logged before
      const member = await staffByUser(state.userId);
      const how = ctx.path === VERIFY_TOTP ? 'two-factor code' : 'recovery code';
      if (failed) await logFor(member, 'sign-in.staff.failed', `entered a wrong ${how}`);
      else if (state.isSignIn) await logFor(member, 'sign-in.staff', `signed in with email, password and ${how}`);
      else await logFor(member, 'staff.two-factor', 'set up two-factor sign-in');
    },
  };
}
