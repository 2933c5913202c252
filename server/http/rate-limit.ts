/**
 * Fixed-window counters in the database (rate_limit_counters), so every app process shares
 * them. Used for admin passcode attempts and customer sign-in attempts (per client address)
 * and visitor beacons.
 *
 * An attempt is counted before it is verified, in one atomic statement (an upsert that
 * returns the new count): whatever the concurrency, only the first `limit` attempts of a
 * window go on to be verified, and every other one is refused without being looked at. A
 * check followed by a later increment would let every parallel attempt pass the check
 * (issue 12 item 2). A successful attempt can hand its count back (refundRateLimitHit), so
 * the limit counts failures. Expired rows are pruned by a trigger on insert (migration 0003).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { TooManyRequestsError } from '../app-error';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitHit {
  /** Attempts in the current window, this one included. */
  count: number;
  windowEndsAt: Date;
  /** True when this attempt is over the limit: refuse it without doing the work. */
  limited: boolean;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/** Counts one hit on `key` atomically; returns the count in the current window and when it ends. */
export async function hitRateLimit(options: {
  db: Executor;
  key: string;
  rule: RateLimitRule;
  now?: Date;
}): Promise<RateLimitHit> {
  const now = options.now ?? new Date();
  const windowEndsAt = new Date(now.getTime() + options.rule.windowMs);
  const rows = await options.db
    .insert(rateLimitCounters)
    .values({ key: options.key, count: 1, windowEndsAt })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${rateLimitCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimitCounters.count} + 1 end`,
        windowEndsAt: sql`case when ${rateLimitCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz then ${windowEndsAt.toISOString()}::timestamptz else ${rateLimitCounters.windowEndsAt} end`,
      },
    })
    .returning({ count: rateLimitCounters.count, windowEndsAt: rateLimitCounters.windowEndsAt });
  const row = rows[0]!;
  return {
    count: row.count,
    windowEndsAt: row.windowEndsAt,
    limited: row.count > options.rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((row.windowEndsAt.getTime() - now.getTime()) / 1000)),
  };
}

/** Hands one counted hit back (a verified success), within the same window only. */
export async function refundRateLimitHit(options: { db: Executor; key: string; hit: RateLimitHit }) {
  await options.db
    .update(rateLimitCounters)
    .set({ count: sql`${rateLimitCounters.count} - 1` })
    .where(
      and(
        eq(rateLimitCounters.key, options.key),
        eq(rateLimitCounters.windowEndsAt, options.hit.windowEndsAt),
        gt(rateLimitCounters.count, 0),
      ),
    );
}

/**
 * The one way a limit refuses (issue 29): counts the hit and, over the limit, throws a
 * TooManyRequestsError (429 with Retry-After) carrying the caller's message. Returns the hit, so a
 * verified success can hand it back (refundRateLimitHit).
 */
export async function enforceRateLimit(options: {
  db: Executor;
  key: string;
  rule: RateLimitRule;
  /** What the person reads; may say how long to wait. */
  message: string | ((retryAfterSeconds: number) => string);
  code?: ConstructorParameters<typeof TooManyRequestsError>[0];
  details?: Record<string, unknown>;
  now?: Date;
}): Promise<RateLimitHit> {
  const hit = await hitRateLimit(options);
  refuseOverLimit(hit, options);
  return hit;
}

/** Throws the limit's 429 (TooManyRequestsError with Retry-After and the caller's message) when `hit` is over it. */
export function refuseOverLimit(
  hit: RateLimitHit,
  options: {
    message: string | ((retryAfterSeconds: number) => string);
    code?: ConstructorParameters<typeof TooManyRequestsError>[0];
    details?: Record<string, unknown>;
  },
): void {
  if (!hit.limited) return;
  const message = typeof options.message === 'function' ? options.message(hit.retryAfterSeconds) : options.message;
  throw new TooManyRequestsError(options.code ?? 'rate-limited', {
    message,
    retryAfterSeconds: hit.retryAfterSeconds,
    details: options.details,
  });
}
