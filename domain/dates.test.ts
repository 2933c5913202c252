import { describe, expect, it } from 'vitest';
import { formatDate, formatDayAndMonth } from './dates';

describe('dates', () => {
  it('reads a day as the shop does (UTC), whatever the clock zone', () => {
    expect(formatDate('2026-11-26T23:30:00Z')).toBe('Nov 26, 2026');
    expect(formatDate('2026-10-28')).toBe('Oct 28, 2026');
  });

  it('shortens a day to month and day for a chart axis', () => {
    expect(formatDayAndMonth('2026-10-28')).toBe('Oct 28');
    expect(formatDayAndMonth('2026-01-05T23:59:59Z')).toBe('Jan 5');
    expect(formatDayAndMonth(new Date(Date.UTC(2026, 11, 31)))).toBe('Dec 31');
  });
});
