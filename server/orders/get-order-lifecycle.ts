/**
 * What the admin's order details show about fulfilment and money after payment (issue 11
 * items 4-6): carrier, tracking number and link, shipped and delivered dates, the refund
 * (amount, date, the shop's refund and its state) and the order's notes.
 */
import { asc, desc, eq } from 'drizzle-orm';
import { trackingUrl, type OrderLifecycle } from '../../domain/order-lifecycle';
import type { Executor } from '../db/client';
import { orderNotes, type orders, refunds } from '../db/schema';

type OrderRow = typeof orders.$inferSelect;

export async function getOrderLifecycle(options: { db: Executor; order: OrderRow }): Promise<OrderLifecycle> {
  const { db, order } = options;
  const [refundRows, noteRows] = await Promise.all([
    db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(desc(refunds.createdAt)),
    db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id)).orderBy(asc(orderNotes.createdAt)),
  ]);
  return {
    isPaid: order.paidAt !== null,
    shippingCarrier: order.shippingCarrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: trackingUrl(order.shippingCarrier, order.trackingNumber),
    shippedAt: order.shippedAt?.toISOString() ?? null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    refundedCents: order.refundedCents,
    refundedAt: order.refundedAt?.toISOString() ?? null,
    refunds: refundRows.map((row) => ({
      id: row.id,
      reason: row.reason,
      status: row.status,
      amountCents: row.amountCents,
      providerRefundId: row.providerRefundId,
      failureMessage: row.failureMessage,
      createdAt: row.createdAt.toISOString(),
    })),
    notes: noteRows.map((row) => ({ kind: row.kind, body: row.body, createdAt: row.createdAt.toISOString() })),
  };
}
