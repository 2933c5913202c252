/**
 * Stripe's `charge.refunded` (issue 11 item 5): a refund made anywhere, ours or in Stripe's
 * dashboard, shows on the order. The charge carries the cumulative `amount_refunded`, so the
 * order's refunded amount is raised to it (never lowered: events may arrive out of order or
 * twice). Money given back beyond what the shop's own refunds explain is noted on the order as
 * a dashboard refund. The order's status, stock and points are left to the admin: a refund in
 * the dashboard may be a goodwill gesture on a parcel that was delivered; cancelling the order
 * afterwards completes it without refunding again (server/orders/cancel-order.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { LIFECYCLE_MESSAGES } from '../../domain/order-lifecycle';
import type { Database } from '../db/client';
import { orders, paymentEvents, refunds } from '../db/schema';
import { recordRefundedAmount, writeOrderNote } from './refund-order';

export type RefundReconciliation = 'reconciled' | 'duplicate-event' | 'unknown-payment';

export async function reconcileProviderRefund(options: {
  db: Database;
  logger: Logger;
  eventId: string;
  charge: Stripe.Charge;
}): Promise<RefundReconciliation> {
  const { charge, logger } = options;
  const paymentIntent = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  const amountRefunded = Number.isSafeInteger(charge.amount_refunded) ? Math.max(0, charge.amount_refunded) : 0;
  const result = await options.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ id: options.eventId, provider: 'stripe', type: 'charge.refunded', sessionId: null })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return 'duplicate-event' as const;
    if (!paymentIntent) return 'unknown-payment' as const;
    const [order] = await tx.select().from(orders).where(eq(orders.paymentReference, paymentIntent)).for('update');
    if (!order) return 'unknown-payment' as const;
    await recordRefundedAmount({ db: tx, orderId: order.id, refundedCents: amountRefunded });
    // An older, smaller figure arriving late does not lower what the order shows.
    const refundedNow = Math.max(order.refundedCents, amountRefunded);
    const [ours] = await tx
      .select({ total: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), sql`${refunds.status} <> 'failed'`));
    const outside = refundedNow - Number(ours?.total ?? 0);
    if (outside > 0) {
      await writeOrderNote({
        db: tx,
        orderId: order.id,
        kind: 'provider-refund',
        body: LIFECYCLE_MESSAGES.noteProviderRefund(outside),
      });
    }
    return 'reconciled' as const;
  });
  if (result === 'unknown-payment') logger.warn({ eventId: options.eventId, paymentIntent }, 'charge.refunded for an unknown payment');
  return result;
}
