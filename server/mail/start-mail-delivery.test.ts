import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import type { Mailer } from './create-mailer';
import { startMailDelivery } from './start-mail-delivery';

/** A database with an empty outbox that counts delivery runs (each run starts with one statement giving up stale claims). */
function emptyOutbox() {
  let statements = 0;
  const db = {
    execute: async () => {
      statements += 1;
      return { rows: [] };
    },
  } as unknown as Database;
  // A run on an empty outbox: the give-up statement and one claim that finds nothing.
  return { db, runs: () => statements / 2 };
}

const mailer = { mode: 'outbox', send: async () => undefined, close: () => undefined } as unknown as Mailer;
const logger = { warn: () => undefined, error: () => undefined } as never;

describe('startMailDelivery', () => {
  it('gathers the demands of 50 ms into one run (issue 31: one run per payment at rush hour)', async () => {
    const outbox = emptyOutbox();
    const delivery = startMailDelivery({ db: outbox.db, mailer, logger, intervalMs: 60_000 });
    const demands = Array.from({ length: 5 }, () => delivery.deliverNow());
    expect(outbox.runs()).toBe(0);
    await Promise.all(demands);
    expect(outbox.runs()).toBe(1);
    await delivery.deliverNow();
    expect(outbox.runs()).toBe(2);
    await delivery.stop();
  });

  it('runs a gathering demand at once when it stops, and none after', async () => {
    const outbox = emptyOutbox();
    const delivery = startMailDelivery({ db: outbox.db, mailer, logger, intervalMs: 60_000, gatherMs: 10_000 });
    const demand = delivery.deliverNow();
    await delivery.stop();
    await demand;
    expect(outbox.runs()).toBe(1);
    await delivery.deliverNow();
    expect(outbox.runs()).toBe(1);
  });
});
