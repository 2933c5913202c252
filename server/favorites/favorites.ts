/**
 * A signed-in shopper's favorites (table favorites): read, set one, merge a guest list.
 * Writes take a per-account advisory lock, so the limit holds under concurrent requests, and
 * the primary key (user, product) makes a repeated save change nothing.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { FAVORITES_LIMIT } from '../../domain/favorites';
import type { PublicProduct } from '../../domain/storefront-product';
import type { Database, Executor } from '../db/client';
import { favorites, products } from '../db/schema';
import { toPublicProduct } from '../catalog/to-public-product';
import { withStock } from '../catalog/with-stock';

export type FavoriteChange =
  | { ok: true; productIds: string[] }
  | { ok: false; reason: 'unknown-product' | 'limit' };

/** The account's saved product ids, newest first. */
export async function listFavoriteIds(options: { db: Executor; userId: string }): Promise<string[]> {
  const rows = await options.db
    .select({ productId: favorites.productId })
    .from(favorites)
    .where(eq(favorites.userId, options.userId))
    .orderBy(desc(favorites.createdAt), favorites.productId)
    .limit(FAVORITES_LIMIT);
  return rows.map((row) => row.productId);
}

/** The account's saved products that are still active (public shape), newest saved first. */
export async function listFavoriteProducts(options: { db: Executor; userId: string }): Promise<PublicProduct[]> {
  const rows = await options.db
    .select({ product: products })
    .from(favorites)
    .innerJoin(products, eq(products.id, favorites.productId))
    .where(and(eq(favorites.userId, options.userId), eq(products.isActive, true)))
    .orderBy(desc(favorites.createdAt), favorites.productId)
    .limit(FAVORITES_LIMIT);
  return withStock(options.db, rows.map((row) => toPublicProduct(row.product)));
}

/** Active products by id (public shape), in the order asked: a guest's saved list. */
export async function listProductsByIds(options: { db: Executor; ids: string[] }): Promise<PublicProduct[]> {
  const ids = [...new Set(options.ids)].slice(0, FAVORITES_LIMIT);
  if (ids.length === 0) return [];
  const rows = await options.db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.isActive, true)));
  const byId = new Map(rows.map((row) => [row.id, toPublicProduct(row)]));
  return withStock(options.db, ids.flatMap((id) => byId.get(id) ?? []));
}

async function lockAccount(tx: Executor, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`favorites:${userId}`}))`);
}

async function countFavorites(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(favorites)
    .where(eq(favorites.userId, userId));
  return row?.n ?? 0;
}

/** Saves or removes one product. Saving an unknown or inactive product is refused. */
export async function setFavorite(options: {
  db: Database;
  userId: string;
  productId: string;
  saved: boolean;
}): Promise<FavoriteChange> {
  const { db, userId, productId, saved } = options;
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    if (!saved) {
      await tx.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)));
      return { ok: true, productIds: await listFavoriteIds({ db: tx, userId }) };
    }
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.isActive, true)))
      .limit(1);
    if (!product) return { ok: false, reason: 'unknown-product' };
    const [existing] = await tx
      .select({ productId: favorites.productId })
      .from(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)))
      .limit(1);
    if (!existing) {
      if ((await countFavorites(tx, userId)) >= FAVORITES_LIMIT) return { ok: false, reason: 'limit' };
      await tx.insert(favorites).values({ userId, productId }).onConflictDoNothing();
    }
    return { ok: true, productIds: await listFavoriteIds({ db: tx, userId }) };
  });
}

/**
 * Merges a guest list into the account at sign-in: active products not saved yet are added
 * (oldest first, so the newest stay newest) while there is room; unknown ids are skipped.
 */
export async function mergeFavorites(options: { db: Database; userId: string; productIds: string[] }): Promise<string[]> {
  const { db, userId } = options;
  const wanted = [...new Set(options.productIds)].slice(-FAVORITES_LIMIT);
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    if (wanted.length > 0) {
      const active = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, wanted), eq(products.isActive, true)));
      const activeIds = new Set(active.map((row) => row.id));
      const saved = new Set(await listFavoriteIds({ db: tx, userId }));
      const room = Math.max(0, FAVORITES_LIMIT - saved.size);
      const candidates = wanted.filter((id) => activeIds.has(id) && !saved.has(id));
      const toAdd = room > 0 ? candidates.slice(-room) : [];
      if (toAdd.length > 0) {
        // One millisecond apart, in the guest's order: the last saved is the newest.
        const start = Date.now() - toAdd.length;
        await tx
          .insert(favorites)
          .values(toAdd.map((productId, index) => ({ userId, productId, createdAt: new Date(start + index) })))
          .onConflictDoNothing();
      }
    }
    return listFavoriteIds({ db: tx, userId });
  });
}
