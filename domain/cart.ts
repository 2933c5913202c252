/**
 * Cart: the single source of how the shopping cart changes and what it adds up to.
 * Pure, immutable functions over `CartState`; the browser store holds the state and
 * writes it to local storage with the helpers at the bottom (this module touches no storage).
 * SPEC §4 Cart (add, update quantity, remove, clear, apply and remove coupon, persistence),
 * SPEC §3 Cart item and Cart state, SPEC §9 (starting quantity 1, defaults 'Default' / 'One Size',
 * storage keys cart, couponCode, couponDiscount).
 */
import { lookupCoupon, couponDiscountCents } from './coupon';
import { dollarsToCents, type Cents } from './money';
import { computeTotals, type Totals, type TotalsLine } from './totals';

/** Default colour of an item added without one. SPEC §9 */
export const DEFAULT_COLOR = 'Default';
/** Default size of an item added without one. SPEC §9 */
export const DEFAULT_SIZE = 'One Size';
/** Most units of one line (ours: the spec sets no maximum; checkout accepts up to 99). */
export const CART_MAX_QUANTITY = 99;

export type CartItem = {
  /** Line identity with color and size; card-added items compose it with `cartItemId`. SPEC §3 */
  id: string;
  productId?: string | undefined;
  slug?: string | undefined;
  name: string;
  image: string;
  /** Unit price in dollars, as the spec stores it; always `priceCents / 100`. */
  price: number;
  priceCents: Cents;
  quantity: number;
  color: string;
  size: string;
};

/** What a product card or page hands to `addItem`; quantity, colour and size are filled in. */
export type CartItemInput = {
  id: string;
  productId?: string | undefined;
  slug?: string | undefined;
  name: string;
  image: string;
  priceCents: Cents;
  color?: string | null | undefined;
  size?: string | null | undefined;
};

export type CartState = {
  items: CartItem[];
  /** Active coupon code (upper case), or null. */
  couponCode: string | null;
  /** Active coupon fraction (0.1 for 10%); 0 without a coupon. */
  couponDiscount: number;
};

/** A new, empty cart without a coupon. */
export function createEmptyCart(): CartState {
  return { items: [], couponCode: null, couponDiscount: 0 };
}

function colorOrDefault(color: string | null | undefined): string {
  return color?.trim() ? color.trim() : DEFAULT_COLOR;
}

function sizeOrDefault(size: string | null | undefined): string {
  return size?.trim() ? size.trim() : DEFAULT_SIZE;
}

/** Id of a card-added item, composed of title, colour and size. SPEC §3 Cart item */
export function cartItemId(title: string, color?: string | null, size?: string | null): string {
  return `${title.trim()}-${colorOrDefault(color)}-${sizeOrDefault(size)}`;
}

/** Clamps a quantity to a whole number from 1 to 99 (fractions round down, NaN gives 1). */
export function clampQuantity(quantity: number): number {
  if (Number.isNaN(quantity)) return 1;
  return Math.min(CART_MAX_QUANTITY, Math.max(1, Math.floor(quantity)));
}

function isSameLine(item: CartItem, id: string, color: string, size: string): boolean {
  return item.id === id && item.color === color && item.size === size;
}

/**
 * Adds one unit: a line with the same id, colour and size goes up by 1 (up to 99);
 * otherwise a new line starts at quantity 1. SPEC §4 Add item, SPEC §9 quantity per click 1
 */
export function addItem(state: CartState, input: CartItemInput): CartState {
  const color = colorOrDefault(input.color);
  const size = sizeOrDefault(input.size);
  if (state.items.some((item) => isSameLine(item, input.id, color, size))) {
    return {
      ...state,
      items: state.items.map((item) =>
        isSameLine(item, input.id, color, size) ? { ...item, quantity: clampQuantity(item.quantity + 1) } : item,
      ),
    };
  }
  const item: CartItem = {
    id: input.id,
    name: input.name,
    image: input.image,
    price: input.priceCents / 100,
    priceCents: input.priceCents,
    quantity: 1,
    color,
    size,
  };
  if (input.productId !== undefined) item.productId = input.productId;
  if (input.slug !== undefined) item.slug = input.slug;
  return { ...state, items: [...state.items, item] };
}

/**
 * Sets the quantity of every line with that id; 0 or less removes them. Other values are
 * clamped to whole numbers 1..99; a non-finite quantity changes nothing. SPEC §4 Update quantity
 */
export function updateQuantity(state: CartState, id: string, quantity: number): CartState {
  if (Number.isNaN(quantity)) return state;
  if (quantity <= 0) return removeItem(state, id);
  const next = clampQuantity(quantity);
  return { ...state, items: state.items.map((item) => (item.id === id ? { ...item, quantity: next } : item)) };
}

