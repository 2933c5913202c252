/**
 * Shipping: the single source of what shipping costs and when it is free.
 * SPEC §9: "Shipping: free when the subtotal is over $50; otherwise $5.99."
 * The sentences about it (free-shipping note, delivery time) are built from these constants
 * in messages.ts.
 *
 * Decisions: "subtotal" is the merchandise subtotal before any discount (coupon or points),
 * "over" is strict (exactly $50.00 pays shipping), and an empty cart ships nothing, so costs 0.
 */
import type { Cents } from './money';

/** Flat shipping charge when the order does not qualify for free shipping. SPEC §9 */
export const SHIPPING_FLAT_CENTS: Cents = 599;

/** Shipping is free when the subtotal is strictly over this amount. SPEC §9 */
export const FREE_SHIPPING_THRESHOLD_CENTS: Cents = 5000;

/** How long delivery takes, in business days. SPEC §9 "Shipping time shown: 3-4 business days." */
export const SHIPPING_DAYS = { min: 3, max: 4 } as const;

/** True when the subtotal is over $50 ($50.00 itself does not qualify). SPEC §9 */
export function qualifiesForFreeShipping(subtotalCents: Cents): boolean {
  return subtotalCents > FREE_SHIPPING_THRESHOLD_CENTS;
}

/** Shipping for a cart: 0 for an empty cart or a subtotal over $50, else $5.99. SPEC §9 */
export function shippingCents(subtotalCents: Cents, itemCount: number): Cents {
  if (itemCount <= 0) return 0;
  return qualifiesForFreeShipping(subtotalCents) ? 0 : SHIPPING_FLAT_CENTS;
}

/**
 * How much more the subtotal must grow to ship free: 0 once it qualifies, otherwise
 * the amount that takes it just over $50 (at $50.00 exactly, 1 cent). SPEC §4 Cart
 */
export function remainingForFreeShippingCents(subtotalCents: Cents): Cents {
  return qualifiesForFreeShipping(subtotalCents) ? 0 : FREE_SHIPPING_THRESHOLD_CENTS + 1 - subtotalCents;
}
