/**
 * Whether a code applies to a cart and a shopper: the code's row and the shopper's history
 * (their live uses of it by normalised e-mail or account, and whether they have a paid order),
 * decided by domain/discount.ts `checkDiscount`. The cart quote calls it without a lock (a
 * preview); the checkout takes the use first (`takeUse`: the code's row counted and locked, so
 * no other checkout's counts can change before this one commits or rolls back).
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { checkDiscount, normalizeDiscountEmail, type DiscountCheck } from '../../domain/discount';
import type { PriceLine } from '../../domain/price-order';
import type { Executor } from '../db/client';
import { emailKeySql } from '../db/email-key-sql';
import { customers, discountRedemptions, orders } from '../db/schema';
import { paidOrderPredicate } from '../orders/paid-order';
import { findDiscountByCode, toDiscountCode, type DiscountRow } from './find-discount';

/** The shopper a per-customer limit counts: their e-mail (as typed) and their account, each optional. */
export interface DiscountShopper {
  email: string | null;
  userId: string | null;
}

export type DiscountDecision =
  { found: false } | { found: true; row: DiscountRow; check: DiscountCheck; emailKey: string | null };

async function customerUses(
  db: Executor,
  discountId: string,
  emailKey: string | null,
  userId: string | null,
): Promise<number> {
  const who: SQL[] = [];
  if (emailKey) who.push(eq(discountRedemptions.emailKey, emailKey));
  if (userId) who.push(eq(discountRedemptions.userId, userId));
  if (who.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.discountId, discountId),
        inArray(discountRedemptions.state, ['reserved', 'used']),
        or(...who),
      ),
    );
  return row?.n ?? 0;
}

/** Whether the shopper (their normalised e-mail, as a code's uses count it, or account) has a paid order. */
async function hasPaidOrder(db: Executor, emailKey: string | null, userId: string | null): Promise<boolean> {
  const who: SQL[] = [];
  // The expression of orders_email_key_idx (email-key-sql.ts), so this reads the index.
  if (emailKey) who.push(sql`${emailKeySql(orders.email)} = ${emailKey}`);
  if (userId) {
    who.push(
      inArray(orders.customerId, db.select({ id: customers.id }).from(customers).where(eq(customers.userId, userId))),
    );
  }
  if (who.length === 0) return false;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(paidOrderPredicate, or(...who)))
    .limit(1);
  return Boolean(row);
}

export async function decideDiscount(options: {
  db: Executor;
  code: string;
  lines: readonly PriceLine[];
  shopper: DiscountShopper;
  now?: Date;
  /** Count one use and lock the code's row for the rest of the transaction (the checkout). */
  takeUse?: boolean;
}): Promise<DiscountDecision> {
  const row = await findDiscountByCode({ db: options.db, code: options.code, takeUse: options.takeUse });
  if (!row) return { found: false };
  const { email, userId } = options.shopper;
  const emailKey = email ? normalizeDiscountEmail(email) : null;
  const needsShopper = row.perCustomerLimit !== null || row.newCustomersOnly;
  const check = checkDiscount(toDiscountCode(row), {
    now: options.now ?? new Date(),
    lines: options.lines,
    identified: Boolean(emailKey || userId),
    customerUses:
      needsShopper && row.perCustomerLimit !== null ? await customerUses(options.db, row.id, emailKey, userId) : 0,
    hasPaidOrder: needsShopper && row.newCustomersOnly ? await hasPaidOrder(options.db, emailKey, userId) : false,
  });
  return { found: true, row, check, emailKey };
}
