/**
 * Order totals: the single source of how subtotal, discounts, shipping, total and points
 * combine. The cart previews with it; the server decides the charged amount with it.
 * SPEC §9: "Cart total = (subtotal less discount) plus shipping." and "Loyalty: 100 points
 * per $1 of the total including shipping, rounded down."
 * SPEC §3 Cart state: "subtotal (sum of price times quantity)".
 */
import { couponDiscountCents } from './coupon';
import { maxRedeemablePoints, pointsForTotal, pointsToCents, roundDownToRedemptionStep } from './loyalty';
import type { Cents } from './money';
import { shippingCents } from './shipping';

export type TotalsLine = { unitPriceCents: Cents; quantity: number };

export type TotalsInput = {
  lines: readonly TotalsLine[];
  /** Coupon fraction (0.1 for JESUS); 0 or absent for none. */
  couponFraction?: number | undefined;
  /** Points the shopper asks to redeem; rounded down to whole steps of 100. */
  pointsToRedeem?: number | undefined;
  /** The shopper's balance, when known; redemption never exceeds it. */
  pointsBalance?: number | undefined;
};

export type Totals = {
  itemCount: number;
  subtotalCents: Cents;
  /** Coupon discount. */
  discountCents: Cents;
  pointsRedeemed: number;
  pointsDiscountCents: Cents;
  shippingCents: Cents;
  totalCents: Cents;
  pointsEarned: number;
};

function assertLine(line: TotalsLine): void {
  if (!Number.isSafeInteger(line.unitPriceCents) || line.unitPriceCents < 0) {
    throw new RangeError(`Unit price must be non-negative integer cents: ${String(line.unitPriceCents)}`);
  }
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) {
    throw new RangeError(`Quantity must be a non-negative integer: ${String(line.quantity)}`);
  }
}

/** Sum of quantities. SPEC §3 */
export function countItems(lines: readonly TotalsLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Sum of unit price times quantity. SPEC §3 */
export function subtotalOf(lines: readonly TotalsLine[]): Cents {
  return lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
}

/**
 * Computes every figure of an order. Order of application: coupon on the subtotal,
 * then points (capped at what is left after the coupon), then shipping (decided on the
 * subtotal before discounts). The total is never negative. Throws a RangeError for a line
 * with a negative or fractional price or quantity.
 */
export function computeTotals(input: TotalsInput): Totals {
  input.lines.forEach(assertLine);
  const itemCount = countItems(input.lines);
  const subtotalCents = subtotalOf(input.lines);
  const discountCents = couponDiscountCents(subtotalCents, input.couponFraction ?? 0);
  const subtotalAfterCouponCents = subtotalCents - discountCents;
  const cap = maxRedeemablePoints(input.pointsBalance ?? Number.MAX_SAFE_INTEGER, subtotalAfterCouponCents);
  const pointsRedeemed = Math.min(roundDownToRedemptionStep(input.pointsToRedeem ?? 0), cap);
  const pointsDiscountCents = pointsToCents(pointsRedeemed);
  const shipping = shippingCents(subtotalCents, itemCount);
  const totalCents = Math.max(0, subtotalAfterCouponCents - pointsDiscountCents + shipping);
  return {
    itemCount,
    subtotalCents,
    discountCents,
    pointsRedeemed,
    pointsDiscountCents,
    shippingCents: shipping,
    totalCents,
    pointsEarned: pointsForTotal(totalCents),
  };
}
