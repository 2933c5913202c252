/**
 * The passcode check behind the Admin Access dialog (SPEC §2, §7 verify-admin-passcode):
 * constant-time hash comparison, at most 5 failed attempts per client address in 15 minutes
 * whatever the concurrency, and on success a new admin session.
 */
import type { Executor } from '../db/client';
import { verifyPasscodeHash } from './passcode';
import { hitRateLimit, refundRateLimitHit, type RateLimitRule } from '../http/rate-limit';
import { createAdminSession } from './admin-sessions';

export const PASSCODE_FAILURE_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60 * 1000 };

export type VerifyPasscodeResult =
  | { status: 'granted'; token: string; expiresAt: Date }
  | { status: 'denied' }
  | { status: 'limited'; retryAfterSeconds: number };

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
}): Promise<VerifyPasscodeResult> {
  const key = `admin-passcode:${options.clientIp}`;
  const hit = await hitRateLimit({ db: options.db, key, rule: PASSCODE_FAILURE_RULE });
  if (hit.limited) return { status: 'limited', retryAfterSeconds: hit.retryAfterSeconds };
  const isValid = await verifyPasscodeHash(options.passcode, options.passcodeHash);
  if (!isValid) return { status: 'denied' };
  await refundRateLimitHit({ db: options.db, key, hit });
  const session = await createAdminSession({ db: options.db });
  return { status: 'granted', ...session };
}
