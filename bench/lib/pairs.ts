/**
 * Shop against yardstick, pair by pair: for each page, cache mode and encoding the two servers are
 * loaded in turn (shop, yardstick, shop, yardstick, ...) so that a busy moment of the machine
 * hits both sides; each round gives one ratio shop req/s ÷ yardstick req/s. The pure parts
 * (ratios, table) are unit-tested in pairs.test.ts.
 */
import { runHttpBench, type HttpDefaults } from '../../tools/measure/http';
import type { HttpBenchResult } from '../../tools/measure/types';
import { median, round, table } from '../../tools/measure/util';

export type CacheMode = 'warm' | 'cold';

export interface PairSpec {
  /** Shop path; the yardstick always serves `/`. */
  path: string;
  cache: CacheMode;
  gzip: boolean;
}

export interface PairRound {
  shopRps: number;
  yardstickRps: number;
  /** shopRps / yardstickRps, null when the yardstick served nothing. */
  ratio: number | null;
  shopNon2xx: number;
  yardstickNon2xx: number;
  shopBytesPerResponse: number;
  yardstickBytesPerResponse: number;
}

export interface PairResult extends PairSpec {
  rounds: PairRound[];
  medianRatio: number | null;
  minRatio: number | null;
  maxRatio: number | null;
  error?: string;
}

export function ratio(shop: number, yardstick: number): number | null {
  if (!Number.isFinite(shop) || !Number.isFinite(yardstick) || yardstick <= 0) return null;
  return shop / yardstick;
}

export function makeRound(shop: HttpBenchResult, yardstick: HttpBenchResult): PairRound {
  return {
    shopRps: shop.requestsPerSecond,
    yardstickRps: yardstick.requestsPerSecond,
    ratio: ratio(shop.requestsPerSecond, yardstick.requestsPerSecond),
    shopNon2xx: shop.non2xx + shop.errors,
    yardstickNon2xx: yardstick.non2xx + yardstick.errors,
    shopBytesPerResponse: shop.bytesPerResponse,
    yardstickBytesPerResponse: yardstick.bytesPerResponse,
  };
}

export function summarisePair(spec: PairSpec, rounds: PairRound[], error?: string): PairResult {
  const ratios = rounds.map((r) => r.ratio).filter((r): r is number => r != null);
  return {
    ...spec,
    rounds,
    medianRatio: ratios.length ? median(ratios) : null,
    minRatio: ratios.length ? Math.min(...ratios) : null,
    maxRatio: ratios.length ? Math.max(...ratios) : null,
    ...(error ? { error } : {}),
  };
}

/** Every pair: pages × cache modes × (without gzip, with gzip), in that nesting. */
export function pairSpecs(paths: string[], caches: CacheMode[]): PairSpec[] {
  return caches.flatMap((cache) => paths.flatMap((path) => [false, true].map((gzip) => ({ path, cache, gzip }))));
}

const x = (value: number | null) => (value == null ? '-' : `${value.toFixed(2)}x`);

export function formatPairs(pairs: PairResult[]): string {
  return table(
    [
      'page',
      'cache',
      'gzip',
      'shop req/s',
      'yardstick req/s',
      'ratio (median)',
      'range',
      'per round',
      'shop bytes',
      'yard bytes',
      'note',
    ],
    pairs.map((p) => {
      const shopRps = median(p.rounds.map((r) => r.shopRps));
      const yardRps = median(p.rounds.map((r) => r.yardstickRps));
      const bad = p.rounds.reduce((n, r) => n + r.shopNon2xx + r.yardstickNon2xx, 0);
      return [
        p.path,
        p.cache,
        p.gzip ? 'yes' : 'no',
        shopRps == null ? null : round(shopRps, 0),
        yardRps == null ? null : round(yardRps, 0),
        x(p.medianRatio),
        p.minRatio == null ? '-' : `${p.minRatio.toFixed(2)}–${p.maxRatio!.toFixed(2)}x`,
        p.rounds.map((r) => x(r.ratio)).join(' '),
        p.rounds[0]?.shopBytesPerResponse ?? null,
        p.rounds[0]?.yardstickBytesPerResponse ?? null,
        p.error ? `error: ${p.error.split('\n')[0]}` : bad > 0 ? `${bad} non-2xx/errors` : '',
      ];
    }),
    ['left', 'left', 'left', 'right', 'right', 'right', 'right', 'left', 'right', 'right', 'left'],
  );
}

