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

/**
 * The years a date a person types may fall in (a discount code's dates, the admin's filters and
 * reports). Wider would reach years the database cannot store once moved to UTC (9999-12-31 in
 * the shop's zone is year 10000 in UTC) or that JavaScript reads as 19xx (`Date.UTC(50, ...)`).
 */
export const TYPED_YEARS = { first: 2000, last: 2999 } as const;

/** Whether `year` is one of TYPED_YEARS. */
export function isTypedYear(year: number): boolean {
  return Number.isInteger(year) && year >= TYPED_YEARS.first && year <= TYPED_YEARS.last;
}

/** "between 2000 and 2999": the sentence every refusal of a year outside TYPED_YEARS ends with. */
export const TYPED_YEARS_TEXT = `between ${TYPED_YEARS.first} and ${TYPED_YEARS.last}`;
