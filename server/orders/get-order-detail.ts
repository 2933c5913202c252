/** An order's View Details: lines, totals, coupon, points, payment reference and shipping address. */
import { asc, eq } from 'drizzle-orm';
import type { AdminOrderDetail } from '../../domain/admin-contract';
import type { OrderStatus } from '../../domain/order';
import type { Executor } from '../db/client';
import { customers, orderLines, orders } from '../db/schema';
import { orderLineOf, orderTotalsOf } from './order-summary';
import { getOrderLifecycle } from './get-order-lifecycle';
import { orderShippingAddress } from '../customers/get-last-shipping-address';

export async function getOrderDetail(options: { db: Executor; orderId: string }): Promise<AdminOrderDetail | null> {
  const { db, orderId } = options;
  const found = await db
    .select({ order: orders, firstName: customers.firstName, lastName: customers.lastName, customerEmail: customers.email })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId))
    .limit(1);
  const row = found[0];
  if (!row) return null;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
  const { order } = row;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status as OrderStatus,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    customerName: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
    email: row.customerEmail ?? order.email,
    ...orderTotalsOf(order),
    pointsEarned: order.pointsEarned,
    paymentProvider: order.paymentProvider,
    paymentReference: order.paymentReference,
    lifecycle: await getOrderLifecycle({ db, order }),
    /** Null when none was collected (a sandbox page paid with the address left blank). */
    shipping: orderShippingAddress(order),
    lines: lines.map((line) => ({ id: line.id, ...orderLineOf(line) })),
  };
}
