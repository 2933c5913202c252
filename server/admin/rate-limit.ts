/**
 * Fixed-window counters in the database (rate_limit_counters), so every app process shares
 * them. Used for failed admin passcodes (per client address) and visitor beacons.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimitCounters } from '../db/schema';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** Counts one hit on `key`; returns the count in the current window and when it ends. */
export async function hitRateLimit(options: { db: Executor; key: string; rule: RateLimitRule; now?: Date }) {
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
  return { count: row.count, windowEndsAt: row.windowEndsAt, limited: row.count > options.rule.limit };
}

/** True when `key` has used up its window (without counting a hit). */
export async function isRateLimited(options: { db: Executor; key: string; rule: RateLimitRule; now?: Date }) {
  const now = options.now ?? new Date();
  const rows = await options.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, options.key));
  const row = rows[0];
  if (!row || row.windowEndsAt <= now) return { limited: false as const, retryAfterSeconds: 0 };
  const limited = row.count >= options.rule.limit;
  return { limited, retryAfterSeconds: Math.max(1, Math.ceil((row.windowEndsAt.getTime() - now.getTime()) / 1000)) };
}
