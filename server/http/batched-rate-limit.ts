/**
 * A fixed-window limit counted in this process's memory and shared with every other process
 * through the database's counters (rate_limit_counters) about once a second (issue 31): the
 * hosted payments each client address may start. A checkout then spends no round trip on its
 * limit; the count of one process is exact at once, the other processes' counts arrive with
 * the next exchange, so over N processes an address can start at most N seconds' worth of
 * extra checkouts before every process refuses it. Sign-in and passcode attempts, where a
 * guess more matters, keep the exact count in the database (rate-limit.ts).
 *
 * An exchange adds each key's unsent hits in one upsert (keys in one order, so two processes
 * never deadlock) and reads back the key's total and window. Memory stays bounded: keys whose
 * window has passed are dropped, and past `maxKeys` the oldest sent ones go first.
 */
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Executor } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import type { RateLimitHit, RateLimitRule } from './rate-limit';

export interface BatchedRateLimit {
  /** Counts one hit on `key` (no I/O); the answer says whether it is over the limit. */
  hit(key: string): RateLimitHit;
  /** Sends the unsent hits now and reads back the shared counts (the timer does this by itself). */
  flush(): Promise<void>;
  /** Sends what is left; no timer afterwards. */
  stop(): Promise<void>;
}

type Entry = { windowEndsAt: number; shared: number; unsent: number };

export function createBatchedRateLimit(options: {
  db: Executor;
  rule: RateLimitRule;
  logger: Pick<Logger, 'warn'>;
  /** How long hits wait before they are sent (1 s). */
  flushMs?: number;
  /** Keys kept in memory at most (50,000, a few MB). */
  maxKeys?: number;
  now?: () => number;
}): BatchedRateLimit {
  const { db, rule, logger } = options;
  const flushMs = options.flushMs ?? 1_000;
  const maxKeys = options.maxKeys ?? 50_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let stopped = false;

  function forget(at: number) {
    for (const [key, entry] of entries) {
      if (entries.size <= maxKeys) break;
      if (entry.unsent === 0 || entry.windowEndsAt <= at) entries.delete(key);
    }
    // Still over: a flood of new keys within one exchange; the oldest go, sent or not.
    for (const key of entries.keys()) {
      if (entries.size <= maxKeys) break;
      entries.delete(key);
    }
  }

  async function exchange(): Promise<void> {
    timer = undefined;
    const at = now();
    const batch: Array<[string, Entry, number]> = [];
    for (const [key, entry] of entries) {
      if (entry.unsent > 0) batch.push([key, entry, entry.unsent]);
      else if (entry.windowEndsAt <= at) entries.delete(key);
    }
    if (batch.length === 0) return;
    batch.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const nowIso = new Date(at).toISOString();
    try {
      const { rows } = await db.execute<{ key: string; count: number; window_ends_at: string | Date }>(sql`
        insert into ${rateLimitCounters} (key, count, window_ends_at)
        select * from unnest(
          ${sql.param(batch.map(([key]) => key))}::text[],
          ${sql.param(batch.map(([, , sent]) => sent))}::int[],
          ${sql.param(batch.map(([, entry]) => new Date(entry.windowEndsAt).toISOString()))}::timestamptz[]
        ) as hits(key, count, window_ends_at)
        order by key
        on conflict (key) do update set
          count = case when ${rateLimitCounters.windowEndsAt} <= ${nowIso}::timestamptz
            then excluded.count else ${rateLimitCounters.count} + excluded.count end,
          window_ends_at = case when ${rateLimitCounters.windowEndsAt} <= ${nowIso}::timestamptz
            then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end
        returning key, count, window_ends_at`);
      // Hits made while the exchange was on the way stay unsent; the total now includes the rest.
      for (const [, entry, sent] of batch) entry.unsent -= sent;
      for (const row of rows) {
        const entry = entries.get(row.key);
        if (!entry) continue;
        entry.shared = row.count;
        const endsAt = new Date(row.window_ends_at).getTime();
        if (Number.isFinite(endsAt)) entry.windowEndsAt = endsAt;
      }
    } catch (error) {
      // Not lost: still unsent, counted with the next exchange.
      logger.warn({ err: error }, 'rate limit counts not shared yet; retrying with the next exchange');
      schedule();
    }
    if (entries.size > 0 && [...entries.values()].some((entry) => entry.unsent > 0)) schedule();
  }

  function schedule() {
    if (timer || stopped) return;
    timer = setTimeout(() => void flush(), flushMs);
    timer.unref();
  }

  function flush(): Promise<void> {
    flushing = (flushing ?? Promise.resolve()).then(exchange);
    const current = flushing;
    return current.finally(() => {
      if (flushing === current) flushing = undefined;
    });
  }

  return {
    hit(key) {
      const at = now();
      let entry = entries.get(key);
      if (!entry || entry.windowEndsAt <= at) {
        entries.delete(key);
        entry = { windowEndsAt: at + rule.windowMs, shared: 0, unsent: 0 };
        entries.set(key, entry);
        if (entries.size > maxKeys) forget(at);
      }
      entry.unsent += 1;
      schedule();
      const count = entry.shared + entry.unsent;
      return {
        count,
        windowEndsAt: new Date(entry.windowEndsAt),
        limited: count > rule.limit,
        retryAfterSeconds: Math.max(1, Math.ceil((entry.windowEndsAt - at) / 1000)),
      };
    },
    flush,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flush();
    },
  };
}
