/**
 * What the shop's pages may show of a product: the PUBLIC shape (never cost or margins: loader
 * data is visible in the page source) and the product card's input built from an own product
 * or an external (Shopify) product. SPEC §2 Product card, §3, §7.
 */
import type { ExternalProduct } from './external-product';
import { parsePriceToCents } from './money';
import { LOW_STOCK_THRESHOLD, stockColors, stockFor, stockSizes, type VariantStock } from './stock';

/** A colour's own image (and swatch), for cards and the product page. */
export type ColorVariant = { color: string; image: string; colorHex?: string | undefined };

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
 * option) with its availability, and its own price where it has one. Shopify variants map to
 * these; our own products list the variants their stock makes special (few or none left).
 */
export interface CardVariant {
  /** The external shop's variant id (what its checkout buys); absent for our own products. */
  id?: string | null;
  color: string | null;
  size: string | null;
  /** The variant's price; absent: the product's (our own products). */
  priceCents?: number;
  /** The variant's compare-at price; absent: the product's. */
  originalPriceCents?: number | null;
  available: boolean;
  /** Units left when few are (at or below the low-stock threshold), else null/absent. */
  left?: number | null;
}

/** Everything a product card needs, whatever the source. */
export interface CardProduct {
  /**
   * The external shop's product id (a card's identity and React key: `cardKey`). Absent on
   * our own cards, whose `productId` is that: loader data is in every page's HTML.
   */
  key?: string;
  source: 'own' | 'external';
  /** Own products: the product page slug and the id checkout reprices by. */
  slug: string | null;
  productId: string | null;
  title: string;
  priceCents: number;
  originalPriceCents: number | null;
  images: string[];
  colors: string[];
  sizes: string[];
  rating: number | null;
  /** Present for cards whose arrows cycle colour variants (the demo cards). */
  colorVariants?: ColorVariant[];
  /**
   * The purchasable variants. Null: every colour and size at the product's price, available.
   * See domain/product-card.ts `resolveVariant` for how a choice finds its variant.
   */
  variants: CardVariant[] | null;
  /**
   * True when `variants` lists only the exceptions (our own products: the variants with few
   * or no units left), so any other choice is available at the product's price. Loader data
   * is in every page's HTML: a full colour x size list of plain 'available' rows would be most
   * of a card's weight (issue 15).
   */
  variantsAreExceptions?: boolean;
}

/** A card's identity (its React key in a grid): the external product's id, or our product's. */
export function cardKey(card: Pick<CardProduct, 'key' | 'productId' | 'title'>): string {
  return card.key ?? card.productId ?? card.title;
}

/**
 * Our own product's special variants: those with few units left (LOW_STOCK_THRESHOLD or
 * fewer) or none, as exceptions to "available at the product's price". Null when none is.
 */
function ownVariants(product: PublicProduct): CardVariant[] | null {
  const stock = product.stock ?? [];
  const exceptions = stockColors(product.colors).flatMap((color) =>
    stockSizes(product.sizes).flatMap((size): CardVariant[] => {
      const quantity = stockFor(stock, color, size);
      if (quantity === undefined || quantity > LOW_STOCK_THRESHOLD) return [];
      return [
        {
          color: product.colors.length > 0 ? color : null,
          size: product.sizes.length > 0 ? size : null,
          available: quantity > 0,
          ...(quantity > 0 ? { left: quantity } : {}),
        },
      ];
    }),
  );
  return exceptions.length > 0 ? exceptions : null;
}

/**
 * An own product as a card. With one image per colour (the usual case) the colours become
 * colour variants, so the card's arrows and dots walk through the colours (SPEC §4).
 */
export function cardFromPublicProduct(product: PublicProduct, options: { cycleColors?: boolean } = {}): CardProduct {
  const card: CardProduct = {
    source: 'own',
    slug: product.slug,
    productId: product.id,
    title: product.name,
    priceCents: product.priceCents,
    originalPriceCents: product.originalPriceCents,
    images: product.images,
    colors: product.colors,
    sizes: product.sizes,
    rating: product.rating,
    variants: ownVariants(product),
  };
  if (card.variants) card.variantsAreExceptions = true;
  if ((options.cycleColors ?? true) && product.colors.length > 1 && product.images.length === product.colors.length) {
    card.colorVariants = product.colors.map((color, index) => ({ color, image: product.images[index] ?? '' }));
  }
  return card;
}

const COLOR_WORDS =
  /^(black|white|cream|pink|blush pink|navy|grey|gray|heather grey|blue|sky blue|red|green|sage|yellow|lavender|brown|natural|gold|silver|beige|olive|maroon|purple|orange)$/i;
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
    priceCents: first?.priceCents ?? fallbackCents,
    originalPriceCents: first?.originalPriceCents ?? null,
    images: product.images.map((image) => image.src).filter((src) => src !== ''),
    colors: unique(variants.map((variant) => variant.color)),
    sizes: unique(variants.map((variant) => variant.size)),
    rating: null,
    variants,
  };
}
