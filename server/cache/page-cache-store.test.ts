import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPageCacheStore,
  startPageCacheSweep,
  SWEEP_COLLECT_FROM_BYTES,
  type PageEntry,
} from './page-cache-store';

const entry = (storedAt: number, bytes: number): PageEntry => ({
  headers: [['Content-Type', 'text/html']],
  identity: Buffer.alloc(bytes),
  gzip: Buffer.alloc(16),
  br: Buffer.alloc(16),
  etag: 'x',
  tags: ['page:search'],
  storedAt,
});

describe('the page cache sweep (issue 30 item 6)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drops every entry past its stale time without a visit, keeping the others, and answers the bytes freed', async () => {
    let time = 1_000_000;
    const store = createPageCacheStore({ freshMs: 30_000, staleMs: 300_000, now: () => time });
    for (let index = 0; index < 100; index++)
      await store.fill(`/search?q=burst${index}`, async () => entry(time, 10_000));
    time += 200_000;
    await store.fill('/', async () => entry(time, 10_000));
    expect(store.stats().entries).toBe(101);
    expect(store.sweep()).toBe(0);
    time += 100_000;
    const freed = store.sweep();
    expect(freed).toBeGreaterThan(100 * 10_000);
    expect(store.stats().entries).toBe(1);
    expect(store.get('/')).toBeDefined();
  });

  it('sweeps on its timer and collects garbage only after a large sweep', async () => {
    vi.useFakeTimers();
    let time = 0;
    const store = createPageCacheStore({ staleMs: 1_000, now: () => time, maxBytes: 256 * 1024 * 1024 });
    const collect = vi.fn();
    const stop = startPageCacheSweep(store, collect, 60_000);
    await store.fill('/small', async () => entry(time, 1_000));
    time = 2_000;
    vi.advanceTimersByTime(60_000);
    expect(store.stats().entries).toBe(0);
    expect(collect).not.toHaveBeenCalled();
    const big = Math.ceil(SWEEP_COLLECT_FROM_BYTES / 10);
    for (let index = 0; index < 11; index++) await store.fill(`/search?q=${index}`, async () => entry(time, big));
    time = 4_000;
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
    stop();
  });
});
