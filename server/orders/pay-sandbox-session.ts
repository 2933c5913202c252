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
import { readSessionToPay } from './read-session-to-pay';
import type { CompletionServices } from './payment-services';
import { checkSandboxCard, sandboxPaymentReference } from '../payments/sandbox-provider';
import { LIFECYCLE_MESSAGES } from '../../domain/order-lifecycle';
import { formatCents } from '../../domain/money';
import { TAX_MESSAGES, taxPlaceOf, type TaxRateRow } from '../../domain/tax';
import { quoteTaxAt, type TaxableOrder } from '../tax/order-tax';
import { paidTaxOfQuote, type PaidTax } from '../tax/paid-tax';

const orderNotPending = () => new AppError('order-not-pending', { message: LIFECYCLE_MESSAGES.sandboxOrderNotPending });
const expired = () => new AppError('session-expired', { message: CART_MESSAGES.checkoutSessionExpired });

/** With a provider, a payment that raced a cancellation is given back (the completion's late-payment branch). */
export async function paySandboxSession(
  options: CompletionServices & {
    sessionId: string;
    cardNumber: string;
    /** The address fields as typed on the page (orders only; donations ask for none). */
    address?: Partial<Record<AddressField, unknown>>;
    /** The total the page showed when Pay was pressed (issue 25); charged only if it is the server's. */
    shownAmountCents?: number | null;
  },
): Promise<void> {
  // The address is checked first (a pure check) so that the one read of the session also brings
  // the tax row of its place (issue 31); its refusal still comes after the session's own.
  const checked = validateShippingAddress(options.address ?? {});
  const session = await readSessionToPay({
    db: options.db,
    sessionId: options.sessionId,
    place: checked.ok ? taxPlaceOf(checked.address) : null,
  });
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
  // The address is refused before the card, so nothing is stored while a field is wrong.
  let shipping: ShippingAddress | null = null;
  if (session.purpose === 'order') {
    if (!checked.ok) {
      throw new AppError('invalid-address', {
        message: MESSAGES.shippingAddressInvalid,
        details: { fieldErrors: checked.errors },
      });
    }
    shipping = checked.address;
  }
  const charge =
    shipping && session.order
      ? sandboxTaxCharge({
          ...options,
          taxable: session.order.taxable,
          taxRate: session.taxRate,
          totalCents: session.totalCents,
        })
      : null;
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
      tax: charge?.tax ?? null,
      amountChargedCents: charge?.amountDueCents ?? null,
    },
  });
  // Cancelled between the check above and the payment: the completion gave the payment back.
  if (completion.result === 'unchanged' && completion.status === 'cancelled') throw orderNotPending();
}

/**
 * Issue 25: the sales tax of the address, and the confirm step. The server computes the tax from
 * the address it just checked (a request naming its own tax or total changes nothing); the
 * payment goes ahead only when the total the page showed is that amount. Otherwise nothing is
 * charged and the page shows the taxed total to confirm (the page without JavaScript, or a
 * table changed while it was open). A request without a shown total may pay an untaxed order.
 */
function sandboxTaxCharge(options: {
  /** The session's order as the page's Pay just read it. */
  taxable: TaxableOrder;
  /** The tax row of the address's place, read with it (null: the shop collects none there). */
  taxRate: TaxRateRow | null;
  totalCents: number;
  shownAmountCents?: number | null;
}): { tax: PaidTax | null; amountDueCents: number } {
  const quote = options.taxRate && options.taxRate.rateMilli > 0 ? quoteTaxAt(options.taxable, options.taxRate) : null;
  const amountDueCents = quote ? quote.amountDueCents : options.totalCents;
  const shown = options.shownAmountCents ?? (quote ? null : amountDueCents);
  if (shown !== amountDueCents) {
    throw new AppError('confirm-total', {
      message: quote
        ? TAX_MESSAGES.confirmTotal(quote.label, formatCents(amountDueCents))
        : TAX_MESSAGES.confirmNoTax(formatCents(amountDueCents)),
      details: { amountDueCents },
    });
  }
  return { tax: quote ? paidTaxOfQuote(quote) : null, amountDueCents };
}
