import { describe, expect, it } from 'vitest';
import { isSoldOut, resolveVariant, soldOutChoices } from './product-card';
import {
  LOW_STOCK_THRESHOLD,
  lowStockNote,
  notEnoughStockMessage,
  parseStockCount,
  stockFor,
  unitsAddable,
  variantLabel,
} from './stock';
import { cardFromPublicProduct, type PublicProduct } from './storefront-product';

const where = { color: 'Sky Blue', size: 'M' };

describe('stock counts (admin grid)', () => {
  it('takes blank as "not tracked" and whole numbers from 0', () => {
    expect(parseStockCount('', where)).toEqual({ ok: true, quantity: null });
    expect(parseStockCount('  ', where)).toEqual({ ok: true, quantity: null });
    expect(parseStockCount(null, where)).toEqual({ ok: true, quantity: null });
    expect(parseStockCount('0', where)).toEqual({ ok: true, quantity: 0 });
    expect(parseStockCount(' 12 ', where)).toEqual({ ok: true, quantity: 12 });
    expect(parseStockCount(7, where)).toEqual({ ok: true, quantity: 7 });
    expect(parseStockCount('3.0', where)).toEqual({ ok: true, quantity: 3 });
  });

  it('refuses negative, non-integer and non-numeric counts naming the variant', () => {
    expect(parseStockCount('-1', where)).toEqual({ ok: false, message: 'Stock for Sky Blue / M cannot be negative' });
    expect(parseStockCount(-0.5, where)).toEqual({ ok: false, message: 'Stock for Sky Blue / M cannot be negative' });
    for (const bad of ['1.5', '.5', 'ten', '1e3', '12abc', true, {}, Number.NaN]) {
      expect(parseStockCount(bad, where)).toEqual({ ok: false, message: 'Stock for Sky Blue / M must be a whole number' });
    }
    expect(parseStockCount('100001', where)).toMatchObject({ ok: false });
  });
});

describe('stock sentences', () => {
  it('names the line the checkout refuses', () => {
    expect(notEnoughStockMessage({ name: 'Classic Cross Tee', color: 'Sky Blue', size: 'M', available: 2 })).toBe(
      'Only 2 left of Classic Cross Tee (Sky Blue, M)',
    );
    expect(notEnoughStockMessage({ name: 'Classic Cross Tee', color: 'Sky Blue', size: 'M', available: 0 })).toBe(
      'Classic Cross Tee (Sky Blue, M) is sold out',
    );
    expect(variantLabel('Prayer Journal', 'Brown', 'One Size')).toBe('Prayer Journal (Brown)');
    expect(variantLabel('Tote', 'Default', 'One Size')).toBe('Tote');
  });

  it('says "Only N left" at the threshold or fewer, and not for sold out or untracked', () => {
    expect(lowStockNote(LOW_STOCK_THRESHOLD)).toBe(`Only ${LOW_STOCK_THRESHOLD} left`);
    expect(lowStockNote(1)).toBe('Only 1 left');
    expect(lowStockNote(LOW_STOCK_THRESHOLD + 1)).toBeNull();
    expect(lowStockNote(0)).toBeNull();
    expect(lowStockNote(null)).toBeNull();
    expect(lowStockNote(undefined)).toBeNull();
  });

  it('finds a count case-insensitively; undefined when not tracked', () => {
    const stock = [{ color: 'Sky Blue', size: 'M', quantity: 4 }];
    expect(stockFor(stock, 'sky blue', 'm')).toBe(4);
    expect(stockFor(stock, 'Cream', 'M')).toBeUndefined();
  });
});

