/**
 * The running shop's backups (AppServices.backups): Back up now, the admin's list and
 * download, and the scheduled backup of each period (backup-schedule.ts). One backup at a
 * time in a process: a second request while one runs gets that one's result.
 */
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { isBackupStale, type AdminBackups } from '../../domain/backups';
import type { DatabaseHandle } from '../db/client';
import { claimSlot, lastFailure, listDoneRuns } from './backup-registry';
import { getBackupStorage, type BackupStorage } from './backup-storage';
import { createBackup, type BackupConfig, type BackupResult } from './create-backup';

export interface BackupService {
  backUpNow(): Promise<BackupResult>;
  /** Makes the scheduled backup of `slot` unless another process or an earlier tick has it. */
  backUpSlot(slot: string): Promise<BackupResult | null>;
  list(): Promise<AdminBackups>;
  /** The archive's bytes for a download, or null when it is not one of ours or is gone. */
  open(name: string): Promise<{ body: Readable; bytes: number } | null>;
}

/** How many archives the panel lists (BACKUP_KEEP bounds what is kept anyway). */
const LISTED = 50;

export function createBackupService(options: {
  config: BackupConfig & { backup: { everyHours: number; keep: number } };
  logger: Logger;
  database: DatabaseHandle;
  storage?: BackupStorage;
  now?: () => Date;
}): BackupService {
  const { config, logger, database } = options;
  const now = options.now ?? (() => new Date());
  const storage = options.storage ?? getBackupStorage(config);
  let running: Promise<BackupResult> | null = null;
  const once = (make: () => Promise<BackupResult>) => {
    running ??= make().finally(() => {
      running = null;
    });
    return running;
  };
  return {
    backUpNow: () => once(() => createBackup({ database, config, logger, kind: 'manual', storage, now })),
    async backUpSlot(slot) {
      const runId = await claimSlot(database.db, slot);
      if (!runId) return null;
      return createBackup({ database, config, logger, kind: 'scheduled', runId, storage, now });
    },
    async list() {
      const runs = await listDoneRuns(database.db, LISTED);
      const failure = await lastFailure(database.db);
      const newest = runs[0]?.finishedAt ?? null;
      return {
        backups: runs.map((run) => ({
          name: run.name ?? '',
          createdAt: (run.finishedAt ?? run.startedAt).toISOString(),
          bytes: run.bytes ?? 0,
          location: run.location ?? 'local',
          kind: run.kind,
          counts: {
            products: run.counts?.products ?? 0,
            orders: run.counts?.orders ?? 0,
            customers: run.counts?.customers ?? 0,
          },
        })),
        newestAt: newest?.toISOString() ?? null,
        isStale: isBackupStale(newest, now()),
        lastFailure: failure ? { error: failure.error, at: failure.at?.toISOString() ?? null } : null,
        schedule: {
          everyHours: config.backup.everyHours,
          keep: config.backup.keep,
          where: storage.describe('').replace(/\/$/, ''),
        },
      };
    },
    async open(name) {
      const runs = await listDoneRuns(database.db, LISTED);
      if (!runs.some((run) => run.name === name)) return null;
      return storage.open(name);
    },
  };
}
