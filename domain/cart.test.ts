import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  applyCoupon,
  cartCount,
  cartItemId,
  clampQuantity,
  clearCart,
  createEmptyCart,
  removeCoupon,
  removeItem,
  updateQuantity,
  type CartItemInput,
  type CartState,
} from './cart';
import { couponPreviewTerms, priceCart } from './cart-price';
import type { DiscountTerms } from './price-order';
import { restoreCart, serializeCart } from './saved-cart';

const tee: CartItemInput = {
  id: 'Simple Cross Tee-Pink-M',
  productId: '7b0e8f2c-3b5e-4f57-9a43-0d2f6c1e9a10',
  name: 'Simple Cross Tee',
  image: '/images/tee-pink.webp',
  priceCents: 1500,
  color: 'Pink',
  size: 'M',
};

const hoodie: CartItemInput = { id: 'hoodie-1', name: 'Grace Hoodie', image: '/h.webp', priceCents: 4999 };
/** Codes as the server's quote gives their terms (domain/discount.ts). */
const JESUS: DiscountTerms = { code: 'JESUS', kind: 'percent', value: 10, categories: null };
const FAIR5: DiscountTerms = { code: 'FAIR5', kind: 'fixed', value: 500, categories: null };

describe('cartItemId', () => {
  it('composes title, colour and size (SPEC §3)', () => {
    expect(cartItemId('Simple Cross Tee', 'Pink', 'M')).toBe('Simple Cross Tee-Pink-M');
  });

  it('uses the default colour and size when missing', () => {
    expect(cartItemId('Cap', null, '')).toBe('Cap-Default-One Size');
  });

  it('differs for different colours or sizes', () => {
    expect(cartItemId('Tee', 'Pink', 'M')).not.toBe(cartItemId('Tee', 'Pink', 'L'));
    expect(cartItemId('Tee', 'Pink', 'M')).not.toBe(cartItemId('Tee', 'Blue', 'M'));
  });
});

describe('addItem (SPEC §4)', () => {
  it('adds a new line with quantity 1 and both price forms', () => {
    const state = addItem(createEmptyCart(), tee);
    expect(state.items).toEqual([{ ...tee, price: 15, quantity: 1 }]);
  });

  it('increments the quantity of the same id, colour and size', () => {
    const state = addItem(addItem(createEmptyCart(), tee), tee);
    expect(state.items).toHaveLength(1);
    expect(state.items[0]?.quantity).toBe(2);
  });

  it('adds a separate line when colour or size differ under the same id', () => {
    const state = addItem(addItem(createEmptyCart(), tee), { ...tee, size: 'L' });
    expect(state.items).toHaveLength(2);
  });

  it("defaults colour to 'Default' and size to 'One Size' (SPEC §9)", () => {
    const state = addItem(createEmptyCart(), hoodie);
    expect(state.items[0]).toMatchObject({ color: 'Default', size: 'One Size', quantity: 1, price: 49.99 });
    expect(state.items[0]).not.toHaveProperty('productId');
    const again = addItem(state, { ...hoodie, color: '  ', size: null });
    expect(again.items).toHaveLength(1);
    expect(again.items[0]?.quantity).toBe(2);
  });

  it('does not go above 99', () => {
    let state = addItem(createEmptyCart(), tee);
    state = updateQuantity(state, tee.id, 99);
    state = addItem(state, tee);
    expect(state.items[0]?.quantity).toBe(99);
  });

  it('never mutates its input', () => {
    const before = addItem(createEmptyCart(), tee);
    const snapshot = structuredClone(before);
    addItem(before, tee);
    addItem(before, hoodie);
    expect(before).toEqual(snapshot);
  });
});

describe('updateQuantity (SPEC §4)', () => {
  const twoSizes = addItem(addItem(createEmptyCart(), tee), { ...tee, size: 'L' });

  it('sets the quantity of every line with that id', () => {
    const state = updateQuantity(twoSizes, tee.id, 3);
    expect(state.items.map((item) => item.quantity)).toEqual([3, 3]);
  });

  it('removes every line with that id at 0 or less', () => {
    expect(updateQuantity(twoSizes, tee.id, 0).items).toEqual([]);
    expect(updateQuantity(twoSizes, tee.id, -2).items).toEqual([]);
  });

  it('clamps to whole numbers 1..99', () => {
    expect(updateQuantity(twoSizes, tee.id, 150).items[0]?.quantity).toBe(99);
    expect(updateQuantity(twoSizes, tee.id, 2.7).items[0]?.quantity).toBe(2);
    expect(updateQuantity(twoSizes, tee.id, 0.5).items[0]?.quantity).toBe(1);
    expect(updateQuantity(twoSizes, tee.id, Number.POSITIVE_INFINITY).items[0]?.quantity).toBe(99);
  });

  it('ignores NaN and unknown ids', () => {
    expect(updateQuantity(twoSizes, tee.id, Number.NaN)).toBe(twoSizes);
    expect(updateQuantity(twoSizes, 'nope', 5).items).toEqual(twoSizes.items);
  });
});

describe('removeItem and clearCart (SPEC §4)', () => {
  it('removes every line with that id only', () => {
    const state = addItem(addItem(addItem(createEmptyCart(), tee), { ...tee, size: 'L' }), hoodie);
    expect(removeItem(state, tee.id).items.map((item) => item.id)).toEqual(['hoodie-1']);
  });

  it('clears items and coupon', () => {
    const state = applyCoupon(addItem(createEmptyCart(), tee), JESUS);
    expect(clearCart(state)).toEqual({ items: [], couponCode: null, couponDiscount: 0 });
  });
});

