/**
 * The cart's quote: what the server charges today for the lines the shopper chose, and how
 * the browser's cart takes it in. The cart stores product, colour, size and quantity; its
 * prices are only a display cache that the quote refreshes (issue 13 item 2).
 * The server resolves each line against the catalogue exactly as the checkout does and prices
 * the sellable ones with `priceOrder`, so /cart shows what checkout charges.
 */
import type { CartItem, CartState } from './cart';
import type { CouponVerdict } from './discount';
import type { RedemptionRate } from './loyalty';
import { formatCents, type Cents } from './money';
import { priceOrder, type DiscountTerms, type OrderPrice } from './price-order';

/**
 * Ours: the cart page's texts about the quote. They live here rather than in MESSAGES (which
 * every page loads) because only /cart shows them.
 */
export const QUOTE_MESSAGES = {
  priceChangedTitle: 'Prices updated',
  /** 'Classic Cross Tee is now $21.00' */
  priceChanged: (name: string, unitPriceCents: Cents) => `${name} is now ${formatCents(unitPriceCents)}`,
  lineUnavailable: 'No longer available: left out of your order',
  linesUnavailableTitle: 'Some items are no longer available',
  quoteFailed: "Could not check today's prices. The prices shown may have changed; checkout charges today's prices.",
} as const;

/** One line as the quote request carries it (the checkout's line shape). */
export interface QuoteRequestLine {
  productId: string;
  color: string;
  size: string;
  quantity: number;
}

/** A line resolved against the catalogue: sellable with today's price, or refused with why. */
export type ResolvedLine =
  | {
      ok: true;
      line: {
        productId: string;
        name: string;
        unitPriceCents: Cents;
        color: string;
        size: string;
        quantity: number;
        category?: string | undefined;
      };
    }
  | { ok: false; code: string; message: string };

/** A quoted line, by its position in the request. Public fields only (no cost, no margin). */
export type QuotedLine =
  | {
      index: number;
      status: 'ok';
      productId: string;
      name: string;
      color: string;
      size: string;
      quantity: number;
      unitPriceCents: Cents;
      lineTotalCents: Cents;
      /** The product's category (for the preview of a category-limited code). */
      category: string | null;
    }
  | { index: number; status: 'unavailable'; code: string; message: string };

/** The order's price over the sellable lines, without points (the cart adds the chosen points). */
export type QuotePrice = Pick<
  OrderPrice,
  | 'itemCount'
  | 'subtotalCents'
  | 'couponCode'
  | 'discountCents'
  | 'shippingDiscountCents'
  | 'shippingCents'
  | 'totalCents'
  | 'pointsEarned'
>;

export interface CartQuote {
  lines: QuotedLine[];
  price: QuotePrice;
  /** The server's word on the request's coupon code (absent when none was sent). */
  coupon?: CouponVerdict;
}

/** Builds the quote from resolved lines: refused lines flagged, the rest priced by `priceOrder`. */
export function quoteResolvedLines(
  resolved: readonly ResolvedLine[],
  options: { coupon?: CouponVerdict | undefined; redemptionRate?: RedemptionRate } = {},
): CartQuote {
  const lines: QuotedLine[] = resolved.map((entry, index) =>
    entry.ok
      ? {
          index,
          status: 'ok',
          productId: entry.line.productId,
          name: entry.line.name,
          color: entry.line.color,
          size: entry.line.size,
          quantity: entry.line.quantity,
          unitPriceCents: entry.line.unitPriceCents,
          lineTotalCents: entry.line.unitPriceCents * entry.line.quantity,
          category: entry.line.category ?? null,
        }
      : { index, status: 'unavailable', code: entry.code, message: entry.message },
  );
  const sellable = resolved.flatMap((entry) => (entry.ok ? [entry.line] : []));
  const discount: DiscountTerms | null = options.coupon?.status === 'applied' ? options.coupon.terms : null;
  const price = priceOrder({ lines: sellable, discount, redemptionRate: options.redemptionRate });
  return {
    ...(options.coupon ? { coupon: options.coupon } : {}),
    lines,
    price: {
      itemCount: price.itemCount,
      subtotalCents: price.subtotalCents,
      couponCode: price.couponCode,
      discountCents: price.discountCents,
      shippingDiscountCents: price.shippingDiscountCents,
      shippingCents: price.shippingCents,
      totalCents: price.totalCents,
      pointsEarned: price.pointsEarned,
    },
  };
}

/** The identity of a cart line (id, colour and size), as the cart keeps lines apart. */
export function cartLineKey(item: Pick<CartItem, 'id' | 'color' | 'size'>): string {
  return `${item.id}|${item.color}|${item.size}`;
}

/** The quote request of a cart: only what the shopper chose. */
export function quoteRequestOf(state: CartState): { items: QuoteRequestLine[]; couponCode?: string; email?: string } {
  const items = state.items.map((item) => ({
    productId: item.productId ?? '',
    color: item.color,
    size: item.size,
    quantity: item.quantity,
  }));
  return state.couponCode ? { items, couponCode: state.couponCode } : { items };
}

export interface PriceChange {
  key: string;
  name: string;
  previousCents: Cents;
  unitPriceCents: Cents;
}

export interface ReconciledQuote {
  /** The cart's lines with the quoted names and prices written into the display cache. */
  items: CartItem[];
  /** Lines whose price the cart showed differently. */
  changes: PriceChange[];
  /** Keys of lines the server will not sell (left out of the total and of checkout). */
  unavailable: Map<string, string>;
}

/**
 * Takes a quote into the cart. `sentKeys[i]` is the key of the line sent at position i; lines
 * added since the request keep their cached price until the next quote.
 */
export function reconcileQuote(items: readonly CartItem[], sentKeys: readonly string[], quote: CartQuote): ReconciledQuote {
  const byKey = new Map<string, QuotedLine>();
  for (const line of quote.lines) {
    const key = sentKeys[line.index];
    if (key !== undefined) byKey.set(key, line);
  }
  const changes: PriceChange[] = [];
  const unavailable = new Map<string, string>();
  const next = items.map((item) => {
    const key = cartLineKey(item);
    const quoted = byKey.get(key);
    if (!quoted) return item;
    if (quoted.status === 'unavailable') {
      unavailable.set(key, quoted.message);
      return item;
    }
    if (quoted.unitPriceCents !== item.priceCents) {
      changes.push({ key, name: quoted.name, previousCents: item.priceCents, unitPriceCents: quoted.unitPriceCents });
    }
    const category = quoted.category ?? undefined;
    if (quoted.unitPriceCents === item.priceCents && quoted.name === item.name && category === item.category) return item;
    return { ...item, name: quoted.name, priceCents: quoted.unitPriceCents, price: quoted.unitPriceCents / 100, category };
  });
  return { items: next, changes, unavailable };
}

/** The cart without the lines the server will not sell: what the total and checkout cover. */
export function sellableCart(state: CartState, unavailable: ReadonlyMap<string, string>): CartState {
  if (unavailable.size === 0) return state;
  return { ...state, items: state.items.filter((item) => !unavailable.has(cartLineKey(item))) };
}
