/**
 * Reading discount codes: a live (not retired) code by its code in any case, as the rules of
 * domain/discount.ts take it. `forUpdate` locks the row for the rest of the transaction: the
 * checkout holds it while it counts and reserves a use (redemptions.ts).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
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
  forUpdate?: boolean;
}): Promise<DiscountRow | null> {
  const code = normalizeCouponCode(options.code);
  const query = options.db
    .select()
    .from(discountCodes)
    .where(and(sql`upper(${discountCodes.code}) = ${code}`, isNull(discountCodes.retiredAt)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findDiscountById(options: { db: Executor; id: string }): Promise<DiscountRow | null> {
  const [row] = await options.db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.id, options.id), isNull(discountCodes.retiredAt)))
    .limit(1);
  return row ?? null;
}
