/**
 * The passcode check behind the Admin Access dialog (SPEC §2, §7 verify-admin-passcode):
 * constant-time hash comparison, a per-attempt back-off per client address whatever the
 * concurrency (5 wrong tries at once, then 1, 2, 4 … seconds apart, at most a minute; issue 30
 * item 4), and on success a new admin session.
 */
import type { Logger } from 'pino';
import * as ADMIN_MESSAGES from '../../domain/admin-messages';
import { AppError } from '../app-error';
import type { Executor } from '../db/client';
import { verifyPasscodeHash } from './passcode';
import { clearBackoff, enforceBackoff, type BackoffRule } from '../http/attempt-backoff';
import { createAdminSession } from './admin-sessions';

/**
 * Wrong passcodes from one address: five at once, then each must wait for the one before
 * (1 s, doubling, at most a minute); a quiet quarter of an hour starts over. The right passcode
 * is never refused for more than that wait after someone else's mistakes (it was 15 minutes).
 */
export const PASSCODE_BACKOFF: BackoffRule = {
  freeAttempts: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 60_000,
  forgetAfterMs: 15 * 60 * 1000,
};

/** A refused sign-in keeps SPEC §7's answer shape: success false, beside the error. */
const SPEC_REFUSAL = { success: false } as const;

export const tooManyPasscodeAttempts = (retryAfterSeconds: number) => {
  if (retryAfterSeconds < 60) {
    return `Too many failed attempts. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`;
  }
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

/**
 * The attempt is counted before the passcode is hashed (attempt-backoff.ts): of any number of
 * parallel guesses, only those the back-off admits are verified. A correct passcode starts the
 * sequence over, so only wrong attempts slow the next ones.
 */
export async function verifyAdminPasscode(options: {
  db: Executor;
  passcodeHash: string;
  passcode: string;
  clientIp: string;
  logger: Pick<Logger, 'warn' | 'info'>;
}): Promise<{ token: string; expiresAt: Date }> {
  const key = `admin-passcode:${options.clientIp}`;
  await enforceBackoff({
    db: options.db,
    key,
    rule: PASSCODE_BACKOFF,
    code: 'too-many-attempts',
    message: tooManyPasscodeAttempts,
    details: SPEC_REFUSAL,
  });
  const isValid = await verifyPasscodeHash(options.passcode, options.passcodeHash);
  if (!isValid) {
    options.logger.warn({ clientIp: options.clientIp }, 'admin passcode refused');
    throw new AppError('passcode-invalid', { message: ADMIN_MESSAGES.passcodeInvalid, details: SPEC_REFUSAL });
  }
  await clearBackoff({ db: options.db, key });
  const session = await createAdminSession({ db: options.db });
  options.logger.info({ clientIp: options.clientIp }, 'admin session started');
  return session;
}
