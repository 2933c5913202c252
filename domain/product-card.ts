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
import { MESSAGES } from './messages';
import { parsePriceToCents } from './money';

export type ColorVariant = { color: string; image: string; colorHex?: string | undefined };

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

/** 'Adding...' while in progress, 'Out of Stock' when the first variant is unavailable. SPEC §2 */
export function addToCartButtonState(options: {
  isAdding: boolean;
  firstVariantAvailable: boolean;
}): AddToCartButtonState {
  if (options.isAdding) return { label: MESSAGES.adding, disabled: true };
  if (!options.firstVariantAvailable) return { label: MESSAGES.outOfStock, disabled: true };
  return { label: MESSAGES.addToCart, disabled: false };
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
