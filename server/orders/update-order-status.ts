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

export interface UpdatedOrderStatus {
  id: string;
  status: OrderStatus;
  message?: string;
}

export async function updateOrderStatus(
  options: PaymentServices & { orderId: string; status: OrderStatus; shipment?: Shipment; publicUrl?: string },
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
