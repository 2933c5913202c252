/**
 * Admin at scale (issue 5): 100,000 orders and 20,000 customers on PostgreSQL; the dashboard
 * stats and the first page of orders must each take under 50 ms at the server. The server
 * reports its own query time in a Server-Timing header (db;dur=...), read here over 50 calls.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { defineScenario } from '../../tools/measure/types';
import { seedAdminData } from '../seed-admin-data';

const SAMPLES = 50;
const GOAL_MS = 50;

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

export default defineScenario({
  name: 'admin',
  description: 'Admin dashboard stats and first orders page with 100k orders / 20k customers',
  backends: ['postgres'],
  timeoutSeconds: 600,
  async run(ctx) {
    if (!ctx.databaseUrl) throw new Error('the admin scenario needs PostgreSQL (--postgres)');
    const seeded = await seedAdminData({ databaseUrl: ctx.databaseUrl, orders: 100_000, customers: 20_000 });
    ctx.log(`seeded ${seeded.customers} customers and ${seeded.orders} orders in ${seeded.ms} ms`);

    // An admin session made the way the server makes them (only the token's SHA-256 stored).
    const token = randomBytes(32).toString('base64url');
    const client = new pg.Client({ connectionString: ctx.databaseUrl });
    await client.connect();
    try {
      await client.query(`insert into admin_sessions (token_hash, expires_at) values ($1, now() + interval '1 hour')`, [
        createHash('sha256').update(token).digest('hex'),
      ]);
    } finally {
      await client.end();
    }
    const headers = { 'X-Admin-Session': token };

    const metrics: Record<string, number | string | boolean> = {};
    for (const [label, path] of [
      ['stats', '/api/admin/stats'],
      ['orders page 1', '/api/admin/orders?page=1'],
    ] as const) {
      const serverMs: number[] = [];
      const totalMs: number[] = [];
      for (let index = 0; index < SAMPLES; index++) {
        const started = performance.now();
        const response = await fetch(`${ctx.baseUrl}${path}`, { headers, signal: ctx.signal });
        await response.arrayBuffer();
        totalMs.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        const timing = /db;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
        if (timing) serverMs.push(Number(timing[1]));
      }
      serverMs.sort((a, b) => a - b);
      totalMs.sort((a, b) => a - b);
      metrics[`${label} server median ms`] = percentile(serverMs, 0.5);
      metrics[`${label} server p95 ms`] = percentile(serverMs, 0.95);
      metrics[`${label} round trip median ms`] = Math.round(percentile(totalMs, 0.5) * 10) / 10;
      metrics[`${label} under ${GOAL_MS} ms (p95)`] = percentile(serverMs, 0.95) < GOAL_MS;
      ctx.log(`${label}: server median ${percentile(serverMs, 0.5)} ms, p95 ${percentile(serverMs, 0.95)} ms`);
    }

    const http = [
      await ctx.autocannon({ path: '/api/admin/stats', label: 'admin stats (100k orders)', headers }),
      await ctx.autocannon({ path: '/api/admin/orders?page=1', label: 'admin orders p1 (100k orders)', headers }),
    ];
    return { http, metrics, data: { seeded } };
  },
});
