import { describe, expect, it, vi } from 'vitest';
import { flush, manualTimers } from '../../tests/support/manual-timers';
import { createCatalogueCache } from './catalogue-cache';
import { deferred } from '../../tests/support/deferred';

function setup() {
  const timers = manualTimers();
  const logger = { warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
  const cache = createCatalogueCache({ logger, timers });
  return { timers, logger, cache };
}

describe('catalogue cache', () => {
  it('serves a fresh answer for 60 s without asking again', async () => {
    const { timers, cache } = setup();
    const load = vi.fn(async () => ['a']);
    expect(await cache.get('k', load)).toEqual(['a']);
    await timers.advance(59_999);
    expect(await cache.get('k', load)).toEqual(['a']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('after 60 s serves the stale answer at once and runs ONE background refresh', async () => {
    const { timers, cache } = setup();
    const load = vi.fn(async () => ['v1']);
    await cache.get('k', load);
    await timers.advance(60_000);

    const refresh = deferred<string[]>();
    const slowLoad = vi.fn(() => refresh.promise);
    // Three shoppers at once: all get the stale value, one refresh.
    const answers = await Promise.all([cache.get('k', slowLoad), cache.get('k', slowLoad), cache.get('k', slowLoad)]);
    expect(answers).toEqual([['v1'], ['v1'], ['v1']]);
    expect(slowLoad).toHaveBeenCalledTimes(1);

    refresh.resolve(['v2']);
    await flush();
    expect(await cache.get('k', slowLoad)).toEqual(['v2']);
    expect(slowLoad).toHaveBeenCalledTimes(1);
  });

  it('keeps serving the stale answer when the refresh fails, and logs the failure', async () => {
    const { timers, cache, logger } = setup();
    await cache.get('k', async () => ['v1']);
    await timers.advance(61_000);
    const failing = vi.fn(async () => {
      throw new Error('HTTP 500');
    });
    expect(await cache.get('k', failing)).toEqual(['v1']);
    await flush();
    expect(logger.error).toHaveBeenCalledTimes(1);
    // Right after the failure: no new request per shopper, still the stale answer.
    expect(await cache.get('k', failing)).toEqual(['v1']);
    expect(failing).toHaveBeenCalledTimes(1);
    // Later (past the retry pause) it tries again.
    await timers.advance(10_000);
    expect(await cache.get('k', failing)).toEqual(['v1']);
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('stops serving an answer older than 10 minutes: waits for a new one', async () => {
    const { timers, cache } = setup();
    await cache.get('k', async () => ['old']);
    await timers.advance(10 * 60_000);
    expect(await cache.get('k', async () => ['new'])).toEqual(['new']);
  });

  it('gives null (and logs) when there is nothing to serve and the load fails', async () => {
    const { cache, logger } = setup();
    expect(
      await cache.get('k', async () => {
        throw new Error('GraphQL errors');
      }),
    ).toBeNull();
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ key: 'k' }), expect.any(String));
    expect(cache.has('k')).toBe(false);
  });

  it('holds a caller at most 3 s, then gives null; a late answer still fills the cache', async () => {
    const { timers, cache, logger } = setup();
    const slow = deferred<string[]>();
    const load = vi.fn(() => slow.promise);
    let settled: string[] | null | undefined;
    void cache.get('k', load).then((value) => (settled = value));
    await timers.advance(2_999);
    expect(settled).toBeUndefined();
    await timers.advance(1);
    expect(settled).toBeNull();
    expect(logger.warn).toHaveBeenCalledTimes(1);

    // While that load is still running past the limit, other callers do not wait at all.
    expect(await cache.get('k', load)).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);

    slow.resolve(['late']);
    await flush();
    expect(await cache.get('k', load)).toEqual(['late']);
  });

  it('aborts a load that never answers (15 s) so the next caller can try again', async () => {
    const { timers, cache, logger } = setup();
    let signal: AbortSignal | undefined;
    const hang = vi.fn((s: AbortSignal) => {
      signal = s;
      return new Promise<string[]>(() => undefined);
    });
    const first = cache.get('k', hang);
    await timers.advance(3_000);
    expect(await first).toBeNull();
    await timers.advance(12_000);
    expect(signal?.aborted).toBe(true);
    expect(logger.error).toHaveBeenCalledTimes(1);
    await timers.advance(10_000);
    expect(await cache.get('k', async () => ['back'])).toEqual(['back']);
  });

  it('recovers from a loader that throws before returning a promise', async () => {
    const { timers, cache } = setup();
    const broken = (() => {
      throw new Error('bad query');
    }) as unknown as () => Promise<string[]>;
    expect(await cache.get('k', broken)).toBeNull();
    await timers.advance(10_000);
    expect(await cache.get('k', async () => ['ok'])).toEqual(['ok']);
  });

  it('keeps keys apart', async () => {
    const { cache } = setup();
    await cache.get('products:6', async () => ['six']);
    expect(await cache.get('products:20', async () => ['twenty'])).toEqual(['twenty']);
    expect(await cache.get('products:6', async () => ['other'])).toEqual(['six']);
  });

  it('reports a refresh that changed the answer (the pages built from it drop), not one that did not', async () => {
    const timers = manualTimers();
    const onChange = vi.fn();
    const cache = createCatalogueCache({ logger: { warn: vi.fn(), error: vi.fn(), debug: vi.fn() }, timers, onChange });
    await cache.get('k', async () => ['v1']);
    expect(onChange).not.toHaveBeenCalled(); // the first answer: no page had another one
    await timers.advance(61_000);
    await cache.get('k', async () => ['v1']);
    await flush();
    expect(onChange).not.toHaveBeenCalled();
    await timers.advance(61_000);
    await cache.get('k', async () => ['v2']);
    await flush();
    expect(onChange).toHaveBeenCalledWith('k');
  });
});
