/**
 * The loyalty ledger as the checkout writes and reads it: points earned on a paid order,
 * points redeemed by a paid order, and the balance of an e-mail. Rows for an order are
 * unique per (order, type), so a replayed completion cannot award or redeem twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { loyaltyLedger, orders } from '../db/schema';

/**
 * One ledger row's effect on the balance, as SQL: earned adds, redeemed subtracts, an
 * adjustment counts with its sign. Same rule as domain/loyalty.ts signedPoints.
 */
export const signedLedgerPoints = sql<number>`case ${loyaltyLedger.type}
  when 'earned' then abs(${loyaltyLedger.points})
  when 'redeemed' then -abs(${loyaltyLedger.points})
  else ${loyaltyLedger.points} end`;

/** Ledger rows of an e-mail (every writer stores it lower-cased, so the index applies). */
export const ledgerOfEmail = (email: string) => eq(loyaltyLedger.customerEmail, email.trim().toLowerCase());

/**
 * The one place points are summed (checkout, /loyalty, admin profile): available = signed
 * sum, lifetime = sum earned less what refunds took back (domain/loyalty.ts summarizeLedger:
 * a cancellation's 'adjusted' row returned its order's redeemed points, so it took back
 * redeemed - net). SPEC §3 'Loyalty info per customer e-mail'
 */
export async function getPointsTotals(options: {
  db: Executor;
  email: string;
}): Promise<{ available: number; lifetime: number }> {
  const redeemedRow = alias(loyaltyLedger, 'redeemed_row');
  const [row] = await options.db
    .select({
      available: sql<string>`coalesce(sum(${signedLedgerPoints}), 0)`,
      lifetime: sql<string>`coalesce(sum(case
        when ${loyaltyLedger.type} = 'earned' then abs(${loyaltyLedger.points})
        when ${loyaltyLedger.type} = 'adjusted' and ${loyaltyLedger.orderId} is not null
          then least(0, ${loyaltyLedger.points} - coalesce(abs(${redeemedRow.points}), 0))
        else 0 end), 0)`,
    })
    .from(loyaltyLedger)
    .leftJoin(
      redeemedRow,
      and(
        eq(loyaltyLedger.type, 'adjusted'),
        eq(redeemedRow.orderId, loyaltyLedger.orderId),
        eq(redeemedRow.type, 'redeemed'),
      ),
    )
    .where(ledgerOfEmail(options.email));
  return { available: Number(row?.available ?? 0), lifetime: Math.max(0, Number(row?.lifetime ?? 0)) };
}

/** Available points of an e-mail: earned minus redeemed plus adjustments. SPEC §2 Loyalty */
export async function getPointsBalance(options: { db: Executor; email: string }): Promise<number> {
  return (await getPointsTotals(options)).available;
}

/** Points held by this e-mail's other unpaid (pending) orders: not spendable again. */
export async function getHeldPoints(options: { db: Executor; email: string }): Promise<number> {
  const email = options.email.trim().toLowerCase();
  const [row] = await options.db
    .select({ held: sql<string>`coalesce(sum(${orders.pointsRedeemed}), 0)` })
    .from(orders)
    .where(and(eq(orders.email, email), eq(orders.status, 'pending')));
  return Number(row?.held ?? 0);
}

/** Balance a new checkout may spend: ledger balance minus holds of pending orders. */
export async function getSpendablePoints(options: { db: Executor; email: string }): Promise<number> {
  const [balance, held] = await Promise.all([getPointsBalance(options), getHeldPoints(options)]);
  return Math.max(0, balance - held);
}

type OrderPointsEntry = {
  db: Executor;
  email: string;
  customerId: string | null;
  orderId: string;
  orderNumber: string;
  points: number;
};

/** One order's ledger row of a kind; the (order, type) key makes a second call change nothing. */
async function recordOrderPoints(
  entry: OrderPointsEntry,
  type: 'earned' | 'redeemed',
  points: number,
  description: string,
) {
  if (entry.points <= 0) return false;
  const inserted = await entry.db
    .insert(loyaltyLedger)
    .values({
      customerEmail: entry.email.trim().toLowerCase(),
      customerId: entry.customerId,
      type,
      points,
      description,
      orderId: entry.orderId,
    })
    .onConflictDoNothing()
    .returning({ id: loyaltyLedger.id });
  return inserted.length > 0;
}

/** Records points earned by a paid order; a second call for the same order changes nothing. */
export function recordEarnedPoints(entry: OrderPointsEntry): Promise<boolean> {
  return recordOrderPoints(entry, 'earned', entry.points, `Order ${entry.orderNumber}`);
}

/** Records points spent by a paid order (stored negative); idempotent per order. */
export function recordRedeemedPoints(entry: OrderPointsEntry): Promise<boolean> {
  return recordOrderPoints(entry, 'redeemed', -Math.abs(entry.points), `Redeemed on order ${entry.orderNumber}`);
}
