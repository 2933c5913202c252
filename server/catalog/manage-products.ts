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
import { products, productStock } from '../db/schema';
import { parseStockEdits } from '../stock/product-stock';
import { stockChanged } from '../stock/stock-events';
import type { Logger } from 'pino';
import type { ImageStorage } from '../media/image-storage';
import { formatCents } from '../../domain/money';
import { writeAuditEntry, type AuditActor } from '../audit/audit-log';
import { changeSentence, productChanges } from '../audit/describe-changes';
import { linkProductImages, removeImageFiles, removeProductImages, type RemovedImages } from '../media/product-images';
import { UNIQUE_VIOLATION, violatesConstraint } from '../db/database-error';

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
  return violatesConstraint(error, UNIQUE_VIOLATION, 'products_slug_unique');
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

/** A product write: the catalogue pages it drops, where the images it lets go live, and who writes (issue 27 audit). */
type CatalogWrite = {
  db: Executor;
  invalidateCatalogue: AppServices['invalidateCatalogue'];
  imageStorage: ImageStorage;
  logger?: Logger;
};

/** Who writes: each product change's audit entry goes in its transaction (issue 27). */
type Audited = { actor: AuditActor };

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

/**
 * Creates a product and, with `stock` (the Add Product dialog's colour x size grid, issue 32
 * item 2), its tracked counts in the same transaction: every cell is checked against the new
 * product's colours and sizes first, and one bad cell refuses the whole create (nothing is
 * written). A blank cell stays "not tracked".
 */
export async function createProduct(options: CatalogWrite & Audited & { input: ProductInput; stock?: unknown }) {
  const { db, input } = options;
  const stock = options.stock === undefined || options.stock === null ? [] : parseStockEdits(input, options.stock);
  const inserted = await writeWithFreeSlug(db, input.slug, undefined, async (tx, slug) => {
    const [row] = await tx
      .insert(products)
      .values({ ...input, slug })
      .returning();
    await linkProductImages(tx, row!.id, row!.imageUrls);
    const tracked = stock.flatMap((cell) =>
      cell.quantity === null
        ? []
        : [{ productId: row!.id, color: cell.color, size: cell.size, quantity: cell.quantity }],
    );
    if (tracked.length > 0) await tx.insert(productStock).values(tracked);
    await writeAuditEntry(tx, options.actor, {
      action: 'product.created',
      target: row!.name,
      summary: `added the product "${row!.name}" at ${formatCents(row!.priceCents)}`,
      changes: productChanges(null, row!),
    });
    return row!;
  });
  if (stock.length > 0) stockChanged([inserted.id]);
  options.invalidateCatalogue(productWriteTags(null, inserted));
  return toAdminProduct(inserted);
}

export async function updateProduct(options: CatalogWrite & Audited & { productId: string; input: ProductInput }) {
  const { db, input, productId } = options;
  // The row before the change: the lists it leaves drop too.
  const [before] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!before) return null;
  const updated = await writeWithFreeSlug(db, input.slug, productId, async (tx, slug) => {
    const [current] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
    const [row] = await tx
      .update(products)
      .set({ ...input, slug })
      .where(eq(products.id, productId))
      .returning();
    if (!row || !current) return null;
    const changes = productChanges(current, row);
    if (changes.length > 0) {
      await writeAuditEntry(tx, options.actor, {
        action: 'product.updated',
        target: row.name,
        summary: `changed the product "${row.name}": ${changeSentence(changes)}`,
        changes,
      });
    }
    return { row, removed: await linkProductImages(tx, row.id, row.imageUrls) };
  });
  options.invalidateCatalogue(productWriteTags(before, updated?.row));
  if (!updated) return null;
  await removeFilesLater(options, updated.removed);
  return toAdminProduct(updated.row);
}

/** The Margins tab's in-place cost edit (cost is never public: the cached lists stay). */
export async function updateProductCost(options: {
  db: Executor;
  productId: string;
  costCents: number | null;
  actor: AuditActor;
}) {
  const updated = await options.db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, options.productId)).for('update');
    if (!current) return null;
    const [row] = await tx
      .update(products)
      .set({ costCents: options.costCents })
      .where(eq(products.id, options.productId))
      .returning();
    const changes = productChanges({ costCents: current.costCents }, { costCents: row!.costCents });
    if (changes.length > 0) {
      await writeAuditEntry(tx, options.actor, {
        action: 'product.cost',
        target: row!.name,
        summary: `changed the cost of "${row!.name}": ${changeSentence(changes)}`,
        changes,
      });
    }
    return row!;
  });
  return updated ? toAdminProduct(updated) : null;
}

/** Deletes the product with its images: rows in the same transaction, files after it. */
export async function deleteProduct(options: CatalogWrite & Audited & { productId: string }): Promise<boolean> {
  const { productId } = options;
  const result = await options.db.transaction(async (tx) => {
    const removed = await removeProductImages(tx, productId);
    const deleted = await tx.delete(products).where(eq(products.id, productId)).returning();
    if (deleted[0]) {
      await writeAuditEntry(tx, options.actor, {
        action: 'product.deleted',
        target: deleted[0].name,
        summary: `deleted the product "${deleted[0].name}"`,
        changes: productChanges(deleted[0], null),
      });
    }
    return { removed, deleted: deleted[0] };
  });
  if (result.deleted) options.invalidateCatalogue(productWriteTags(result.deleted, null));
  await removeFilesLater(options, result.removed);
  return result.deleted !== undefined;
}
