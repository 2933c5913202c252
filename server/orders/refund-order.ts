/**
 * Refunds, exactly once (issue 11 items 5 and 6; docs/decisions/016). A refund is claimed by
 * inserting its `refunds` row in the caller's transaction: the partial unique index allows one
 * live (pending or succeeded) refund per order, so concurrent cancels and double clicks find
 * the claim taken. The provider is asked after that transaction commits (never while holding
 * row locks across a network call), with an idempotency key derived from the row: asking again
 * for the same row, after a timeout or a crash, gives the same refund back.
 *
 * Outcomes: the provider refunds (the caller records it); the provider refuses (the row is
 * marked failed, which frees the claim: nothing happened); the outcome is unknown (network):
 * the row stays pending with its lease given up, so the next attempt asks again with the same
 * key. A holder that died mid-call loses its claim after REFUND_LEASE_MS.
 */
import { LIFECYCLE_MESSAGES } from '../../domain/order-lifecycle';
import { AppError } from '../app-error';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { orderNotes, orders, refunds } from '../db/schema';
import { isRefundRejection, type PaymentProvider } from '../payments/payment-provider';

/** Longer than a provider call may take (Stripe: 20 s per attempt, 3 attempts). */
export const REFUND_LEASE_MS = 120_000;

export type RefundRow = typeof refunds.$inferSelect;
export type RefundReason = 'cancellation' | 'late-payment';

/**
 * Takes the order's refund claim in the caller's transaction (see the header). Another live
 * claim (a refund done, or one under way within its lease) refuses with 409 'refund-in-progress'.
 */
export async function claimRefund(options: {
  db: Executor;
  orderId: string;
  orderNumber: string;
  provider: string;
  reason: RefundReason;
  amountCents: number;
  paymentReference: string;
  now?: Date;
}): Promise<RefundRow> {
  const { db, orderId } = options;
  const now = options.now ?? new Date();
  const [inserted] = await db
    .insert(refunds)
    .values({
      orderId,
      provider: options.provider,
      reason: options.reason,
      amountCents: options.amountCents,
      paymentReference: options.paymentReference,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [live] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
  if (!live) throw new Error(`refund claim for order ${orderId} conflicted but no live refund was found`);
  if (live.status === 'pending' && live.updatedAt.getTime() < now.getTime() - REFUND_LEASE_MS) {
    // The last holder gave up its lease (unknown outcome) or died: take the same row over,
    // so the provider sees the same idempotency key.
    const [taken] = await db
      .update(refunds)
      .set({ updatedAt: now })
      .where(and(eq(refunds.id, live.id), eq(refunds.status, 'pending'), eq(refunds.updatedAt, live.updatedAt)))
      .returning();
    if (taken) return taken;
  }
  throw new AppError('refund-in-progress', { message: LIFECYCLE_MESSAGES.refundInProgress(options.orderNumber) });
}

export function refundIdempotencyKey(refundId: string): string {
  return `refund-${refundId}`;
}

export type RefundAttempt =
  | { outcome: 'refunded'; providerRefundId: string }
  | { outcome: 'rejected'; message: string }
  | { outcome: 'unknown'; message: string };

/** Asks the provider for a claimed refund; records a refusal or gives the lease up. */
export async function requestRefund(options: {
  db: Database;
  provider: PaymentProvider;
  refund: RefundRow;
}): Promise<RefundAttempt> {
  const { db, provider, refund } = options;
  try {
    const done = await provider.refundPayment({
      paymentReference: refund.paymentReference,
      amountCents: refund.amountCents,
      idempotencyKey: refundIdempotencyKey(refund.id),
      metadata: { order_id: refund.orderId, refund_id: refund.id, reason: refund.reason },
    });
    return { outcome: 'refunded', providerRefundId: done.id };
  } catch (error) {
    if (isRefundRejection(error)) {
      await db
        .update(refunds)
        .set({ status: 'failed', failureMessage: error.message.slice(0, 500), updatedAt: new Date() })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
      return { outcome: 'rejected', message: error.message };
    }
    // Unknown outcome: keep the row (and so its key), release the lease for the next attempt.
    await db
      .update(refunds)
      .set({ updatedAt: new Date(0) })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
    return { outcome: 'unknown', message: error instanceof Error ? error.message : String(error) };
  }
}

/** Marks a claimed refund done; true when this call did it. */
export async function markRefundSucceeded(options: {
  db: Executor;
  refundId: string;
  providerRefundId: string;
}): Promise<boolean> {
  const done = await options.db
    .update(refunds)
    .set({ status: 'succeeded', providerRefundId: options.providerRefundId, updatedAt: new Date() })
    .where(and(eq(refunds.id, options.refundId), eq(refunds.status, 'pending')))
    .returning({ id: refunds.id });
  return done.length > 0;
}

/** Adds money given back to an order; the figure only grows (provider reports may repeat). */
export async function recordRefundedAmount(options: { db: Executor; orderId: string; refundedCents: number }) {
  await options.db
    .update(orders)
    .set({
      refundedCents: sql`greatest(${orders.refundedCents}, ${options.refundedCents})`,
      refundedAt: sql`coalesce(${orders.refundedAt}, now())`,
    })
    .where(eq(orders.id, options.orderId));
}

/** A note on the order for the admin; one per kind (a later one of the same kind replaces it). */
export async function writeOrderNote(options: { db: Executor; orderId: string; kind: string; body: string }) {
  await options.db
    .insert(orderNotes)
    .values({ orderId: options.orderId, kind: options.kind, body: options.body })
    .onConflictDoUpdate({
      target: [orderNotes.orderId, orderNotes.kind],
      set: { body: options.body, createdAt: new Date() },
    });
}
