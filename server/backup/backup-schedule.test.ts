import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { slotOf, startBackupSchedule } from './backup-schedule';
import { archiveNameFor, compareVersions, isArchiveName } from './archive-format';
import { loadOrder } from './describe-database';

describe('slotOf', () => {
  it('names the period a moment falls in, the same in every process', () => {
    expect(slotOf(new Date('2026-11-27T00:00:00Z'), 24)).toBe('scheduled:2026-11-27T00:00:00.000Z');
    expect(slotOf(new Date('2026-11-27T23:59:59Z'), 24)).toBe('scheduled:2026-11-27T00:00:00.000Z');
    expect(slotOf(new Date('2026-11-28T00:00:01Z'), 24)).toBe('scheduled:2026-11-28T00:00:00.000Z');
    expect(slotOf(new Date('2026-11-27T13:10:00Z'), 6)).toBe('scheduled:2026-11-27T12:00:00.000Z');
  });
});

describe('startBackupSchedule', () => {
  it('asks for the current period on each tick, and for nothing when the schedule is off', async () => {
    const asked: string[] = [];
    let now = new Date('2026-11-27T10:00:00Z');
    const service = { backUpSlot: async (slot: string) => (asked.push(slot), null) };
    const schedule = startBackupSchedule({
      service,
      everyHours: 24,
      logger: pino({ level: 'silent' }),
      now: () => now,
      timer: false,
    });
    await schedule.tick();
    now = new Date('2026-11-28T01:00:00Z');
    await schedule.tick();
    await schedule.stop();
    expect(asked).toEqual(['scheduled:2026-11-27T00:00:00.000Z', 'scheduled:2026-11-28T00:00:00.000Z']);
    const off = startBackupSchedule({ service, everyHours: 0, logger: pino({ level: 'silent' }), timer: false });
    await off.tick();
    expect(asked).toHaveLength(2);
  });

  it('keeps going after a failed backup (logged where it failed)', async () => {
    let calls = 0;
    const service = {
      backUpSlot: async () => {
        calls += 1;
        throw new Error('disk full');
      },
    };
    const schedule = startBackupSchedule({ service, everyHours: 24, logger: pino({ level: 'silent' }), timer: false });
    await schedule.tick();
    await schedule.tick();
    expect(calls).toBe(2);
  });
});

describe('loadOrder', () => {
  it('puts a table after the tables its foreign keys point at, ignoring self references', () => {
    const tables = ['order_lines', 'orders', 'customers', 'user', 'notes'].map((name) => ({ name }));
    const order = loadOrder(tables, [
      { child: 'order_lines', parent: 'orders' },
      { child: 'orders', parent: 'customers' },
      { child: 'customers', parent: 'user' },
      { child: 'notes', parent: 'notes' },
    ]).map((table) => table.name);
    expect(order.indexOf('user')).toBeLessThan(order.indexOf('customers'));
    expect(order.indexOf('customers')).toBeLessThan(order.indexOf('orders'));
    expect(order.indexOf('orders')).toBeLessThan(order.indexOf('order_lines'));
    expect(order).toHaveLength(5);
  });
});

describe('compareVersions', () => {
  it('compares numerically, part by part', () => {
    expect(compareVersions('0.10.0', '0.9.9')).toBe(1);
    expect(compareVersions('0.1.0', '0.1.0')).toBe(0);
    expect(compareVersions('0.1.0', '1.0.0')).toBe(-1);
  });
});

describe('archiveNameFor', () => {
  it('names sort by time to the millisecond (BACKUP_KEEP keeps the newest by name)', () => {
    const first = archiveNameFor(new Date('2026-11-27T04:34:00.120Z'), 'ffff');
    const second = archiveNameFor(new Date('2026-11-27T04:34:00.121Z'), '0000');
    expect(first).toBe('wyf-backup-2026-11-27-043400.120-ffff.tar.gz');
    expect([second, first].sort()).toEqual([first, second]);
    expect(isArchiveName(first)).toBe(true);
    expect(isArchiveName('../wyf-backup-2026-11-27-043400.120-ffff.tar.gz')).toBe(false);
    expect(isArchiveName('.wyf-backup-2026-11-27-043400.120-ffff.tar.gz.partial')).toBe(false);
  });
});
