import { data } from 'react-router';
import { z } from 'zod';
import { centsToDecimalString } from '@domain/money';
import { isSoldOut } from '@domain/product-card';
import { cardFromPublicProduct } from '@domain/storefront-product';
import { productTag } from '@domain/catalogue-tags';
import { tagPage } from '@server/cache/page-render';
import { getProductBySlug } from '@server/catalog/get-product-by-slug';
import { NotFound } from '~/components/shop/not-found';
import { ProductDetail } from '~/components/shop/product-detail';
import { publicUrlFrom, seoMeta } from '~/components/shop/seo';
import type { Route } from './+types/products.$slug';

const SlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(200);

/**
 * A product page (ours: every real shop has one). Unknown slug: the 404 page with status 404,
 * rendered by this route (not thrown to the root), so it keeps its title.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = SlugSchema.safeParse(params.slug);
  // Through the catalogue read cache (decision 007): the admin's writes invalidate it.
  const product = slug.success
    ? await context.catalogCache.get(`product:${slug.data}`, () =>
        getProductBySlug({ db: context.db, slug: slug.data }),
      )
    : null;
  if (!product) return data({ product: null }, { status: 404 });
  tagPage(context, productTag(product.id));
  return { product };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  if (!loaderData?.product)
    return [{ title: 'Page not found | Wear Your Faith' }, { name: 'robots', content: 'noindex' }];
  const { product } = loaderData;
  return seoMeta({
    matches,
    title: product.name,
    description: product.description || `${product.name} from Wear Your Faith.`,
    path: `/products/${product.slug}`,
    image: product.images[0],
    type: 'product',
  });
}

export default function ProductPage({ loaderData, matches }: Route.ComponentProps) {
  const { product } = loaderData;
  if (!product) return <NotFound />;
  const base = publicUrlFrom(matches);
  const card = cardFromPublicProduct(product, { cycleColors: false });
  // Sold out when no variant can be bought (stock per variant, decision 015).
  const soldOut = isSoldOut(card);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.slug,
    category: product.category,
    image: product.images.map((image) => `${base}${image}`),
    brand: { '@type': 'Brand', name: 'Wear Your Faith' },
    offers: {
      '@type': 'Offer',
      url: `${base}/products/${product.slug}`,
      priceCurrency: 'USD',
      price: centsToDecimalString(product.priceCents),
      availability: soldOut ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
    },
  };
  return (
    <main>
      <script
        type="application/ld+json"
        // JSON script tags are not executed (CSP is fine); '<' is escaped so no tag can close early.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }}
      />
      <ProductDetail product={product} card={card} />
    </main>
  );
}
