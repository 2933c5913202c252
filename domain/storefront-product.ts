/**
 * What the shop's pages may show of a product: the PUBLIC shape (never cost or margins: loader
 * data is visible in the page source) and the product card's input built from an own product
 * or an external (Shopify) product. SPEC §2 Product card, §3, §7.
 */
import type { ExternalProduct } from './external-product';
import type { ColorVariant } from './product-card';
import { parsePriceToCents } from './money';
import { LOW_STOCK_THRESHOLD, stockColors, stockFor, stockSizes, type VariantStock } from './stock';

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
  /**
   * Tracked stock per variant (domain/stock.ts); a variant not listed is not tracked
   * (unlimited). Counts above the low-stock threshold are sent as threshold + 1.
   */
  stock?: VariantStock[];
}

/**
 * One purchasable choice of a product: a colour and size (null where the product has no such
 * option) with its own price, compare-at price and availability. Shopify variants map to these;
 * stock per variant of our own products can fill the same list.
 */
export interface CardVariant {
  /** The external shop's variant id (what its checkout buys); null for our own products. */
  id: string | null;
  color: string | null;
  size: string | null;
  priceCents: number;
  originalPriceCents: number | null;
  available: boolean;
  /** Units left when few are (at or below the low-stock threshold), else null/absent. */
  left?: number | null;
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
  /**
   * The purchasable variants. Null: every colour and size at the product's price, available
   * (our own products, until they track stock per variant). See domain/product-card.ts
   * `resolveVariant` for how a choice of colour and size finds its variant.
   */
  variants: CardVariant[] | null;
}

/**
 * Our own product's variants when it tracks stock: every colour x size, available unless its
 * count is 0, with the units left when few are. Null (every choice available) when nothing
 * is tracked, so products without counts behave as before.
 */
function ownVariants(product: PublicProduct): CardVariant[] | null {
  const stock = product.stock ?? [];
  if (stock.length === 0) return null;
  return stockColors(product.colors).flatMap((color) =>
    stockSizes(product.sizes).map((size) => {
      const quantity = stockFor(stock, color, size);
      return {
        id: null,
        color: product.colors.length > 0 ? color : null,
        size: product.sizes.length > 0 ? size : null,
        priceCents: product.priceCents,
        originalPriceCents: product.originalPriceCents,
        available: quantity === undefined || quantity > 0,
        left: quantity !== undefined && quantity <= LOW_STOCK_THRESHOLD ? quantity : null,
      };
    }),
  );
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
    variants: ownVariants(product),
  };
  if ((options.cycleColors ?? true) && product.colors.length > 1 && product.images.length === product.colors.length) {
    card.colorVariants = product.colors.map((color, index) => ({ color, image: product.images[index] ?? '' }));
  }
  return card;
}

const COLOR_WORDS = /^(black|white|cream|pink|blush pink|navy|grey|gray|heather grey|blue|sky blue|red|green|sage|yellow|lavender|brown|natural|gold|silver|beige|olive|maroon|purple|orange)$/i;
const SIZE_WORDS = /^(xxs|xs|s|m|l|xl|xxl|2xl|3xl|one size|os|small|medium|large)$/i;
const COLOR_OPTION = /^colou?rs?$/i;
const SIZE_OPTION = /^sizes?$/i;

function unique(values: (string | null)[]): string[] {
  return [...new Set(values.filter((value): value is string => value !== null))];
}

type ExternalVariant = ExternalProduct['variants'][number];

/**
 * A variant's colour and size: from its options named Color / Size when Shopify sends them,
 * otherwise read from its title ('Black / M').
 */
function variantChoice(variant: ExternalVariant): { color: string | null; size: string | null } {
  const options = variant.selectedOptions ?? [];
  if (options.length > 0) {
    return {
      color: options.find((option) => COLOR_OPTION.test(option.name.trim()))?.value.trim() || null,
      size: options.find((option) => SIZE_OPTION.test(option.name.trim()))?.value.trim() || null,
    };
  }
  const parts = variant.title.split('/').map((piece) => piece.trim());
  return {
    color: parts.find((part) => COLOR_WORDS.test(part)) ?? null,
    size: parts.find((part) => SIZE_WORDS.test(part)) ?? null,
  };
}

/**
 * Maps an external product to a card: every variant with its colour, size, price (a decimal
 * string), compare-at price and availability; the card shows the first variant's price until
 * a choice picks another. SPEC §3 Product (external shop, normalised)
 */
export function cardFromExternalProduct(product: ExternalProduct): CardProduct {
  const fallbackCents = parsePriceToCents(product.priceRange.minVariantPrice.amount) ?? 0;
  const variants: CardVariant[] = product.variants.map((variant) => {
    const compareAt = variant.compareAtPrice ? parsePriceToCents(variant.compareAtPrice.amount) : null;
    return {
      id: variant.id,
      ...variantChoice(variant),
      priceCents: parsePriceToCents(variant.price.amount) ?? fallbackCents,
      originalPriceCents: compareAt !== null && compareAt > 0 ? compareAt : null,
      available: variant.availableForSale,
    };
  });
  const first = variants[0];
  return {
    key: product.id,
    source: 'external',
    slug: null,
    productId: null,
    title: product.title,
    description: product.description,
    priceCents: first?.priceCents ?? fallbackCents,
    originalPriceCents: first?.originalPriceCents ?? null,
    images: product.images.map((image) => image.src).filter((src) => src !== ''),
    colors: unique(variants.map((variant) => variant.color)),
    sizes: unique(variants.map((variant) => variant.size)),
    rating: null,
    variants,
  };
}