describe('coupons in the cart (SPEC §4, §5; issue 26: the server decides, the cart keeps its answer)', () => {
  const cart = addItem(createEmptyCart(), hoodie);

  it('makes an accepted code the active coupon, with its fraction for a percentage', () => {
    const state = applyCoupon(cart, JESUS);
    expect(state).toMatchObject({ couponCode: 'JESUS', couponDiscount: 0.1, couponTerms: JESUS });
    expect(applyCoupon(cart, FAIR5)).toMatchObject({ couponCode: 'FAIR5', couponDiscount: 0 });
  });

  it('previews with the server terms, else the saved percentage, else nothing', () => {
    expect(couponPreviewTerms(applyCoupon(cart, FAIR5))).toEqual(FAIR5);
    expect(couponPreviewTerms({ ...cart, couponCode: 'JESUS', couponDiscount: 0.1 })).toEqual({
      code: 'JESUS',
      kind: 'percent',
      value: 10,
    });
    expect(couponPreviewTerms({ ...cart, couponCode: 'FAIR5', couponDiscount: 0 })).toBeNull();
    expect(couponPreviewTerms(cart)).toBeNull();
  });

  it('removes the coupon', () => {
    const active = applyCoupon(cart, JESUS);
    expect(removeCoupon(active)).toMatchObject({ couponCode: null, couponDiscount: 0, couponTerms: null });
  });
});

describe('derived values (SPEC §3)', () => {
  it('counts, sums, discounts and totals', () => {
    let state = addItem(createEmptyCart(), tee);
    state = addItem(state, tee);
    state = addItem(state, hoodie);
    state = applyCoupon(state, JESUS);
    expect(cartCount(state)).toBe(3);
    expect(priceCart(state)).toMatchObject({
      subtotalCents: 1500 * 2 + 4999,
      couponCode: 'JESUS',
      discountCents: 800, // 799.9
      shippingCents: 0,
      totalCents: 7199,
      pointsEarned: 7199,
    });
  });

  it('is zero for an empty cart, with no shipping', () => {
    const empty = createEmptyCart();
    expect(cartCount(empty)).toBe(0);
    expect(priceCart(empty)).toMatchObject({ subtotalCents: 0, discountCents: 0, shippingCents: 0, totalCents: 0 });
  });
});

describe('clampQuantity', () => {
  it('keeps whole numbers in 1..99', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(100)).toBe(99);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(clampQuantity(5.9)).toBe(5);
  });
});

describe('cart properties', () => {
  const inputs = fc.constantFrom<CartItemInput>(
    tee,
    { ...tee, size: 'L' },
    hoodie,
    { id: 'cap', name: 'Cap', image: '', priceCents: 1299, color: 'Black' },
    { id: 'free', name: 'Sticker', image: '', priceCents: 0 },
  );
  const ids = fc.constantFrom(tee.id, hoodie.id, 'cap', 'free', 'missing');
  const operation = fc.oneof(
    fc.record({ kind: fc.constant('add' as const), input: inputs }),
    fc.record({ kind: fc.constant('update' as const), id: ids, quantity: fc.integer({ min: -5, max: 150 }) }),
    fc.record({ kind: fc.constant('remove' as const), id: ids }),
    fc.record({ kind: fc.constant('coupon' as const), terms: fc.constantFrom(JESUS, FAIR5) }),
    fc.record({ kind: fc.constant('uncoupon' as const) }),
  );
  type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

  function run(state: CartState, op: Operation): CartState {
    switch (op.kind) {
      case 'add':
        return addItem(state, op.input);
      case 'update':
        return updateQuantity(state, op.id, op.quantity);
      case 'remove':
        return removeItem(state, op.id);
      case 'coupon':
        return applyCoupon(state, op.terms);
      case 'uncoupon':
        return removeCoupon(state);
    }
  }

  it('count is the sum of quantities, subtotal the sum of price times quantity, quantities stay 1..99', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), (ops) => {
        const state = ops.reduce(run, createEmptyCart());
        expect(cartCount(state)).toBe(state.items.reduce((sum, item) => sum + item.quantity, 0));
        const price = priceCart(state);
        expect(price.subtotalCents).toBe(state.items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0));
        for (const item of state.items) {
          expect(Number.isInteger(item.quantity)).toBe(true);
          expect(item.quantity).toBeGreaterThanOrEqual(1);
          expect(item.quantity).toBeLessThanOrEqual(99);
          expect(item.price).toBe(item.priceCents / 100);
        }
        const lineKeys = state.items.map((item) => `${item.id}|${item.color}|${item.size}`);
        expect(new Set(lineKeys).size).toBe(lineKeys.length);
        expect(price.discountCents).toBeGreaterThanOrEqual(0);
        expect(price.discountCents).toBeLessThanOrEqual(price.subtotalCents);
      }),
    );
  });

  it('add then remove leaves no line with that id', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 30 }), inputs, (ops, input) => {
        const state = removeItem(addItem(ops.reduce(run, createEmptyCart()), input), input.id);
        expect(state.items.some((item) => item.id === input.id)).toBe(false);
      }),
    );
  });

  it('updateQuantity never produces a quantity below 1', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 30 }), ids, fc.double({ noNaN: false }), (ops, id, quantity) => {
        const state = updateQuantity(ops.reduce(run, createEmptyCart()), id, quantity);
        expect(state.items.every((item) => item.quantity >= 1 && Number.isInteger(item.quantity))).toBe(true);
      }),
    );
  });

  it('serialize then restore gives back the same cart', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 30 }), (ops) => {
        const state = ops.reduce(run, createEmptyCart());
        const saved = serializeCart(state);
        // The server's terms are not saved: the restored cart previews from the saved fraction until its quote.
        const { couponTerms: _terms, ...kept } = state;
        expect(restoreCart(saved)).toEqual({ state: kept });
      }),
    );
  });
});
