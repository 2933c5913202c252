/**
 * The process-wide delivery loop: delivers queued mail every `intervalMs` (unref'd
 * timer) and on demand (`deliverNow` after an enqueue). One run at a time per process.
 *
 * Issue 31 (rush hour), decision 035:
 * - A run waits `gatherMs` (50 ms) before it claims: at rush hour every payment asks for one,
 *   and one claim for the messages of those 50 ms costs a few statements where a run per
 *   message cost them all for each.
 * - Shoppers' requests come first. While the process was busy during that wait (its event loop
 *   used more than half of the time: Node's `eventLoopUtilization`), the run waits again, for
 *   at most `yieldForMs` (1 s) in all; then its claim goes out whatever the load. A rush's
 *   confirmations thus follow a second or so later, instead of taking the CPU of the payments
 *   that queued them (on PostgreSQL a fifth of a payment's CPU was mail written during the rush).
 *   The wait is measured while the mail itself does nothing, so its own sending never counts.
 */
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import type { Mailer } from './create-mailer';
import { deliverQueuedEmail } from './deliver-queued-email';

export interface MailDelivery {
  mailer: Mailer;
  /** Delivers what is queued now; resolves when this run (or the one in flight and a following one) ends. */
  deliverNow(): Promise<void>;
  stop(): Promise<void>;
}

/** The share of a wait the event loop spent working, above which the process counts as busy. */
export const BUSY_UTILIZATION = 0.5;

/**
 * A gauge of the event loop: each call says whether the loop was busy since the previous call
 * (its utilization over that time above BUSY_UTILIZATION).
 */
export function eventLoopBusy(): () => boolean {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return utilization > BUSY_UTILIZATION;
  };
}

export function startMailDelivery(options: {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  intervalMs?: number;
  /** How long a run waits for more demands before it claims (0: claim at once, never yield). */
  gatherMs?: number;
  /** The longest a run waits for a busy process before it claims all the same. */
  yieldForMs?: number;
  /** Whether the process was busy since the previous call (tests inject one). */
  isBusy?: () => boolean;
  /** The clock (tests inject one). */
  now?: () => Date;
  /** Several processes share the queue (PostgreSQL): deliver-queued-email.ts `markEachSent`. */
  sharedQueue?: boolean;
}): MailDelivery {
  const { db, mailer, logger, intervalMs = 5_000, gatherMs = 50, yieldForMs = 1_000, now } = options;
  const isBusy = options.isBusy ?? eventLoopBusy();
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  let stopped = false;
  /** Ends the wait in progress at once (stop). */
  let wake: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  /** Waits `gatherMs`, and again while the process was busy meanwhile, up to `yieldForMs` in all. */
  const gatherAndYield = async () => {
    if (gatherMs <= 0) return;
    const deadline = Date.now() + yieldForMs;
    for (;;) {
      isBusy();
      await pause(gatherMs);
      if (stopping || !isBusy() || Date.now() >= deadline) return;
    }
  };

  const runOnce = async () => {
    try {
      for (;;) {
        await gatherAndYield();
        // What is queued from here on is claimed below; a demand made after it asks again.
        again = false;
        const result = await deliverQueuedEmail({ db, mailer, now, markEachSent: options.sharedQueue });
        if (result.failed > 0) logger.warn(result, 'some queued email could not be sent (it is tried again later)');
        if (stopping) break;
        if (!again && result.sent + result.failed < 20) break;
      }
    } catch (error) {
      if (!stopped) logger.error({ err: error }, 'mail delivery failed');
    }
  };

  const deliverNow = (): Promise<void> => {
    if (stopping) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = runOnce().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => void deliverNow(), intervalMs);
  timer.unref();

  return {
    mailer,
    deliverNow,
    async stop() {
      // A run that is waiting claims at once (what was asked for is delivered), then the loop stops.
      stopping = true;
      wake?.();
      clearInterval(timer);
      await running;
      stopped = true;
      mailer.close();
    },
  };
}
