/**
 * Stripe webhook: verifies the signature on the raw body (STRIPE_WEBHOOK_SECRET), then maps
 * the listed Checkout events onto the completion path; other events are acknowledged and
 * ignored. completed counts as paid only when payment_status is 'paid' (otherwise the
 * async_payment_succeeded event decides).
 */
import type Stripe from 'stripe';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { completeCheckoutSession, type PaymentOutcome } from './complete-checkout-session';

export type WebhookResult = { status: number; body: { received: boolean; error?: string; result?: string } };

export async function handleStripeWebhook(options: {
  db: Database;
  stripe: Stripe | null;
  webhookSecret: string | undefined;
  logger?: Logger;
  rawBody: string;
  signature: string | null;
}): Promise<WebhookResult> {
  const { stripe, webhookSecret, logger } = options;
  if (!stripe || !webhookSecret) {
    return { status: 404, body: { received: false, error: 'Stripe webhooks are not configured' } };
  }
  if (!options.signature) return { status: 400, body: { received: false, error: 'Missing Stripe-Signature header' } };
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(options.rawBody, options.signature, webhookSecret);
  } catch (error) {
    logger?.warn({ err: error }, 'stripe webhook with a bad signature');
    return { status: 400, body: { received: false, error: 'Invalid signature' } };
  }
  let outcome: PaymentOutcome | null = null;
  switch (event.type) {
    case 'checkout.session.completed':
      outcome = event.data.object.payment_status === 'paid' ? 'paid' : null;
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
    default:
      return { status: 200, body: { received: true, result: 'ignored' } };
  }
  if (!outcome) return { status: 200, body: { received: true, result: 'awaiting-payment' } };
  const session = event.data.object;
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  const completion = await completeCheckoutSession({
    db: options.db,
    logger,
    event: {
      eventId: event.id,
      provider: 'stripe',
      eventType: event.type,
      sessionId: session.id,
      outcome,
      paymentReference: paymentIntent,
    },
  });
  if (completion.result === 'unknown-session')
    logger?.warn({ eventId: event.id, sessionId: session.id }, 'stripe event for an unknown session');
  return { status: 200, body: { received: true, result: completion.result } };
}
