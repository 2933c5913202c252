/**
 * Products for the admin (SPEC §7 Products): list newest first with cost (margins), create,
 * update, delete. Input is always a parsed `ProductInput` (domain/product-form.ts).
 * Every change a shopper can see drops exactly the cached pages and lists that show (or may
 * now show) the product, in every process (decisions 007 and 018).
 */
import { desc, eq, ne, and } from 'drizzle-orm';
import type { AdminProduct } from '../../domain/admin-contract';
import * as ADMIN_MESSAGES from '../../domain/admin-messages';
import { ProductInputSchema, type ProductInput } from '../../domain/product-form';
import { badRequest } from '../app-error';
import { productWriteTags } from '../../domain/catalogue-tags';
import type { AppServices } from '../context';
import type { Executor } from '../db/client';
import { products } from '../db/schema';
import type { Logger } from 'pino';
import type { ImageStorage } from '../media/image-storage';
import { linkProductImages, removeImageFiles, removeProductImages, type RemovedImages } from '../media/product-images';

/** A product row as the admin API answers it (domain/admin-contract.ts). */
export function toAdminProduct(row: typeof products.$inferSelect): AdminProduct {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export async function listAdminProducts(options: { db: Executor }): Promise<AdminProduct[]> {
  const rows = await options.db.select().from(products).orderBy(desc(products.createdAt), desc(products.id));
  return rows.map(toAdminProduct);
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

/** A product write: the catalogue pages it drops, and where the images it lets go live. */
type CatalogWrite = {
  db: Executor;
  invalidateCatalogue: AppServices['invalidateCatalogue'];
  imageStorage: ImageStorage;
  logger?: Logger;
};

/** The product form's body checked (ProductInputSchema): the first problem is a 400. */
export function parseProductInput(body: unknown): ProductInput {
  const input = ProductInputSchema.safeParse(body);
  if (!input.success) throw badRequest(input.error.issues[0]?.message ?? ADMIN_MESSAGES.productRequiredFields);
  return input.data;
}

/** What a product write takes of the request context. */
export const catalogWriteOf = (context: CatalogWrite): CatalogWrite => ({
  db: context.db,
  invalidateCatalogue: context.invalidateCatalogue,
  imageStorage: context.imageStorage,
  logger: context.logger,
});

function removeFilesLater(options: CatalogWrite, removed: RemovedImages) {
  if (!removed.length) return Promise.resolve();
  return removeImageFiles(options.imageStorage, removed, (error) =>
    options.logger?.warn({ err: error }, 'image file not removed'),
  );
}

export async function createProduct(options: CatalogWrite & { input: ProductInput }) {
  const { db, input } = options;
  const inserted = await writeWithFreeSlug(db, input.slug, undefined, async (tx, slug) => {
    const [row] = await tx
      .insert(products)
      .values({ ...input, slug })
      .returning();
    await linkProductImages(tx, row!.id, row!.imageUrls);
    return row!;
  });
  options.invalidateCatalogue(productWriteTags(null, inserted));
  return toAdminProduct(inserted);
}

export async function updateProduct(options: CatalogWrite & { productId: string; input: ProductInput }) {
  const { db, input, productId } = options;
  // The row before the change: the lists it leaves drop too.
  const [before] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!before) return null;
  const updated = await writeWithFreeSlug(db, input.slug, productId, async (tx, slug) => {
    const [row] = await tx
      .update(products)
      .set({ ...input, slug })
      .where(eq(products.id, productId))
      .returning();
    return row ? { row, removed: await linkProductImages(tx, row.id, row.imageUrls) } : null;
  });
  options.invalidateCatalogue(productWriteTags(before, updated?.row));
  if (!updated) return null;
  await removeFilesLater(options, updated.removed);
  return toAdminProduct(updated.row);
}

/** The Margins tab's in-place cost edit (cost is never public: the cached lists stay). */
export async function updateProductCost(options: { db: Executor; productId: string; costCents: number | null }) {
  const updated = await options.db
    .update(products)
    .set({ costCents: options.costCents })
    .where(eq(products.id, options.productId))
    .returning();
  return updated[0] ? toAdminProduct(updated[0]) : null;
}

/** Deletes the product with its images: rows in the same transaction, files after it. */
export async function deleteProduct(options: CatalogWrite & { productId: string }): Promise<boolean> {
  const { productId } = options;
  const result = await options.db.transaction(async (tx) => {
    const removed = await removeProductImages(tx, productId);
    const deleted = await tx.delete(products).where(eq(products.id, productId)).returning();
    return { removed, deleted: deleted[0] };
  });
  if (result.deleted) options.invalidateCatalogue(productWriteTags(result.deleted, null));
  await removeFilesLater(options, result.removed);
  return result.deleted !== undefined;
}
