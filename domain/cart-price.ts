/**
 * The cart's price preview (SPEC §3 derived values): `priceOrder` over the prices the cart
 * holds, with the code the server last accepted. Only /cart imports it, so the pricing code is
 * not part of the JavaScript every storefront page loads; the checkout reprices from the
 * database anyway.
 */
import type { CartState } from './cart';
import type { RedemptionRate } from './loyalty';
import { priceOrder, type DiscountTerms, type OrderPrice, type PriceLine } from './price-order';

/**
 * The terms the cart previews with: the server's when it gave them, else the saved
 * percentage (a restored cart before its quote), else none.
 */
export function couponPreviewTerms(state: CartState): DiscountTerms | null {
  if (!state.couponCode) return null;
  if (state.couponTerms && state.couponTerms.code === state.couponCode) return state.couponTerms;
  if (state.couponDiscount > 0)
    return { code: state.couponCode, kind: 'percent', value: Math.round(state.couponDiscount * 100) };
  return null;
}

/** The lines as `priceOrder` takes them (with the category the quote gave, for category-limited codes). */
export function cartPriceLines(state: CartState): PriceLine[] {
  return state.items.map((item) => ({
    unitPriceCents: item.priceCents,
    quantity: item.quantity,
    category: item.category,
  }));
}

/**
 * The cart's price preview (subtotal, coupon discount, points, shipping, total, points to
 * earn) from the prices the cart holds; the checkout reprices from the database.
 */
export function priceCart(
  state: CartState,
  points: { pointsToRedeem?: number; pointsBalance?: number | null; redemptionRate?: RedemptionRate } = {},
): OrderPrice {
  return priceOrder({ lines: cartPriceLines(state), discount: couponPreviewTerms(state), ...points });
}
