/**
 * A short-lived cache of the catalogue lists the storefront pages read on every request
 * (decision 007). It follows the catalogue signal (decision 018): every
 * `invalidateCatalogue(tags)` (the admin's product writes, server/catalog/manage-products.ts) clears it
 * in this process at once and, on PostgreSQL, in every other process through LISTEN/NOTIFY.
 * A change written behind the shop's back shows within `ttlMs`. Prices and availability at checkout are always read from the
 * database, never from here.
 *
 * Concurrent readers of a missing key share one load. A load that started before an
 * invalidation is handed to its callers but not kept. Errors are not cached: they reach the
 * caller (a database failure is a 500, not an empty catalogue).
 */
export const CATALOG_READ_TTL_MS = 5_000;
/** The keys are the pages' fixed list shapes; the bound only guards against a mistake. */
const MAX_ENTRIES = 200;

export interface CatalogReadCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  invalidate(): void;
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

export function createCatalogReadCache(options: { ttlMs?: number; now?: () => number } = {}): CatalogReadCache {
  const ttlMs = options.ttlMs ?? CATALOG_READ_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<unknown>>();
  let generation = 0;

  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      if (entry && now() < entry.expiresAt) return Promise.resolve(entry.value as T);
      const running = loading.get(key);
      if (running) return running as Promise<T>;

      const startedIn = generation;
      const promise: Promise<T> = Promise.resolve()
        .then(load)
        .then((value) => {
          if (startedIn === generation) {
            if (entries.size >= MAX_ENTRIES) entries.clear();
            entries.set(key, { value, expiresAt: now() + ttlMs });
          }
          return value;
        })
        .finally(() => {
          if (loading.get(key) === promise) loading.delete(key);
        });
      loading.set(key, promise);
      return promise;
    },
    invalidate() {
      generation += 1;
      entries.clear();
      loading.clear();
    },
  };
}