/** Removes every line with that id. SPEC §4 Remove item */
export function removeItem(state: CartState, id: string): CartState {
  return { ...state, items: state.items.filter((item) => item.id !== id) };
}

/** Empties the items and drops the coupon (run on payment success). SPEC §4 Clear cart */
export function clearCart(_state: CartState): CartState {
  return createEmptyCart();
}

export type ApplyCouponResult =
  { ok: true; state: CartState; code: string } | { ok: false; state: CartState; reason: 'blank' | 'unknown' };

/**
 * Applies a coupon as typed (upper-cased before lookup). A known code becomes the active
 * coupon; a blank code is ignored and an unknown one fails, both leaving the state as it was.
 * SPEC §4 Apply coupon, SPEC §5 Coupon
 */
export function applyCoupon(state: CartState, raw: string): ApplyCouponResult {
  if (raw.trim() === '') return { ok: false, state, reason: 'blank' };
  const coupon = lookupCoupon(raw);
  if (!coupon) return { ok: false, state, reason: 'unknown' };
  return { ok: true, code: coupon.code, state: { ...state, couponCode: coupon.code, couponDiscount: coupon.fraction } };
}

/** Code and discount return to none. SPEC §4 Remove coupon */
export function removeCoupon(state: CartState): CartState {
  return { ...state, couponCode: null, couponDiscount: 0 };
}

/** Total item count: the sum of quantities. SPEC §3 */
export function cartCount(state: CartState): number {
  return state.items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Subtotal: the sum of price times quantity. SPEC §3 */
export function cartSubtotalCents(state: CartState): Cents {
  return state.items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
}

/** Coupon discount: subtotal times the discount fraction, to the nearest cent. SPEC §3 */
export function cartDiscountCents(state: CartState): Cents {
  return couponDiscountCents(cartSubtotalCents(state), state.couponDiscount);
}

/** The cart state's total: subtotal minus discount, before shipping. SPEC §3 */
export function cartTotalCents(state: CartState): Cents {
  return cartSubtotalCents(state) - cartDiscountCents(state);
}

/** The lines as `computeTotals` takes them. */
export function cartLines(state: CartState): TotalsLine[] {
  return state.items.map((item) => ({ unitPriceCents: item.priceCents, quantity: item.quantity }));
}

/** The order summary preview: subtotal, discount, shipping, total and points to earn. SPEC §2 Cart */
export function cartTotals(state: CartState, pointsToRedeem = 0): Totals {
  return computeTotals({ lines: cartLines(state), couponFraction: state.couponDiscount, pointsToRedeem });
}

// ── Persistence (SPEC §4 Persistence, §8 "A failed read of the saved cart is logged") ──

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

/** One saved line; older saves carry only `price` in dollars, newer ones `priceCents` too. */
function parseStoredCartItem(stored: unknown): CartItem | null {
  if (!isRecord(stored)) return null;
  const { id, name, image, price, priceCents, quantity } = stored;
  if (!isTextUpTo(id, 500) || id.length === 0 || !isTextUpTo(name, 500)) return null;
  const productId = optionalTextUpTo(stored.productId, 500);
  const slug = optionalTextUpTo(stored.slug, 500);
  const color = optionalTextUpTo(stored.color, 200);
  const size = optionalTextUpTo(stored.size, 200);
  const imageText = optionalTextUpTo(image, 4096);
  if (productId === false || slug === false || color === false || size === false || imageText === false) return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return null;
  const hasCents = priceCents !== undefined;
  const hasDollars = price !== undefined;
  if (hasCents && !(isFiniteNumberIn(priceCents, 0, 1_000_000_000) && Number.isInteger(priceCents))) return null;
  if (hasDollars && !isFiniteNumberIn(price, 0, 10_000_000)) return null;
  if (!hasCents && !hasDollars) return null;
  const cents = hasCents ? (priceCents as number) : dollarsToCents(price as number);
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
  if (productId !== undefined) item.productId = productId;
  if (slug !== undefined) item.slug = slug;
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
 * Rebuilds the cart from the three saved values. The coupon is restored only when its code
 * is still known, and its fraction then comes from the coupon table: the saved
 * `couponDiscount` (see `parseStoredDiscount`) never overrides the table.
 */
export function restoreCart(stored: StoredCart): { state: CartState; error?: string } {
  const { items, error } = parseStoredCart(stored.cart);
  const coupon = lookupCoupon(stored.couponCode);
  const state: CartState = { items, couponCode: coupon?.code ?? null, couponDiscount: coupon?.fraction ?? 0 };
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
