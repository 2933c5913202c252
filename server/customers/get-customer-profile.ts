/** A customer's View Profile: their orders and loyalty balance (summed by the loyalty ledger's one rule). */
import { desc, eq, or } from 'drizzle-orm';
import type { AdminCustomerProfile } from '../../domain/admin-contract';
import type { OrderStatus } from '../../domain/order';
import type { Executor } from '../db/client';
import { customers, orders } from '../db/schema';
import { getPointsTotals } from '../loyalty/ledger';
import { adminCustomerColumns } from './list-customers';

export async function getCustomerProfile(options: {
  db: Executor;
  customerId: string;
}): Promise<AdminCustomerProfile | null> {
  const { db, customerId } = options;
  const found = await db
    .select(adminCustomerColumns)
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  const customer = found[0];
  if (!customer) return null;
  const [customerOrders, points] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        totalCents: orders.totalCents,
        taxCents: orders.taxCents,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(or(eq(orders.customerId, customerId), eq(orders.email, customer.email)))
      .orderBy(desc(orders.createdAt))
      .limit(100),
    getPointsTotals({ db, email: customer.email }),
  ]);
  return {
    id: customer.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    createdAt: customer.createdAt.toISOString(),
    totalPoints: points.available,
    lifetimePoints: points.lifetime,
    orders: customerOrders.map((order) => ({
      ...order,
      status: order.status as OrderStatus,
      createdAt: order.createdAt.toISOString(),
    })),
  };
}
