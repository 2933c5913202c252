/**
 * Products for the admin (SPEC §7 Products): list newest first with cost (margins), create,
 * update, delete. Input is always a parsed `ProductInput` (domain/product-form.ts).
 * Every change a shopper can see drops exactly the cached pages and lists that show (or may
 * now show) the product, in every process (decisions 007 and 018).
 */
import { desc, eq, ne, and } from 'drizzle-orm';
import type { ProductInput } from '../../domain/product-form';
import { productWriteTags } from '../../domain/catalogue-tags';
import type { AppServices } from '../context';
import type { Executor } from '../db/client';
import { products } from '../db/schema';

export type AdminProduct = typeof products.$inferSelect;

export async function listAdminProducts(options: { db: Executor }) {
  return options.db.select().from(products).orderBy(desc(products.createdAt), desc(products.id));
}

/** A slug not yet used by another product: 'tee', 'tee-2', 'tee-3' ... */
async function freeSlug(db: Executor, wanted: string, exceptId?: string): Promise<string> {
  for (let attempt = 1; attempt < 1000; attempt++) {
    const slug = attempt === 1 ? wanted : `${wanted}-${attempt}`;
    const clash = await db
      .select({ id: products.id })
      .from(products)
      .where(exceptId ? and(eq(products.slug, slug), ne(products.id, exceptId)) : eq(products.slug, slug))
      .limit(1);
    if (clash.length === 0) return slug;
  }
  throw new Error('no free slug');
}

/** Tries before a product write gives up on finding a free slug (each try re-reads the taken ones). */
const SLUG_TRIES = 20;

function isSlugTaken(error: unknown): boolean {
  // drizzle wraps the driver's error; PostgreSQL and PGlite both report code and constraint.
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === '23505' && (constraint === undefined || constraint === 'products_slug_unique')) return true;
  }
  return false;
}

/**
 * Runs a product write with the first free slug. Two writes of the same name at once both
 * find the same slug free; the loser's statement hits the unique index and is retried with
 * the next free one (issue 12 item 5). The write runs in its own (nested) transaction, so
 * the failed statement does not spoil a transaction around it.
 */
async function writeWithFreeSlug<T>(
  db: Executor,
  wanted: string,
  exceptId: string | undefined,
  write: (executor: Executor, slug: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const slug = await freeSlug(db, wanted, exceptId);
    try {
      return await db.transaction((tx) => write(tx, slug));
    } catch (error) {
      if (!isSlugTaken(error) || attempt >= SLUG_TRIES) throw error;
    }
  }
}

type CatalogWrite = { db: Executor; invalidateCatalogue: AppServices['invalidateCatalogue'] };

export async function createProduct(options: CatalogWrite & { input: ProductInput }) {
  const { db, input } = options;
  const inserted = await writeWithFreeSlug(db, input.slug, undefined, (tx, slug) =>
    tx.insert(products).values({ ...input, slug }).returning(),
  );
  options.invalidateCatalogue(productWriteTags(null, inserted[0]));
  return inserted[0]!;
}

export async function updateProduct(options: CatalogWrite & { productId: string; input: ProductInput }) {
  const { db, input, productId } = options;
  // The row before the change: the lists it leaves drop too.
  const [before] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!before) return null;
  const updated = await writeWithFreeSlug(db, input.slug, productId, (tx, slug) =>
    tx.update(products).set({ ...input, slug }).where(eq(products.id, productId)).returning(),
  );
  options.invalidateCatalogue(productWriteTags(before, updated[0]));
  return updated[0] ?? null;
}

/** The Margins tab's in-place cost edit (cost is never public: the cached lists stay). */
export async function updateProductCost(options: { db: Executor; productId: string; costCents: number | null }) {
  const updated = await options.db
    .update(products)
    .set({ costCents: options.costCents })
    .where(eq(products.id, options.productId))
    .returning();
  return updated[0] ?? null;
}

export async function deleteProduct(options: CatalogWrite & { productId: string }): Promise<boolean> {
  const deleted = await options.db.delete(products).where(eq(products.id, options.productId)).returning();
  if (deleted[0]) options.invalidateCatalogue(productWriteTags(deleted[0], null));
  return deleted.length > 0;
}
