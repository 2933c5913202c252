/**
 * The one way an unpaid order or donation ends: a conditional update from 'pending', so a
 * payment that won the race is never undone and a second cancel changes nothing. Used by the
 * completion (expired or failed payment), the sweep (abandoned checkouts) and a session the
 * provider could not open. A pending order's points hold disappears with its status; whatever
 * else an order holds (its stock reservation) is released here, in the caller's transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { donations, orders } from '../db/schema';
import { releaseOrderStock } from '../stock/release-order-stock';

/** True when this call cancelled the order (it was pending). */
export async function cancelPendingOrder(options: { db: Executor; orderId: string; now?: Date }): Promise<boolean> {
  const now = options.now ?? new Date();
  const cancelled = await options.db
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(and(eq(orders.id, options.orderId), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  if (cancelled.length === 0) return false;
  await releaseOrderStock(options.db, options.orderId);
  return true;
}

/** True when this call cancelled the donation (it was pending). */
export async function cancelPendingDonation(options: {
  db: Executor;
  donationId: string;
  now?: Date;
}): Promise<boolean> {
  const now = options.now ?? new Date();
  const cancelled = await options.db
    .update(donations)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(donations.id, options.donationId), eq(donations.status, 'pending')))
    .returning({ id: donations.id });
  return cancelled.length > 0;
}
