/** The admin may set any of the five statuses at any time (SPEC §4 Order status). */
import { eq } from 'drizzle-orm';
import type { OrderStatus } from '../../domain/order';
import type { Executor } from '../db/client';
import { orders } from '../db/schema';

export async function updateOrderStatus(options: { db: Executor; orderId: string; status: OrderStatus }) {
  const updated = await options.db
    .update(orders)
    .set({ status: options.status, cancelledAt: options.status === 'cancelled' ? new Date() : null })
    .where(eq(orders.id, options.orderId))
    .returning({ id: orders.id, status: orders.status });
  return updated[0] ?? null;
}
