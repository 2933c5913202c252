/** HTTP load (autocannon's programmatic API) and single requests on the wire (node:http). */
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { HttpBenchOptions, HttpBenchResult, ProbeResult } from './types';
import { isLoopbackHost, round, withTimeout } from './util';

// autocannon ships no type declarations; this is the part of its API the harness uses.
interface AutocannonHistogram {
  average: number;
  mean: number;
  max: number;
  total: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  latency: AutocannonHistogram;
  requests: AutocannonHistogram & { sent: number };
  throughput: AutocannonHistogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  stop: () => void;
}
type Autocannon = (options: Record<string, unknown>) => AutocannonInstance;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface HttpDefaults {
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export function resolveLoopbackUrl(baseUrl: string, pathOrUrl: string): string {
  const url = new URL(pathOrUrl, `${baseUrl}/`);
  if (!isLoopbackHost(url.hostname)) throw new Error(`refusing non-loopback URL ${url.href}`);
  return url.href;
}

function runOnce(options: Record<string, unknown>, durationSeconds: number, signal?: AbortSignal) {
  const instance = autocannon(options);
  const onAbort = () => instance.stop();
  signal?.addEventListener('abort', onAbort, { once: true });
  const finished = Promise.resolve(instance).finally(() => signal?.removeEventListener('abort', onAbort));
  // autocannon ends by itself after `duration`; the extra margin covers request time-outs (10 s).
  return withTimeout(finished, (durationSeconds + 30) * 1000, `autocannon ${String(options.url)}`, onAbort);
}

/** Warm-up run (discarded), then the measured run; returns the summary. */
export async function runHttpBench(
  defaults: HttpDefaults,
  options: HttpBenchOptions,
  signal?: AbortSignal,
): Promise<HttpBenchResult> {
  const url = resolveLoopbackUrl(defaults.baseUrl, options.path);
  const connections = options.connections ?? defaults.connections;
  const durationSeconds = options.durationSeconds ?? defaults.durationSeconds;
  const warmupSeconds = options.warmupSeconds ?? defaults.warmupSeconds;
  const method = options.method ?? 'GET';
  const headers = options.headers ?? {};
  const base: Record<string, unknown> = {
    url,
    connections,
    method,
    headers,
    ...(options.body === undefined ? {} : { body: options.body }),
    ...options.extra,
  };
  if (warmupSeconds > 0) {
    signal?.throwIfAborted();
    await runOnce({ ...base, duration: warmupSeconds }, warmupSeconds, signal);
  }
  signal?.throwIfAborted();
  const result = await runOnce({ ...base, duration: durationSeconds }, durationSeconds, signal);
  signal?.throwIfAborted();
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stats.count;
  const responses = Object.values(statusCodes).reduce((sum, n) => sum + n, 0);
  return {
    label: options.label ?? options.path,
    url,
    method,
    requestHeaders: headers,
    connections,
    durationSeconds,
    warmupSeconds,
    requestsPerSecond: round(result.requests.average, 1),
    latencyAvgMs: round(result.latency.average, 2),
    latencyP50Ms: round(result.latency.p50, 2),
    latencyP99Ms: round(result.latency.p99, 2),
    latencyMaxMs: round(result.latency.max, 2),
    totalRequests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    bytesPerResponse: responses > 0 ? Math.round(result.throughput.total / responses) : 0,
  };
}

function decode(body: Buffer, encoding: string | null): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case undefined:
    case '':
    case 'identity':
      return body;
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'br':
      return brotliDecompressSync(body);
    case 'deflate':
      return inflateSync(body);
    default:
      throw new Error(`unsupported content-encoding ${encoding}`);
  }
}

/** One request with node:http (no automatic decompression, so wire sizes are real). */
export function probe(
  baseUrl: string,
  pathOrUrl: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  timeoutMs = 30_000,
): Promise<ProbeResult> {
  const url = resolveLoopbackUrl(baseUrl, pathOrUrl);
  const started = performance.now();
  return new Promise<ProbeResult>((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        try {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'] ?? null;
          resolve({
            url,
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'] ?? null,
            contentEncoding: encoding,
            wireBytes: raw.length,
            body: decode(raw, encoding),
            ms: round(performance.now() - started, 1),
          });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(init.body);
  });
}
