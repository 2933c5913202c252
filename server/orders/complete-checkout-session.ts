/**
 * The one door through which a payment outcome changes an order or a donation
 * (docs/decisions/004): the Stripe webhook, the sandbox page's Pay, the success page's
 * read-back of a paid Stripe session and the expiry sweep all come here. Exactly once per
 * payment: the event id is stored (unique) in the same transaction, the session row is
 * locked, and every state change is a conditional update from 'pending', so replays,
 * concurrent duplicates and out-of-order events change nothing twice (PostgreSQL and
 * PGlite alike). After commit, a queued confirmation is sent at once.
 *
 * Branches, each in the one transaction: paid order (mark paid, record points, queue the
 * confirmation), unpaid order (cancel), paid donation, unpaid donation. A step that must
 * happen with the payment (the shipping address, committing reserved stock) goes into its
 * branch; so does a payment for an order that is no longer pending ('unchanged'): its refund
 * is claimed here and asked of the provider after commit (server/orders/refund-late-payment.ts).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { emailHasAccount } from '../customers/email-has-account';
import { checkoutSessions, donations, orderLines, orders, paymentEvents } from '../db/schema';
import { recordEarnedPoints, recordRedeemedPoints } from '../loyalty/ledger';
import { enqueueEmail } from '../mail/enqueue-email';
import { orderConfirmationKey, orderConfirmationMessage } from '../mail/order-confirmation';
import { cancelPendingCheckout } from './cancel-pending';
import type { RefundRow } from './refund-order';
import type { CompletionServices } from './payment-services';
import { claimLatePaymentRefund, settleLatePaymentRefund } from './refund-late-payment';
import { commitOrderStock } from '../stock/commit-order-stock';
import type { ShippingAddress } from '../../domain/shipping-address';

export type PaymentOutcome = 'paid' | 'failed' | 'expired';

export interface PaymentEventInput {
  /** Provider event id (Stripe evt_...), or a synthetic one (sandbox, read-back, expiry). */
  eventId: string;
  provider: 'sandbox' | 'stripe';
  eventType: string;
  sessionId: string;
  outcome: PaymentOutcome;
  /** Provider payment reference (payment intent) when paid. */
  paymentReference?: string | null;
  /** The shipping address collected with a paid order (sandbox page, Stripe session); stored with the payment. */
  shipping?: ShippingAddress | null;
}

/**
 * The id of an event the shop makes up itself (an expiry, the sandbox's payment, a payment read
 * back from the provider): one per session and outcome, so a second report of the same thing is a
 * duplicate. The one place these ids are built.
 */
export function syntheticEventId(event: { provider: string; sessionId: string; outcome: 'paid' | 'expired' }): string {
  return event.outcome === 'expired' ? `expire:${event.sessionId}` : `${event.provider}:paid:${event.sessionId}`;
}

/** An expiry queues no mail (only a payment does). */
const NO_MAIL = { deliverNow: async () => {} };

/**
 * The one door every expiry goes through (the sweep, the sandbox page past its time, a checkout
 * replaced by a new one): the session is expired and its pending order or donation cancelled,
 * once, whoever comes first.
 */
export async function expireCheckoutSession(
  options: Pick<CompletionServices, 'db' | 'logger'> & { sessionId: string; providerName: 'sandbox' | 'stripe' },
): Promise<CompletionResult> {
  const { db, logger, sessionId, providerName: provider } = options;
  return completeCheckoutSession({
    db,
    logger,
    mail: NO_MAIL,
    event: {
      eventId: syntheticEventId({ provider, sessionId, outcome: 'expired' }),
      provider,
      eventType: 'session.expired',
      sessionId,
      outcome: 'expired',
    },
  });
}

export type CompletionResult =
  | { result: 'duplicate-event' }
  | { result: 'unknown-session' }
  | { result: 'applied'; purpose: 'order' | 'donation'; status: string }
  | {
      result: 'unchanged';
      purpose: 'order' | 'donation';
      status: string;
      lateRefund?: 'refunded' | 'rejected' | 'unknown';
    };

