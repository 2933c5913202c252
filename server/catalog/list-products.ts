import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PublicProduct } from '../../domain/storefront-product';
import type { Executor } from '../db/client';
import { products } from '../db/schema';
import { toPublicProduct } from './to-public-product';

/** SPEC §9: catalogue page size. */
export const CATALOGUE_PAGE_SIZE = 20;

export interface ListProductsOptions {
  db: Executor;
  /** Only products whose placement includes this tag ('{product}', 'strength-in-christ', ...). */
  placement?: string;
  /** Only products of this category (case-insensitive). */
  category?: string;
  /** Only products flagged is_new_arrival. */
  newArrivals?: boolean;
  limit?: number;
}

/**
 * Active own products in shop order (sort order, then newest), public shape only.
 * SPEC §2 collection pages; §9 page size 20.
 */
export async function listProducts(options: ListProductsOptions): Promise<PublicProduct[]> {
  const { db, placement, category, newArrivals, limit = CATALOGUE_PAGE_SIZE } = options;
  const conditions: SQL[] = [eq(products.isActive, true)];
  if (placement) conditions.push(sql`${products.placement} @> array[${placement}]::text[]`);
  if (category) conditions.push(sql`lower(${products.category}) = ${category.toLowerCase()}`);
  if (newArrivals) conditions.push(eq(products.isNewArrival, true));
  const rows = await db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.sortOrder), desc(products.createdAt), asc(products.name))
    .limit(limit);
  return rows.map(toPublicProduct);
}
