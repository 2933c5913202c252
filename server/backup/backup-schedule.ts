/**
 * The running shop backs itself up every BACKUP_EVERY_HOURS (decision 028). Every process
 * looks every few minutes; the period's slot is claimed in the database (backup-registry.ts),
 * so of all the processes sharing a database exactly one makes each period's backup, and a
 * period whose backup failed or whose process died is tried again later.
 */
import type { Logger } from 'pino';
import type { BackupService } from './backup-service';

/** The slot of the period `at` falls in: periods are counted from the epoch (UTC), so every process agrees. */
export function slotOf(at: Date, everyHours: number): string {
  const period = everyHours * 60 * 60 * 1000;
  return `scheduled:${new Date(Math.floor(at.getTime() / period) * period).toISOString()}`;
}

const CHECK_EVERY_MS = 5 * 60 * 1000;
/** The first look waits for start-up to settle (decision 019: no work before the first visitor). */
const FIRST_CHECK_AFTER_MS = 60 * 1000;

export interface BackupSchedule {
  /** One look now (the timer's work). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function startBackupSchedule(options: {
  service: Pick<BackupService, 'backUpSlot'>;
  everyHours: number;
  logger: Logger;
  now?: () => Date;
  /** false: no timer (tests call tick). */
  timer?: boolean;
}): BackupSchedule {
  const now = options.now ?? (() => new Date());
  let current: Promise<void> = Promise.resolve();
  let timeout: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = () => {
    if (options.everyHours === 0 || stopped) return current;
    current = current
      .then(() => options.service.backUpSlot(slotOf(now(), options.everyHours)))
      .then(
        () => undefined,
        // createBackup has logged it and recorded it; a later look tries again.
        () => undefined,
      );
    return current;
  };
  const schedule = (delay: number) => {
    if (options.timer === false || options.everyHours === 0) return;
    timeout = setTimeout(() => {
      void tick().finally(() => {
        if (!stopped) schedule(CHECK_EVERY_MS);
      });
    }, delay);
    timeout.unref();
  };
  schedule(FIRST_CHECK_AFTER_MS);
  if (options.everyHours > 0) options.logger.debug({ everyHours: options.everyHours }, 'scheduled backups on');
  return {
    tick,
    async stop() {
      stopped = true;
      clearTimeout(timeout);
      await current;
    },
  };
}
