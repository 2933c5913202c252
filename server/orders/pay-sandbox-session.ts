/**
 * The sandbox page's Pay button: checks the card, then completes the session through the
 * same function as the Stripe webhook. The event id is derived from the session, so a
 * double submit completes once. Refusals are AppErrors the page shows next to the card field.
 */
import * as CART_MESSAGES from '../../domain/cart-messages';
import * as MESSAGES from '../../domain/messages';
import { validateShippingAddress, type AddressField, type ShippingAddress } from '../../domain/shipping-address';
import { AppError } from '../app-error';
import { completeCheckoutSession, expireCheckoutSession, syntheticEventId } from './complete-checkout-session';
import { getHostedSession } from './get-hosted-session';
import type { CompletionServices } from './payment-services';
import { checkSandboxCard, sandboxPaymentReference } from '../payments/sandbox-provider';
import { LIFECYCLE_MESSAGES } from '../../domain/order-lifecycle';

const orderNotPending = () => new AppError('order-not-pending', { message: LIFECYCLE_MESSAGES.sandboxOrderNotPending });
const expired = () => new AppError('session-expired', { message: CART_MESSAGES.checkoutSessionExpired });

/** With a provider, a payment that raced a cancellation is given back (the completion's late-payment branch). */
export async function paySandboxSession(
  options: CompletionServices & {
    sessionId: string;
    cardNumber: string;
    /** The address fields as typed on the page (orders only; donations ask for none). */
    address?: Partial<Record<AddressField, unknown>>;
  },
): Promise<void> {
  const session = await getHostedSession(options);
  if (!session || session.provider !== 'sandbox') {
    throw new AppError('session-not-found', { message: MESSAGES.checkoutSessionNotFound });
  }
  if (session.status === 'complete') return;
  if (session.status === 'expired') {
    // Past its expiry but not swept yet: record the expiry now (it cancels the order).
    await expireCheckoutSession({ ...options, sessionId: session.id, providerName: 'sandbox' });
    throw expired();
  }
  // Cancelled by the admin (or expired) while the page was open: no payment is taken.
  if (session.order && session.order.status !== 'pending') throw orderNotPending();
  // The address is checked before the card, so nothing is stored while a field is wrong.
  let shipping: ShippingAddress | null = null;
  if (session.purpose === 'order') {
    const checked = validateShippingAddress(options.address ?? {});
    if (!checked.ok) {
      throw new AppError('invalid-address', {
        message: MESSAGES.shippingAddressInvalid,
        details: { fieldErrors: checked.errors },
      });
    }
    shipping = checked.address;
  }
  const card = checkSandboxCard(options.cardNumber);
  if (card.outcome !== 'paid')
    throw new AppError(card.outcome === 'declined' ? 'card-declined' : 'card-invalid', { message: card.message });
  const completion = await completeCheckoutSession({
    ...options,
    event: {
      eventId: syntheticEventId({ provider: 'sandbox', sessionId: session.id, outcome: 'paid' }),
      provider: 'sandbox',
      eventType: 'checkout.session.completed',
      sessionId: session.id,
      outcome: 'paid',
      paymentReference: sandboxPaymentReference(session.id),
      shipping,
    },
  });
  // Cancelled between the check above and the payment: the completion gave the payment back.
  if (completion.result === 'unchanged' && completion.status === 'cancelled') throw orderNotPending();
}