export interface PairRunOptions {
  shopBaseUrl: string;
  yardstickBaseUrl: string;
  spec: PairSpec;
  rounds: number;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  signal?: AbortSignal;
}

/** Warms both once, then `rounds` × (shop, yardstick), alternating. */
export async function runPair(o: PairRunOptions): Promise<PairResult> {
  const headers: Record<string, string> = o.spec.gzip ? { 'accept-encoding': 'gzip' } : {};
  const common = { connections: o.connections, durationSeconds: o.durationSeconds, warmupSeconds: 0 };
  const shop: HttpDefaults = { baseUrl: o.shopBaseUrl, ...common };
  const yard: HttpDefaults = { baseUrl: o.yardstickBaseUrl, ...common };
  const rounds: PairRound[] = [];
  try {
    if (o.warmupSeconds > 0) {
      await runHttpBench(shop, { path: o.spec.path, headers, durationSeconds: o.warmupSeconds }, o.signal);
      await runHttpBench(yard, { path: '/', headers, durationSeconds: o.warmupSeconds }, o.signal);
    }
    for (let i = 0; i < o.rounds; i++) {
      const s = await runHttpBench(shop, { path: o.spec.path, headers }, o.signal);
      const y = await runHttpBench(yard, { path: '/', headers }, o.signal);
      rounds.push(makeRound(s, y));
    }
    return summarisePair(o.spec, rounds);
  } catch (error) {
    if (o.signal?.aborted) throw error;
    return summarisePair(o.spec, rounds, error instanceof Error ? error.message : String(error));
  }
}

/**
 * One round of two sides in the order A, B, B, A (issue 31): each side runs twice, its halves on
 * either side of the other's, so a machine that gets faster or slower during the round (other
 * work on a shared host, a checkpoint) weighs on both sides alike instead of on whichever ran
 * second. `first` and `second` are each called with the half (0, then 1).
 */
export async function abbaRound<T>(
  first: (half: 0 | 1) => Promise<T>,
  second: (half: 0 | 1) => Promise<T>,
): Promise<{ first: [T, T]; second: [T, T] }> {
  const a0 = await first(0);
  const b0 = await second(0);
  const b1 = await second(1);
  const a1 = await first(1);
  return { first: [a0, a1], second: [b0, b1] };
}

/**
 * Two runs of one side as one: requests per second over their whole time (each weighed by its
 * duration), counts summed, the mean latency weighed by requests; p50, p99 and max are the larger
 * of the two (an upper bound of the whole's, which the halves' summaries cannot give exactly).
 */
export function combineRuns(a: HttpBenchResult, b: HttpBenchResult): HttpBenchResult {
  const seconds = a.durationSeconds + b.durationSeconds;
  const requests = a.totalRequests + b.totalRequests;
  const statusCodes: Record<string, number> = { ...a.statusCodes };
  for (const [status, count] of Object.entries(b.statusCodes)) statusCodes[status] = (statusCodes[status] ?? 0) + count;
  return {
    ...a,
    durationSeconds: seconds,
    warmupSeconds: a.warmupSeconds + b.warmupSeconds,
    requestsPerSecond:
      seconds > 0 ? (a.requestsPerSecond * a.durationSeconds + b.requestsPerSecond * b.durationSeconds) / seconds : 0,
    latencyAvgMs: requests > 0 ? (a.latencyAvgMs * a.totalRequests + b.latencyAvgMs * b.totalRequests) / requests : 0,
    latencyP50Ms: Math.max(a.latencyP50Ms, b.latencyP50Ms),
    latencyP99Ms: Math.max(a.latencyP99Ms, b.latencyP99Ms),
    latencyMaxMs: Math.max(a.latencyMaxMs, b.latencyMaxMs),
    totalRequests: requests,
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
    timeouts: a.timeouts + b.timeouts,
    statusCodes,
    bytesPerResponse:
      requests > 0 ? (a.bytesPerResponse * a.totalRequests + b.bytesPerResponse * b.totalRequests) / requests : 0,
  };
}
