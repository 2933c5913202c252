/**
 * Cart: the single source of how the shopping cart changes. Pure, immutable functions over
 * `CartState`; what it costs comes from `priceOrder` (price-order.ts), how it is saved from
 * saved-cart.ts (this module touches no storage).
 * SPEC §4 Cart (add, update quantity, remove, clear, apply and remove coupon); its price preview
 * is cart-price.ts (only /cart prices it, so the pricing code stays out of every page's JavaScript),
 * SPEC §3 Cart item and Cart state, SPEC §9 (starting quantity 1, defaults 'Default' / 'One Size').
 */
import type { Cents } from './money';
import type { DiscountTerms } from './price-order';

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
  /** The product's category, as the cart's quote gives it (not saved). */
  category?: string | undefined;
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
  /** Active coupon fraction (0.1 for 10%); 0 without a coupon or for a code that is not a percentage. */
  couponDiscount: number;
  /**
   * The active code's terms as the server last gave them (Apply, the cart's quote); not saved:
   * a restored code previews from `couponDiscount` until the quote checks it again.
   */
  couponTerms?: DiscountTerms | null;
};

/** A new, empty cart without a coupon. */
export function createEmptyCart(): CartState {
  return { items: [], couponCode: null, couponDiscount: 0 };
}

/** The colour as given, or 'Default' when blank. */
export function colorOrDefault(color: string | null | undefined): string {
  return color?.trim() ? color.trim() : DEFAULT_COLOR;
}

/** The size as given, or 'One Size' when blank. */
export function sizeOrDefault(size: string | null | undefined): string {
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

/**
 * Makes a code the server accepted the active coupon (SPEC §4 Apply coupon: "If known, it
 * becomes the active coupon and discount"); the server decides which codes are known and
 * whether they apply (domain/discount.ts), the cart only keeps its answer. A percentage's
 * fraction is saved as `couponDiscount` (SPEC §3), 0 for other kinds.
 */
export function applyCoupon(state: CartState, terms: DiscountTerms): CartState {
  return {
    ...state,
    couponCode: terms.code,
    couponDiscount: terms.kind === 'percent' ? terms.value / 100 : 0,
    couponTerms: terms,
  };
}

/** Code and discount return to none. SPEC §4 Remove coupon */
export function removeCoupon(state: CartState): CartState {
  return { ...state, couponCode: null, couponDiscount: 0, couponTerms: null };
}

/** Total item count: the sum of quantities. SPEC §3 */
export function cartCount(state: CartState): number {
  return state.items.reduce((sum, item) => sum + item.quantity, 0);
}
