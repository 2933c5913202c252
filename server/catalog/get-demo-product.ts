import { eq } from 'drizzle-orm';
import type { PublicProduct } from '../../domain/storefront-product';
import type { Executor } from '../db/client';
import { DEMO_PRODUCTS } from '../db/demo-catalogue';
import { products } from '../db/schema';
import { toPublicProduct } from './to-public-product';
import { withStock } from './with-stock';

/**
 * A built-in demo item (SPEC §2 Home fallback 3, T-Shirts fallback 2): its seeded row when it
 * still exists (so checkout can reprice it by id), otherwise the built-in data itself.
 */
export async function getDemoProduct(options: { db: Executor; slug: string }): Promise<PublicProduct | null> {
  const [row] = await options.db.select().from(products).where(eq(products.slug, options.slug)).limit(1);
  if (row) return (await withStock(options.db, [toPublicProduct(row)]))[0] ?? null;
  const demo = DEMO_PRODUCTS.find((product) => product.slug === options.slug);
  if (!demo) return null;
  return {
    id: `demo-${demo.slug}`,
    slug: demo.slug,
    name: demo.name,
    description: demo.description,
    priceCents: demo.priceCents,
    originalPriceCents: demo.originalPriceCents,
    category: demo.category,
    images: demo.imageUrls,
    colors: demo.colors,
    sizes: demo.sizes,
    tags: demo.tags,
    rating: demo.rating,
    isNewArrival: demo.isNewArrival,
  };
}
