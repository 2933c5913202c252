/**
 * The texts of the cart, the checkout and the payment result pages (SPEC §2 Cart and Payment
 * success, §8 checkout and coupon). A module of their own beside `messages.ts` because a
 * module lives in one browser chunk: these pages load after the catalogue, so their texts stay
 * out of the storefront's first JavaScript. Imported as a namespace
 * (`import * as CART_MESSAGES from '@domain/cart-messages'`; decision 003). Sentences about
 * rules are built from the rules' constants, as in messages.ts.
 */
import { SEED_DISCOUNT } from './coupon';
import { REDEMPTION_RATE, type RedemptionRate } from './loyalty';
import { freeShippingQualifies, freeShippingRemaining, redemptionRate } from './messages';
import { formatCents, formatCount, type Cents } from './money';
import { qualifiesForFreeShipping, remainingForFreeShippingCents } from './shipping';

// ── SPEC §8: cart checkout and coupon ────────────────────────────────────
export const checkoutErrorTitle = 'Checkout Error';
export const checkoutErrorDescription = 'There was an error processing your checkout. Please try again.';
export const invalidCouponTitle = 'Invalid Coupon';
export const invalidCouponDescription = 'Please check your coupon code and try again.';
export const couponAppliedTitle = 'Coupon Applied!';

// ── SPEC §2: cart ─────────────────────────────────────────────────────────
export const shoppingCart = 'Shopping Cart';
export const cartEmpty = 'Your cart is empty';
export const continueShopping = 'Continue Shopping';
export const each = 'each';
export const couponPlaceholder = SEED_DISCOUNT.code;
export const applyCoupon = 'Apply';
export const removeCoupon = 'Remove';
export const emailOptionalLabel = 'Email (optional for order updates)';
export const proceedToCheckout = 'Proceed to Checkout';

/** The cart's free-shipping note for a subtotal. SPEC §2 Cart */
export const freeShippingNote = (subtotalCents: Cents) =>
  qualifiesForFreeShipping(subtotalCents)
    ? freeShippingQualifies
    : freeShippingRemaining(formatCents(remainingForFreeShippingCents(subtotalCents)));

/** Ours: the cart's redemption control. */
export const pointsBalanceNote = (balance: number, rate: RedemptionRate = REDEMPTION_RATE) =>
  `You have ${formatCount(balance)} points. ${redemptionRate(rate)}.`;

// ── SPEC §2: payment success ──────────────────────────────────────────────
export const paymentSuccessTitle = 'Payment Successful!';
export const paymentSuccessDescription = 'Thank you for your order. Your payment has been processed successfully.';
export const orderReference = 'Order reference';
export const checkoutSessionExpired = 'This checkout session has expired.';
export const paymentNotConfirmedTitle = 'Payment not confirmed';
export const paymentNotConfirmedDescription =
  'We could not confirm a payment for this checkout. If you paid, your confirmation email will follow once the payment is confirmed. Your cart has been kept.';
export const returnToCart = 'Return to Cart';
export const donationThanksTitle = 'Thank you for your gift!';
export const donationThanksDescription = (formattedAmount: string) =>
  `Your donation of ${formattedAmount} has been received and supports our mission.`;
export const donationReference = 'Donation reference';
