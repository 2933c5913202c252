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
import { setListSql } from '../db/set-list-sql';
import { tableRowOf } from '../db/table-row';

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
    // Every checkout with a code runs it: SQL with plain parameters and `returning *` (issue 31:
    // cheap to build), the same condition as `live` below.
    const { rows } = await options.db.execute<Record<string, unknown>>(sql`
      update ${discountCodes} set ${setListSql(discountCodes, { timesUsed: sql`times_used + 1` })}
      where upper(code) = ${code} and retired_at is null and (usage_limit is null or times_used < usage_limit)
      returning *`);
    const taken = rows[0] ? tableRowOf(discountCodes, rows[0]) : null;
    if (taken) return { ...taken, timesUsed: taken.timesUsed - 1 };
    // Unknown, or no use left to count (the rare path): the row locked as it is, and shown to the
    // rules as fully used, since this checkout's use could not be counted.
    const [full] = await options.db.select().from(discountCodes).where(live).limit(1).for('update');
    return full ? { ...full, timesUsed: Math.max(full.timesUsed, full.usageLimit ?? full.timesUsed + 1) } : null;
  }
  const [row] = await options.db.select().from(discountCodes).where(live).limit(1);
  return row ?? null;
}
