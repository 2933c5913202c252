import { describe, expect, it } from 'vitest';
import { addItem, createEmptyCart, type CartItem } from './cart';
import { cartLineKey, quoteRequestOf, quoteResolvedLines, reconcileQuote, sellableCart, type ResolvedLine } from './cart-quote';
import { priceOrder, type DiscountTerms } from './price-order';

const JESUS: DiscountTerms = { code: 'JESUS', kind: 'percent', value: 10, categories: null };

const tee = (priceCents: number, quantity = 1) => ({
  productId: 'p-tee',
  name: 'Classic Cross Tee',
  unitPriceCents: priceCents,
  color: 'Black',
  size: 'M',
  quantity,
});

describe('quoteResolvedLines', () => {
  it('prices the sellable lines with priceOrder and flags the others, by position', () => {
    const resolved: ResolvedLine[] = [
      { ok: true, line: tee(2100, 2) },
      { ok: false, code: 'invalid-line', message: 'Line 2: Classic Cross Tee has no size XXL' },
      { ok: false, code: 'product-unavailable', message: 'Line 3: Old Hoodie is no longer available' },
    ];
    const coupon = { status: 'applied', code: 'JESUS', terms: JESUS, description: 'JESUS - 10% off your order' } as const;
    const quote = quoteResolvedLines(resolved, { coupon });
    expect(quote.coupon).toEqual(coupon);
    expect(quote.lines).toEqual([
      {
        index: 0,
        status: 'ok',
        productId: 'p-tee',
        name: 'Classic Cross Tee',
        color: 'Black',
        size: 'M',
        quantity: 2,
        unitPriceCents: 2100,
        lineTotalCents: 4200,
        category: null,
      },
      { index: 1, status: 'unavailable', code: 'invalid-line', message: 'Line 2: Classic Cross Tee has no size XXL' },
      { index: 2, status: 'unavailable', code: 'product-unavailable', message: 'Line 3: Old Hoodie is no longer available' },
    ]);
    const expected = priceOrder({ lines: [tee(2100, 2)], discount: JESUS });
    expect(quote.price).toEqual({
      itemCount: 2,
      subtotalCents: 4200,
      couponCode: 'JESUS',
      discountCents: expected.discountCents,
      shippingDiscountCents: 0,
      shippingCents: expected.shippingCents,
      totalCents: expected.totalCents,
      pointsEarned: expected.pointsEarned,
    });
  });

  it('answers an empty or all-refused cart with a zero price', () => {
    expect(quoteResolvedLines([]).price.totalCents).toBe(0);
    const quote = quoteResolvedLines([{ ok: false, code: 'invalid-line', message: 'Line 1: this product is not available' }]);
    expect(quote.price).toMatchObject({ itemCount: 0, subtotalCents: 0, totalCents: 0 });
  });

  it('carries only public fields', () => {
    const quote = quoteResolvedLines([{ ok: true, line: { ...tee(2100), costCents: 900 } as never }]);
    expect(Object.keys(quote.lines[0]!).sort()).toEqual(
      ['category', 'color', 'index', 'lineTotalCents', 'name', 'productId', 'quantity', 'size', 'status', 'unitPriceCents'].sort(),
    );
  });
});

describe('taking a quote into the cart', () => {
  const item = (overrides: Partial<CartItem>): CartItem => ({
    id: 'Classic Cross Tee-Black-M',
    productId: 'p-tee',
    name: 'Classic Cross Tee',
    image: '',
    price: 20,
    priceCents: 2000,
    quantity: 1,
    color: 'Black',
    size: 'M',
    ...overrides,
  });

  it('sends only what the shopper chose', () => {
    let state = addItem(createEmptyCart(), { id: 'x', productId: 'p', name: 'X', image: '', priceCents: 1, color: 'Red' });
    state = { ...state, couponCode: 'JESUS', couponDiscount: 0.1 };
    expect(quoteRequestOf(state)).toEqual({
      items: [{ productId: 'p', color: 'Red', size: 'One Size', quantity: 1 }],
      couponCode: 'JESUS',
    });
  });

  it('writes today\'s price into the cache and reports the change; marks lines no longer sold', () => {
    const items = [item({}), item({ id: 'gone', productId: 'p-gone', name: 'Old Hoodie' }), item({ id: 'same', priceCents: 1500, price: 15 })];
    const keys = items.map(cartLineKey);
    const quote = quoteResolvedLines([
      { ok: true, line: tee(2100) },
      { ok: false, code: 'product-unavailable', message: 'Line 2: Old Hoodie is no longer available' },
      { ok: true, line: { ...tee(1500), name: 'Classic Cross Tee' } },
    ]);
    const reconciled = reconcileQuote(items, keys, quote);
    expect(reconciled.items[0]).toMatchObject({ priceCents: 2100, price: 21 });
    expect(reconciled.items[2]).toBe(items[2]);
    expect(reconciled.changes).toEqual([
      { key: keys[0], name: 'Classic Cross Tee', previousCents: 2000, unitPriceCents: 2100 },
    ]);
    expect([...reconciled.unavailable.keys()]).toEqual([keys[1]]);
    const sellable = sellableCart({ items: reconciled.items, couponCode: null, couponDiscount: 0 }, reconciled.unavailable);
    expect(sellable.items.map((line) => line.id)).toEqual([items[0]!.id, 'same']);
  });

  it('fills the name of a line saved with a malformed one, and leaves lines added since untouched', () => {
    const items = [item({ name: '', priceCents: 0, price: 0 }), item({ id: 'new' })];
    const quote = quoteResolvedLines([{ ok: true, line: tee(2100) }]);
    const reconciled = reconcileQuote(items, [cartLineKey(items[0]!)], quote);
    expect(reconciled.items[0]).toMatchObject({ name: 'Classic Cross Tee', priceCents: 2100 });
    expect(reconciled.items[1]).toBe(items[1]);
  });
});
