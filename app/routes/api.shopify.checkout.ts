/**
 * POST /api/shopify/checkout { variantId } → { checkoutUrl }
 * Creates a Shopify cart (Cart API, one line, quantity 1) for an external product; the
 * card opens the checkout URL in a new tab. Refusals carry the SPEC §8 legacy code.
 */
import { ExternalCheckoutRequestSchema } from '@domain/external-checkout';
import * as MESSAGES from '@domain/messages';
import { AppError, badRequest } from '@server/app-error';
import { jsonRoute, postOnlyLoader } from '@server/http/json-route';
import type { Route } from './+types/api.shopify.checkout';

const POST_ONLY = { methods: ['POST'] } as const;

export const loader = postOnlyLoader;

export const action = jsonRoute<Route.ActionArgs>(
  { ...POST_ONLY, readBody: true, failureMessage: MESSAGES.hostedCheckoutFailed, what: 'shopify checkout' },
  async ({ context, body }) => {
    const parsed = ExternalCheckoutRequestSchema.safeParse(body);
    if (!parsed.success) throw badRequest('Invalid request');
    const createCheckout = context.shopify?.createCheckout;
    if (!createCheckout) {
      // No external catalogue is connected, so no product here has such a variant: nothing to
      // retry (a 503 would say "later"; it never will be).
      throw new AppError('shopify-unavailable', { message: 'This product is not available here.' });
    }
    const { checkoutUrl } = await createCheckout(parsed.data.variantId, { buyerIp: context.clientIp });
    return { checkoutUrl };
  },
);
