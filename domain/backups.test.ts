import { describe, expect, it } from 'vitest';
import { BACKUP_STALE_AFTER_HOURS, formatBytes, isBackupStale, staleBackupWarning } from './backups';

describe('isBackupStale', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  it('warns when there is no backup at all', () => {
    expect(isBackupStale(null, now)).toBe(true);
  });

  it('is quiet up to two days and warns after', () => {
    expect(isBackupStale(hoursAgo(1), now)).toBe(false);
    expect(isBackupStale(hoursAgo(BACKUP_STALE_AFTER_HOURS), now)).toBe(false);
    expect(isBackupStale(hoursAgo(BACKUP_STALE_AFTER_HOURS + 0.01), now)).toBe(true);
  });

  it('says how old is too old from the same constant', () => {
    expect(staleBackupWarning('2026-11-20T00:00:00Z')).toContain(`${BACKUP_STALE_AFTER_HOURS / 24} days`);
    expect(staleBackupWarning(null)).toMatch(/no backup yet/);
  });
});

describe('formatBytes', () => {
  it('reads as people read sizes', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(24_985)).toBe('24.4 kB');
    expect(formatBytes(3_250_000)).toBe('3.1 MB');
  });
});
