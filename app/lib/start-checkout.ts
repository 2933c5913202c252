/**
 * Asks the server for a hosted checkout of the cart. Only what the shopper chose is sent
 * (product, colour, size, quantity, coupon, e-mail, points): the server reprices everything.
 * Resolves with the hosted page's URL or rejects with an Error carrying the server's message.
 */
import type { CartState } from '@domain/cart';

export class CheckoutRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'CheckoutRequestError';
  }
}

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

export async function startCheckout(
  state: CartState,
  options: { email?: string; pointsToRedeem?: number } = {},
): Promise<{ url: string }> {
  const response = await fetch('/api/checkout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(checkoutBody(state, options)),
  });
  const payload = (await response.json().catch(() => null)) as { url?: unknown; error?: unknown } | null;
  if (!response.ok || typeof payload?.url !== 'string') {
    throw new CheckoutRequestError(typeof payload?.error === 'string' ? payload.error : '', response.status);
  }
  return { url: payload.url };
}
