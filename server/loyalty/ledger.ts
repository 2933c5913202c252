/**
 * The loyalty ledger as the checkout writes and reads it: points earned on a paid order,
 * points redeemed by a paid order, and the balance of an e-mail. Rows for an order are
 * unique per (order, type), so a replayed completion cannot award or redeem twice.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
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
 * sum, never shown below 0 (a refund takes back points already spent: they are owed, and the
 * next points earned make them up first), lifetime = sum earned less what refunds took back
 * (domain/loyalty.ts summarizeLedger: a cancellation's 'adjusted' row returned its order's
 * redeemed points, so it took back redeemed - net). SPEC §3 'Loyalty info per customer e-mail'
 */
export async function getPointsTotals(options: {
  db: Executor;
  email: string;
}): Promise<{ available: number; lifetime: number }> {
  const [row] = await pointsTotalsQuery(options.db, { email: sql`null` }).where(ledgerOfEmail(options.email));
  return { available: Math.max(0, Number(row?.available ?? 0)), lifetime: Math.max(0, Number(row?.lifetime ?? 0)) };
}

/** The same totals for every e-mail of the ledger at once (the customers' CSV, issue 32 item 3). */
export async function getPointsTotalsByEmail(options: {
  db: Executor;
}): Promise<Map<string, { available: number; lifetime: number }>> {
  const rows = await pointsTotalsQuery(options.db, { email: loyaltyLedger.customerEmail }).groupBy(
    loyaltyLedger.customerEmail,
  );
  return new Map(
    rows.map((row) => [
      String(row.email),
      { available: Math.max(0, Number(row.available)), lifetime: Math.max(0, Number(row.lifetime)) },
    ]),
  );
}

function pointsTotalsQuery(db: Executor, key: { email: SQL | typeof loyaltyLedger.customerEmail }) {
  const redeemedRow = alias(loyaltyLedger, 'redeemed_row');
  return db
    .select({
      email: key.email,
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
    .$dynamic();
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

/** What a paid order's ledger rows are made of. */
export interface PaidOrderPoints {
  email: string;
  customerId: string | null;
  orderId: string;
  orderNumber: string;
  earned: number;
  redeemed: number;
}

/**
 * A paid order's ledger rows as one statement: the points it earned and the points it spent
 * (stored negative), each only when above zero (null: nothing to write). The (order, type) key
 * makes a second run for the same order change nothing; it returns the types written now. The
 * payment runs it as a piece of its own statement (complete-checkout-session.ts, issue 31).
 */
export function paidOrderPointsSql(entry: PaidOrderPoints): SQL | null {
  const email = entry.email.trim().toLowerCase();
  const rows = [
    ...(entry.earned > 0 ? [sql`('earned', ${entry.earned}::int, ${`Order ${entry.orderNumber}`})`] : []),
    ...(entry.redeemed > 0
      ? [sql`('redeemed', ${-Math.abs(entry.redeemed)}::int, ${`Redeemed on order ${entry.orderNumber}`})`]
      : []),
  ];
  if (rows.length === 0) return null;
  return sql`insert into ${loyaltyLedger} (customer_email, customer_id, order_id, type, points, description)
    select ${email}::text, ${entry.customerId}::uuid, ${entry.orderId}::uuid, r.type, r.points, r.description
    from (values ${sql.join(rows, sql`, `)}) as r(type, points, description)
    on conflict do nothing returning type`;
}
