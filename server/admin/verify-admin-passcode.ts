/**
 * The passcode check behind the Admin Access dialog (SPEC §2, §7 verify-admin-passcode):
 * constant-time hash comparison, at most 5 failed attempts per client address in 15 minutes,
 * and on success a new admin session.
 */
import type { Executor } from '../db/client';
import { verifyPasscodeHash } from './passcode';
import { hitRateLimit, isRateLimited, type RateLimitRule } from './rate-limit';
import { createAdminSession } from './sessions';

export const PASSCODE_FAILURE_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60 * 1000 };

export type VerifyPasscodeResult =
  | { status: 'granted'; token: string; expiresAt: Date }
  | { status: 'denied' }
  | { status: 'limited'; retryAfterSeconds: number };

export async function verifyAdminPasscode(options: {
  db: Executor;
  passcodeHash: string;
  passcode: string;
  clientIp: string;
}): Promise<VerifyPasscodeResult> {
  const key = `admin-passcode:${options.clientIp}`;
  const before = await isRateLimited({ db: options.db, key, rule: PASSCODE_FAILURE_RULE });
  if (before.limited) return { status: 'limited', retryAfterSeconds: before.retryAfterSeconds };
  const isValid = await verifyPasscodeHash(options.passcode, options.passcodeHash);
  if (!isValid) {
    await hitRateLimit({ db: options.db, key, rule: PASSCODE_FAILURE_RULE });
    return { status: 'denied' };
  }
  const session = await createAdminSession({ db: options.db });
  return { status: 'granted', ...session };
}
