/**
 * Takes an order's units from stock, in the transaction that stores the order (decision 004,
 * docs/decisions/015), in ONE statement however many variants (issue 31, decision 035). Each
 * tracked variant is taken by a conditional update (`quantity = quantity - n where quantity >=
 * n`): on PostgreSQL a concurrent checkout waits for the row and re-reads it, so the last units
 * go to exactly as many orders as they cover, and the count never goes below zero (a check
 * constraint holds the line too). The variants' rows are locked first, in one order (product,
 * colour, size: `order by ... for update`), so two checkouts never deadlock; the update then
 * only touches rows its statement holds. A variant without a stock row is not tracked and
 * takes nothing. A new order takes its stock in the very statement that stores it
 * (`stockOfNewOrder`): there a line short of units fails the statement on the check constraint
 * instead, and `stockShortfall` names the line; a reopened order uses `reserveOrderStock`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { notEnoughStockMessage, variantKey } from '../../domain/stock';
import { AppError } from '../app-error';
import type { Executor } from '../db/client';
import { productStock } from '../db/schema';
import { stockChanged } from './stock-events';
import { CHECK_VIOLATION, violatesConstraint } from '../db/database-error';

export interface StockRequestLine {
  productId: string;
  name: string;
  color: string;
  size: string;
  quantity: number;
}

type VariantOutcome = { product_id: string; color: string; size: string; available: number | null; taken: boolean };

/** One request per variant, however many lines name it, in the one order rows are locked in. */
function wantedVariants(lines: readonly StockRequestLine[]): Array<[string, StockRequestLine]> {
  const wanted = new Map<string, StockRequestLine>();
  for (const line of lines) {
    const key = reservedKey(line);
    const entry = wanted.get(key);
    wanted.set(key, entry ? { ...entry, quantity: entry.quantity + line.quantity } : { ...line });
  }
  return [...wanted.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The statement's first items: the wanted variants, their rows locked in order, and the units
 * taken (`stock_taken`: product_id, color, size). `guard` keeps a row short of units as it is;
 * without it, such a row fails the statement on the check constraint (`isStockShortError`).
 */
function takeStockCtes(variants: readonly StockRequestLine[], guard: boolean): SQL {
  return sql`stock_wanted as (
      select * from unnest(
        ${sql.param(variants.map((line) => line.productId))}::uuid[],
        ${sql.param(variants.map((line) => line.color))}::text[],
        ${sql.param(variants.map((line) => line.size))}::text[],
        ${sql.param(variants.map((line) => line.quantity))}::int[]
      ) as w(product_id, color, size, quantity)
    ),
    stock_locked as (
      select s.product_id, s.color, s.size, s.quantity
      from ${productStock} s join stock_wanted w using (product_id, color, size)
      order by s.product_id, s.color, s.size
      for update of s
    ),
    stock_taken as (
      update ${productStock} s set quantity = s.quantity - w.quantity, updated_at = now()
      from stock_wanted w join stock_locked l using (product_id, color, size)
      where s.product_id = w.product_id and s.color = w.color and s.size = w.size
        ${guard ? sql`and s.quantity >= w.quantity` : sql``}
      returning s.product_id, s.color, s.size
    )`;
}

function shortOf(line: StockRequestLine, available: number): AppError {
  return new AppError('insufficient-stock', {
    message: notEnoughStockMessage({ name: line.name, color: line.color, size: line.size, available }),
    details: { productId: line.productId, color: line.color, size: line.size, available },
  });
}

/** Reserves every line, or throws a 400 naming the first line short of stock (and the transaction rolls back). */
export async function reserveOrderStock(tx: Executor, lines: StockRequestLine[]): Promise<Map<string, number>> {
  const reserved = new Map<string, number>();
  const ordered = wantedVariants(lines);
  if (ordered.length === 0) return reserved;
  const variants = ordered.map(([, line]) => line);
  const { rows } = await tx.execute<VariantOutcome>(sql`
    with ${takeStockCtes(variants, true)}
    select w.product_id, w.color, w.size, l.quantity as available, t.product_id is not null as taken
    from stock_wanted w
      left join stock_locked l using (product_id, color, size)
      left join stock_taken t using (product_id, color, size)`);
  const outcomes = new Map(
    rows.map((row) => [reservedKey({ productId: row.product_id, color: row.color, size: row.size }), row]),
  );
  for (const [key, line] of ordered) {
    const outcome = outcomes.get(key);
    if (outcome?.taken) {
      reserved.set(key, line.quantity);
      continue;
    }
    if (outcome?.available == null) continue; // not tracked: unlimited
    throw shortOf(line, outcome.available);
  }
  if (reserved.size > 0)
    stockChanged(variants.filter((line) => reserved.has(reservedKey(line))).map((line) => line.productId));
  return reserved;
}

/**
 * The stock of a new order as part of the statement that stores it (issue 31, create-checkout.ts):
 * `ctes` go first in its WITH; `reserves(position)` is what a line may record (the first line of
 * a variant records all its units, as `takeReserved` hands them out; the others none), and
 * `reservedQuantity(line)` the SQL that records it only where the units were taken (a variant
 * without a stock row is not tracked: nothing reserved), for a row `line` with the columns
 * product_id, color, size and reserves; `takenProducts` lists the products whose units were
 * taken (for `announceTaken`). A line short of units fails the whole statement
 * (`isStockShortError`); `stockShortfall` then names it.
 */
export function stockOfNewOrder(lines: readonly StockRequestLine[]): {
  ctes: SQL;
  reserves(position: number): number;
  reservedQuantity(line: SQL): SQL;
  takenProducts: SQL;
} {
  const ordered = wantedVariants(lines);
  const totals = new Map(ordered);
  const firstLine = new Map<string, number>();
  lines.forEach((line, position) => {
    if (!firstLine.has(reservedKey(line))) firstLine.set(reservedKey(line), position);
  });
  return {
    ctes: takeStockCtes(
      ordered.map(([, line]) => line),
      false,
    ),
    reserves(position) {
      const key = reservedKey(lines[position]!);
      return firstLine.get(key) === position ? totals.get(key)!.quantity : 0;
    },
    reservedQuantity: (line) => sql`case when ${line}.reserves > 0 and exists (select 1 from stock_taken t
        where t.product_id = ${line}.product_id and t.color = ${line}.color and t.size = ${line}.size)
      then ${line}.reserves else 0 end`,
    takenProducts: sql`(select coalesce(array_agg(distinct t.product_id::text), '{}'::text[]) from stock_taken t)`,
  };
}

/** The catalogue hears of the units a new order took (its products' pages show the stock). */
export function announceTaken(productIds: readonly string[]): void {
  if (productIds.length > 0) stockChanged(productIds);
}

/** True for the failure of a statement that would have taken a variant below zero (the check constraint). */
export function isStockShortError(error: unknown): boolean {
  return violatesConstraint(error, CHECK_VIOLATION, 'product_stock_quantity_check');
}

/**
 * After a statement failed on a line short of units (and its transaction rolled back): the
 * first line, in the order rows are taken in, that the stock cannot cover now, as the 400 the
 * shopper reads. Should every line be covered again by then (units given back meanwhile), the
 * first tracked one is named with what it has, and the shopper simply tries again.
 */
export async function stockShortfall(db: Executor, lines: readonly StockRequestLine[]): Promise<AppError> {
  const ordered = wantedVariants(lines);
  const { rows } = await db.execute<{ product_id: string; color: string; size: string; quantity: number }>(sql`
    select s.product_id, s.color, s.size, s.quantity from ${productStock} s
    join unnest(
      ${sql.param(ordered.map(([, line]) => line.productId))}::uuid[],
      ${sql.param(ordered.map(([, line]) => line.color))}::text[],
      ${sql.param(ordered.map(([, line]) => line.size))}::text[]
    ) as w(product_id, color, size) using (product_id, color, size)`);
  const available = new Map(
    rows.map((row) => [reservedKey({ productId: row.product_id, color: row.color, size: row.size }), row.quantity]),
  );
  const tracked = ordered.filter(([key]) => available.has(key));
  const [key, line] = tracked.find(([key, line]) => available.get(key)! < line.quantity) ?? tracked[0] ?? ordered[0]!;
  return shortOf(line, available.get(key) ?? 0);
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
