/**
 * Loyalty info of one customer e-mail (SPEC §3 "Loyalty info per customer e-mail"):
 * available = signed sum of the ledger less the points unpaid checkouts hold, lifetime = points
 * earned, recent transactions.
 * Read-only; the checkout's completion path writes the ledger.
 */
import { desc } from 'drizzle-orm';
import type { LoyaltyTransactionType } from '../../domain/loyalty';
import type { Executor } from '../db/client';
import { loyaltyLedger } from '../db/schema';
import { getHeldPoints, getPointsTotals, ledgerOfEmail, signedLedgerPoints } from './ledger';

export interface LoyaltyTransaction {
  id: string;
  type: LoyaltyTransactionType;
  /** Signed effect on the balance. */
  points: number;
  description: string;
  createdAt: string;
}

export interface LoyaltyInfo {
  /** The balance less what unpaid checkouts hold: what the next checkout may redeem. */
  available: number;
  /** Points held by this e-mail's unpaid (pending) checkouts, until they are paid or end. */
  held: number;
  lifetime: number;
  recent: LoyaltyTransaction[];
}

export async function getLoyaltyInfo(options: { db: Executor; email: string; limit?: number }): Promise<LoyaltyInfo> {
  const { db, limit = 50 } = options;
  const [totals, held] = await Promise.all([
    getPointsTotals({ db, email: options.email }),
    getHeldPoints({ db, email: options.email }),
  ]);
  const rows = await db
    .select({
      id: loyaltyLedger.id,
      type: loyaltyLedger.type,
      points: signedLedgerPoints,
      description: loyaltyLedger.description,
      createdAt: loyaltyLedger.createdAt,
    })
    .from(loyaltyLedger)
    .where(ledgerOfEmail(options.email))
    .orderBy(desc(loyaltyLedger.createdAt), desc(loyaltyLedger.id))
    .limit(limit);
  return {
    ...totals,
    // The same figure the cart offers to redeem (getSpendablePoints), so the pages agree.
    available: Math.max(0, totals.available - held),
    held,
    recent: rows.map((row) => ({
      id: row.id,
      type: row.type as LoyaltyTransactionType,
      points: Number(row.points),
      description: row.description,
      createdAt: new Date(row.createdAt).toISOString(),
    })),
  };
}
