import { and, eq } from 'drizzle-orm';
import type { PublicProduct } from '../../domain/storefront-product';
import type { Executor } from '../db/client';
import { products } from '../db/schema';
import { toPublicProduct } from './to-public-product';
import { withStock } from './with-stock';

/** One active product by its slug (public shape), or null: the product page answers 404. */
export async function getProductBySlug(options: { db: Executor; slug: string }): Promise<PublicProduct | null> {
  const [row] = await options.db
    .select()
    .from(products)
    .where(and(eq(products.slug, options.slug), eq(products.isActive, true)))
    .limit(1);
  return row ? ((await withStock(options.db, [toPublicProduct(row)]))[0] ?? null) : null;
}
