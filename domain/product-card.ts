/**
 * Product card: the single source of the card's image, sale, selection and button rules.
 * SPEC §4 Product card: "Changing colour resets the image to the first one ... Images shown are
 * filtered by the chosen colour. A colour-variant entry with a matching image wins. Otherwise,
 * if the image count equals the colour count, one image per colour is shown. Otherwise the
 * images are split into equal groups per colour. The first colour and first size are
 * preselected. A 'Sale' badge shows when originalPrice exists and differs from the price."
 * SPEC §2 Product card (button states), SPEC §5 Add to cart on a card, SPEC §2 Home / T-Shirts
 * (carousel arrows wrap around).
 */
import * as MESSAGES from './messages';
import { parsePriceToCents } from './money';
import type { CardVariant, ColorVariant } from './storefront-product';

function sameColor(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The images to show for the chosen colour (colour names match case-insensitively).
 * Never empty while `images` is not: without colours, without a selection or without a match,
 * all images are shown.
 */
export function selectImagesForColor(options: {
  images: readonly string[];
  colors: readonly string[];
  selectedColor: string | null;
  colorVariants?: readonly ColorVariant[] | undefined;
}): string[] {
  const { images, colors, selectedColor, colorVariants } = options;
  if (selectedColor === null) return [...images];
  // Rule 1: a colour-variant entry with a matching image wins.
  const variant = colorVariants?.find((entry) => sameColor(entry.color, selectedColor) && entry.image.trim() !== '');
  if (variant) return [variant.image];
  const colorIndex = colors.findIndex((color) => sameColor(color, selectedColor));
  if (colorIndex === -1 || images.length === 0) return [...images];
  // Rule 2: one image per colour.
  const ownImage = images[colorIndex];
  if (images.length === colors.length && ownImage !== undefined) return [ownImage];
  // Rule 3: equal groups per colour.
  const groupSize = Math.max(1, Math.floor(images.length / colors.length));
  const group = images.slice(colorIndex * groupSize, (colorIndex + 1) * groupSize);
  return group.length > 0 ? group : [...images];
}

/** True when an original price exists and differs from the price (compared as amounts). SPEC §4 */
export function isOnSale(
  price: string | number | null | undefined,
  originalPrice: string | number | null | undefined,
): boolean {
  if (originalPrice === null || originalPrice === undefined || originalPrice === '') return false;
  if (price === null || price === undefined) return true;
  const priceCents = parsePriceToCents(price);
  const originalCents = parsePriceToCents(originalPrice);
  if (priceCents === null || originalCents === null) return String(price).trim() !== String(originalPrice).trim();
  return priceCents !== originalCents;
}

export type AddToCartButtonState = {
  label: typeof MESSAGES.addToCart | typeof MESSAGES.adding | typeof MESSAGES.outOfStock;
  disabled: boolean;
};

/**
 * 'Adding...' while in progress, 'Out of Stock' when the chosen variant is unavailable. SPEC §2
 * wrote "first variant": the first colour and size are preselected, so that is the chosen one
 * until the shopper picks another (issue 13: a sold-out first size no longer blocks the rest).
 */
export function addToCartButtonState(options: { isAdding: boolean; available: boolean }): AddToCartButtonState {
  if (options.isAdding) return { label: MESSAGES.adding, disabled: true };
  if (!options.available) return { label: MESSAGES.outOfStock, disabled: true };
  return { label: MESSAGES.addToCart, disabled: false };
}

/** What a choice of colour and size buys: its variant, price and availability. */
export interface ResolvedChoice {
  /** The matching variant; null when the product has no variant list (every choice is sold). */
  variant: CardVariant | null;
  priceCents: number;
  originalPriceCents: number | null;
  available: boolean;
}

/** True when the variant fits the choice; an option the variant does not have fits anything. */
function variantFits(variant: CardVariant, color: string | null, size: string | null): boolean {
  const fits = (value: string | null, chosen: string | null) =>
    value === null || chosen === null || sameColor(value, chosen);
  return fits(variant.color, color) && fits(variant.size, size);
}

type VariantList = {
  variants: readonly CardVariant[] | null;
  variantsAreExceptions?: boolean | undefined;
};

/**
 * The variant a colour and size choose (SPEC §2 Product card, issue 13): its price, compare-at
 * price and availability. Without a variant list every choice is available at the product's
 * price. With a full list (Shopify) a combination no variant offers is unavailable; with a
 * list of exceptions (our own products' low and sold-out variants) it is available.
 */
export function resolveVariant(
  product: { priceCents: number; originalPriceCents: number | null } & VariantList,
  choice: { color: string | null; size: string | null },
): ResolvedChoice {
  const variant = product.variants?.find((entry) => variantFits(entry, choice.color, choice.size));
  if (!variant) {
    const available = product.variants === null || product.variantsAreExceptions === true;
    return { variant: null, priceCents: product.priceCents, originalPriceCents: product.originalPriceCents, available };
  }
  return {
    variant,
    priceCents: variant.priceCents ?? product.priceCents,
    originalPriceCents:
      variant.originalPriceCents === undefined ? product.originalPriceCents : variant.originalPriceCents,
    available: variant.available,
  };
}

type ChoiceLists = { colors: readonly string[]; sizes: readonly string[] } & VariantList;

/** Whether some variant covered by a choice can be bought (a null colour or size means any). */
function canBuy(product: ChoiceLists, color: string | null, size: string | null): boolean {
  const variants = product.variants;
  if (variants === null) return true;
  if (!product.variantsAreExceptions) {
    return variants.some((variant) => variant.available && variantFits(variant, color, size));
  }
  // With a list of exceptions, a choice is sold out only where every variant it covers is.
  // A product without colours (or sizes) has the one null option.
  const options = (chosen: string | null, all: readonly string[]) =>
    chosen !== null ? [chosen] : all.length > 0 ? all : [null];
  const priced = { priceCents: 0, originalPriceCents: null, variants, variantsAreExceptions: true };
  return options(color, product.colors).some((oneColor) =>
    options(size, product.sizes).some(
      (oneSize) => resolveVariant(priced, { color: oneColor, size: oneSize }).available,
    ),
  );
}

/**
 * The choices that cannot be bought: colours with no available variant, and sizes with no
 * available variant in the chosen colour. Empty without a variant list.
 */
export function soldOutChoices(
  product: ChoiceLists,
  chosenColor: string | null,
): { colors: Set<string>; sizes: Set<string> } {
  const colors = new Set(product.colors.filter((color) => !canBuy(product, color, null)));
  const sizes = new Set(product.sizes.filter((size) => !canBuy(product, chosenColor, size)));
  return { colors, sizes };
}

/** True when no choice of the product can be bought at all (every variant sold out). */
export function isSoldOut(product: ChoiceLists): boolean {
  return !canBuy(product, null, null);
}

/** The first colour and first size, preselected. SPEC §4 */
export function initialCardSelection(options: { colors: readonly string[]; sizes: readonly string[] }): {
  color: string | null;
  size: string | null;
} {
  return { color: options.colors[0] ?? null, size: options.sizes[0] ?? null };
}

/**
 * Null when the selection may be added, else the message to show: a colour must be chosen
 * when colours exist, then a size when sizes exist (the choice must be one offered). SPEC §5
 */
export function validateCardSelection(options: {
  colors: readonly string[];
  sizes: readonly string[];
  color: string | null | undefined;
  size: string | null | undefined;
}): typeof MESSAGES.selectColor | typeof MESSAGES.selectSize | null {
  const { colors, sizes, color, size } = options;
  if (colors.length > 0 && (!color || !colors.includes(color))) return MESSAGES.selectColor;
  if (sizes.length > 0 && (!size || !sizes.includes(size))) return MESSAGES.selectSize;
  return null;
}

/** Wraps a carousel index into 0..length-1 (-1 -> last, length -> 0); 0 for an empty carousel. */
export function wrapIndex(index: number, length: number): number {
  const size = Math.floor(length);
  if (!(size > 0) || !Number.isFinite(index)) return 0;
  const whole = Math.trunc(index);
  return (((whole % size) + size) % size) + 0;
}
