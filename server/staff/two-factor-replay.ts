/**
 * A TOTP code works once (issue 27 Bad input: "a wrong or reused TOTP code is refused").
 * Better Auth's two-factor plugin accepts any code of the current time window, so the same
 * code could sign in twice within about a minute. Before the plugin checks a code, the code is
 * claimed for its account here (a primary key on account and code hash, so of two requests
 * with the same code at once only one claims it); a claim older than the code's whole life
 * is taken over, and a claim whose code turned out wrong is handed back.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { twoFactorUsedCodes } from '../db/schema';

/** Longer than any code stays valid (30 s steps, one step of drift either way). */
export const USED_CODE_MEMORY_SECONDS = 180;

function codeHash(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code.trim()}`).digest('hex');
}

/** True when this request now holds the code; false when it was used already. */
export async function claimTotpCode(options: { db: Executor; userId: string; code: string }): Promise<boolean> {
  const claimed = await options.db
    .insert(twoFactorUsedCodes)
    .values({ userId: options.userId, codeHash: codeHash(options.userId, options.code) })
    .onConflictDoUpdate({
      target: [twoFactorUsedCodes.userId, twoFactorUsedCodes.codeHash],
      set: { usedAt: sql`now()` },
      setWhere: sql`${twoFactorUsedCodes.usedAt} < now() - ${USED_CODE_MEMORY_SECONDS} * interval '1 second'`,
    })
    .returning({ userId: twoFactorUsedCodes.userId });
  return claimed.length === 1;
}

/** The code was wrong: it is not "used", so the right code that happens to match it later is not refused. */
export async function releaseTotpCode(options: { db: Executor; userId: string; code: string }): Promise<void> {
  await options.db
    .delete(twoFactorUsedCodes)
    .where(
      and(
        eq(twoFactorUsedCodes.userId, options.userId),
        eq(twoFactorUsedCodes.codeHash, codeHash(options.userId, options.code)),
      ),
    );
}
