import type { PublicProduct } from '../../domain/storefront-product';
import type { products } from '../db/schema';

type ProductRow = typeof products.$inferSelect;

/**
 * The public shape of a product row: what loaders may send to the browser. Cost, margins,
 * placement and flags beyond is_new_arrival stay on the server.
 */
export function toPublicProduct(row: ProductRow): PublicProduct {
  const images = row.imageUrls.filter((url) => url.trim() !== '');
  // SPEC §5: the main image follows the first of the list; an older row may only have image_url.
  if (row.imageUrl && !images.includes(row.imageUrl)) images.unshift(row.imageUrl);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    priceCents: row.priceCents,
    originalPriceCents: row.originalPriceCents,
    category: row.category,
    images,
    colors: row.colors,
    sizes: row.sizes,
    tags: row.tags,
    rating: row.rating,
    isNewArrival: row.isNewArrival,
  };
}
