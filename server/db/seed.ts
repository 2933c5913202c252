/**
 * Seeds the demo catalogue (server/db/demo-catalogue.ts) as real products into an empty
 * database, once: a marker in app_settings keeps products an admin deleted from coming back.
 */
import { count, eq } from 'drizzle-orm';
import type { Database } from './client';
import { stockColors, stockSizes } from '../../domain/stock';
import { DEMO_PRODUCTS, DEMO_STOCK } from './demo-catalogue';
import { appSettings, products, productStock } from './schema';

const SEED_MARKER = 'demo_catalogue_seeded_at';

export async function seedDemoCatalogue(db: Database): Promise<{ inserted: number }> {
  return db.transaction(async (tx) => {
    const marker = await tx.select().from(appSettings).where(eq(appSettings.key, SEED_MARKER));
    if (marker.length > 0) return { inserted: 0 };
    const claimed = await tx
      .insert(appSettings)
      .values({ key: SEED_MARKER, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return { inserted: 0 };
    const [existing] = await tx.select({ n: count() }).from(products);
    if ((existing?.n ?? 0) > 0) return { inserted: 0 };
    const rows = DEMO_PRODUCTS.map((product) => ({
      slug: product.slug,
      name: product.name,
      description: product.description,
      priceCents: product.priceCents,
      originalPriceCents: product.originalPriceCents,
      costCents: product.costCents,
      category: product.category,
      imageUrl: product.imageUrls[0] ?? null,
      imageUrls: product.imageUrls,
      colors: product.colors,
      sizes: product.sizes,
      placement: product.placement,
      tags: product.tags,
      rating: product.rating,
      isNewArrival: product.isNewArrival,
      isFeatured: product.isFeatured,
      isActive: product.isActive,
      sortOrder: product.sortOrder,
      // Spread creation times so "newest first" lists keep the catalogue's order.
      createdAt: new Date(Date.UTC(2026, 0, 1) + (DEMO_PRODUCTS.length - product.sortOrder) * 60_000),
    }));
    const inserted = await tx
      .insert(products)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: products.id, slug: products.slug, colors: products.colors, sizes: products.sizes });
    const stock = inserted.flatMap((product) => {
      const plan = DEMO_STOCK[product.slug];
      if (!plan) return [];
      return stockColors(product.colors).flatMap((color) =>
        stockSizes(product.sizes).map((size) => ({
          productId: product.id,
          color,
          size,
          quantity: plan.except.find(([c, s]) => c === color && s === size)?.[2] ?? plan.count,
        })),
      );
    });
    if (stock.length > 0) await tx.insert(productStock).values(stock);
    return { inserted: inserted.length };
  });
}
