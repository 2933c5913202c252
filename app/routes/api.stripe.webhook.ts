/** POST /api/stripe/webhook: Stripe events, verified on the raw body. */
import { jsonRoute, postOnlyLoader } from '@server/http/json-route';
import { handleStripeWebhook } from '@server/orders/handle-stripe-webhook';
import type { Route } from './+types/api.stripe.webhook';

const POST_ONLY = { methods: ['POST'] } as const;

export const loader = postOnlyLoader;

export const action = jsonRoute<Route.ActionArgs>({ ...POST_ONLY, what: 'stripe webhook' }, async ({ request, context }) => {
  const provider = context.paymentProvider;
  return handleStripeWebhook({
    db: context.db,
    stripe: provider.name === 'stripe' ? provider.client : null,
    provider,
    webhookSecret: context.config.stripe?.webhookSecret,
    logger: context.logger,
    mail: context.mail,
    publicUrl: context.config.publicUrl,
    rawBody: await request.text(),
    signature: request.headers.get('stripe-signature'),
  });
});
