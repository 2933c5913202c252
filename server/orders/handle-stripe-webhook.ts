/**
 * Stripe webhook: verifies the signature on the raw body (STRIPE_WEBHOOK_SECRET), then maps
 * the listed Checkout events onto the completion path; other events are acknowledged and
 * ignored. completed counts as paid only when the session is paid (`stripeSessionState`,
 * shared with the success page's read-back); otherwise async_payment_succeeded decides.
 * Refusals are AppErrors (400 bad signature, 404 not configured).
 */
import type Stripe from 'stripe';
import { AppError } from '../app-error';
import { completeCheckoutSession, type PaymentOutcome } from './complete-checkout-session';
import { stripeSessionState } from '../payments/stripe-provider';
import type { CompletionServices } from './payment-services';
import { reconcileProviderRefund } from './reconcile-provider-refund';

export type WebhookAnswer = { received: true; result: string };

export async function handleStripeWebhook(
  options: CompletionServices & {
    stripe: Stripe | null;
    webhookSecret: string | undefined;
    rawBody: string;
    signature: string | null;
  },
): Promise<WebhookAnswer> {
  const { stripe, webhookSecret, logger } = options;
  const refuse = (code: 'not-configured' | 'invalid-signature', message: string) =>
    new AppError(code, { message, details: { received: false } });
  if (!stripe || !webhookSecret) throw refuse('not-configured', 'Stripe webhooks are not configured');
  if (!options.signature) throw refuse('invalid-signature', 'Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(options.rawBody, options.signature, webhookSecret);
  } catch (error) {
    logger.warn({ err: error }, 'stripe webhook with a bad signature');
    throw refuse('invalid-signature', 'Invalid signature');
  }
  let outcome: PaymentOutcome | null = null;
  switch (event.type) {
    case 'checkout.session.completed':
      outcome = stripeSessionState(event.data.object).isPaid ? 'paid' : null;
      break;
    case 'checkout.session.async_payment_succeeded':
      outcome = 'paid';
      break;
    case 'checkout.session.async_payment_failed':
      outcome = 'failed';
      break;
    case 'checkout.session.expired':
      outcome = 'expired';
      break;
    case 'charge.refunded': {
      // A refund made anywhere (ours, or in Stripe's dashboard): the order shows what Stripe says.
      const reconciled = await reconcileProviderRefund({
        db: options.db,
        logger,
        eventId: event.id,
        charge: event.data.object,
      });
      return { received: true, result: reconciled };
    }
    default:
      return { received: true, result: 'ignored' };
  }
  if (!outcome) return { received: true, result: 'awaiting-payment' };
  const session = event.data.object;
  const state = stripeSessionState(session);
  const completion = await completeCheckoutSession({
    db: options.db,
    logger,
    mail: options.mail,
    provider: options.provider,
    publicUrl: options.publicUrl,
    event: {
      eventId: event.id,
      provider: 'stripe',
      eventType: event.type,
      sessionId: session.id,
      outcome,
      paymentReference: state.paymentReference,
      shipping: state.shipping,
    },
  });
  if (completion.result === 'unknown-session')
    logger.warn({ eventId: event.id, sessionId: session.id }, 'stripe event for an unknown session');
  return { received: true, result: completion.result };
}
