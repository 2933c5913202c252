/**
 * Payment-provider sync (SPEC §7): per product and variant (colour x size) a Stripe Product
 * and Price; ids remembered in product_payment_sync so a re-run updates instead of
 * duplicating. Prices are immutable in Stripe: a changed amount creates a new Price.
 */
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Executor } from '../db/client';
import { productPaymentSync, products } from '../db/schema';

export interface SyncResult {
  product_name: string;
  status: 'success' | 'error';
  variants_count: number;
  error: string | null;
}

function variantsOf(product: { colors: string[]; sizes: string[] }) {
  const colors = product.colors.length ? product.colors : ['Default'];
  const sizes = product.sizes.length ? product.sizes : ['One Size'];
  return colors.flatMap((color) => sizes.map((size) => ({ color, size, key: `${color}/${size}` })));
}

export async function syncProductsToStripe(options: {
  db: Executor;
  /** The Stripe provider's client (AppServices.paymentProvider). */
  stripe: Stripe;
  logger: Logger;
}): Promise<SyncResult[]> {
  const { db, stripe } = options;
  const all = await db.select().from(products).where(eq(products.isActive, true));
  const results: SyncResult[] = [];
  for (const product of all) {
    const variants = variantsOf(product);
    try {
      for (const variant of variants) {
        const existing = await db
          .select()
          .from(productPaymentSync)
          .where(and(eq(productPaymentSync.productId, product.id), eq(productPaymentSync.provider, 'stripe'), eq(productPaymentSync.variantKey, variant.key)))
          .limit(1);
        const name = `${product.name} (${variant.color}, ${variant.size})`;
        const metadata = { product_id: product.id, color: variant.color, size: variant.size };
        let stripeProductId = existing[0]?.providerProductId;
        if (stripeProductId) await stripe.products.update(stripeProductId, { name, metadata });
        else stripeProductId = (await stripe.products.create({ name, metadata })).id;
        let priceId = existing[0]?.providerPriceId;
        if (!priceId || existing[0]!.unitAmountCents !== product.priceCents) {
          priceId = (
            await stripe.prices.create({ product: stripeProductId, unit_amount: product.priceCents, currency: 'usd', metadata })
          ).id;
        }
        await db
          .insert(productPaymentSync)
          .values({ productId: product.id, provider: 'stripe', variantKey: variant.key, providerProductId: stripeProductId, providerPriceId: priceId, unitAmountCents: product.priceCents })
          .onConflictDoUpdate({
            target: [productPaymentSync.productId, productPaymentSync.provider, productPaymentSync.variantKey],
            set: { providerProductId: stripeProductId, providerPriceId: priceId, unitAmountCents: product.priceCents, syncedAt: new Date() },
          });
      }
      results.push({ product_name: product.name, status: 'success', variants_count: variants.length, error: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.logger.warn({ productId: product.id, err: message }, 'stripe sync failed for product');
      results.push({ product_name: product.name, status: 'error', variants_count: variants.length, error: message });
    }
  }
  return results;
}
