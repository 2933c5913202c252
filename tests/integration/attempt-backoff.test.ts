/**
 * Issue 30 item 4: the per-attempt back-off of the admin passcode, on both databases, with an
 * injected clock: five attempts at once, then 1 s, 2 s, 4 s … apart; of parallel attempts only
 * the admitted ones count; a quiet quarter of an hour or a success starts over.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateDatabase, type DatabaseHandle } from '../../server/db/client';
import { backoffDelayMs, clearBackoff, hitBackoff, type BackoffRule } from '../../server/http/attempt-backoff';
import { createTestDatabase } from '../support/test-database';

const RULE: BackoffRule = { freeAttempts: 5, firstDelayMs: 1_000, maxDelayMs: 60_000, forgetAfterMs: 15 * 60_000 };
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrateDatabase(database);
});
afterAll(async () => {
  await database?.close();
});

it('admits 5 of 60 parallel attempts, then one attempt per growing wait', async () => {
  const start = Date.now() + 1_000;
  const hit = (offsetMs: number) =>
    hitBackoff({ db: database.db, key: 'passcode:a', rule: RULE, now: new Date(start + offsetMs) });
  const burst = await Promise.all(Array.from({ length: 60 }, () => hit(0)));
  expect(burst.filter((result) => result.admitted)).toHaveLength(5);
  expect(burst.find((result) => !result.admitted)).toEqual({ admitted: false, retryAfterSeconds: 1 });
  expect((await hit(999)).admitted).toBe(false);
  expect(await hit(1_000)).toEqual({ admitted: true, count: 6 });
  expect(await hit(2_500)).toEqual({ admitted: false, retryAfterSeconds: 1 });
  expect(await hit(3_000)).toEqual({ admitted: true, count: 7 });
  expect(await hit(4_000)).toEqual({ admitted: false, retryAfterSeconds: 3 });
  expect((await hit(7_000)).admitted).toBe(true);
});

it('never waits longer than the longest delay, and forgets a sequence after a quiet quarter of an hour', async () => {
  expect(backoffDelayMs(RULE, 4)).toBe(0);
  expect(backoffDelayMs(RULE, 5)).toBe(1_000);
  expect(backoffDelayMs(RULE, 40)).toBe(60_000);
  let clock = Date.now() + 1_000;
  const hit = () => hitBackoff({ db: database.db, key: 'passcode:b', rule: RULE, now: new Date(clock) });
  for (let index = 0; index < 20; index++) {
    const result = await hit();
    expect(result.admitted).toBe(true);
    clock += backoffDelayMs(RULE, index + 1);
  }
  const refused = await hitBackoff({ db: database.db, key: 'passcode:b', rule: RULE, now: new Date(clock - 1) });
  expect(refused).toEqual({ admitted: false, retryAfterSeconds: 1 });
  clock += RULE.forgetAfterMs;
  expect(await hit()).toEqual({ admitted: true, count: 1 });
});

it('starts over after a success', async () => {
  const now = new Date(Date.now() + 1_000);
  for (let index = 0; index < 5; index++) await hitBackoff({ db: database.db, key: 'passcode:c', rule: RULE, now });
  expect((await hitBackoff({ db: database.db, key: 'passcode:c', rule: RULE, now })).admitted).toBe(false);
  await clearBackoff({ db: database.db, key: 'passcode:c' });
  expect(await hitBackoff({ db: database.db, key: 'passcode:c', rule: RULE, now })).toEqual({
    admitted: true,
    count: 1,
  });
});
