/**
 * Open-loop load: requests arrive at a steady average rate, at random moments (exponential gaps,
 * as independent shoppers arrive), over at most `connections` kept-alive connections, whether
 * or not earlier answers came back. Each latency counts from the moment the request was due, so
 * a request that waited for a free connection counts its wait (no "coordinated omission").
 *
 * autocannon's own `overallRate` releases each connection's share at the start of every second:
 * 50 connections at 100/s send 50 requests at once twice a second, and the p99 measures that
 * burst. A closed loop (autocannon's default) keeps every connection waiting on its answer, so
 * its mean latency is connections ÷ throughput whatever the server does (Little's law).
 */
import { Agent, request } from 'node:http';

export interface SteadyLoadOptions {
  url: string;
  method: string;
  /** Headers of each request (called once per request: e.g. a new client address). */
  headers: () => Record<string, string>;
  body?: string;
  ratePerSecond: number;
  seconds: number;
  connections: number;
  /** Seed of the arrival moments, so two sides of a comparison get the same arrivals. */
  seed?: number;
  /** A request still unanswered after this counts as an error (default 10 s, as autocannon's). */
  timeoutMs?: number;
}

export interface SteadyLoadResult {
  offeredPerSecond: number;
  sent: number;
  /** 2xx answers. */
  ok: number;
  non2xx: number;
  /** No answer: connection errors and time-outs. */
  errors: number;
  answeredPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
}

/** mulberry32: a small seeded generator (the arrival moments only). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The arrival moments (ms from the start) of `seconds` at `ratePerSecond` on average. */
export function arrivalTimes(ratePerSecond: number, seconds: number, seed = 1): number[] {
  const next = random(seed);
  const times: number[] = [];
  let at = 0;
  for (;;) {
    at += (-Math.log(1 - next()) / ratePerSecond) * 1000;
    if (at >= seconds * 1000) return times;
    times.push(at);
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function steadyLoad(options: SteadyLoadOptions): Promise<SteadyLoadResult> {
  const url = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const timeoutMs = options.timeoutMs ?? 10_000;
  const times = arrivalTimes(options.ratePerSecond, options.seconds, options.seed);
  const latencies: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let lastAnswer = 0;
  const started = performance.now();

  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const done = (status: number | null) => {
        const now = performance.now();
        lastAnswer = Math.max(lastAnswer, now);
        if (status === null) errors += 1;
        else {
          latencies.push(now - due);
          if (status >= 200 && status < 300) ok += 1;
          else non2xx += 1;
        }
        resolve();
      };
      const outgoing = request(
        url,
        { method: options.method, agent, headers: options.headers(), timeout: timeoutMs },
        (answer) => {
          answer.resume();
          answer.on('end', () => done(answer.statusCode ?? 0));
          answer.on('error', () => done(null));
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
      outgoing.on('error', () => done(null));
      outgoing.end(options.body);
    });

  const pending: Promise<void>[] = [];
  for (const at of times) {
    const wait = started + at - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(started + at));
  }
  await Promise.all(pending);
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const answered = ok + non2xx;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    offeredPerSecond: options.ratePerSecond,
    sent: times.length,
    ok,
    non2xx,
    errors,
    answeredPerSecond: answered / (Math.max(1, lastAnswer - started) / 1000),
    latencyP50Ms: round(percentile(latencies, 50)),
    latencyP99Ms: round(percentile(latencies, 99)),
    latencyMaxMs: round(latencies.at(-1) ?? 0),
  };
}
