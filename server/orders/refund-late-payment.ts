/**
 * A payment that arrives for an order that is no longer pending (cancelled by the admin, or
 * expired) is given back (issue 11 item 6; docs/decisions/004 and 016). The completion claims
 * the refund in its own transaction (`claimLatePaymentRefund`), so a replay or the read-back
 * and the webhook together claim it once; after commit the provider is asked
 * (`settleLatePaymentRefund`), and the order's notes say what happened. An unknown outcome
 * leaves the claim pending: the checkout sweep asks again with the same idempotency key.
 */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { LIFECYCLE_MESSAGES } from '../../domain/order-lifecycle';
import { AppError } from '../app-error';
import type { Executor } from '../db/client';
import { orders, refunds } from '../db/schema';
import {
  claimRefund,
  markRefundSucceeded,
  recordRefundedAmount,
  REFUND_LEASE_MS,
  requestRefund,
  writeOrderNote,
  type RefundRow,
} from './refund-order';
import type { ProviderServices } from './payment-services';

/**
 * In the completion's transaction: claims the refund of a payment for a cancelled, never-paid
 * order. Null when there is nothing to give back (not cancelled, paid before, claimed already).
 */
export async function claimLatePaymentRefund(options: {
  db: Executor;
  orderId: string;
  provider: string;
  paymentReference: string | null | undefined;
  amountCents: number;
}): Promise<RefundRow | null> {
  const { db, orderId, paymentReference } = options;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.status !== 'cancelled' || order.paidAt || !paymentReference) return null;
  await db
    .update(orders)
    .set({ paymentReference: sql`coalesce(${orders.paymentReference}, ${paymentReference})` })
    .where(eq(orders.id, orderId));
  try {
    return await claimRefund({
      db,
      orderId,
      orderNumber: order.orderNumber,
      provider: options.provider,
      reason: 'late-payment',
      amountCents: options.amountCents,
      paymentReference,
    });
  } catch (error) {
    // Claimed already (by an earlier delivery of the same payment): nothing more to give back.
    if (error instanceof AppError && error.code === 'refund-in-progress') return null;
    throw error;
  }
}

/** After commit: asks the provider for the claimed refund and notes the outcome on the order. */
export async function settleLatePaymentRefund(
  options: ProviderServices & { refund: RefundRow },
): Promise<'refunded' | 'rejected' | 'unknown'> {
  const { db, refund, logger } = options;
  const attempt = await requestRefund(options);
  if (attempt.outcome === 'refunded') {
    await db.transaction(async (tx) => {
      if (!(await markRefundSucceeded({ db: tx, refundId: refund.id, providerRefundId: attempt.providerRefundId })))
        return;
      await recordRefundedAmount({ db: tx, orderId: refund.orderId, refundedCents: refund.amountCents });
      await writeOrderNote({
        db: tx,
        orderId: refund.orderId,
        kind: 'late-payment',
        body: LIFECYCLE_MESSAGES.noteLatePaymentRefunded(refund.amountCents),
      });
    });
    logger.warn(
      { orderId: refund.orderId, refundId: refund.id },
      'payment for a cancelled order refunded automatically',
    );
  } else {
    logger.error({ orderId: refund.orderId, refundId: refund.id, reason: attempt.message }, 'automatic refund failed');
    await writeOrderNote({
      db,
      orderId: refund.orderId,
      kind: 'late-payment',
      // Refused: the admin refunds it by hand. Unknown: the sweep retries it (retryLatePaymentRefunds).
      body:
        attempt.outcome === 'rejected'
          ? LIFECYCLE_MESSAGES.noteLatePaymentRefundFailed(refund.amountCents, attempt.message)
          : LIFECYCLE_MESSAGES.noteLatePaymentRefundPending(refund.amountCents, attempt.message),
    });
  }
  return attempt.outcome;
}

/** The sweep's part: late-payment refunds whose outcome is unknown are asked for again. */
export async function retryLatePaymentRefunds(options: ProviderServices & { now?: Date }): Promise<number> {
  const now = options.now ?? new Date();
  const stale = await options.db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        eq(refunds.reason, 'late-payment'),
        eq(refunds.provider, options.provider.name),
        lt(refunds.updatedAt, new Date(now.getTime() - REFUND_LEASE_MS)),
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(50);
  let retried = 0;
  for (const row of stale) {
    const [taken] = await options.db
      .update(refunds)
      .set({ updatedAt: now })
      .where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending'), eq(refunds.updatedAt, row.updatedAt)))
      .returning();
    if (!taken) continue;
    await settleLatePaymentRefund({ ...options, refund: taken });
    retried += 1;
  }
  return retried;
}
