/**
 * POST /api/cart/quote: { items: [{ productId, color, size, quantity }], couponCode?, email? } ->
 * { lines: [{ index, status: 'ok', name, unitPriceCents, ... } | { index, status: 'unavailable',
 * code, message }], price, coupon? }. Today's prices by the checkout's own code (server/orders/quote-cart).
 */
import { jsonRoute, postOnlyLoader } from '@server/http/json-route';
import { quoteCart } from '@server/orders/quote-cart';
import type { Route } from './+types/api.cart.quote';

export const loader = postOnlyLoader;

export const action = jsonRoute<Route.ActionArgs>(
  { methods: ['POST'], readBody: true, what: 'cart quote' },
  async ({ request, context, body }) => {
    const viewer = await context.auth.getViewer(request);
    return quoteCart({ db: context.db, body, redemptionRate: context.config.redemptionRate, viewer });
  },
);
