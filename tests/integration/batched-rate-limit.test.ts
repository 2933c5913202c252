/**
 * The checkout's limit per address counted in memory and shared through the database
 * (server/http/batched-rate-limit.ts, issue 31): exact within one process at once, shared with
 * another process (a second limiter on the same database) after an exchange, a new window after
 * the old one passes, and a failed exchange loses no hit. PGlite and, with DATABASE_URL, PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, type DatabaseHandle } from '../../server/db/client';
import { rateLimitCounters } from '../../server/db/schema';
import { createBatchedRateLimit } from '../../server/http/batched-rate-limit';
import { createTestDatabase } from '../support/test-database';

let database: DatabaseHandle;
const rule = { limit: 5, windowMs: 60_000 };
const quiet = { warn: () => undefined };

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateDatabase(database);
});
afterAll(async () => {
  await database?.close();
});

async function stored(key: string) {
  const [row] = await database.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
  return row?.count ?? null;
}

describe('a limit counted in memory and shared through the database', () => {
  it('refuses the hit past the limit at once in one process, with no round trip per hit', async () => {
    const limit = createBatchedRateLimit({ db: database.db, rule, logger: quiet, flushMs: 60_000 });
    const hits = Array.from({ length: 7 }, () => limit.hit('checkout:a'));
    expect(hits.map((hit) => hit.limited)).toEqual([false, false, false, false, false, true, true]);
    expect(hits[6]!.count).toBe(7);
    expect(hits[6]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(await stored('checkout:a')).toBeNull();
    await limit.stop();
    expect(await stored('checkout:a')).toBe(7);
  });

  it("shares each process's count with the others after an exchange", async () => {
    const first = createBatchedRateLimit({ db: database.db, rule, logger: quiet, flushMs: 60_000 });
    const second = createBatchedRateLimit({ db: database.db, rule, logger: quiet, flushMs: 60_000 });
    for (let i = 0; i < 4; i += 1) expect(first.hit('checkout:b').limited).toBe(false);
    await first.flush();
    // The second process has not heard yet: its first hit counts alone, and it hears with its exchange.
    expect(second.hit('checkout:b')).toMatchObject({ count: 1, limited: false });
    await second.flush();
    expect(await stored('checkout:b')).toBe(5);
    expect(second.hit('checkout:b')).toMatchObject({ count: 6, limited: true });
    await Promise.all([first.flush(), second.flush()]);
    expect(first.hit('checkout:b').limited).toBe(false); // the first has not heard of the second's yet
    await first.flush();
    expect(first.hit('checkout:b')).toMatchObject({ count: 8, limited: true });
    await Promise.all([first.stop(), second.stop()]);
    expect(await stored('checkout:b')).toBe(8);
  });

  it('starts a new window when the old one has passed, here and in the database', async () => {
    let clock = Date.parse('2026-11-27T12:00:00Z');
    const limit = createBatchedRateLimit({ db: database.db, rule, logger: quiet, flushMs: 60_000, now: () => clock });
    for (let i = 0; i < 6; i += 1) limit.hit('checkout:c');
    await limit.flush();
    expect(limit.hit('checkout:c').limited).toBe(true);
    clock += rule.windowMs + 1;
    expect(limit.hit('checkout:c')).toMatchObject({ count: 1, limited: false });
    await limit.stop();
  });

  it('keeps hits that could not be sent and sends them with the next exchange', async () => {
    const broken = {
      execute: () => Promise.reject(new Error('database away')),
    } as unknown as DatabaseHandle['db'];
    const warnings: unknown[] = [];
    const limit = createBatchedRateLimit({ db: broken, rule, logger: { warn: (entry: unknown) => warnings.push(entry) }, flushMs: 60_000 });
    for (let i = 0; i < 3; i += 1) limit.hit('checkout:d');
    await limit.flush();
    expect(warnings).toHaveLength(1);
    expect(limit.hit('checkout:d').count).toBe(4);
    await limit.stop().catch(() => undefined);
  });

  it('keeps at most maxKeys addresses in memory', async () => {
    const limit = createBatchedRateLimit({ db: database.db, rule, logger: quiet, flushMs: 60_000, maxKeys: 100 });
    for (let i = 0; i < 1_000; i += 1) limit.hit(`checkout:flood-${i}`);
    await limit.flush();
    // The newest keys are still counted exactly.
    for (let i = 0; i < 5; i += 1) limit.hit('checkout:flood-999');
    expect(limit.hit('checkout:flood-999').limited).toBe(true);
    await limit.stop();
  });
});
