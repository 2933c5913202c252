import { describe, expect, it } from 'vitest';
import { addItem, applyCoupon, createEmptyCart, type CartItemInput } from './cart';
import { CART_STORAGE_KEYS, parseStoredCart, parseStoredDiscount, restoreCart, serializeCart } from './saved-cart';

const tee: CartItemInput = {
  id: 'Simple Cross Tee-Pink-M',
  productId: '7b0e8f2c-3b5e-4f57-9a43-0d2f6c1e9a10',
  name: 'Simple Cross Tee',
  image: '/images/tee-pink.webp',
  priceCents: 1500,
  color: 'Pink',
  size: 'M',
};

describe('persistence (SPEC §4, §8)', () => {
  it('uses the spec storage keys', () => {
    expect(CART_STORAGE_KEYS).toEqual({ cart: 'cart', couponCode: 'couponCode', couponDiscount: 'couponDiscount' });
  });

  it('treats nothing saved as an empty cart without error', () => {
    expect(parseStoredCart(null)).toEqual({ items: [] });
    expect(parseStoredCart('')).toEqual({ items: [] });
  });

  it('ignores an unparseable cart with an error to log', () => {
    const result = parseStoredCart('{not json');
    expect(result.items).toEqual([]);
    expect(result.error).toMatch(/not valid JSON/);
  });

  it('ignores a saved value that is not a list', () => {
    expect(parseStoredCart('{"id":"x"}')).toEqual({ items: [], error: 'Saved cart is not a list of items' });
    expect(parseStoredCart('null').error).toBeDefined();
  });

  it('drops invalid lines and keeps valid ones', () => {
    const raw = JSON.stringify([
      { id: 'a', name: 'A', image: '/a.webp', price: 15, quantity: 2, color: 'Pink', size: 'M' },
      { id: 'b', name: 'B', image: '', price: 'free', quantity: 1 },
      { id: '', name: 'C', image: '', price: 1, quantity: 1 },
      { id: 'd', name: 'D', image: '', price: 1, quantity: 0 },
      { id: 'e', name: 'E', image: '', quantity: 1 },
      'garbage',
      null,
    ]);
    const result = parseStoredCart(raw);
    expect(result.error).toBeUndefined();
    expect(result.items).toEqual([
      { id: 'a', name: 'A', image: '/a.webp', price: 15, priceCents: 1500, quantity: 2, color: 'Pink', size: 'M' },
    ]);
  });

  it('keeps a line that names its product when a field is malformed, to be repriced', () => {
    const raw = JSON.stringify([
      { id: 'tee-Black-M', productId: 'p1', name: 'Tee', image: '', priceCents: 'oops', quantity: 2, color: 'Black', size: 'M' },
      { id: 'tee-White-L', productId: 'p1', name: 42, image: {}, price: -5, quantity: 3, color: 'White', size: 'L', slug: 7 },
      { productId: 'p2', priceCents: 2100, quantity: 'two', color: 'Pink', size: 'S' },
      { productId: 'p3', priceCents: 2100, quantity: 0.5, color: null, size: 12 },
      { productId: '', name: 'no product', priceCents: 100, quantity: 1 },
    ]);
    const { items, error } = parseStoredCart(raw);
    expect(error).toBeUndefined();
    expect(items).toEqual([
      { id: 'tee-Black-M', productId: 'p1', name: 'Tee', image: '', price: 0, priceCents: 0, quantity: 2, color: 'Black', size: 'M' },
      { id: 'tee-White-L', productId: 'p1', name: '', image: '', price: 0, priceCents: 0, quantity: 3, color: 'White', size: 'L' },
      { id: 'p2-Pink-S', productId: 'p2', name: '', image: '', price: 21, priceCents: 2100, quantity: 1, color: 'Pink', size: 'S' },
      { id: 'p3-Default-One Size', productId: 'p3', name: '', image: '', price: 21, priceCents: 2100, quantity: 1, color: 'Default', size: 'One Size' },
    ]);
  });

  it('reads the spec shape (price in dollars, no priceCents) and fills defaults', () => {
    const raw = JSON.stringify([{ id: 'x', name: 'X', image: null, price: 19.99, quantity: 1, extra: true }]);
    expect(parseStoredCart(raw).items).toEqual([
      {
        id: 'x',
        name: 'X',
        image: '',
        price: 19.99,
        priceCents: 1999,
        quantity: 1,
        color: 'Default',
        size: 'One Size',
      },
    ]);
  });

  it('prefers priceCents when both are saved and clamps quantities', () => {
    const raw = JSON.stringify([
      { id: 'x', name: 'X', image: '', price: 1, priceCents: 2500, quantity: 500, productId: 'p', slug: 's' },
    ]);
    expect(parseStoredCart(raw).items[0]).toMatchObject({
      price: 25,
      priceCents: 2500,
      quantity: 99,
      productId: 'p',
      slug: 's',
    });
  });

  it('parses the saved discount as a decimal within 0..1', () => {
    expect(parseStoredDiscount('0.1')).toBe(0.1);
    expect(parseStoredDiscount(' 0.1 ')).toBe(0.1);
    expect(parseStoredDiscount('1')).toBe(1);
    expect(parseStoredDiscount('0')).toBe(0);
    expect(parseStoredDiscount('.25')).toBe(0.25);
    expect(parseStoredDiscount('1.5')).toBe(0);
    expect(parseStoredDiscount('-0.1')).toBe(0);
    expect(parseStoredDiscount('abc')).toBe(0);
    expect(parseStoredDiscount('0x1')).toBe(0);
    expect(parseStoredDiscount('')).toBe(0);
    expect(parseStoredDiscount(null)).toBe(0);
  });

  it('writes coupon keys only while a coupon is active', () => {
    const cart = addItem(createEmptyCart(), tee);
    expect(serializeCart(cart)).toEqual({ cart: JSON.stringify(cart.items), couponCode: null, couponDiscount: null });
    const active = applyCoupon(cart, { code: 'JESUS', kind: 'percent', value: 10 });
    expect(serializeCart(active)).toMatchObject({ couponCode: 'JESUS', couponDiscount: '0.1' });
  });

  it('restores a saved code with its saved fraction as a preview (the server checks it again) and drops what is not a code', () => {
    expect(restoreCart({ cart: '[]', couponCode: 'jesus', couponDiscount: '0.1' }).state).toEqual({
      items: [],
      couponCode: 'JESUS',
      couponDiscount: 0.1,
    });
    expect(restoreCart({ cart: '[]', couponCode: 'FAIR5', couponDiscount: 'abc' }).state).toMatchObject({ couponCode: 'FAIR5', couponDiscount: 0 });
    expect(restoreCart({ cart: null, couponCode: 'NOT A CODE!', couponDiscount: '1' }).state).toEqual(createEmptyCart());
    expect(restoreCart({ cart: null, couponCode: 'X'.repeat(41), couponDiscount: '0.1' }).state).toEqual(createEmptyCart());
  });

  it('reports a broken cart while still restoring the coupon', () => {
    const restored = restoreCart({ cart: '[', couponCode: 'JESUS', couponDiscount: '0.1' });
    expect(restored.state.items).toEqual([]);
    expect(restored.state.couponCode).toBe('JESUS');
    expect(restored.error).toBeDefined();
  });
});
