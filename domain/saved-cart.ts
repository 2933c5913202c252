/**
 * The saved cart: how the cart is written to and read back from the browser's local storage
 * (SPEC §4 Persistence, §9 storage keys cart, couponCode, couponDiscount; §8 "A failed read of
 * the saved cart is logged"). Pure: the browser store does the reading and writing.
 */
import { clampQuantity, colorOrDefault, sizeOrDefault, type CartItem, type CartState } from './cart';
import { isCouponCodeShape, normalizeCouponCode } from './coupon';
import { dollarsToCents } from './money';

/** Local storage keys. SPEC §9 */
export const CART_STORAGE_KEYS = { cart: 'cart', couponCode: 'couponCode', couponDiscount: 'couponDiscount' } as const;

/*
 * The saved cart is validated by hand rather than with zod: this module ships to every
 * shop page, and zod would add ~14 KB gzip of JavaScript for one small shape.
 */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isTextUpTo = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;
const optionalTextUpTo = (value: unknown, max: number): string | undefined | false =>
  value === undefined || value === null ? undefined : isTextUpTo(value, max) ? value : false;
const isFiniteNumberIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;

/**
 * One saved line; older saves carry only `price` in dollars, newer ones `priceCents` too.
 * A line that names its product (`productId`) is what the shopper chose: a malformed name,
 * image, price or slug does not lose it. It keeps its product, colour, size and quantity
 * (a malformed quantity becomes a valid one), its price is a display cache the server's
 * quote replaces on /cart (0 until then), and checkout reprices it anyway. A line without a
 * product (the spec's older shape) is kept only when every field is valid.
 */
function parseStoredCartItem(stored: unknown): CartItem | null {
  if (!isRecord(stored)) return null;
  const { id, name, image, price, priceCents, quantity } = stored;
  const productId = optionalTextUpTo(stored.productId, 500);
  if (typeof productId === 'string' && productId.trim() !== '') return parseChosenLine(stored, productId);
  if (!isTextUpTo(id, 500) || id.length === 0 || !isTextUpTo(name, 500)) return null;
  const slug = optionalTextUpTo(stored.slug, 500);
  const color = optionalTextUpTo(stored.color, 200);
  const size = optionalTextUpTo(stored.size, 200);
  const imageText = optionalTextUpTo(image, 4096);
  if (productId === false || slug === false || color === false || size === false || imageText === false) return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return null;
  const cents = storedPriceCents(price, priceCents);
  if (cents === null) return null;
  const item: CartItem = {
    id,
    name,
    image: imageText ?? '',
    price: cents / 100,
    priceCents: cents,
    quantity: clampQuantity(quantity),
    color: colorOrDefault(color),
    size: sizeOrDefault(size),
  };
  if (slug !== undefined) item.slug = slug;
  return item;
}

/** The saved price in cents: `priceCents` when valid, else `price` in dollars; null when neither is. */
function storedPriceCents(price: unknown, priceCents: unknown): number | null {
  if (priceCents !== undefined) {
    return isFiniteNumberIn(priceCents, 0, 1_000_000_000) && Number.isInteger(priceCents) ? priceCents : null;
  }
  return isFiniteNumberIn(price, 0, 10_000_000) ? dollarsToCents(price) : null;
}

const textOr = (value: unknown, max: number, fallback: string): string => (isTextUpTo(value, max) ? value : fallback);

/** A line that names its product: every malformed field gets a usable value, the line stays. */
function parseChosenLine(stored: Record<string, unknown>, productId: string): CartItem {
  const color = colorOrDefault(textOr(stored.color, 200, ''));
  const size = sizeOrDefault(textOr(stored.size, 200, ''));
  const savedId = textOr(stored.id, 500, '');
  const quantity =
    typeof stored.quantity === 'number' && Number.isFinite(stored.quantity) ? clampQuantity(stored.quantity) : 1;
  const cents = storedPriceCents(stored.price, stored.priceCents) ?? 0;
  const item: CartItem = {
    id: savedId !== '' ? savedId : `${productId}-${color}-${size}`,
    productId,
    name: textOr(stored.name, 500, ''),
    image: textOr(stored.image, 4096, ''),
    price: cents / 100,
    priceCents: cents,
    quantity,
    color,
    size,
  };
  const slug = optionalTextUpTo(stored.slug, 500);
  if (typeof slug === 'string') item.slug = slug;
  return item;
}

export type ParsedStoredCart = { items: CartItem[]; error?: string };

/**
 * Reads the saved `cart` value. Nothing saved gives an empty cart; a value that is not
 * JSON or not a list gives an empty cart and an error to log; invalid lines are dropped.
 */
export function parseStoredCart(raw: string | null): ParsedStoredCart {
  if (raw === null || raw.trim() === '') return { items: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    return {
      items: [],
      error: `Saved cart is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (!Array.isArray(parsed)) return { items: [], error: 'Saved cart is not a list of items' };
  const items: CartItem[] = [];
  for (const entry of parsed) {
    const item = parseStoredCartItem(entry);
    if (item) items.push(item);
  }
  return { items };
}

const DECIMAL_PATTERN = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Reads the saved discount fraction as a decimal; anything outside 0..1 gives 0. SPEC §5 */
export function parseStoredDiscount(raw: string | null): number {
  if (raw === null) return 0;
  const text = raw.trim();
  if (!DECIMAL_PATTERN.test(text)) return 0;
  const value = Number(text);
  return value >= 0 && value <= 1 ? value : 0;
}

export type StoredCart = { cart: string | null; couponCode: string | null; couponDiscount: string | null };

/**
 * Rebuilds the cart from the three saved values. A saved code that can be a code is restored
 * with its saved fraction (`parseStoredDiscount`) as a preview only: the server's cart quote
 * checks it again (issue 26) and the checkout decides the discount from the code's row, never
 * from the saved fraction.
 */
export function restoreCart(stored: StoredCart): { state: CartState; error?: string } {
  const { items, error } = parseStoredCart(stored.cart);
  const code = stored.couponCode === null ? '' : normalizeCouponCode(stored.couponCode);
  const known = isCouponCodeShape(code);
  const state: CartState = {
    items,
    couponCode: known ? code : null,
    couponDiscount: known ? parseStoredDiscount(stored.couponDiscount) : 0,
  };
  return error === undefined ? { state } : { state, error };
}

/**
 * The values to write back after every change. A null coupon value means: remove that key.
 * SPEC §4: coupon code and discount "written when a coupon is active and removed when none is".
 */
export function serializeCart(state: CartState): StoredCart & { cart: string } {
  const hasCoupon = state.couponCode !== null;
  return {
    cart: JSON.stringify(state.items),
    couponCode: hasCoupon ? state.couponCode : null,
    couponDiscount: hasCoupon ? String(state.couponDiscount) : null,
  };
}
