import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import type { Mailer } from './create-mailer';
import { eventLoopBusy, startMailDelivery } from './start-mail-delivery';

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

/** The loop on that outbox, its 5-second timer out of the way. */
function startOn(
  outbox: ReturnType<typeof emptyOutbox>,
  options: Partial<Parameters<typeof startMailDelivery>[0]> = {},
) {
  return startMailDelivery({ db: outbox.db, mailer, logger, intervalMs: 60_000, ...options });
}

describe('startMailDelivery', () => {
  it('gathers the demands of 50 ms into one run (issue 31: one run per payment at rush hour)', async () => {
    const outbox = emptyOutbox();
    const delivery = startOn(outbox);
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
    const delivery = startOn(outbox, { gatherMs: 10_000 });
    const demand = delivery.deliverNow();
    await delivery.stop();
    await demand;
    expect(outbox.runs()).toBe(1);
    await delivery.deliverNow();
    expect(outbox.runs()).toBe(1);
  });

  it('waits while the process is busy, and claims once a wait finds it quiet (issue 31: requests first)', async () => {
    const outbox = emptyOutbox();
    let looks = 0;
    // Each wait looks twice (at its start and its end); the first two waits find the process busy.
    const isBusy = () => ++looks <= 4;
    const delivery = startOn(outbox, { gatherMs: 5, isBusy });
    await delivery.deliverNow();
    expect(looks).toBe(6);
    expect(outbox.runs()).toBe(1);
    await delivery.stop();
  });

  it('claims after yieldForMs however busy the process stays', async () => {
    const outbox = emptyOutbox();
    const delivery = startOn(outbox, { gatherMs: 10, yieldForMs: 150, isBusy: () => true });
    const started = Date.now();
    await delivery.deliverNow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(outbox.runs()).toBe(1);
    await delivery.stop();
  });

  it('delivers what waits for a busy process at once when it stops', async () => {
    const outbox = emptyOutbox();
    const delivery = startOn(outbox, { yieldForMs: 60_000, isBusy: () => true });
    const demand = delivery.deliverNow();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(outbox.runs()).toBe(0);
    await delivery.stop();
    await demand;
    expect(outbox.runs()).toBe(1);
  });
});

describe('eventLoopBusy', () => {
  it('says busy after the loop worked since the last look, and quiet after it waited', async () => {
    const busy = eventLoopBusy();
    busy();
    const until = performance.now() + 40;
    while (performance.now() < until) {
      // The event loop works (a request being answered, say).
    }
    expect(busy()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(busy()).toBe(false);
  });
});
