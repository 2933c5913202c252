/**
 * Asks the server for a hosted checkout of the cart. Only what the shopper chose is sent
 * (product, colour, size, quantity, coupon, e-mail, points): the server reprices everything.
 * Resolves with the hosted page's URL or rejects with an ApiError carrying the server's message.
 */
import type { CartState } from '@domain/cart';
import * as CART_MESSAGES from '@domain/cart-messages';
import { ApiError, postJson } from './json-api';

export function checkoutBody(state: CartState, options: { email?: string; pointsToRedeem?: number }) {
  return {
    items: state.items.map((item) => ({
      productId: item.productId ?? '',
      color: item.color,
      size: item.size,
      quantity: item.quantity,
    })),
    couponCode: state.couponCode ?? undefined,
    email: options.email?.trim() ? options.email.trim() : undefined,
    pointsToRedeem: options.pointsToRedeem && options.pointsToRedeem > 0 ? options.pointsToRedeem : undefined,
  };
}

/**
 * The hosted session of the checkout this browser opened last. A shopper who comes back from
 * its page (Cancel, Back) and checks out again sends it as `replaces`, so the server closes it
 * and its units and points are free again; /payment-success forgets it.
 */
export const OPEN_CHECKOUT_KEY = 'openCheckoutSession';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage blocked: nothing to replace
  }
}

export function forgetOpenCheckout(): void {
  storage()?.removeItem(OPEN_CHECKOUT_KEY);
}

export async function startCheckout(
  state: CartState,
  options: { email?: string; pointsToRedeem?: number } = {},
): Promise<{ url: string }> {
  const fallbackMessage = CART_MESSAGES.checkoutErrorDescription;
  const replaces = storage()?.getItem(OPEN_CHECKOUT_KEY) ?? undefined;
  const answer = await postJson<{ url?: unknown; sessionId?: unknown }>(
    '/api/checkout',
    { ...checkoutBody(state, options), replaces },
    { fallbackMessage },
  );
  if (typeof answer.url !== 'string') throw new ApiError(fallbackMessage, 200, 'invalid-response');
  if (typeof answer.sessionId === 'string') storage()?.setItem(OPEN_CHECKOUT_KEY, answer.sessionId);
  return { url: answer.url };
}
