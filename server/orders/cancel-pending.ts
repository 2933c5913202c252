/**
 * The one way an unpaid order or donation ends: a conditional update from 'pending', so a
 * payment that won the race is never undone and a second cancel changes nothing. Used by the
 * completion (expired or failed payment), the sweep (abandoned checkouts) and a session the
 * provider could not open. A pending order's points hold disappears with its status; whatever
 * else an order holds (its stock reservation, its discount code's use) is released here, in the caller's transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { donations, orders } from '../db/schema';
import type { PaymentPurpose } from '../payments/payment-provider';
import { releaseDiscountUse } from '../discounts/redemptions';
import { releaseOrderStock } from '../stock/release-order-stock';

/**
 * True when this call cancelled the order or donation `id` (it was pending). Callers that
 * hold a checkout of either kind pass its purpose; an order's stock goes back with it.
 */
export async function cancelPendingCheckout(options: {
  db: Executor;
  purpose: PaymentPurpose;
  id: string;
  now?: Date;
}): Promise<boolean> {
  const { db, id } = options;
  const now = options.now ?? new Date();
  if (options.purpose === 'donation') {
    const cancelled = await db
      .update(donations)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(donations.id, id), eq(donations.status, 'pending')))
      .returning({ id: donations.id });
    return cancelled.length > 0;
  }
  const cancelled = await db
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  if (cancelled.length === 0) return false;
  // The code's use first, then the stock: the checkout takes the code's row before stock rows.
  await releaseDiscountUse(db, id);
  await releaseOrderStock(db, id);
  return true;
}
