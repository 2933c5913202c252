/**
 * The one cart of the browser (SPEC §4 Cart): used by the header badge, the product
 * cards, the product page and /cart. State rules come from domain/cart; this module only
 * holds the state, persists it under the spec's localStorage keys (cart, couponCode,
 * couponDiscount) and notifies React. On the server and during hydration the cart is
 * empty, then the saved cart is read, so the server HTML and the first client render match.
 */
import { useSyncExternalStore } from 'react';
import {
  addItem,
  applyCoupon,
  cartCount,
  clearCart,
  createEmptyCart,
  removeCoupon,
  removeItem,
  updateQuantity,
  type CartItem,
  type CartItemInput,
  type CartState,
} from '@domain/cart';
import type { DiscountTerms } from '@domain/price-order';
import { CART_STORAGE_KEYS, restoreCart, serializeCart } from '@domain/saved-cart';

type Listener = () => void;

const EMPTY = createEmptyCart();
let state: CartState = EMPTY;
let loaded = false;
const listeners = new Set<Listener>();

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage can be disabled (privacy modes); the cart then lives for this page only.
    return undefined;
  }
}

function load() {
  if (loaded) return;
  loaded = true;
  const store = storage();
  if (!store) return;
  const restored = restoreCart({
    cart: store.getItem(CART_STORAGE_KEYS.cart),
    couponCode: store.getItem(CART_STORAGE_KEYS.couponCode),
    couponDiscount: store.getItem(CART_STORAGE_KEYS.couponDiscount),
  });
  // SPEC §8: a cart that cannot be read is logged and the cart starts empty.
  if (restored.error) console.error('Error loading cart from localStorage:', restored.error);
  // An empty cart stays the server's empty cart, so hydration's snapshot check finds nothing
  // changed and does not re-render the header synchronously (issue 15).
  const { items, couponCode } = restored.state;
  state = items.length === 0 && couponCode === null ? EMPTY : restored.state;
}

function persist() {
  const store = storage();
  if (!store) return;
  const saved = serializeCart(state);
  try {
    store.setItem(CART_STORAGE_KEYS.cart, saved.cart);
    for (const key of ['couponCode', 'couponDiscount'] as const) {
      const value = saved[key];
      if (value === null) store.removeItem(CART_STORAGE_KEYS[key]);
      else store.setItem(CART_STORAGE_KEYS[key], value);
    }
  } catch (error) {
    console.warn('Could not save the cart', error);
  }
}

function setState(next: CartState) {
  load();
  if (next === state) return;
  state = next;
  persist();
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener) {
  load();
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // Another tab changed the cart: read it again.
    if (event.key === null || Object.values(CART_STORAGE_KEYS).includes(event.key as never)) {
      loaded = false;
      load();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const getSnapshot = () => {
  load();
  return state;
};
const getServerSnapshot = () => EMPTY;

export const cartActions = {
  add(input: CartItemInput) {
    setState(addItem(getSnapshot(), input));
  },
  updateQuantity(id: string, quantity: number) {
    setState(updateQuantity(getSnapshot(), id, quantity));
  },
  remove(id: string) {
    setState(removeItem(getSnapshot(), id));
  },
  clear() {
    setState(clearCart(getSnapshot()));
  },
  /** Makes a code the server accepted (Apply, the cart's quote) the active coupon, with its terms. */
  applyCoupon(terms: DiscountTerms) {
    setState(applyCoupon(getSnapshot(), terms));
  },
  removeCoupon() {
    setState(removeCoupon(getSnapshot()));
  },
  /**
   * Rewrites the lines from the current ones (the cart page writes a server quote's names and
   * prices into this display cache); lines returned unchanged leave the cart as it was.
   */
  rewriteItems(rewrite: (items: readonly CartItem[]) => CartItem[]) {
    const current = getSnapshot();
    const items = rewrite(current.items);
    if (items.length !== current.items.length || items.some((item, index) => item !== current.items[index])) {
      setState({ ...current, items });
    }
  },
};

export interface CartView {
  state: CartState;
  count: number;
}

/** The cart and its item count (prices: `priceCart`); re-renders on every change. */
export function useCart(): CartView & typeof cartActions {
  const current = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return {
    state: current,
    count: cartCount(current),
    ...cartActions,
  };
}
