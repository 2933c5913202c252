/**
 * The full-page cache's memory (decision 018): rendered catalogue pages for anonymous
 * visitors, each kept as identity, gzip and brotli bytes with its headers and tags, in a
 * least-recently-used map bounded by bytes (lru-cache).
 *
 * - Fresh for `freshMs`: served as it is. Until `staleMs`: served while one background render
 *   replaces it. Older: gone.
 * - Concurrent fills of one key share one render (`fill`).
 * - `invalidate(tags)` drops every entry carrying one of the tags at once. A fill that started
 *   before an invalidation of one of its tags is handed to its callers but not kept, so a
 *   render that read the old rows never outlives the change.
 */
import { LRUCache } from 'lru-cache';
import { tagsIntersect } from '../../domain/catalogue-tags';

export interface PageEntry {
  /** Headers to send (security headers, the hash-based policy, content type). */
  headers: [string, string][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** Strong validator of the identity bytes (without quotes or encoding suffix). */
  etag: string;
  tags: string[];
  storedAt: number;
}

export interface PageCacheOptions {
  /** Bytes of all entries (three encodings each), 64 MB by default. */
  maxBytes?: number;
  maxEntries?: number;
  freshMs?: number;
  staleMs?: number;
  now?: () => number;
}

export const PAGE_CACHE_DEFAULTS = {
  maxBytes: 64 * 1024 * 1024,
  maxEntries: 5_000,
  freshMs: 30_000,
  staleMs: 5 * 60_000,
} as const;

export type PageLookup = { entry: PageEntry; fresh: boolean } | undefined;

export interface PageCacheStore {
  readonly freshMs: number;
  readonly staleMs: number;
  /** The store's clock (entries' storedAt). */
  now(): number;
  get(key: string): PageLookup;
  /**
   * Runs `render` unless a fill of `key` is already running (then shares its result), and
   * keeps what it gives unless an invalidation of its tags came in meanwhile.
   */
  fill(key: string, render: () => Promise<PageEntry | null>): Promise<PageEntry | null>;
  /** True while a fill of `key` runs (a stale hit then starts no second one). */
  filling(key: string): boolean;
  invalidate(tags: readonly string[]): number;
  /**
   * Drops every entry past `staleMs` (never served again) and answers the bytes freed. Run every
   * SWEEP_EVERY_MS: without it, a burst of distinct addresses (a crawler, searches) stays
   * resident until newer pages push it out, which on a quiet shop is never (issue 30 item 6).
   */
  sweep(): number;
  stats(): { entries: number; bytes: number };
}

const entryBytes = (key: string, entry: PageEntry) =>
  entry.identity.length +
  entry.gzip.length +
  entry.br.length +
  key.length * 2 +
  entry.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0) +
  entry.tags.reduce((sum, tag) => sum + tag.length, 0) +
  256;

/** Invalidations remembered for fills in flight; a fill older than all of them is not kept. */
const RECENT_INVALIDATIONS = 256;

export function createPageCacheStore(options: PageCacheOptions = {}): PageCacheStore {
  const now = options.now ?? Date.now;
  const freshMs = options.freshMs ?? PAGE_CACHE_DEFAULTS.freshMs;
  const staleMs = options.staleMs ?? PAGE_CACHE_DEFAULTS.staleMs;
  const entries = new LRUCache<string, PageEntry>({
    max: options.maxEntries ?? PAGE_CACHE_DEFAULTS.maxEntries,
    maxSize: options.maxBytes ?? PAGE_CACHE_DEFAULTS.maxBytes,
    sizeCalculation: (entry, key) => entryBytes(key, entry),
  });
  const inFlight = new Map<string, Promise<PageEntry | null>>();
  /** Invalidation n is recent[n - firstRecent]. */
  let invalidations = 0;
  const recent: ReadonlySet<string>[] = [];

  const droppedSince = (startedAt: number, tags: readonly string[]) => {
    const oldestKept = invalidations - recent.length;
    if (startedAt < oldestKept) return true;
    for (let n = startedAt; n < invalidations; n++) {
      if (tagsIntersect(tags, recent[n - oldestKept]!)) return true;
    }
    return false;
  };

  return {
    freshMs,
    staleMs,
    now,
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const age = now() - entry.storedAt;
      if (age >= staleMs) {
        entries.delete(key);
        return undefined;
      }
      return { entry, fresh: age < freshMs };
    },
    fill(key, render) {
      const running = inFlight.get(key);
      if (running) return running;
      const startedAt = invalidations;
      const promise = Promise.resolve()
        .then(render)
        .then((entry) => {
          if (entry && !droppedSince(startedAt, entry.tags)) entries.set(key, entry);
          return entry;
        })
        .finally(() => {
          if (inFlight.get(key) === promise) inFlight.delete(key);
        });
      inFlight.set(key, promise);
      return promise;
    },
    filling: (key) => inFlight.has(key),
    invalidate(tags) {
      const dropped = new Set(tags);
      invalidations += 1;
      recent.push(dropped);
      if (recent.length > RECENT_INVALIDATIONS) recent.shift();
      const keys: string[] = [];
      for (const [key, entry] of entries.entries()) if (tagsIntersect(entry.tags, dropped)) keys.push(key);
      for (const key of keys) entries.delete(key);
      return keys.length;
    },
    sweep() {
      const before = entries.calculatedSize;
      const cutoff = now() - staleMs;
      const keys: string[] = [];
      for (const [key, entry] of entries.entries()) if (entry.storedAt <= cutoff) keys.push(key);
      for (const key of keys) entries.delete(key);
      return before - entries.calculatedSize;
    },
    stats: () => ({ entries: entries.size, bytes: entries.calculatedSize }),
  };
}

/** How often the page cache drops its stale entries (startPageCacheSweep). */
export const SWEEP_EVERY_MS = 60_000;
/** Freed bytes from which a sweep is followed by a full garbage collection (the memory goes back to the system). */
export const SWEEP_COLLECT_FROM_BYTES = 8 * 1024 * 1024;

/**
 * The process's sweep of its page cache (an unref'd timer). When a sweep frees much (the pages
 * of a burst), a full collection follows, as after start-up (decision 019): on a quiet shop V8
 * would otherwise keep the freed buffers' memory for hours. Answers its stop.
 */
export function startPageCacheSweep(store: PageCacheStore, collect: () => void, everyMs = SWEEP_EVERY_MS): () => void {
  const timer = setInterval(() => {
    if (store.sweep() >= SWEEP_COLLECT_FROM_BYTES) collect();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
