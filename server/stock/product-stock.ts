/**
 * Reading and editing stock per variant (issue 11 item 3). The admin's grid sends, per cell,
 * the count it shows now and the count it loaded (`base`): the change is applied as a
 * difference (`quantity = quantity + (new - base)`), so units a checkout reserved while the
 * admin typed are never lost or handed out twice (docs/decisions/015). A change that would go
 * below zero because of such a checkout is refused (409) with the count left, nothing changed.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  isLowStock,
  parseStockCount,
  stockColors,
  stockSizes,
  variantKey,
  type VariantStock,
} from '../../domain/stock';
import type { LowStockVariant } from '../../domain/admin-contract';
import { AppError, badRequest, notFound } from '../app-error';
import type { Executor } from '../db/client';
import { products, productStock } from '../db/schema';
import { stockChanged } from './stock-events';
import { LOW_STOCK_THRESHOLD } from '../../domain/stock';

/** Tracked counts of the given products, by product id. */
export async function loadProductStock(db: Executor, productIds: string[]): Promise<Map<string, VariantStock[]>> {
  const byProduct = new Map<string, VariantStock[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      productId: productStock.productId,
      color: productStock.color,
      size: productStock.size,
      quantity: productStock.quantity,
    })
    .from(productStock)
    .where(inArray(productStock.productId, [...new Set(productIds)]));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push({ color: row.color, size: row.size, quantity: row.quantity });
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

export interface StockCellInput {
  color: string;
  size: string;
  /** The count entered: a whole number, or blank/null for "not tracked". */
  quantity: unknown;
  /** The count the grid loaded for this cell (null: it was not tracked). */
  base: number | null;
}

export interface StockEdit {
  color: string;
  size: string;
  quantity: number | null;
  base: number | null;
}

/** Checks a grid against the product's colours and sizes; refuses bad counts naming the cell. */
export function parseStockEdits(product: { colors: string[]; sizes: string[] }, cells: unknown): StockEdit[] {
  if (!Array.isArray(cells)) throw badRequest('Stock must be a list of color and size counts', 'invalid-stock');
  const colors = stockColors(product.colors);
  const sizes = stockSizes(product.sizes);
  if (cells.length > colors.length * sizes.length) throw badRequest('Too many stock entries', 'invalid-stock');
  const seen = new Set<string>();
  return cells.map((cell: unknown) => {
    const entry = (cell ?? {}) as Partial<StockCellInput>;
    const color = colors.find(
      (value) => typeof entry.color === 'string' && value.toLowerCase() === entry.color.trim().toLowerCase(),
    );
    const size = sizes.find(
      (value) => typeof entry.size === 'string' && value.toLowerCase() === entry.size.trim().toLowerCase(),
    );
    if (!color || !size)
      throw badRequest(`This product has no variant ${String(entry.color)} / ${String(entry.size)}`, 'invalid-stock');
    const key = variantKey(color, size);
    if (seen.has(key)) throw badRequest(`Stock for ${color} / ${size} is given twice`, 'invalid-stock');
    seen.add(key);
    const parsed = parseStockCount(entry.quantity, { color, size });
    if (!parsed.ok) throw badRequest(parsed.message, 'invalid-stock');
    const base = entry.base === null || entry.base === undefined ? null : Number(entry.base);
    if (base !== null && !(Number.isInteger(base) && base >= 0))
      throw badRequest(`Stock for ${color} / ${size}: bad base count`, 'invalid-stock');
    return { color, size, quantity: parsed.quantity, base };
  });
}

/**
 * Applies the grid in one transaction, cells in a fixed order (as checkouts take them). Rows
 * of colours or sizes the product no longer has are removed. Returns the counts now stored.
 */
