/**
 * Coupon codes as typed: how a code is normalised before lookup and when it counts as blank.
 * Which codes exist and what they do lives in the database (the admin's Discounts tab, issue
 * 26), decided by domain/discount.ts; SPEC §9's JESUS is the row the shop starts with
 * (discount.ts SEED_DISCOUNT).
 * SPEC §5: "Coupon: case-insensitive (upper-cased before lookup). An empty or blank code
 * is ignored and Apply is disabled while blank."
 */

/**
 * The code the shop starts with, seeded as a row by the migration (SPEC §9: "one known code,
 * JESUS, giving 10% off"); the coupon field's example. Here rather than in discount.ts so that
 * the texts every page loads (messages.ts) need nothing else of the discount rules.
 */
export const SEED_DISCOUNT = { code: 'JESUS', kind: 'percent', value: 10 } as const;

/** A fraction as people read it: 0.1 -> '10%'. */
export function formatPercent(fraction: number): string {
  return `${Math.round(fraction * 1000) / 10}%`;
}

/** Longest coupon code a request may carry (and the admin may create). */
export const COUPON_CODE_MAX_LENGTH = 40;

/** Trims and upper-cases a code as typed: '  jesus ' -> 'JESUS'. SPEC §5 */
export function normalizeCouponCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** True for an empty or blank code, which is ignored (and disables Apply). SPEC §5 */
export function isBlankCoupon(raw: string | null | undefined): boolean {
  return raw == null || raw.trim() === '';
}

/** A code once normalised: letters, digits and dashes, neither first nor last a dash. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?$/;

/** True for text that can be a code at all (the pattern, not too long), once normalised. */
export function isCouponCodeShape(code: string): boolean {
  return code.length <= COUPON_CODE_MAX_LENGTH && COUPON_CODE_PATTERN.test(code);
}
