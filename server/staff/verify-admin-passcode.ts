/**
 * The passcode check behind the Admin Access dialog (SPEC §2, §7 verify-admin-passcode):
 * constant-time hash comparison, at most 5 failed attempts per client address in 15 minutes
 * whatever the concurrency, and on success a new admin session.
 */
import type { Logger } from 'pino';
import * as ADMIN_MESSAGES from '../../domain/admin-messages';
import { AppError } from '../app-error';
import type { Executor } from '../db/client';
import { verifyPasscodeHash } from './passcode';
import { enforceRateLimit, refundRateLimitHit, type RateLimitRule } from '../http/rate-limit';
import { createAdminSession } from './admin-sessions';

export const PASSCODE_FAILURE_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60 * 1000 };

/** A refused sign-in keeps SPEC §7's answer shape: success false, beside the error. */
const SPEC_REFUSAL = { success: false } as const;

export const tooManyPasscodeAttempts = (retryAfterSeconds: number) => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

/**
 * The attempt is counted before the passcode is hashed (see rate-limit.ts): of any number of
 * parallel guesses, at most PASSCODE_FAILURE_RULE.limit per window are verified. A correct
 * passcode hands its count back, so the limit counts wrong attempts.
 */
export async function verifyAdminPasscode(options: {
  db: Executor;
  passcodeHash: string;
  passcode: string;
  clientIp: string;
  logger: Pick<Logger, 'warn' | 'info'>;
}): Promise<{ token: string; expiresAt: Date }> {
  const key = `admin-passcode:${options.clientIp}`;
  const hit = await enforceRateLimit({
    db: options.db,
    key,
    rule: PASSCODE_FAILURE_RULE,
    code: 'too-many-attempts',
    message: tooManyPasscodeAttempts,
    details: SPEC_REFUSAL,
  });
  const isValid = await verifyPasscodeHash(options.passcode, options.passcodeHash);
  if (!isValid) {
    options.logger.warn({ clientIp: options.clientIp }, 'admin passcode refused');
    throw new AppError('passcode-invalid', { message: ADMIN_MESSAGES.passcodeInvalid, details: SPEC_REFUSAL });
  }
  await refundRateLimitHit({ db: options.db, key, hit });
  const session = await createAdminSession({ db: options.db });
  options.logger.info({ clientIp: options.clientIp }, 'admin session started');
  return session;
}
