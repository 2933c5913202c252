/**
 * The process-wide delivery loop: delivers queued mail every `intervalMs` (unref'd
 * timer) and on demand (`deliverNow` after an enqueue). One run at a time per process.
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
  /** The clock (tests inject one). */
  now?: () => Date;
}): MailDelivery {
  const { db, mailer, logger, intervalMs = 5_000, now } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

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

  const deliverNow = (): Promise<void> => {
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

  const timer = setInterval(() => void deliverNow(), intervalMs);
  timer.unref();

  return {
    mailer,
    deliverNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      mailer.close();
    },
  };
}
