/**
 * Stale-while-revalidate cache for the external catalogue (shared by all shoppers: it is
 * catalogue data). Per key:
 *  - younger than `freshMs` (60 s): served as it is;
 *  - younger than `staleMs` (10 min): served at once while ONE background refresh runs;
 *  - otherwise the caller waits for a load, at most `waitMs` (3 s); past that, or on
 *    failure, the caller gets null (the pages fall back) and the problem is logged.
 * A load that outlives the caller keeps running (up to `loadLimitMs`) and fills the
 * cache for later callers. After a failure, callers get null at once for `retryAfterMs`
 * instead of each waiting on a shop that is down. Never rejects.
 */
import type { Logger } from 'pino';

export interface Timers {
  now(): number;
  /** Calls `fn` after `ms`; returns a function that cancels it. */
  setTimer(fn: () => void, ms: number): () => void;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const handle = setTimeout(fn, ms);
    handle.unref?.();
    return () => clearTimeout(handle);
  },
};

export interface CatalogueCacheOptions {
  logger: Pick<Logger, 'warn' | 'error' | 'debug'>;
  timers?: Timers;
  freshMs?: number;
  staleMs?: number;
  waitMs?: number;
  loadLimitMs?: number;
  retryAfterMs?: number;
  /**
   * Called when a load brings a catalogue different from what the pages were given (a changed
   * answer, or the first answer after pages fell back): the cached pages built from it drop.
   */
  onChange?: (key: string) => void;
}

export type Loader<T> = (signal: AbortSignal) => Promise<T>;

interface Entry<T> {
  value?: T;
  fetchedAt?: number;
  inFlight?: Promise<T | null>;
  inFlightSince?: number;
  failedAt?: number;
  /** A caller got null (a fallback page) since the last value. */
  fellBack?: boolean;
}

export interface CatalogueCache {
  get<T>(key: string, load: Loader<T>): Promise<T | null>;
  /** For tests and diagnostics. */
  has(key: string): boolean;
}

export const CACHE_DEFAULTS = {
  freshMs: 60_000,
  staleMs: 10 * 60_000,
  waitMs: 3_000,
  loadLimitMs: 15_000,
  retryAfterMs: 10_000,
} as const;

export function createCatalogueCache(options: CatalogueCacheOptions): CatalogueCache {
  const timers = options.timers ?? realTimers;
  const { logger } = options;
  const freshMs = options.freshMs ?? CACHE_DEFAULTS.freshMs;
  const staleMs = options.staleMs ?? CACHE_DEFAULTS.staleMs;
  const waitMs = options.waitMs ?? CACHE_DEFAULTS.waitMs;
  const loadLimitMs = options.loadLimitMs ?? CACHE_DEFAULTS.loadLimitMs;
  const retryAfterMs = options.retryAfterMs ?? CACHE_DEFAULTS.retryAfterMs;
  const entries = new Map<string, Entry<unknown>>();

  function refresh<T>(key: string, entry: Entry<T>, load: Loader<T>): Promise<T | null> {
    if (entry.inFlight) return entry.inFlight;
    const controller = new AbortController();
    const cancelLimit = timers.setTimer(
      () => controller.abort(new Error(`no answer within ${loadLimitMs} ms`)),
      loadLimitMs,
    );
    entry.inFlightSince = timers.now();
    entry.inFlight = (async () => {
      try {
        // A loader that ignores the signal must not hold the slot forever either.
        const aborted = new Promise<never>((_, reject) =>
          controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true }),
        );
        // (started on a later tick, so even a loader that throws at once clears the slot below)
        const value = await Promise.race([Promise.resolve().then(() => load(controller.signal)), aborted]);
        const changed =
          entry.value === undefined ? entry.fellBack === true : JSON.stringify(entry.value) !== JSON.stringify(value);
        entry.value = value;
        entry.fellBack = false;
        if (changed) options.onChange?.(key);
        entry.fetchedAt = timers.now();
        entry.failedAt = undefined;
        return value;
      } catch (error) {
        entry.failedAt = timers.now();
        logger.error({ err: error, key }, 'external catalog load failed');
        return null;
      } finally {
        cancelLimit();
        entry.inFlight = undefined;
        entry.inFlightSince = undefined;
      }
    })();
    return entry.inFlight;
  }

  function waitAtMost<T>(key: string, promise: Promise<T | null>, ms: number): Promise<T | null> {
    return new Promise((resolve) => {
      const cancel = timers.setTimer(() => {
        logger.warn({ key, waitMs }, 'external catalog slower than the time limit; falling back');
        resolve(null);
      }, ms);
      void promise.then((value) => {
        cancel();
        resolve(value);
      });
    });
  }

  return {
    has: (key) => entries.get(key)?.fetchedAt !== undefined,
    async get<T>(key: string, load: Loader<T>): Promise<T | null> {
      const value = await lookup<T>(key, load);
      if (value === null) {
        const entry = entries.get(key);
        if (entry) entry.fellBack = true;
      }
      return value;
    },
  };

  async function lookup<T>(key: string, load: Loader<T>): Promise<T | null> {
    let entry = entries.get(key) as Entry<T> | undefined;
    if (!entry) {
      entry = {};
      entries.set(key, entry as Entry<unknown>);
    }
    const now = timers.now();
    if (entry.fetchedAt !== undefined) {
      const age = now - entry.fetchedAt;
      if (age < freshMs) return entry.value as T;
      if (age < staleMs) {
        const recentlyFailed = entry.failedAt !== undefined && now - entry.failedAt < retryAfterMs;
        if (!recentlyFailed) void refresh(key, entry, load);
        return entry.value as T;
      }
    }
    if (entry.inFlight) {
      // A load already running longer than the time limit: do not hold this page too.
      const running = now - (entry.inFlightSince ?? now);
      if (running >= waitMs) return null;
      return waitAtMost(key, entry.inFlight, waitMs - running);
    }
    if (entry.failedAt !== undefined && now - entry.failedAt < retryAfterMs) return null;
    return waitAtMost(key, refresh(key, entry, load), waitMs);
  }
}
