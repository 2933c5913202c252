/**
 * Money: the single source of how amounts are parsed, rounded and formatted.
 *
 * Every amount in this shop is an integer number of US cents (`Cents`), end to end.
 * Dollars appear only at the edges: parsed from user or catalogue input here, and
 * formatted here for display.
 * SPEC §9: "Currency formatting en-US, default USD."
 * SPEC §5: "The price string is parsed by stripping the '$' sign." / "Price inputs are
 * numeric with step 0.01 and parsed as decimals."
 */

/** An amount of money in integer US cents. */
export type Cents = number;

/** Largest dollar amount `dollarsToCents` can scale without losing whole cents. */
const MAX_SAFE_DOLLARS = Number.MAX_SAFE_INTEGER / 100;

/**
 * A price as people and catalogues write it: optional '$', optional thousands
 * separators in groups of three, and at most two decimals ('$1,234.56', '25', '28.0', '.5').
 */
const PRICE_PATTERN = /^\$?\s*(?:(\d{1,3}(?:,\d{3})+)|(\d*))(?:\.(\d{1,2}))?$/;

/**
 * Intl's formatter, only for what `formatCents` cannot count exactly (not a safe integer of
 * cents). Made on first need: the first `Intl.NumberFormat` of a page loads ICU's data, a task of
 * about 45 ms on a phone that every storefront page would pay while it starts (issue 15).
 */
let usdFormatter: Intl.NumberFormat | undefined;

/** 1234567 -> '1,234,567': en-US digit groups of a non-negative safe integer. */
function groupDigits(magnitude: number): string {
  const digits = String(magnitude);
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return grouped;
}

/**
 * A count as en-US writes it, the same text as `count.toLocaleString('en-US')` (1234 -> '1,234'),
 * without starting Intl for the integers that points, stock and quantities are.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString('en-US');
  return `${count < 0 ? '-' : ''}${groupDigits(Math.abs(count))}`;
}

/** A count and its noun, singular for one: '1 use', '1,200 uses', '3 categories' (with `plural`). */
export function formatCountOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/** True when `value` is a safe integer, so usable as `Cents`. */
export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/**
 * Rounds to the nearest integer, halves away from zero, after removing binary noise
 * (e.g. 1.005 * 100 = 100.49999999999999 is treated as the 100.5 the person meant).
 */
export function roundHalfAwayFromZero(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot round ${String(value)}`);
  const magnitude = Math.abs(value);
  // 15 significant digits are exact for doubles; only trust them below 1e15.
  const cleaned = magnitude < 1e15 ? Number(magnitude.toPrecision(15)) : magnitude;
  const rounded = Math.floor(cleaned + 0.5);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/**
 * Converts a dollar amount to cents, rounding half away from zero
 * (19.99 -> 1999, 0.1 + 0.2 -> 30, 1.005 -> 101). Throws a RangeError for
 * non-finite input or amounts too large to count in safe integer cents.
 */
export function dollarsToCents(dollars: number): Cents {
  if (!Number.isFinite(dollars) || Math.abs(dollars) > MAX_SAFE_DOLLARS) {
    throw new RangeError(`Not a convertible dollar amount: ${String(dollars)}`);
  }
  return roundHalfAwayFromZero(dollars * 100);
}

/** Converts cents to a dollar number (for the spec's `price` fields and payment APIs). */
export function centsToDollars(cents: Cents): number {
  return cents / 100;
}

/**
 * Parses a price to cents, or returns null when it is not one.
 * Strings: optional surrounding blanks, optional '$', optional thousands separators,
 * at most two decimals (' $1,234.56 ' -> 123456, '28.0' -> 2800).
 * Numbers: dollars, rounded to the nearest cent (25.5 -> 2550).
 * Negative, empty, non-numeric, non-finite and too-large inputs give null.
 */
export function parsePriceToCents(input: string | number): Cents | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0 || input > MAX_SAFE_DOLLARS) return null;
    return dollarsToCents(input) + 0; // `+ 0` turns -0 into 0
  }
  const match = PRICE_PATTERN.exec(input.trim());
  if (!match) return null;
  const whole = (match[1] ?? match[2] ?? '').replaceAll(',', '');
  const fraction = match[3] ?? '';
  if (whole === '' && fraction === '') return null;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Formats cents as en-US dollars: 2500 -> '$25.00', -150 -> '-$1.50', 123456 -> '$1,234.56'. */
export function formatCents(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) {
    usdFormatter ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    return usdFormatter.format(centsToDollars(cents) + 0);
  }
  const magnitude = Math.abs(cents);
  const dollars = groupDigits(Math.floor(magnitude / 100));
  return `${cents < 0 ? '-' : ''}$${dollars}.${String(magnitude % 100).padStart(2, '0')}`;
}

/** Like `formatCents`, without '.00' for whole dollars, as sentences say it: 5000 -> '$50', 599 -> '$5.99'. */
export function formatCentsCompact(cents: Cents): string {
  return cents % 100 === 0 ? formatCents(cents).replace(/\.00$/, '') : formatCents(cents);
}

/** Formats cents as a plain two-decimal string without symbol or separators: 2500 -> '25.00'. */
export function centsToDecimalString(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not integer cents: ${String(cents)}`);
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  const dollars = Math.floor(magnitude / 100);
  const remainder = String(magnitude % 100).padStart(2, '0');
  return `${sign}${dollars}.${remainder}`;
}

/**
 * A fraction of an amount, rounded to the nearest cent with halves rounded up
 * (away from zero): percentOf(2345, 0.1) -> 235.
 */
export function percentOf(cents: Cents, fraction: number): Cents {
  return roundHalfAwayFromZero(cents * fraction) + 0;
}
