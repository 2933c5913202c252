/**
 * The order history of a signed-in customer: orders linked to their customers row or
 * placed with their (confirmed) e-mail, newest first, with their lines. Abandoned
 * checkouts (pending and never paid) are left out.
 */
import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { trackingUrl } from '../../domain/order-lifecycle';
import type { OrderTotalsSummary } from '../../domain/order-summary';
import { storedTaxLabel } from '../../domain/tax';
import type { Executor } from '../db/client';
import { customers, orderLines, orders } from '../db/schema';

/** With its totals as the confirmation gives them (subtotal, code, points, shipping, tax, total). */
export interface CustomerOrder extends OrderTotalsSummary {
  id: string;
  orderNumber: string;
  status: string;
  createdAt: string;
  totalCents: number;
  /** Sales tax charged (issue 25) and its line's label; what was paid is the total plus it. */
  taxCents: number;
  taxLabel: string | null;
  /** Set when shipped (issue 11 item 4); the link only for a carrier we know. */
  shippingCarrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  refundedCents: number;
  lines: { name: string; color: string; size: string; quantity: number; lineTotalCents: number; imageUrl: string | null }[];
}

export async function listCustomerOrders(options: {
  db: Executor;
  userId: string;
  email: string;
  limit?: number;
}): Promise<CustomerOrder[]> {
  const { db, userId, limit = 50 } = options;
  const email = options.email.trim().toLowerCase();
  const mine = db.select({ id: customers.id }).from(customers).where(eq(customers.userId, userId));
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      createdAt: orders.createdAt,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
      couponCode: orders.couponCode,
      shippingDiscountCents: orders.shippingDiscountCents,
      pointsRedeemed: orders.pointsRedeemed,
      pointsDiscountCents: orders.pointsDiscountCents,
      shippingCents: orders.shippingCents,
      totalCents: orders.totalCents,
      taxCents: orders.taxCents,
      taxCountry: orders.taxCountry,
      taxRegion: orders.taxRegion,
      taxRateMilli: orders.taxRateMilli,
      shippingCarrier: orders.shippingCarrier,
      trackingNumber: orders.trackingNumber,
      refundedCents: orders.refundedCents,
    })
    .from(orders)
    .where(
      and(
        or(inArray(orders.customerId, mine), sql`lower(${orders.email}) = ${email}`),
        or(ne(orders.status, 'pending'), isNotNull(orders.paidAt)),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      orderId: orderLines.orderId,
      name: orderLines.name,
      color: orderLines.color,
      size: orderLines.size,
      quantity: orderLines.quantity,
      lineTotalCents: orderLines.lineTotalCents,
      imageUrl: orderLines.imageUrl,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, rows.map((row) => row.id)))
    .orderBy(asc(orderLines.position));
  return rows.map(({ taxCountry, taxRegion, taxRateMilli, ...row }) => ({
    ...row,
    taxLabel: row.taxCents > 0 ? storedTaxLabel({ taxCountry, taxRegion, taxRateMilli }) : null,
    createdAt: new Date(row.createdAt).toISOString(),
    trackingUrl: trackingUrl(row.shippingCarrier, row.trackingNumber),
    lines: lines
      .filter((line) => line.orderId === row.id)
      .map(({ orderId: _orderId, ...line }) => line),
  }));
}
