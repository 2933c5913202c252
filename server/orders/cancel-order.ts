/**
 * The admin cancels an order (issue 11 item 5; docs/decisions/016).
 *  - Pending and never paid: cancelled through cancelPendingCheckout; its points hold goes with its
 *    status and its stock goes back; no money moves.
 *  - Paid (processing, shipped, delivered): the refund is claimed (refund-order.ts) in a first
 *    transaction, asked of the provider after it commits, and only when the provider says yes
 *    does a second transaction cancel the order, record the refund, put the stock back, return
 *    the points it redeemed, take back the points it earned (as far as the balance allows) and
 *    queue the cancellation e-mail. A refusal leaves the order as it was, points unmoved.
 *  - Already cancelled, or a refund in flight: a clear 409, nothing changes.
 * An order whose money was already given back in the provider's dashboard is cancelled
 * without asking the provider again.
 */
import { amountChargedCents } from '../../domain/order-summary';
import { and, eq, ne, sql } from 'drizzle-orm';
import { cancelRestocks, LIFECYCLE_MESSAGES, planPointsReversal } from '../../domain/order-lifecycle';
import { AppError, notFound, type AppErrorCode } from '../app-error';
import type { Executor } from '../db/client';
import { loyaltyLedger, orders } from '../db/schema';
import { getSpendablePoints } from '../loyalty/ledger';
import { queueOrderStatusEmail } from '../mail/order-status-email';
import type { PaymentServices } from './payment-services';
import { formatCents } from '../../domain/money';
import { STAFF_TEXTS } from '../../domain/staff-roles';
import { writeAuditEntry, type AuditActor } from '../audit/audit-log';
import { releaseOrderStock } from '../stock/release-order-stock';
import { releaseDiscountUse } from '../discounts/redemptions';
import { cancelPendingCheckout } from './cancel-pending';
import {
  claimRefund,
  markRefundSucceeded,
  recordRefundedAmount,
  requestRefund,
  writeOrderNote,
  type RefundRow,
} from './refund-order';

type OrderRow = typeof orders.$inferSelect;

interface CancelAudit {
  actor: AuditActor;
  reason: string | null;
}

/** "cancelled WYF-001002 and refunded $31.98", status and refund before and after, and the reason. */
async function auditCancellation(options: { db: Executor; audit: CancelAudit; order: OrderRow; refundedCents: number }) {
  const { order, refundedCents } = options;
  await writeAuditEntry(options.db, options.audit.actor, {
    action: 'order.cancelled',
    target: order.orderNumber,
    summary: `cancelled ${order.orderNumber}${refundedCents > 0 ? ` and refunded ${formatCents(refundedCents)}` : ''}`,
    changes: [
      { field: 'status', from: order.status, to: 'cancelled' },
      ...(refundedCents > 0
        ? [{ field: 'refunded', from: formatCents(order.refundedCents), to: formatCents(order.refundedCents + refundedCents) }]
        : []),
    ],
    reason: options.audit.reason,
  });
}

export interface CancelOrderResult {
  id: string;
  status: 'cancelled';
  refundedCents: number;
  message: string;
}

const conflict = (code: AppErrorCode, message: string) => new AppError(code, { message });

export async function cancelOrder(
  options: PaymentServices & {
    publicUrl?: string;
    orderId: string;
    /** Who cancels, and why: the audit entry is written in the cancellation's transaction (issue 27). */
    actor: AuditActor;
    reason?: string | null;
  },
): Promise<CancelOrderResult> {
  const { db, provider, logger, publicUrl, orderId } = options;
  const audit = { actor: options.actor, reason: options.reason?.trim() || null };
  const first = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'cancelled')
      throw conflict('already-cancelled', LIFECYCLE_MESSAGES.alreadyCancelled(order.orderNumber));
    // A paid order's cancellation refunds it: it asks for a reason, kept in the activity log.
    if (order.paidAt && !audit.reason) throw new AppError('reason-required', { message: STAFF_TEXTS.reasonRequired });
    // Pending and never paid (a paid order set back to pending by hand is refunded below).
    if (order.status === 'pending' && !order.paidAt) {
      if (!(await cancelPendingCheckout({ db: tx, purpose: 'order', id: order.id }))) {
        throw conflict('already-cancelled', LIFECYCLE_MESSAGES.alreadyCancelled(order.orderNumber));
      }
      // cancelPendingCheckout released its reserved stock.
      await auditCancellation({ db: tx, audit, order, refundedCents: 0 });
      await queueOrderStatusEmail({ db: tx, order, status: 'cancelled', publicUrl });
      return { kind: 'done', done: order, refundedCents: 0 } as const;
    }
    // What was charged, the sales tax included (issue 25): a cancellation gives all of it back.
    const owed = amountChargedCents(order) - order.refundedCents;
    if (!order.paidAt || !order.paymentReference || owed <= 0) {
      // Never paid (set by hand), or already refunded in the provider's dashboard: no money moves.
      await finishCancellation({ db: tx, order, publicUrl, audit });
      return { kind: 'done', done: order, refundedCents: order.refundedCents } as const;
    }
    const claimed = await claimRefund({
      db: tx,
      orderId: order.id,
      orderNumber: order.orderNumber,
      provider: provider.name,
      reason: 'cancellation',
      amountCents: owed,
      paymentReference: order.paymentReference,
    });
    return { kind: 'claimed', claimed, order } as const;
  });

  if (first.kind === 'done') {
    options.mail.deliverNow().catch((error: unknown) => logger.error({ err: error }, 'mail delivery failed'));
    return {
      id: first.done.id,
      status: 'cancelled',
      refundedCents: first.refundedCents,
      message: LIFECYCLE_MESSAGES.orderCancelled(first.done.orderNumber),
    };
  }

  const { claimed, order } = first;
  const attempt = await requestRefund({ db, provider, refund: claimed });
  if (attempt.outcome === 'rejected') {
    logger.warn({ orderId, refundId: claimed.id, reason: attempt.message }, 'refund refused by the payment provider');
    throw new AppError('refund-rejected', {
      message: LIFECYCLE_MESSAGES.refundRejected(order.orderNumber, ensureSentence(attempt.message)),
    });
  }
  if (attempt.outcome === 'unknown') {
    logger.error({ orderId, refundId: claimed.id, err: attempt.message }, 'refund outcome unknown');
    throw new AppError('refund-unavailable', { message: LIFECYCLE_MESSAGES.refundUnavailable(order.orderNumber) });
  }
  await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    await markRefundSucceeded({ db: tx, refundId: claimed.id, providerRefundId: attempt.providerRefundId });
    await finishCancellation({ db: tx, order: locked, refund: claimed, publicUrl, audit });
  });
  options.mail.deliverNow().catch((error: unknown) => logger.error({ err: error }, 'mail delivery failed'));
  return {
    id: order.id,
    status: 'cancelled',
    refundedCents: claimed.amountCents,
    message: LIFECYCLE_MESSAGES.orderRefunded(order.orderNumber, claimed.amountCents),
  };
}

