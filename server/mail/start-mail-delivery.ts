/**
 * The process-wide delivery loop: delivers queued mail every `intervalMs` (unref'd
 * timer) and on demand (`deliverNow` after an enqueue). One run at a time per process.
 * A demand waits `gatherMs` (50 ms) for others before its run starts (issue 31): at rush hour
 * every payment asks, and one run for the messages of those 50 ms costs a few statements
 * where a run per message cost them all for each.
 */
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

export function startMailDelivery(options: {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  intervalMs?: number;
  /** How long a demand waits for others to share its run (0: start at once). */
  gatherMs?: number;
  /** The clock (tests inject one). */
  now?: () => Date;
}): MailDelivery {
  const { db, mailer, logger, intervalMs = 5_000, gatherMs = 50, now } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let gathering: { timer: NodeJS.Timeout; run: Promise<void>; start: () => void } | null = null;

  const runOnce = async () => {
    try {
      for (;;) {
        again = false;
        const result = await deliverQueuedEmail({ db, mailer, now });
        if (result.failed > 0) logger.warn(result, 'some queued email could not be sent (it is tried again later)');
        if (!again && result.sent + result.failed < 20) break;
        if (stopped) break;
      }
    } catch (error) {
      if (!stopped) logger.error({ err: error }, 'mail delivery failed');
    }
  };

  const runNow = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = runOnce().finally(() => {
      running = null;
    });
    return running;
  };

  const deliverNow = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    if (gatherMs <= 0) return runNow();
    if (!gathering) {
      let start = () => {};
      const run = new Promise<void>((resolve) => {
        start = () => {
          clearTimeout(timer);
          gathering = null;
          resolve(runNow());
        };
      });
      const timer = setTimeout(() => start(), gatherMs);
      timer.unref();
      gathering = { timer, run, start };
    }
    return gathering.run;
  };

  const timer = setInterval(() => void runNow(), intervalMs);
  timer.unref();

  return {
    mailer,
    deliverNow,
    async stop() {
      // A gathering demand is run now, before the loop stops.
      const pending = gathering;
      pending?.start();
      await pending?.run;
      stopped = true;
      clearInterval(timer);
      await running;
      mailer.close();
    },
  };
}
