/**
 * What the shop's pages may show of a product: the PUBLIC shape (never cost or margins: loader
 * data is visible in the page source) and the product card's input built from an own product
 * or an external (Shopify) product. SPEC §2 Product card, §3, §7.
 */
import type { ExternalProduct } from './external-product';
import type { ColorVariant } from './product-card';
import { parsePriceToCents } from './money';

/** An own (database) product as the browser may see it. */
export interface PublicProduct {
  id: string;
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  originalPriceCents: number | null;
  category: string;
  /** Image URLs, main image first. */
  images: string[];
  colors: string[];
  sizes: string[];
  tags: string[];
  rating: number | null;
  isNewArrival: boolean;
}

/** Everything a product card needs, whatever the source. */
export interface CardProduct {
  /** React key and stable identity. */
  key: string;
  source: 'own' | 'external';
  /** Own products: the product page slug and the id checkout reprices by. */
  slug: string | null;
  productId: string | null;
  title: string;
  description: string;
  priceCents: number;
  originalPriceCents: number | null;
  images: string[];
  colors: string[];
  sizes: string[];
  rating: number | null;
  /** Present for cards whose arrows cycle colour variants (the demo cards). */
  colorVariants?: ColorVariant[];
  /** External products: the first variant, bought through the hosted checkout. */
  externalVariantId: string | null;
  firstVariantAvailable: boolean;
}

/**
 * An own product as a card. With one image per colour (the usual case) the colours become
 * colour variants, so the card's arrows and dots walk through the colours (SPEC §4).
 */
export function cardFromPublicProduct(product: PublicProduct, options: { cycleColors?: boolean } = {}): CardProduct {
  const card: CardProduct = {
    key: product.id,
    source: 'own',
    slug: product.slug,
    productId: product.id,
    title: product.name,
    description: product.description,
    priceCents: product.priceCents,
    originalPriceCents: product.originalPriceCents,
    images: product.images,
    colors: product.colors,
    sizes: product.sizes,
    rating: product.rating,
    externalVariantId: null,
    firstVariantAvailable: true,
  };
  if ((options.cycleColors ?? true) && product.colors.length > 1 && product.images.length === product.colors.length) {
    card.colorVariants = product.colors.map((color, index) => ({ color, image: product.images[index] ?? '' }));
  }
  return card;
}

const COLOR_WORDS = /^(black|white|cream|pink|blush pink|navy|grey|gray|heather grey|blue|sky blue|red|green|sage|yellow|lavender|brown|natural|gold|silver|beige|olive|maroon|purple|orange)$/i;
const SIZE_WORDS = /^(xxs|xs|s|m|l|xl|xxl|2xl|3xl|one size|os|small|medium|large)$/i;

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/**
 * Maps an external product to a card: price from the first variant (a decimal string),
 * compare-at price as original, image sources, and colours and sizes read from the variant
 * titles ("Black / M"). SPEC §3 Product (external shop, normalised)
 */
export function cardFromExternalProduct(product: ExternalProduct): CardProduct {
  const first = product.variants[0];
  const priceCents =
    (first ? parsePriceToCents(first.price.amount) : null) ??
    parsePriceToCents(product.priceRange.minVariantPrice.amount) ??
    0;
  const compareAt = first?.compareAtPrice ? parsePriceToCents(first.compareAtPrice.amount) : null;
  const colors: string[] = [];
  const sizes: string[] = [];
  for (const variant of product.variants) {
    for (const part of variant.title.split('/').map((piece) => piece.trim())) {
      if (SIZE_WORDS.test(part)) sizes.push(part);
      else if (COLOR_WORDS.test(part)) colors.push(part);
    }
  }
  return {
    key: product.id,
    source: 'external',
    slug: null,
    productId: null,
    title: product.title,
    description: product.description,
    priceCents,
    originalPriceCents: compareAt !== null && compareAt > 0 ? compareAt : null,
    images: product.images.map((image) => image.src).filter((src) => src !== ''),
    colors: unique(colors),
    sizes: unique(sizes),
    rating: null,
    externalVariantId: first?.id ?? null,
    firstVariantAvailable: first?.availableForSale ?? false,
  };
}

/** The 480-wide sibling of a generated -960.webp image, or null for other URLs. */
export function smallImageUrl(url: string): string | null {
  return url.endsWith('-960.webp') ? `${url.slice(0, -'-960.webp'.length)}-480.webp` : null;
}
