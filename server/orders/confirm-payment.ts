/**
 * What /payment-success may say about a session: paid (order or donation) or not. A session
 * our records do not show as paid is read back from its provider; if the provider says it
 * is paid (the Stripe webhook has not arrived yet), it is completed here through the same
 * exactly-once function, as Stripe advises for the success page. A made-up, unpaid or
 * expired session is simply 'not-paid': the page shows no order data for it.
 */
import { completeCheckoutSession, syntheticEventId } from './complete-checkout-session';
import { getHostedSession } from './get-hosted-session';
import type { PaymentServices } from './payment-services';

export type PaymentConfirmation =
  | { status: 'paid'; purpose: 'order'; orderNumber: string; totalCents: number }
  | { status: 'paid'; purpose: 'donation'; amountCents: number }
  | { status: 'order-cancelled'; orderNumber: string }
  | { status: 'not-paid' };

export async function confirmPayment(
  options: PaymentServices & { sessionId: string; publicUrl?: string },
): Promise<PaymentConfirmation> {
  const { db, provider, logger, sessionId } = options;
  let view = await getHostedSession({ db, sessionId });
  if (!view) return { status: 'not-paid' };
  if (!view.isPaid && view.status !== 'complete' && view.provider === provider.name) {
    let state;
    try {
      state = await provider.retrieveSession(view.id);
    } catch (error) {
      logger.warn({ err: error, sessionId: view.id }, 'could not read the session back from the payment provider');
      return { status: 'not-paid' };
    }
    if (state?.isPaid) {
      await completeCheckoutSession({
        ...options,
        event: {
          eventId: syntheticEventId({ provider: provider.name, sessionId: view.id, outcome: 'paid' }),
          provider: provider.name,
          eventType: 'checkout.session.completed',
          sessionId: view.id,
          outcome: 'paid',
          paymentReference: state.paymentReference,
          shipping: state.shipping,
        },
      });
      view = await getHostedSession({ db, sessionId });
      if (!view) return { status: 'not-paid' };
    }
  }
  // Cancelled before its payment arrived (issue 11 item 6): never a success; any payment was given back.
  if (view.order?.status === 'cancelled' && view.status === 'complete') {
    return { status: 'order-cancelled', orderNumber: view.order.orderNumber };
  }
  if (!view.isPaid) return { status: 'not-paid' };
  if (view.order) {
    return { status: 'paid', purpose: 'order', orderNumber: view.order.orderNumber, totalCents: view.order.totalCents };
  }
  return { status: 'paid', purpose: 'donation', amountCents: view.donation?.amountCents ?? view.totalCents };
}
