/**
 * Takes an order's units from stock, in the transaction that stores the order (decision 004,
 * docs/decisions/015). Each tracked variant is one conditional update
 * (`quantity = quantity - n where quantity >= n`): on PostgreSQL a concurrent checkout waits
 * for the row and re-reads it, so the last units go to exactly as many orders as they cover,
 * and the count never goes below zero (a check constraint holds the line too). Variants are
 * taken in one order (product, colour, size) so two checkouts never deadlock. A variant
 * without a stock row is not tracked and takes nothing.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { notEnoughStockMessage, variantKey } from '../../domain/stock';
import { AppError } from '../app-error';
import type { Executor } from '../db/client';
import { productStock } from '../db/schema';
import { stockChanged } from './stock-events';

export interface StockRequestLine {
  productId: string;
  name: string;
  color: string;
  size: string;
  quantity: number;
}

/** Reserves every line, or throws a 400 naming the first line short of stock (and the transaction rolls back). */
export async function reserveOrderStock(tx: Executor, lines: StockRequestLine[]): Promise<Map<string, number>> {
  // One request per variant, however many lines name it.
  const wanted = new Map<string, StockRequestLine>();
  for (const line of lines) {
    const key = `${line.productId}\u0000${variantKey(line.color, line.size)}`;
    const entry = wanted.get(key);
    wanted.set(key, entry ? { ...entry, quantity: entry.quantity + line.quantity } : { ...line });
  }
  const reserved = new Map<string, number>();
  const ordered = [...wanted.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, line] of ordered) {
    const match = and(
      eq(productStock.productId, line.productId),
      eq(productStock.color, line.color),
      eq(productStock.size, line.size),
    );
    const taken = await tx
      .update(productStock)
      .set({ quantity: sql`${productStock.quantity} - ${line.quantity}`, updatedAt: new Date() })
      .where(and(match, gte(productStock.quantity, line.quantity)))
      .returning({ quantity: productStock.quantity });
    if (taken.length > 0) {
      reserved.set(key, line.quantity);
      stockChanged([line.productId]);
      continue;
    }
    const [row] = await tx.select({ quantity: productStock.quantity }).from(productStock).where(match);
    if (!row) continue; // not tracked: unlimited
    throw new AppError('insufficient-stock', {
      message: notEnoughStockMessage({ name: line.name, color: line.color, size: line.size, available: row.quantity }),
      details: { productId: line.productId, color: line.color, size: line.size, available: row.quantity },
    });
  }
  return reserved;
}

/** The key `reserveOrderStock` returns a line's reserved units under. */
export function reservedKey(line: { productId: string; color: string; size: string }): string {
  return `${line.productId}\u0000${variantKey(line.color, line.size)}`;
}

/**
 * The units reserved for a line's variant, handed out once: the first line of a variant records
 * them all (two lines of one variant share its reservation), later ones get 0.
 */
export function takeReserved(
  reserved: Map<string, number>,
  line: { productId: string; color: string; size: string },
): number {
  const key = reservedKey(line);
  const units = reserved.get(key) ?? 0;
  reserved.delete(key);
  return units;
}
