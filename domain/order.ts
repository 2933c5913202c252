/**
 * Orders: the single source of order statuses, order numbers and what a checkout request
 * may contain.
 * SPEC §4 Order status: "pending, processing, shipped, delivered, cancelled. The admin may set
 * any value at any time ... Badge variants: pending default, shipped secondary, delivered
 * outline, others default."
 * SPEC §5 Checkout: "blocked if the cart is empty. E-mail is optional."
 * The checkout request carries only what the shopper chose (product, colour, size, quantity,
 * coupon, e-mail, points): prices and discounts are never taken from the browser; the server
 * reprices every line (ARCHITECTURE "How a purchase flows").
 */
import { z } from 'zod';
import { CART_MAX_QUANTITY } from './cart';
import { COUPON_CODE_MAX_LENGTH, isCouponCodeShape, normalizeCouponCode } from './coupon';
import { ORDER_STATUSES } from './order-status';

export * from './order-status';
export const OrderStatusSchema = z.enum(ORDER_STATUSES);

export const ORDER_NUMBER_PREFIX = 'WYF-';

/** Order number from a sequence: 123 -> 'WYF-000123' (at least 6 digits, more when needed). */
export function formatOrderNumber(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 0) {
    throw new RangeError(`Order sequence must be a non-negative integer: ${String(sequence)}`);
  }
  return `${ORDER_NUMBER_PREFIX}${String(sequence).padStart(6, '0')}`;
}

/** Most units of one line at checkout. */
export const CHECKOUT_MAX_QUANTITY = CART_MAX_QUANTITY;

/**
 * What a bad line of a cart says (the cart's quote and the checkout alike), by the field the
 * check stopped at: a line that is not an object, or an unknown product, is not available.
 */
export function checkoutLineProblem(index: number, field: PropertyKey | undefined): string {
  const label = `Line ${index + 1}`;
  if (field === 'quantity') return `${label}: quantity must be a whole number from 1 to ${CHECKOUT_MAX_QUANTITY}`;
  if (field === 'color') return `${label}: choose a color`;
  if (field === 'size') return `${label}: choose a size`;
  return `${label}: this product is not available`;
}
/** Most lines in one checkout. */
export const CHECKOUT_MAX_LINES = 50;

const blankToUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const CheckoutLineSchema = z.object({
  // A UUID is the same in either case (favorites take it so too); the shop's ids are lower case.
  productId: z.uuid().transform((id) => id.toLowerCase()),
  color: z.string().trim().min(1).max(40),
  size: z.string().trim().min(1).max(40),
  quantity: z.number().int().min(1).max(CHECKOUT_MAX_QUANTITY),
});

/**
 * Body of a checkout request. Blank coupon and e-mail count as absent; the coupon is
 * normalized (trimmed, upper case) and made of letters, digits and dashes, and the e-mail trimmed and lower-cased. Any other field
 * (prices, discounts, totals) is stripped, never trusted.
 */
export const CheckoutRequestSchema = z.object({
  items: z.array(CheckoutLineSchema).min(1).max(CHECKOUT_MAX_LINES),
  couponCode: z.preprocess(
    (value) => (value === null ? undefined : blankToUndefined(value)),
    // A code that is not a code at all is refused here; an unknown or refused one by the checkout
    // (server/discounts), as the cart's Apply refuses it (SPEC §4), never silently dropped.
    z
      .string()
      .max(COUPON_CODE_MAX_LENGTH)
      .transform(normalizeCouponCode)
      .refine(isCouponCodeShape)
      .optional(),
  ),
  email: z.preprocess((value) => {
    const present = value === null ? undefined : blankToUndefined(value);
    return typeof present === 'string' ? present.trim().toLowerCase() : present;
  }, z.email().max(254).optional()),
  pointsToRedeem: z.number().int().min(0).max(1_000_000_000).optional(),
  /**
   * The hosted session of this browser's previous checkout, left open (Cancel, Back): it is
   * closed first, so its units and points hold go back before the new one takes them.
   */
  replaces: z.preprocess((value) => (value === null ? undefined : blankToUndefined(value)), z.string().max(255).optional()),
});

export type CheckoutLine = z.infer<typeof CheckoutLineSchema>;
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;
