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
  // Signed but not the shape Stripe sends (only the secret's holder can make one): refused, not a 500.
  if (!isReadableEvent(event)) {
    logger.warn(
      { eventId: (event as { id?: unknown } | null)?.id },
      'stripe webhook event without the fields it needs',
    );
    throw new AppError('invalid-request', {
      message: 'The event lacks the fields a Stripe event of its type has',
      details: { received: false },
    });
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
    donationReceiptNote: options.donationReceiptNote,
    event: {
      eventId: event.id,
      provider: 'stripe',
      eventType: event.type,
      sessionId: session.id,
      outcome,
      paymentReference: state.paymentReference,
      shipping: state.shipping,
      providerTaxCents: state.taxCents,
      amountChargedCents: state.amountTotalCents,
    },
  });
  if (completion.result === 'unknown-session')
    logger.warn({ eventId: event.id, sessionId: session.id }, 'stripe event for an unknown session');
  return { received: true, result: completion.result };
}

/**
 * An event with an id and a type, whose object (for the Checkout events and a refund) is an object
 * with an id: what the handlers below read. A checkout session's other fields are read defensively
 * (stripeSessionState).
 */
function isReadableEvent(event: unknown): event is Stripe.Event {
  if (!event || typeof event !== 'object') return false;
  const { id, type, data } = event as { id?: unknown; type?: unknown; data?: unknown };
  if (typeof id !== 'string' || id === '' || typeof type !== 'string') return false;
  if (!type.startsWith('checkout.session.') && type !== 'charge.refunded') return true;
  const object = (data as { object?: unknown } | null | undefined)?.object;
  return (
    Boolean(object) &&
    typeof object === 'object' &&
    typeof (object as { id?: unknown }).id === 'string' &&
    (object as { id: string }).id !== ''
  );
}
