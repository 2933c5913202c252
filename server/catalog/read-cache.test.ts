import { describe, expect, it } from 'vitest';
import { createCatalogReadCache } from './read-cache';
import { deferred } from '../../tests/support/deferred';

describe('catalogue read cache', () => {
  it('serves a loaded list until its time is up, then loads again', async () => {
    let clock = 0;
    const cache = createCatalogReadCache({ ttlMs: 5000, now: () => clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('home', load)).toBe(1);
    clock = 4999;
    expect(await cache.get('home', load)).toBe(1);
    expect(await cache.get('t-shirts', load)).toBe(2);
    clock = 5000;
    expect(await cache.get('home', load)).toBe(3);
  });

  it('shares one load between concurrent readers', async () => {
    const cache = createCatalogReadCache();
    const pending = deferred<string[]>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return pending.promise;
    };
    const first = cache.get('home', load);
    const second = cache.get('home', load);
    pending.resolve(['tee']);
    expect(await first).toEqual(['tee']);
    expect(await second).toEqual(['tee']);
    expect(loads).toBe(1);
  });

  it('shows a change at once after invalidate, and never keeps a load that started before it', async () => {
    const cache = createCatalogReadCache();
    expect(await cache.get('home', async () => 'old')).toBe('old');
    const slow = deferred<string>();
    cache.invalidate();
    const before = cache.get('home', () => slow.promise);
    cache.invalidate(); // an admin write lands while that load runs
    expect(await cache.get('home', async () => 'new')).toBe('new');
    slow.resolve('stale');
    expect(await before).toBe('stale');
    expect(await cache.get('home', async () => 'unused')).toBe('new');
  });

  it('passes a failed load to its callers and does not keep it', async () => {
    const cache = createCatalogReadCache();
    await expect(cache.get('home', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    const throwsAtOnce = (): Promise<string> => {
      throw new Error('bad query');
    };
    await expect(cache.get('home', throwsAtOnce)).rejects.toThrow('bad query');
    expect(await cache.get('home', async () => 'back')).toBe('back');
  });
});
