/**
 * Takes an order's units from stock, in the transaction that stores the order (decision 004,
 * docs/decisions/015), in ONE statement however many variants (issue 31, decision 035). Each
 * tracked variant is taken by a conditional update (`quantity = quantity - n where quantity >=
 * n`): on PostgreSQL a concurrent checkout waits for the row and re-reads it, so the last units
 * go to exactly as many orders as they cover, and the count never goes below zero (a check
 * constraint holds the line too). The variants' rows are locked first, in one order (product,
 * colour, size: `order by ... for update`), so two checkouts never deadlock; the update then
 * only touches rows its statement holds. A variant without a stock row is not tracked and
 * takes nothing.
 */
import { sql } from 'drizzle-orm';
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

type VariantOutcome = { product_id: string; color: string; size: string; available: number | null; taken: boolean };

/** Reserves every line, or throws a 400 naming the first line short of stock (and the transaction rolls back). */
export async function reserveOrderStock(tx: Executor, lines: StockRequestLine[]): Promise<Map<string, number>> {
  // One request per variant, however many lines name it.
  const wanted = new Map<string, StockRequestLine>();
  for (const line of lines) {
    const key = reservedKey(line);
    const entry = wanted.get(key);
    wanted.set(key, entry ? { ...entry, quantity: entry.quantity + line.quantity } : { ...line });
  }
  const reserved = new Map<string, number>();
  if (wanted.size === 0) return reserved;
  const ordered = [...wanted.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const variants = ordered.map(([, line]) => line);
  const { rows } = await tx.execute<VariantOutcome>(sql`
    with wanted as (
      select * from unnest(
        ${sql.param(variants.map((line) => line.productId))}::uuid[],
        ${sql.param(variants.map((line) => line.color))}::text[],
        ${sql.param(variants.map((line) => line.size))}::text[],
        ${sql.param(variants.map((line) => line.quantity))}::int[]
      ) as w(product_id, color, size, quantity)
    ),
    locked as (
      select s.product_id, s.color, s.size, s.quantity
      from ${productStock} s join wanted w using (product_id, color, size)
      order by s.product_id, s.color, s.size
      for update of s
    ),
    taken as (
      update ${productStock} s set quantity = s.quantity - w.quantity, updated_at = now()
      from wanted w join locked l using (product_id, color, size)
      where s.product_id = w.product_id and s.color = w.color and s.size = w.size and s.quantity >= w.quantity
      returning s.product_id, s.color, s.size
    )
    select w.product_id, w.color, w.size, l.quantity as available, t.product_id is not null as taken
    from wanted w
      left join locked l using (product_id, color, size)
      left join taken t using (product_id, color, size)`);
  const outcomes = new Map(rows.map((row) => [reservedKey({ productId: row.product_id, color: row.color, size: row.size }), row]));
  for (const [key, line] of ordered) {
    const outcome = outcomes.get(key);
    if (outcome?.taken) {
      reserved.set(key, line.quantity);
      continue;
    }
    if (outcome?.available == null) continue; // not tracked: unlimited
    throw new AppError('insufficient-stock', {
      message: notEnoughStockMessage({ name: line.name, color: line.color, size: line.size, available: outcome.available }),
      details: { productId: line.productId, color: line.color, size: line.size, available: outcome.available },
    });
  }
  if (reserved.size > 0) stockChanged(variants.filter((line) => reserved.has(reservedKey(line))).map((line) => line.productId));
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