async function lockOrder(tx: Executor, orderId: string): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('Order not found');
  return order;
}

function ensureSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * Everything a paid (or hand-moved) order's cancellation does once the money is settled, in
 * the caller's transaction, once: the conditional update from any other status is the guard.
 */
async function finishCancellation(options: {
  db: Executor;
  order: OrderRow;
  refund?: RefundRow;
  publicUrl?: string;
  audit: CancelAudit;
}): Promise<boolean> {
  const { db: tx, order, refund } = options;
  const now = new Date();
  const [cancelled] = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(and(eq(orders.id, order.id), ne(orders.status, 'cancelled')))
    .returning();
  if (!cancelled) return false;
  await auditCancellation({ db: tx, audit: options.audit, order, refundedCents: refund?.amountCents ?? 0 });
  if (refund)
    await recordRefundedAmount({ db: tx, orderId: order.id, refundedCents: order.refundedCents + refund.amountCents });
  // A cancelled order's discount code use goes back (before stock: the checkout's lock order).
  await releaseDiscountUse(tx, order.id);
  // Shipped units are not on the shelf any more (domain/order-lifecycle.ts cancelRestocks).
  if (cancelRestocks(order.status)) await releaseOrderStock(tx, order.id);
  await reverseOrderPoints({ db: tx, order });
  await queueOrderStatusEmail({
    db: tx,
    order: cancelled,
    status: 'cancelled',
    refundedCents: order.refundedCents + (refund?.amountCents ?? 0),
    publicUrl: options.publicUrl,
  });
  return true;
}

/**
 * Returns the points a cancelled order redeemed and takes back all those it earned, as one signed
 * 'adjusted' ledger row (unique per order and type, so never twice), under the same per-e-mail
 * lock as the checkout. Points already spent (or held by an unpaid checkout) are taken back all
 * the same: the balance goes below zero, shown as 0, and the order notes how many are owed
 * (domain/order-lifecycle.ts planPointsReversal).
 */
async function reverseOrderPoints(options: { db: Executor; order: OrderRow }) {
  const { db, order } = options;
  if (!order.email) return;
  const email = order.email.trim().toLowerCase();
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${'points:' + email}))`);
  const rows = await db
    .select({ type: loyaltyLedger.type, points: loyaltyLedger.points })
    .from(loyaltyLedger)
    .where(eq(loyaltyLedger.orderId, order.id));
  if (rows.some((row) => row.type === 'adjusted')) return;
  const earned = Math.abs(rows.find((row) => row.type === 'earned')?.points ?? 0);
  const redeemed = Math.abs(rows.find((row) => row.type === 'redeemed')?.points ?? 0);
  if (earned === 0 && redeemed === 0) return;
  const plan = planPointsReversal({ earned, redeemed, spendable: await getSpendablePoints({ db, email }) });
  if (plan.returned > 0 || plan.takenBack > 0) {
    await db
      .insert(loyaltyLedger)
      .values({
        customerEmail: email,
        customerId: order.customerId,
        type: 'adjusted',
        points: plan.net,
        description: LIFECYCLE_MESSAGES.pointsAdjustment(order.orderNumber, plan.returned, plan.takenBack),
        orderId: order.id,
      })
      .onConflictDoNothing();
  }
  if (plan.owed > 0) {
    await writeOrderNote({
      db,
      orderId: order.id,
      kind: 'points-owed',
      body: LIFECYCLE_MESSAGES.notePointsOwed(plan.owed),
    });
  }
}
