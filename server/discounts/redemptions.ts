/**
 * A code's uses, exactly as many as allowed however many checkouts arrive at once (issue 26
 * item 3). A use is taken in the transaction that stores the pending order: the code's count
 * is raised first, which locks its row (find-discount.ts `takeUse`), the limits are decided on
 * the counts as they were, and the order's redemption row (`newRedemptionSql`) is stored with the
 * order; so the limit holds on PGlite and on any number of PostgreSQL processes. The use is kept
 * when the order is paid and released when the checkout expires or is cancelled, each a
 * conditional update of the redemption's state, so a replay changes nothing twice. Lock order:
 * the code's row before stock rows, in the checkout and in the release alike, so the two never
 * deadlock.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { discountCodes, discountRedemptions } from '../db/schema';
import { setListSql } from '../db/set-list-sql';

/**
 * The insert of a checkout's code use (its count was raised by `takeUse`), reserved: a piece of
 * the statement that stores the order (create-checkout.ts), which names the order by `orderId`.
 */
export function newRedemptionSql(options: {
  discountId: string;
  /** SQL naming the order's id in the statement that stores it. */
  orderId: SQL;
  emailKey: string | null;
  userId: string | null;
}): SQL {
  return sql`insert into ${discountRedemptions} (discount_id, order_id, email_key, user_id, state)
    values (${options.discountId}::uuid, ${options.orderId}, ${options.emailKey}::text, ${options.userId}::text, 'reserved')`;
}

/**
 * The order is paid: its reserved use is kept. A piece of the payment's one statement of its
 * consequences (complete-checkout-session.ts, issue 31: every payment asks, code or not).
 */
export function keepDiscountUseSql(orderId: string): SQL {
  return sql`update ${discountRedemptions} set ${setListSql(discountRedemptions, { state: 'used' })}
    where order_id = ${orderId}::uuid and state = 'reserved'`;
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