export async function setProductStock(options: {
  db: Executor;
  productId: string;
  cells: unknown;
}): Promise<VariantStock[]> {
  const { productId } = options;
  const result = await options.db.transaction(async (tx) => {
    const [product] = await tx
      .select({ colors: products.colors, sizes: products.sizes })
      .from(products)
      .where(eq(products.id, productId))
      // Serializes two admins' edits of one product; 'no key update' does not block the key-share
      // lock a checkout's order line takes on the product (a plain FOR UPDATE would deadlock with it).
      .for('no key update');
    if (!product) throw notFound('Product not found');
    const edits = parseStockEdits(product, options.cells);
    edits.sort((a, b) => {
      const left = variantKey(a.color, a.size);
      const right = variantKey(b.color, b.size);
      return left < right ? -1 : left > right ? 1 : 0;
    });
    for (const edit of edits) {
      const match = and(
        eq(productStock.productId, productId),
        eq(productStock.color, edit.color),
        eq(productStock.size, edit.size),
      );
      if (edit.quantity === null) {
        await tx.delete(productStock).where(match);
        continue;
      }
      if (edit.base === null) {
        // It was not tracked: the count entered is the count.
        await tx
          .insert(productStock)
          .values({ productId, color: edit.color, size: edit.size, quantity: edit.quantity })
          .onConflictDoUpdate({
            target: [productStock.productId, productStock.color, productStock.size],
            set: { quantity: edit.quantity, updatedAt: new Date() },
          });
        continue;
      }
      const delta = edit.quantity - edit.base;
      if (delta === 0) continue;
      const changed = await tx
        .update(productStock)
        .set({ quantity: sql`${productStock.quantity} + ${delta}`, updatedAt: new Date() })
        .where(and(match, sql`${productStock.quantity} + ${delta} >= 0`))
        .returning({ quantity: productStock.quantity });
      if (changed.length > 0) continue;
      const [row] = await tx.select({ quantity: productStock.quantity }).from(productStock).where(match);
      if (!row) {
        // Made "not tracked" elsewhere meanwhile: the count entered is the count.
        await tx
          .insert(productStock)
          .values({ productId, color: edit.color, size: edit.size, quantity: edit.quantity });
        continue;
      }
      throw new AppError('stock-changed', {
        message: `Stock for ${edit.color} / ${edit.size} changed while you were editing (${row.quantity} left now). Reload and try again.`,
      });
    }
    // Colours or sizes the product no longer offers keep no count.
    const keep = new Set(
      stockColors(product.colors).flatMap((color) => stockSizes(product.sizes).map((size) => variantKey(color, size))),
    );
    const rows = await tx
      .select({ color: productStock.color, size: productStock.size, quantity: productStock.quantity })
      .from(productStock)
      .where(eq(productStock.productId, productId));
    for (const row of rows.filter((entry) => !keep.has(variantKey(entry.color, entry.size)))) {
      await tx
        .delete(productStock)
        .where(
          and(
            eq(productStock.productId, productId),
            eq(productStock.color, row.color),
            eq(productStock.size, row.size),
          ),
        );
    }
    return rows.filter((entry) => keep.has(variantKey(entry.color, entry.size)));
  });
  // The cards and pages that show the product drop at once (and in the other processes).
  stockChanged([productId]);
  return result;
}

export type { LowStockVariant } from '../../domain/admin-contract';

/** Variants at or below the low-stock threshold (sold out first), for the dashboard's card. */
export async function listLowStock(options: { db: Executor; limit?: number }): Promise<LowStockVariant[]> {
  const rows = await options.db
    .select({
      productId: productStock.productId,
      name: products.name,
      color: productStock.color,
      size: productStock.size,
      quantity: productStock.quantity,
    })
    .from(productStock)
    .innerJoin(products, eq(products.id, productStock.productId))
    .where(lte(productStock.quantity, LOW_STOCK_THRESHOLD))
    .orderBy(asc(productStock.quantity), asc(products.name), asc(productStock.color), asc(productStock.size))
    .limit(options.limit ?? 50);
  return rows.filter((row) => isLowStock(row.quantity));
}
