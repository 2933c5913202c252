/**
 * The admin sets an order's status (SPEC §4 Order status: any value at any time), with what
 * issue 11 adds to it: 'shipped' stores the carrier and tracking number, 'shipped' and
 * 'delivered' mail the customer (once per order and status), 'cancelled' cancels for real
 * (server/orders/cancel-order.ts: refund, stock, points). The limits: an order whose money
 * was given back, or is being given back, stays cancelled; a cancelled order is reopened only
 * if the units its cancellation gave back can be taken again (never sold twice).
 */
import { and, eq, ne } from 'drizzle-orm';
import type { OrderStatus } from '../../domain/order';
import { LIFECYCLE_MESSAGES } from '../../domain/order-lifecycle';
import type { Shipment } from '../../domain/shipment';
import { AppError, notFound } from '../app-error';
import { orders, refunds } from '../db/schema';
import { queueOrderStatusEmail } from '../mail/order-status-email';
import { cancelOrder } from './cancel-order';
import { retakeOrderStock } from '../stock/retake-order-stock';
import type { PaymentServices } from './payment-services';
import { writeAuditEntry, type AuditActor } from '../audit/audit-log';
import type { Executor } from '../db/client';
import { assertAdminPermission } from '../staff/admin-actor';

export interface UpdatedOrderStatus {
  id: string;
  status: OrderStatus;
  message?: string;
}

export async function updateOrderStatus(
  options: PaymentServices & {
    orderId: string;
    status: OrderStatus;
    shipment?: Shipment;
    publicUrl?: string;
    /** Who changes it: the audit entry is written in the change's transaction (issue 27). */
    actor: AuditActor;
    /** Why (asked when a paid order is cancelled and refunded). */
    reason?: string | null;
  },
): Promise<UpdatedOrderStatus> {
  const { db, orderId, status, publicUrl } = options;
  if (status === 'cancelled') return cancelOrder(options);
  const result = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('Order not found');
    const [liveRefund] = await tx
      .select({ status: refunds.status })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')))
      .limit(1);
    if (liveRefund?.status === 'pending') {
      throw new AppError('refund-in-progress', {
        message: LIFECYCLE_MESSAGES.refundInProgress(order.orderNumber),
      });
    }
    if (order.status === 'cancelled' && (liveRefund || order.refundedCents > 0)) {
      throw new AppError('refunded-order-final', {
        message: LIFECYCLE_MESSAGES.refundedOrderIsFinal(order.orderNumber),
      });
    }
    // Reopening a cancelled order is more than moving it along (issue 27: 'orders.cancel'); the
    // route can check only the status asked for, this is where the order's own is known.
    if (order.status === 'cancelled') assertAdminPermission(options.actor, 'orders.cancel');
    // Reopened: the units its cancellation gave back are taken again, or it stays cancelled.
    if (order.status === 'cancelled') await retakeOrderStock(tx, order);
    const now = new Date();
    const isTransition = order.status !== status;
    const [updated] = await tx
      .update(orders)
      .set({
        status,
        cancelledAt: null,
        updatedAt: now,
        ...(status === 'shipped'
          ? {
              shippingCarrier: options.shipment?.carrier ?? null,
              trackingNumber: options.shipment?.trackingNumber ?? null,
              shippedAt: isTransition ? now : order.shippedAt,
            }
          : {}),
        ...(status === 'delivered' && isTransition ? { deliveredAt: now } : {}),
      })
      .where(eq(orders.id, orderId))
      .returning();
    if (!updated) throw notFound('Order not found');
    await auditStatusChange({ db: tx, actor: options.actor, before: order, after: updated, reason: options.reason });
    let queued = false;
    if (isTransition && (status === 'shipped' || status === 'delivered')) {
      queued = await queueOrderStatusEmail({ db: tx, order: updated, status, publicUrl });
    }
    return { id: updated.id, status: updated.status as OrderStatus, queued };
  });
  if (result.queued) {
    options.mail.deliverNow().catch((error: unknown) => options.logger.error({ err: error }, 'mail delivery failed'));
  }
  return { id: result.id, status: result.status };
}

type OrderRow = typeof orders.$inferSelect;

/**
 * The audit entry of a status change (not a cancel): "marked WYF-001002 shipped (USPS 9400…)",
 * with the status, carrier and tracking number before and after. Nothing changed, no entry.
 */
async function auditStatusChange(options: {
  db: Executor;
  actor: AuditActor;
  before: OrderRow;
  after: OrderRow;
  reason?: string | null;
}) {
  const { before, after } = options;
  const changes = [
    { field: 'status', from: before.status, to: after.status },
    { field: 'carrier', from: before.shippingCarrier, to: after.shippingCarrier },
    { field: 'tracking number', from: before.trackingNumber, to: after.trackingNumber },
  ].filter((change) => change.from !== change.to);
  if (changes.length === 0) return;
  const shipment = [after.shippingCarrier, after.trackingNumber].filter(Boolean).join(' ');
  const summary =
    after.status === 'shipped'
      ? `marked ${after.orderNumber} shipped${shipment ? ` (${shipment})` : ''}`
      : `marked ${after.orderNumber} ${after.status} (was ${before.status})`;
  await writeAuditEntry(options.db, options.actor, {
    action: after.status === 'shipped' ? 'order.shipped' : 'order.status',
    target: after.orderNumber,
    summary,
    changes,
    reason: options.reason,
  });
}
