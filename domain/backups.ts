/**
 * The backup rules a person reads about (decision 028): when the newest backup is too old,
 * and the admin's wire shape of the Backups panel. The single source of the two-day warning:
 * the server computes `isStale` with it and the panel's text is built from the same constant.
 */
export const BACKUP_STALE_AFTER_HOURS = 48;

/** True when there is no backup, or the newest is older than BACKUP_STALE_AFTER_HOURS. */
export function isBackupStale(newestAt: Date | null, now: Date): boolean {
  if (!newestAt) return true;
  return now.getTime() - newestAt.getTime() > BACKUP_STALE_AFTER_HOURS * 60 * 60 * 1000;
}

export const staleBackupWarning = (newestAt: string | null) =>
  newestAt
    ? `The newest backup is more than ${BACKUP_STALE_AFTER_HOURS / 24} days old: back up now, and check why the daily backup did not run.`
    : 'The shop has no backup yet: back up now.';

/** An archive's size as people read it (the admin's list, the backup command): 24.4 kB, 3.1 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** One archive in the admin's list. */
export interface AdminBackup {
  name: string;
  createdAt: string;
  bytes: number;
  location: 'local' | 's3';
  kind: 'scheduled' | 'manual' | 'before-restore';
  /** The counts a person checks first; every table's is in the archive's manifest. */
  counts: { products: number; orders: number; customers: number };
}

export interface AdminBackups {
  backups: AdminBackup[];
  newestAt: string | null;
  isStale: boolean;
  /** The last attempt failed (after the newest success): its reason. */
  lastFailure: { error: string; at: string | null } | null;
  schedule: { everyHours: number; keep: number; where: string };
}