describe('own products with stock on cards', () => {
  const product: PublicProduct = {
    id: 'p1',
    slug: 'tee',
    name: 'Classic Cross Tee',
    description: '',
    priceCents: 2500,
    originalPriceCents: null,
    category: 't-shirts',
    images: [],
    colors: ['Sky Blue', 'Cream'],
    sizes: ['S', 'M'],
    tags: [],
    rating: null,
    isNewArrival: false,
  };

  it('behaves as before when nothing is tracked', () => {
    expect(cardFromPublicProduct(product).variants).toBeNull();
    expect(cardFromPublicProduct({ ...product, stock: [] }).variants).toBeNull();
  });

  it('marks sold-out choices, keeps untracked variants available and tells how few are left', () => {
    const card = cardFromPublicProduct({
      ...product,
      stock: [
        { color: 'Sky Blue', size: 'S', quantity: 0 },
        { color: 'Sky Blue', size: 'M', quantity: 2 },
        { color: 'Cream', size: 'S', quantity: 0 },
        { color: 'Cream', size: 'M', quantity: 0 },
      ],
    });
    expect(resolveVariant(card, { color: 'Sky Blue', size: 'S' }).available).toBe(false);
    expect(resolveVariant(card, { color: 'Sky Blue', size: 'M' })).toMatchObject({ available: true, variant: { left: 2 } });
    const soldOut = soldOutChoices(card, 'Sky Blue');
    expect([...soldOut.colors]).toEqual(['Cream']);
    expect([...soldOut.sizes]).toEqual(['S']);
    const partly = cardFromPublicProduct({ ...product, stock: [{ color: 'Cream', size: 'M', quantity: 9 }] });
    expect(resolveVariant(partly, { color: 'Sky Blue', size: 'S' })).toMatchObject({ available: true, priceCents: 2500 });
    expect(resolveVariant(partly, { color: 'Cream', size: 'M' }).variant?.left ?? null).toBeNull();
    expect(isSoldOut(card)).toBe(false);
  });

  it('sends only the variants with few or no units left, and is sold out when every one is out', () => {
    const card = cardFromPublicProduct({
      ...product,
      stock: [
        { color: 'Sky Blue', size: 'S', quantity: 40 },
        { color: 'Sky Blue', size: 'M', quantity: 3 },
        { color: 'Cream', size: 'S', quantity: 0 },
      ],
    });
    expect(card.variants).toEqual([
      { color: 'Sky Blue', size: 'M', available: true, left: 3 },
      { color: 'Cream', size: 'S', available: false },
    ]);
    expect(resolveVariant(card, { color: 'Cream', size: 'M' })).toMatchObject({ available: true, variant: null });
    expect(soldOutChoices(card, 'Cream')).toEqual({ colors: new Set(), sizes: new Set(['S']) });
    const none = (color: string, size: string) => ({ color, size, quantity: 0 });
    const gone = cardFromPublicProduct({
      ...product,
      stock: [none('Sky Blue', 'S'), none('Sky Blue', 'M'), none('Cream', 'S'), none('Cream', 'M')],
    });
    expect(isSoldOut(gone)).toBe(true);
    expect(soldOutChoices(gone, 'Cream')).toEqual({ colors: new Set(['Sky Blue', 'Cream']), sizes: new Set(['S', 'M']) });
    const noOptions = cardFromPublicProduct({ ...product, colors: [], sizes: [], stock: [none('Default', 'One Size')] });
    expect(isSoldOut(noOptions)).toBe(true);
    expect(resolveVariant(noOptions, { color: null, size: null }).available).toBe(false);
  });

  it('uses Default / One Size for a product without colours or sizes', () => {
    const card = cardFromPublicProduct({ ...product, colors: [], sizes: [], stock: [{ color: 'Default', size: 'One Size', quantity: 0 }] });
    expect(resolveVariant(card, { color: null, size: null }).available).toBe(false);
  });
});

describe('units a shopper may add', () => {
  it('never more than are left beside what the cart holds; untracked variants are unlimited', () => {
    expect(unitsAddable({ left: null, inCart: 40, wanted: 3 })).toBe(3);
    expect(unitsAddable({ left: 2, inCart: 0, wanted: 1 })).toBe(1);
    expect(unitsAddable({ left: 2, inCart: 1, wanted: 3 })).toBe(1);
    expect(unitsAddable({ left: 2, inCart: 2, wanted: 1 })).toBe(0);
    expect(unitsAddable({ left: 2, inCart: 5, wanted: 1 })).toBe(0);
  });
});
