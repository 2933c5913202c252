/**
 * Loyalty info of one customer e-mail (SPEC §3 "Loyalty info per customer e-mail"):
 * available = signed sum of the ledger, lifetime = sum earned, recent transactions.
 * Read-only; the checkout's completion path writes the ledger.
 */
import { desc } from 'drizzle-orm';
import type { LoyaltyTransactionType } from '../../domain/loyalty';
import type { Executor } from '../db/client';
import { loyaltyLedger } from '../db/schema';
import { getPointsTotals, ledgerOfEmail, signedLedgerPoints } from './ledger';

export interface LoyaltyTransaction {
  id: string;
  type: LoyaltyTransactionType;
  /** Signed effect on the balance. */
  points: number;
  description: string;
  createdAt: string;
}

export interface LoyaltyInfo {
  available: number;
  lifetime: number;
  recent: LoyaltyTransaction[];
}

export async function getLoyaltyInfo(options: { db: Executor; email: string; limit?: number }): Promise<LoyaltyInfo> {
  const { db, limit = 50 } = options;
  const totals = await getPointsTotals({ db, email: options.email });
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
    recent: rows.map((row) => ({
      id: row.id,
      type: row.type as LoyaltyTransactionType,
      points: Number(row.points),
      description: row.description,
      createdAt: new Date(row.createdAt).toISOString(),
    })),
  };
}
