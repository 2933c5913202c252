/** POST /api/stripe/webhook: Stripe events, verified on the raw body. */
import { getStripeClient } from '@server/payments/get-payment-provider';
import { handleStripeWebhook } from '@server/payments/handle-stripe-webhook';
import { methodNotAllowed } from '@server/http/json-request';
import type { Route } from './+types/api.stripe.webhook';

export async function loader() {
  return methodNotAllowed('POST');
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST')
    return methodNotAllowed('POST');
  const rawBody = await request.text();
  const result = await handleStripeWebhook({
    db: context.db,
    stripe: getStripeClient(context.config),
    webhookSecret: context.config.stripe?.webhookSecret,
    logger: context.logger,
    rawBody,
    signature: request.headers.get('stripe-signature'),
  });
  if (result.status === 200) {
    // A completion queues its confirmation e-mail in the same transaction: send it now.
    void context.mail?.deliverNow().catch((error) => context.logger.error({ err: error }, 'mail delivery failed'));
  }
  return Response.json(result.body, { status: result.status });
}
