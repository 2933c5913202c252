/**
 * Reading discount codes: a live (not retired) code by its code in any case, as the rules of
 * domain/discount.ts take it. `takeUse` is the checkout's read (issue 31): one conditional
 * update counts a use under the code's limit and locks the row for the rest of the transaction,
 * and the row comes back as it was before that use, for the rules to decide on; a checkout the
 * rules refuse throws, and its rollback gives the use back. The lock is the one the limits are counted under
 * (redemptions.ts), taken before any stock row.
 */
import { and, isNull, sql } from 'drizzle-orm';
import { normalizeCouponCode } from '../../domain/coupon';
import type { DiscountCode, DiscountKind } from '../../domain/discount';
import type { Executor } from '../db/client';
import { discountCodes } from '../db/schema';

export type DiscountRow = typeof discountCodes.$inferSelect;

export function toDiscountCode(row: DiscountRow): DiscountCode {
  return {
    code: row.code,
    description: row.description,
    kind: row.kind as DiscountKind,
    value: row.value,
    minSubtotalCents: row.minSubtotalCents,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    newCustomersOnly: row.newCustomersOnly,
    categories: row.categories,
    isActive: row.isActive,
    timesUsed: row.timesUsed,
  };
}

export async function findDiscountByCode(options: {
  db: Executor;
  code: string;
  /** Count one use and lock the row until the transaction ends (the checkout). */
  takeUse?: boolean;
}): Promise<DiscountRow | null> {
  const code = normalizeCouponCode(options.code);
  const live = and(sql`upper(${discountCodes.code}) = ${code}`, isNull(discountCodes.retiredAt));
  if (options.takeUse) {
    const [taken] = await options.db
      .update(discountCodes)
      .set({ timesUsed: sql`${discountCodes.timesUsed} + 1` })
      .where(and(live, sql`(${discountCodes.usageLimit} is null or ${discountCodes.timesUsed} < ${discountCodes.usageLimit})`))
      .returning();
    if (taken) return { ...taken, timesUsed: taken.timesUsed - 1 };
    // Unknown, or no use left to count (the rare path): the row locked as it is, and shown to the
    // rules as fully used, since this checkout's use could not be counted.
    const [full] = await options.db.select().from(discountCodes).where(live).limit(1).for('update');
    return full ? { ...full, timesUsed: Math.max(full.timesUsed, full.usageLimit ?? full.timesUsed + 1) } : null;
  }
  const [row] = await options.db.select().from(discountCodes).where(live).limit(1);
  return row ?? null;
}
