/**
 * Pricing an order: the single source of how subtotal, coupon, points, shipping, total and
 * points earned combine, and how many points an order may redeem. The cart previews with it,
 * the checkout decides the charged amount with it (from database prices), and a server quote
 * of the cart uses it too. One vocabulary: `totalCents` is always what is charged, shipping
 * included.
 * SPEC §9: "Cart total = (subtotal less discount) plus shipping." and "Loyalty: 100 points
 * per $1 of the total including shipping, rounded down."
 * SPEC §3 Cart state: "subtotal (sum of price times quantity)", "discount amount (subtotal
 * times discount fraction)".
 */
import { couponDiscountCents, lookupCoupon, type CouponCode } from './coupon';
import {
  maxRedeemablePoints,
  pointsForTotal,
  pointsToCents,
  REDEMPTION_RATE,
  roundDownToRedemptionStep,
  type RedemptionRate,
} from './loyalty';
import type { Cents } from './money';
import { shippingCents } from './shipping';

export type PriceLine = { unitPriceCents: Cents; quantity: number };

export interface PriceOrderInput {
  lines: readonly PriceLine[];
  /** The coupon as typed or stored; unknown or blank codes give no discount. */
  couponCode?: string | null | undefined;
  /** Points the shopper asks to redeem; rounded down to whole steps, capped at `redeemablePoints`. */
  pointsToRedeem?: number | undefined;
  /** The shopper's spendable points; without a balance nothing is redeemed. */
  pointsBalance?: number | null | undefined;
  /** How points turn into money (the shop's rate unless a setting says otherwise). */
  redemptionRate?: RedemptionRate | undefined;
}

export interface OrderPrice {
  itemCount: number;
  subtotalCents: Cents;
  /** The coupon that took money off, or null. */
  couponCode: CouponCode | null;
  /** Coupon discount. */
  discountCents: Cents;
  /** The most points this order may redeem (balance and amount, whole steps). */
  redeemablePoints: number;
  pointsRedeemed: number;
  pointsDiscountCents: Cents;
  shippingCents: Cents;
  /** What is charged: subtotal less coupon and points, plus shipping; never negative. */
  totalCents: Cents;
  pointsEarned: number;
}

function assertLine(line: PriceLine): void {
  if (!Number.isSafeInteger(line.unitPriceCents) || line.unitPriceCents < 0) {
    throw new RangeError(`Unit price must be non-negative integer cents: ${String(line.unitPriceCents)}`);
  }
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) {
    throw new RangeError(`Quantity must be a non-negative integer: ${String(line.quantity)}`);
  }
}

/**
 * Prices an order. Order of application: coupon on the subtotal, then points (capped at
 * what is left after the coupon and at the balance), then shipping (decided on the
 * subtotal before discounts). Throws a RangeError for a line with a negative or fractional
 * price or quantity.
 */
export function priceOrder(input: PriceOrderInput): OrderPrice {
  input.lines.forEach(assertLine);
  const rate = input.redemptionRate ?? REDEMPTION_RATE;
  const itemCount = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotalCents = input.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const coupon = lookupCoupon(input.couponCode);
  const discountCents = coupon ? couponDiscountCents(subtotalCents, coupon.fraction) : 0;
  const subtotalAfterCouponCents = subtotalCents - discountCents;
  const redeemablePoints = maxRedeemablePoints(input.pointsBalance ?? 0, subtotalAfterCouponCents, rate);
  const pointsRedeemed = Math.min(roundDownToRedemptionStep(input.pointsToRedeem ?? 0, rate), redeemablePoints);
  const pointsDiscountCents = pointsToCents(pointsRedeemed, rate);
  const shipping = shippingCents(subtotalCents, itemCount);
  const totalCents = Math.max(0, subtotalAfterCouponCents - pointsDiscountCents + shipping);
  return {
    itemCount,
    subtotalCents,
    couponCode: discountCents > 0 && coupon ? coupon.code : null,
    discountCents,
    redeemablePoints,
    pointsRedeemed,
    pointsDiscountCents,
    shippingCents: shipping,
    totalCents,
    pointsEarned: pointsForTotal(totalCents),
  };
}
