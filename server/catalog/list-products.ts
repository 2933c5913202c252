import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FilterField } from '../../domain/catalog-filter';
import { CATALOGUE_PAGE_SIZE, type OwnListQuery } from '../../domain/catalog-page';
import type { PublicProduct } from '../../domain/storefront-product';
import type { Executor } from '../db/client';
import { products } from '../db/schema';
import { toPublicProduct } from './to-public-product';
import { withStock } from './with-stock';

export interface ListProductsOptions extends OwnListQuery {
  db: Executor;
  /** The page's filter (SPEC §2 filter rows), applied in the query, before the limit. */
  filter?: { field: FilterField; value: string };
  /** How many to return from the start of the list (page N shows N x 20). */
  limit?: number;
}

export interface ProductList {
  products: PublicProduct[];
  /** How many active products match the list and its filter, whatever the limit. */
  total: number;
}

function conditionsFor(options: Omit<ListProductsOptions, 'db' | 'limit'>): SQL[] {
  const { placement, category, newArrivals, filter } = options;
  const conditions: SQL[] = [eq(products.isActive, true)];
  if (placement) conditions.push(sql`${products.placement} @> array[${placement}]::text[]`);
  if (category) conditions.push(sql`lower(${products.category}) = ${category.toLowerCase()}`);
  if (newArrivals) conditions.push(eq(products.isNewArrival, true));
  if (filter && filter.value !== '') {
    const wanted = filter.value.trim().toLowerCase();
    // Same rule as domain/catalog-filter.ts matchesFilter: trimmed, case-insensitive.
    conditions.push(
      filter.field === 'category'
        ? sql`lower(trim(${products.category})) = ${wanted}`
        : sql`exists (select 1 from unnest(${products.tags}) as tag where lower(trim(tag)) = ${wanted})`,
    );
  }
  return conditions;
}

/**
 * Active own products in shop order (sort order, then newest), public shape only, with the
 * true total of the list. Filter first, then limit (SPEC §2 collection pages; §9 page size).
 */
export async function listProducts(options: ListProductsOptions): Promise<ProductList> {
  const { db, limit = CATALOGUE_PAGE_SIZE } = options;
  const where = and(...conditionsFor(options));
  // One round trip: the window count is taken before the limit applies.
  const rows = await db
    .select({ product: products, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(where)
    .orderBy(asc(products.sortOrder), desc(products.createdAt), asc(products.name))
    .limit(limit);
  return { products: await withStock(db, rows.map((row) => toPublicProduct(row.product))), total: rows[0]?.total ?? 0 };
}

/** How many active products a list has (with its filter, or before any: the empty state). */
export async function countProducts(options: Omit<ListProductsOptions, 'limit'>): Promise<number> {
  const [row] = await options.db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(and(...conditionsFor(options)));
  return row?.total ?? 0;
}
