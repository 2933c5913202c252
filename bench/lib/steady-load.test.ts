import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { arrivalTimes, percentile, steadyLoad } from './steady-load';

let server: Server | undefined;
afterEach(async () => {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

/** A server that answers each request after `holdMs`, with 201 or, for path /refuse, 409. */
async function holdingServer(holdMs: number) {
  const seen = { requests: 0, open: 0, mostOpen: 0, clients: new Set<string>(), bodies: new Set<string>() };
  server = createServer((incoming, outgoing) => {
    seen.requests += 1;
    seen.open += 1;
    seen.mostOpen = Math.max(seen.mostOpen, seen.open);
    seen.clients.add(String(incoming.headers['x-forwarded-for']));
    let body = '';
    incoming.on('data', (chunk) => (body += chunk));
    incoming.on('end', () => {
      seen.bodies.add(body);
      setTimeout(() => {
        seen.open -= 1;
        outgoing.statusCode = incoming.url === '/refuse' ? 409 : 201;
        outgoing.end('{}');
      }, holdMs);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen };
}

describe('steady load', () => {
  it('arrives at the asked rate on average, the same moments for the same seed', () => {
    const times = arrivalTimes(100, 20, 7);
    expect(times.length).toBeGreaterThan(1800);
    expect(times.length).toBeLessThan(2200);
    expect(times.every((t, i) => t >= 0 && t < 20_000 && (i === 0 || t >= times[i - 1]!))).toBe(true);
    expect(arrivalTimes(100, 20, 7)).toEqual(times);
    expect(arrivalTimes(100, 20, 8)).not.toEqual(times);
  });

  it('takes the nearest-rank percentile', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([], 99)).toBe(0);
  });

  it('sends every arrival with its own headers and counts answers by status', async () => {
    const { base, seen } = await holdingServer(2);
    let client = 0;
    const result = await steadyLoad({
      url: `${base}/checkout`,
      method: 'POST',
      headers: () => ({ 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${++client}` }),
      body: '{"items":[]}',
      ratePerSecond: 200,
      seconds: 0.5,
      connections: 50,
      seed: 3,
    });
    expect(result.sent).toBe(arrivalTimes(200, 0.5, 3).length);
    expect(seen.requests).toBe(result.sent);
    expect(result.ok).toBe(result.sent);
    expect(result.non2xx + result.errors).toBe(0);
    expect(seen.clients.size).toBe(result.sent);
    expect([...seen.bodies]).toEqual(['{"items":[]}']);
    expect(result.latencyP50Ms).toBeGreaterThanOrEqual(2);

    const refused = await steadyLoad({
      ...{ url: `${base}/refuse`, method: 'GET', headers: () => ({}) },
      ratePerSecond: 100,
      seconds: 0.2,
      connections: 5,
    });
    expect(refused.non2xx).toBe(refused.sent);
    expect(refused.ok).toBe(0);
  });

  it('counts the wait for a free connection in the latency, and never opens more than asked', async () => {
    const { base, seen } = await holdingServer(100);
    const result = await steadyLoad({
      url: `${base}/slow`,
      method: 'GET',
      headers: () => ({}),
      ratePerSecond: 100,
      seconds: 0.5,
      connections: 2,
      seed: 5,
    });
    expect(seen.mostOpen).toBeLessThanOrEqual(2);
    expect(result.ok).toBe(result.sent);
    // About 50 arrivals served 2 at a time, 100 ms each: the last ones wait for seconds.
    expect(result.latencyMaxMs).toBeGreaterThan(1000);
    expect(result.latencyP50Ms).toBeGreaterThan(100);
  });
});
