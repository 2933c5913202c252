/**
 * Per-attempt back-off (issue 30 item 4, decision 029), for the admin passcode: the first
 * `freeAttempts` wrong attempts from a key go through at once; after that, each attempt must
 * come `delay(count)` after the previous one (1 s, 2 s, 4 s … at most `maxDelayMs`). The right
 * passcode is therefore refused for seconds after someone else's wrong tries from the same
 * address, never for a quarter of an hour, while a guesser gets a few dozen tries an hour.
 *
 * Kept in rate_limit_counters (so every process shares it): `count` is the number of attempts
 * in the sequence, `window_ends_at` when it is forgotten (`forgetAfterMs` after the last
 * attempt; the table's prune trigger removes it then). An attempt is counted before it is
 * verified, in one statement (an upsert whose update is conditional on the wait being over):
 * of any number of parallel attempts, only those the back-off admits are verified. A success
 * clears the key.
 */
import { sql } from 'drizzle-orm';
import { TooManyRequestsError } from '../app-error';
import type { Executor } from '../db/client';

export interface BackoffRule {
  freeAttempts: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

export type BackoffHit = { admitted: true; count: number } | { admitted: false; retryAfterSeconds: number };

/** The wait after the `count`-th attempt of a sequence. */
export function backoffDelayMs(rule: BackoffRule, count: number): number {
  if (count < rule.freeAttempts) return 0;
  return Math.min(rule.firstDelayMs * 2 ** Math.min(count - rule.freeAttempts, 30), rule.maxDelayMs);
}

const delaySql = (rule: BackoffRule, count: ReturnType<typeof sql>) =>
  sql`make_interval(secs => case when ${count} < ${rule.freeAttempts} then 0
    else least(${rule.maxDelayMs / 1000}, ${rule.firstDelayMs / 1000} * power(2, least(${count} - ${rule.freeAttempts}, 30))) end)`;

/** Counts one attempt on `key` if the back-off admits it now. */
export async function hitBackoff(options: {
  db: Executor;
  key: string;
  rule: BackoffRule;
  now?: Date;
}): Promise<BackoffHit> {
  const { db, key, rule } = options;
  const now = options.now ?? new Date();
  const at = sql`${now.toISOString()}::timestamptz`;
  const forget = sql`make_interval(secs => ${rule.forgetAfterMs / 1000})`;
  const admitted = await db.execute<{ count: number }>(sql`
    insert into rate_limit_counters as c (key, count, window_ends_at) values (${key}, 1, ${at} + ${forget})
    on conflict (key) do update set
      count = case when c.window_ends_at <= ${at} then 1 else c.count + 1 end,
      window_ends_at = ${at} + ${forget}
    where c.window_ends_at <= ${at}
      or c.window_ends_at - ${forget} + ${delaySql(rule, sql`c.count`)} <= ${at}
    returning count`);
  const row = admitted.rows[0];
  if (row) return { admitted: true, count: Number(row.count) };
  const current = await db.execute<{ count: number; window_ends_at: string | Date }>(
    sql`select count, window_ends_at from rate_limit_counters where key = ${key}`,
  );
  const state = current.rows[0];
  if (!state) return { admitted: false, retryAfterSeconds: 1 };
  const last = new Date(state.window_ends_at).getTime() - rule.forgetAfterMs;
  const notBefore = last + backoffDelayMs(rule, Number(state.count));
  return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((notBefore - now.getTime()) / 1000)) };
}

/** Forgets `key`'s sequence (a verified success). */
export async function clearBackoff(options: { db: Executor; key: string }): Promise<void> {
  await options.db.execute(sql`delete from rate_limit_counters where key = ${options.key}`);
}

/** The back-off as the shop refuses (the one 429, TooManyRequestsError with Retry-After), or the attempt counted. */
export async function enforceBackoff(options: {
  db: Executor;
  key: string;
  rule: BackoffRule;
  message: (retryAfterSeconds: number) => string;
  code: ConstructorParameters<typeof TooManyRequestsError>[0];
  details?: Record<string, unknown>;
  now?: Date;
}): Promise<{ count: number }> {
  const hit = await hitBackoff(options);
  if (hit.admitted) return { count: hit.count };
  throw new TooManyRequestsError(options.code, {
    message: options.message(hit.retryAfterSeconds),
    retryAfterSeconds: hit.retryAfterSeconds,
    details: options.details,
  });
}
