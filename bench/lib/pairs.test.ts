import { describe, expect, it } from 'vitest';
import { formatPairs, makeRound, pairSpecs, ratio, summarisePair } from './pairs';
import type { HttpBenchResult } from '../../tools/measure/types';

const run = (requestsPerSecond: number, extra: Partial<HttpBenchResult> = {}): HttpBenchResult => ({
  label: '/',
  url: 'http://127.0.0.1/',
  method: 'GET',
  requestHeaders: {},
  connections: 50,
  durationSeconds: 3,
  warmupSeconds: 0,
  requestsPerSecond,
  latencyAvgMs: 1,
  latencyP50Ms: 1,
  latencyP99Ms: 1,
  latencyMaxMs: 1,
  totalRequests: requestsPerSecond * 3,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: { 200: requestsPerSecond * 3 },
  bytesPerResponse: 1000,
  ...extra,
});

describe('bench pairs', () => {
  it('divides shop by yardstick and refuses a zero yardstick', () => {
    expect(ratio(300, 1000)).toBeCloseTo(0.3);
    expect(ratio(300, 0)).toBeNull();
    expect(ratio(Number.NaN, 10)).toBeNull();
  });

  it('lists every page × cache × encoding, warm first, plain before gzip', () => {
    const specs = pairSpecs(['/', '/t-shirts'], ['warm', 'cold']);
    expect(specs).toHaveLength(8);
    expect(specs[0]).toEqual({ path: '/', cache: 'warm', gzip: false });
    expect(specs[1]).toEqual({ path: '/', cache: 'warm', gzip: true });
    expect(specs[7]).toEqual({ path: '/t-shirts', cache: 'cold', gzip: true });
  });

  it('takes the median and range of the per-round ratios', () => {
    const spec = { path: '/', cache: 'warm' as const, gzip: false };
    const rounds = [makeRound(run(200), run(1000)), makeRound(run(300), run(1000)), makeRound(run(900), run(1000))];
    const pair = summarisePair(spec, rounds);
    expect(pair.medianRatio).toBeCloseTo(0.3);
    expect(pair.minRatio).toBeCloseTo(0.2);
    expect(pair.maxRatio).toBeCloseTo(0.9);
  });

  it('prints one row per pair with ratio, range, rounds and problems', () => {
    const spec = { path: '/t-shirts', cache: 'cold' as const, gzip: true };
    const text = formatPairs([
      summarisePair(spec, [makeRound(run(250, { non2xx: 2 }), run(1000)), makeRound(run(350), run(1000))]),
      summarisePair({ ...spec, path: '/' }, [], 'server gone'),
    ]);
    const lines = text.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(
      /^\/t-shirts\s+cold\s+yes\s+300\s+1,000\s+0\.30x\s+0\.25–0\.35x\s+0\.25x 0\.35x\s+1,000\s+1,000\s+2 non-2xx\/errors$/,
    );
    expect(lines[3]).toMatch(/^\/\s+cold\s+yes\s+-\s+-\s+-\s+-\s+.*error: server gone$/);
  });
});