export async function completeCheckoutSession(
  options: CompletionServices & { event: PaymentEventInput },
): Promise<CompletionResult> {
  const { db, event, logger } = options;
  let lateRefund = null as RefundRow | null;
  const result = await db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ id: event.eventId, provider: event.provider, type: event.eventType, sessionId: event.sessionId })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return { result: 'duplicate-event' } as const;

    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, event.sessionId))
      .for('update');
    if (!session) return { result: 'unknown-session' } as const;

    await tx
      .update(checkoutSessions)
      .set(event.outcome === 'paid' ? { status: 'complete', completedAt: new Date() } : { status: 'expired' })
      .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')));

    const purpose = session.purpose === 'donation' ? 'donation' : 'order';
    const targetId = purpose === 'donation' ? session.donationId : session.orderId;
    if (!targetId) return { result: 'unknown-session' } as const;
    const applied =
      event.outcome === 'paid'
        ? purpose === 'order'
          ? await payOrder(tx, targetId, event, options.publicUrl)
          : await payDonation(tx, targetId, event)
        : await cancelPendingCheckout({ db: tx, purpose, id: targetId });
    // Not pending any more (paid, cancelled or expired first): nothing changes, except that a
    // payment for a cancelled order is given back.
    if (!applied && event.outcome === 'paid' && purpose === 'order') {
      lateRefund = await claimLatePaymentRefund({
        db: tx,
        orderId: targetId,
        provider: event.provider,
        paymentReference: event.paymentReference,
        amountCents: session.amountTotalCents,
      });
    }
    if (!applied) return { result: 'unchanged', purpose, status: await currentStatus(tx, purpose, targetId) } as const;
    const status = event.outcome !== 'paid' ? 'cancelled' : purpose === 'order' ? 'processing' : 'paid';
    return { result: 'applied', purpose, status } as const;
  });
  if (result.result === 'unchanged' && lateRefund && options.provider?.name === event.provider) {
    const outcome = await settleLatePaymentRefund({ db, provider: options.provider, logger, refund: lateRefund });
    return { ...result, lateRefund: outcome };
  }
  if (result.result === 'unchanged') {
    // A second report of a payment already recorded is normal (read-back, then the webhook);
    // a payment for an order that was cancelled first is not.
    const alreadyPaid = event.outcome === 'paid' && !['pending', 'cancelled'].includes(result.status);
    logger[alreadyPaid ? 'info' : 'warn'](
      { event, status: result.status },
      'payment event did not change its order or donation',
    );
  }
  if (result.result === 'applied' && result.purpose === 'order' && event.outcome === 'paid') {
    // The confirmation was queued in the transaction above: send it now, not on the next tick.
    options.mail.deliverNow().catch((error: unknown) => logger.error({ err: error }, 'mail delivery failed'));
  }
  return result;
}

/** Paid donation branch: true when it was pending and is now paid. */
async function payDonation(tx: Executor, donationId: string, event: PaymentEventInput): Promise<boolean> {
  const now = new Date();
  const paid = await tx
    .update(donations)
    .set({ status: 'paid', paidAt: now, paymentReference: event.paymentReference ?? null, updatedAt: now })
    .where(and(eq(donations.id, donationId), eq(donations.status, 'pending')))
    .returning({ id: donations.id });
  return paid.length > 0;
}

/**
 * Paid order branch: true when it was pending and is now paid, with its points recorded and
 * its confirmation queued. (What else must happen with the payment goes here too.)
 */
async function payOrder(tx: Executor, orderId: string, event: PaymentEventInput, publicUrl?: string): Promise<boolean> {
  const now = new Date();
  const [order] = await tx
    .update(orders)
    .set({
      status: 'processing',
      paidAt: now,
      paymentReference: event.paymentReference ?? null,
      updatedAt: now,
      ...shippingColumns(event.shipping ?? null),
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning();
  if (!order) return false;
  // The units reserved at checkout are now sold (docs/decisions/015).
  await commitOrderStock(tx, order.id);
  if (order.email) {
    const entry = {
      db: tx,
      email: order.email,
      customerId: order.customerId,
      orderId: order.id,
      orderNumber: order.orderNumber,
    };
    await recordEarnedPoints({ ...entry, points: order.pointsEarned });
    await recordRedeemedPoints({ ...entry, points: order.pointsRedeemed });
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position));
    await enqueueEmail({
      db: tx,
      dedupeKey: orderConfirmationKey(order.id),
      message: orderConfirmationMessage({ ...order, email: order.email }, lines, {
        hasAccount: await emailHasAccount({ db: tx, email: order.email }),
        publicUrl,
      }),
    });
  }
  return true;
}

/** The order's shipping columns from an address (all null when none was collected). */
function shippingColumns(address: ShippingAddress | null) {
  return {
    shippingName: address?.name ?? null,
    shippingLine1: address?.line1 ?? null,
    shippingLine2: address?.line2 ?? null,
    shippingCity: address?.city ?? null,
    shippingRegion: address?.region ?? null,
    shippingPostalCode: address?.postalCode ?? null,
    shippingCountry: address?.country ?? null,
    shippingPhone: address?.phone ?? null,
  };
}

async function currentStatus(tx: Executor, purpose: 'order' | 'donation', id: string): Promise<string> {
  const table = purpose === 'order' ? orders : donations;
  const [row] = await tx.select({ status: table.status }).from(table).where(eq(table.id, id));
  return row?.status ?? 'unknown';
}
