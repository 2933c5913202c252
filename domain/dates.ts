/**
 * Dates as people read them: the single helper every page uses, with the shop's time zone
 * spelled out, so the server's HTML and the browser's hydration agree, and a date means the
 * same day on every page. UTC, the zone of the admin's revenue-per-day chart too.
 */

/** The time zone every date the shop shows is read in. */
export const SHOP_TIME_ZONE = 'UTC';

const shortDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});

/** 'Jan 5, 2026' for an ISO timestamp or a Date. */
export function formatDate(value: string | Date): string {
  return shortDate.format(typeof value === 'string' ? new Date(value) : value);
}

const dayAndMonth = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: SHOP_TIME_ZONE });

/** 'Jan 5' for an ISO date or timestamp or a Date: where the year goes without saying (a chart's axis). */
export function formatDayAndMonth(value: string | Date): string {
  return dayAndMonth.format(typeof value === 'string' ? new Date(value) : value);
}
