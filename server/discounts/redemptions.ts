/**
 * A code's uses, exactly as many as allowed however many checkouts arrive at once (issue 26
 * item 3). A use is reserved in the transaction that stores the pending order, with the code's
 * row locked (check-discount.ts) and its count raised by a conditional update, so the limit
 * holds on PGlite and on any number of PostgreSQL processes; it is kept when the order is
 * paid and released when the checkout expires or is cancelled, each a conditional update of
 * the redemption's state, so a replay changes nothing twice. Lock order: the code's row before
 * stock rows, in the checkout and in the release alike, so the two never deadlock.
 */
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { Executor } from '../db/client';
import { discountCodes, discountRedemptions } from '../db/schema';
import { DISCOUNT_MESSAGES } from '../../domain/discount';

export async function reserveDiscountUse(options: {
  tx: Executor;
  discountId: string;
  orderId: string;
  emailKey: string | null;
  userId: string | null;
}): Promise<void> {
  const { tx } = options;
  const raised = await tx
    .update(discountCodes)
    .set({ timesUsed: sql`${discountCodes.timesUsed} + 1` })
    .where(
      and(
        eq(discountCodes.id, options.discountId),
        sql`(${discountCodes.usageLimit} is null or ${discountCodes.timesUsed} < ${discountCodes.usageLimit})`,
      ),
    )
    .returning({ id: discountCodes.id });
  if (raised.length === 0) throw new AppError('coupon-refused', { message: DISCOUNT_MESSAGES.usedUp });
  await tx.insert(discountRedemptions).values({
    discountId: options.discountId,
    orderId: options.orderId,
    emailKey: options.emailKey,
    userId: options.userId,
    state: 'reserved',
  });
}

/** The order is paid: its reserved use is kept. */
export async function keepDiscountUse(tx: Executor, orderId: string): Promise<void> {
  await tx
    .update(discountRedemptions)
    .set({ state: 'used' })
    .where(and(eq(discountRedemptions.orderId, orderId), eq(discountRedemptions.state, 'reserved')));
}

/**
 * The order's checkout expired or was cancelled: its use goes back (once). A paid order that
 * is cancelled gives its use back too (it was refunded).
 */
export async function releaseDiscountUse(tx: Executor, orderId: string): Promise<void> {
  const [released] = await tx
    .update(discountRedemptions)
    .set({ state: 'released' })
    .where(and(eq(discountRedemptions.orderId, orderId), sql`${discountRedemptions.state} in ('reserved', 'used')`))
    .returning({ discountId: discountRedemptions.discountId });
  if (!released) return;
  await tx
    .update(discountCodes)
    .set({ timesUsed: sql`greatest(${discountCodes.timesUsed} - 1, 0)` })
    .where(eq(discountCodes.id, released.discountId));
}
