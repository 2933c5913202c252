import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { products } from '../db/schema';

/** Slugs and last change of every active product, for /sitemap.xml. */
export async function listSitemapProducts(options: { db: Executor }): Promise<{ slug: string; updatedAt: Date }[]> {
  return options.db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.slug));
}
