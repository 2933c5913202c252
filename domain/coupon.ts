/**
 * Coupons: the single source of which codes exist and what they are worth.
 * The browser uses it to preview a discount; the server uses it to decide one.
 * SPEC §9: "Coupon: one known code, JESUS, giving 10% off (fraction 0.1)."
 * SPEC §5: "Coupon: case-insensitive (upper-cased before lookup). An empty or blank code
 * is ignored and Apply is disabled while blank."
 */
import { percentOf, type Cents } from './money';

/** Known coupon codes (upper case) and the fraction of the subtotal they take off. SPEC §9 */
export const COUPONS = { JESUS: 0.1 } as const satisfies Record<string, number>;

export type CouponCode = keyof typeof COUPONS;

/** The code the shop offers (promo dialog, coupon field placeholder). SPEC §2 Promo dialog */
export const PROMO_COUPON: CouponCode = 'JESUS';

/** A coupon fraction as people read it: 0.1 -> '10%'. */
export function formatPercent(fraction: number): string {
  return `${Math.round(fraction * 1000) / 10}%`;
}

export type Coupon = { code: CouponCode; fraction: number };

/** Longest coupon code a request may carry (no known code comes close). */
export const COUPON_CODE_MAX_LENGTH = 40;

/** Trims and upper-cases a code as typed: '  jesus ' -> 'JESUS'. SPEC §5 */
export function normalizeCouponCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** True for an empty or blank code, which is ignored (and disables Apply). SPEC §5 */
export function isBlankCoupon(raw: string | null | undefined): boolean {
  return raw == null || raw.trim() === '';
}

/** True when `code` (already normalized) is a known coupon code. */
export function isCouponCode(code: string): code is CouponCode {
  return Object.hasOwn(COUPONS, code);
}

/** Looks up a code as typed; null when blank or unknown. SPEC §4 Apply coupon */
export function lookupCoupon(raw: string | null | undefined): Coupon | null {
  if (raw == null || isBlankCoupon(raw)) return null;
  const code = normalizeCouponCode(raw);
  return isCouponCode(code) ? { code, fraction: COUPONS[code] } : null;
}

/**
 * The coupon discount on a subtotal, rounded to the nearest cent (halves up).
 * The fraction is clamped to 0..1 (NaN counts as 0), so a discount never exceeds the subtotal.
 * SPEC §3: "discount amount (subtotal times discount fraction)"
 */
export function couponDiscountCents(subtotalCents: Cents, fraction: number): Cents {
  const safeFraction = Number.isNaN(fraction) ? 0 : Math.min(1, Math.max(0, fraction));
  return percentOf(subtotalCents, safeFraction);
}
