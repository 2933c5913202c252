/**
 * POST /api/checkout: { items: [{ productId, color, size, quantity }], couponCode?, email?,
 * pointsToRedeem? } -> { url }. The server reprices everything (server/orders/create-checkout).
 */
import * as CART_MESSAGES from '@domain/cart-messages';
import { postOnlyLoader } from '@server/http/json-route';
import { createCheckout } from '@server/orders/create-checkout';
import { startPaymentAction } from '@server/http/start-payment-route';
import type { Route } from './+types/api.checkout';

export const loader = postOnlyLoader;

export const action = startPaymentAction<Route.ActionArgs, Awaited<ReturnType<typeof createCheckout>>>(
  { failureMessage: CART_MESSAGES.checkoutErrorDescription, what: 'checkout' },
  createCheckout,
  (result) => ({ url: result.url, sessionId: result.sessionId, orderNumber: result.orderNumber }),
);
