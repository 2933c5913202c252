import { describe, expect, it } from 'vitest';
import { abbaRound, combineRuns, formatPairs, makeRound, pairSpecs, ratio, summarisePair } from './pairs';
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

  it('runs a round as A, B, B, A and gives each side its two halves in order', async () => {
    const calls: string[] = [];
    const round = await abbaRound(
      async (half) => {
        calls.push(`shop ${half}`);
        return `s${half}`;
      },
      async (half) => {
        calls.push(`floor ${half}`);
        return `f${half}`;
      },
    );
    expect(calls).toEqual(['shop 0', 'floor 0', 'floor 1', 'shop 1']);
    expect(round).toEqual({ first: ['s0', 's1'], second: ['f0', 'f1'] });
  });

  it('combines two runs: rate over their whole time, counts summed, the worse tail', () => {
    const whole = combineRuns(
      run(100, {
        durationSeconds: 2,
        totalRequests: 200,
        latencyAvgMs: 10,
        latencyP99Ms: 40,
        non2xx: 1,
        statusCodes: { 200: 199, 500: 1 },
      }),
      run(400, {
        durationSeconds: 2,
        totalRequests: 800,
        latencyAvgMs: 5,
        latencyP99Ms: 30,
        statusCodes: { 200: 800 },
      }),
    );
    expect(whole.requestsPerSecond).toBeCloseTo(250);
    expect(whole.durationSeconds).toBe(4);
    expect(whole.totalRequests).toBe(1000);
    expect(whole.latencyAvgMs).toBeCloseTo(6);
    expect(whole.latencyP99Ms).toBe(40);
    expect(whole.non2xx).toBe(1);
    expect(whole.statusCodes).toEqual({ 200: 999, 500: 1 });
    // Unequal durations weigh by time: 100/s for 1 s and 400/s for 3 s is 325/s.
    expect(
      combineRuns(run(100, { durationSeconds: 1 }), run(400, { durationSeconds: 3 })).requestsPerSecond,
    ).toBeCloseTo(325);
  });
});
