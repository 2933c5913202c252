import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToCartButtonState,
  initialCardSelection,
  isOnSale,
  resolveVariant,
  selectImagesForColor,
  soldOutChoices,
  validateCardSelection,
  wrapIndex,
} from './product-card';

const colors = ['Pink', 'Yellow', 'Blue', 'White'];

describe('selectImagesForColor (SPEC §4)', () => {
  it('rule 1: a colour variant with a matching image wins (case-insensitive)', () => {
    expect(
      selectImagesForColor({
        images: ['/1', '/2', '/3', '/4'],
        colors,
        selectedColor: 'blue',
        colorVariants: [
          { color: 'Pink', image: '/pink' },
          { color: 'BLUE', image: '/blue', colorHex: '#00f' },
        ],
      }),
    ).toEqual(['/blue']);
  });

  it('skips a matching variant without an image', () => {
    expect(
      selectImagesForColor({
        images: ['/1', '/2', '/3', '/4'],
        colors,
        selectedColor: 'Blue',
        colorVariants: [{ color: 'Blue', image: '' }],
      }),
    ).toEqual(['/3']);
  });

  it('rule 2: one image per colour when the counts match', () => {
    expect(selectImagesForColor({ images: ['/p', '/y', '/b', '/w'], colors, selectedColor: 'Yellow' })).toEqual(['/y']);
    expect(selectImagesForColor({ images: ['/p', '/y', '/b', '/w'], colors, selectedColor: 'white' })).toEqual(['/w']);
  });

  it('rule 3: equal groups per colour otherwise', () => {
    const images = ['/p1', '/p2', '/y1', '/y2', '/b1', '/b2', '/w1', '/w2', '/extra'];
    expect(selectImagesForColor({ images, colors, selectedColor: 'Pink' })).toEqual(['/p1', '/p2']);
    expect(selectImagesForColor({ images, colors, selectedColor: 'White' })).toEqual(['/w1', '/w2']);
  });

  it('uses groups of at least one and falls back to all images when the group is empty', () => {
    const images = ['/a', '/b'];
    expect(selectImagesForColor({ images, colors, selectedColor: 'Pink' })).toEqual(['/a']);
    expect(selectImagesForColor({ images, colors, selectedColor: 'Yellow' })).toEqual(['/b']);
    expect(selectImagesForColor({ images, colors, selectedColor: 'White' })).toEqual(images);
  });

  it('shows all images without colours, selection or match', () => {
    const images = ['/a', '/b', '/c'];
    expect(selectImagesForColor({ images, colors: [], selectedColor: 'Pink' })).toEqual(images);
    expect(selectImagesForColor({ images, colors, selectedColor: null })).toEqual(images);
    expect(selectImagesForColor({ images, colors, selectedColor: 'Green' })).toEqual(images);
    expect(selectImagesForColor({ images: [], colors, selectedColor: 'Pink' })).toEqual([]);
  });

  it('never returns an empty list when there are images', () => {
    const color = fc.constantFrom('Pink', 'Yellow', 'Blue', 'White', 'Green', 'pink');
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 20 }),
        fc.uniqueArray(color, { maxLength: 5 }),
        fc.option(color, { nil: null }),
        fc.array(fc.record({ color, image: fc.string() }), { maxLength: 4 }),
        (images, colorList, selectedColor, colorVariants) => {
          const shown = selectImagesForColor({ images, colors: colorList, selectedColor, colorVariants });
          expect(shown.length).toBeGreaterThan(0);
          for (const image of shown) {
            expect(images.includes(image) || colorVariants.some((variant) => variant.image === image)).toBe(true);
          }
        },
      ),
    );
  });
});

describe('isOnSale (SPEC §4)', () => {
  it('is true when the original price exists and differs', () => {
    expect(isOnSale('$15.00', '$20.00')).toBe(true);
    expect(isOnSale('$15.00', '15')).toBe(false);
    expect(isOnSale('28.0', '28.00')).toBe(false);
    expect(isOnSale(15, 20)).toBe(true);
    expect(isOnSale('$15.00', null)).toBe(false);
    expect(isOnSale('$15.00', undefined)).toBe(false);
    expect(isOnSale('$15.00', '')).toBe(false);
    expect(isOnSale('call us', 'call us')).toBe(false);
    expect(isOnSale('call us', '$20')).toBe(true);
    expect(isOnSale(null, '$20')).toBe(true);
  });
});

describe('addToCartButtonState (SPEC §2)', () => {
  it('shows the three states', () => {
    expect(addToCartButtonState({ isAdding: false, available: true })).toEqual({
      label: 'Add to Cart',
      disabled: false,
    });
    expect(addToCartButtonState({ isAdding: true, available: true })).toEqual({
      label: 'Adding...',
      disabled: true,
    });
    expect(addToCartButtonState({ isAdding: false, available: false })).toEqual({
      label: 'Out of Stock',
      disabled: true,
    });
  });
});

describe('resolveVariant and soldOutChoices (issue 13: buy what was chosen)', () => {
  const v = (color: string | null, size: string | null, priceCents: number, available = true) => ({
    id: `${color}/${size}`,
    color,
    size,
    priceCents,
    originalPriceCents: null,
    available,
  });
  const shirt = {
    priceCents: 2800,
    originalPriceCents: 3300,
    colors: ['Cream', 'Black'],
    sizes: ['M', 'L'],
    variants: [v('Cream', 'M', 2800), v('Cream', 'L', 2800), v('Black', 'M', 2900), v('Black', 'L', 2900, false)],
  };

  it('without a variant list every choice is available at the product price', () => {
    expect(resolveVariant({ priceCents: 1500, originalPriceCents: 2000, variants: null }, { color: 'Pink', size: 'XL' })).toEqual({
      variant: null,
      priceCents: 1500,
      originalPriceCents: 2000,
      available: true,
    });
  });

  it('finds the variant of the chosen colour and size (case-insensitive), with its price and availability', () => {
    expect(resolveVariant(shirt, { color: 'black', size: 'M' })).toMatchObject({ priceCents: 2900, available: true, variant: { id: 'Black/M' } });
    expect(resolveVariant(shirt, { color: 'Black', size: 'L' })).toMatchObject({ available: false, variant: { id: 'Black/L' } });
  });

  it('a combination no variant offers is unavailable at the product price', () => {
    expect(resolveVariant(shirt, { color: 'Cream', size: 'XXL' })).toEqual({
      variant: null,
      priceCents: 2800,
      originalPriceCents: 3300,
      available: false,
    });
  });

  it('an option a variant does not have matches any choice (a size-only product)', () => {
    const sizesOnly = { priceCents: 3200, originalPriceCents: null, variants: [v(null, 'S', 3200, false), v(null, 'L', 3450)] };
    expect(resolveVariant(sizesOnly, { color: null, size: 'L' })).toMatchObject({ priceCents: 3450, available: true });
    expect(resolveVariant(sizesOnly, { color: null, size: 'S' })).toMatchObject({ available: false });
  });

  it('marks sizes sold out in the chosen colour, and colours with nothing left', () => {
    expect(soldOutChoices(shirt, 'Black')).toEqual({ colors: new Set(), sizes: new Set(['L']) });
    expect(soldOutChoices(shirt, 'Cream')).toEqual({ colors: new Set(), sizes: new Set() });
    const allBlackGone = { ...shirt, variants: shirt.variants.map((entry) => (entry.color === 'Black' ? { ...entry, available: false } : entry)) };
    expect(soldOutChoices(allBlackGone, 'Cream').colors).toEqual(new Set(['Black']));
    expect(soldOutChoices({ ...shirt, variants: null }, 'Black')).toEqual({ colors: new Set(), sizes: new Set() });
  });
});

describe('initialCardSelection (SPEC §4)', () => {
  it('preselects the first colour and size', () => {
    expect(initialCardSelection({ colors, sizes: ['XS', 'S'] })).toEqual({ color: 'Pink', size: 'XS' });
    expect(initialCardSelection({ colors: [], sizes: [] })).toEqual({ color: null, size: null });
  });
});

describe('validateCardSelection (SPEC §5)', () => {
  const sizes = ['S', 'M'];

  it('asks for a colour first, then a size', () => {
    expect(validateCardSelection({ colors, sizes, color: null, size: null })).toBe('Please select a color');
    expect(validateCardSelection({ colors, sizes, color: '', size: 'M' })).toBe('Please select a color');
    expect(validateCardSelection({ colors, sizes, color: 'Green', size: 'M' })).toBe('Please select a color');
    expect(validateCardSelection({ colors, sizes, color: 'Pink', size: undefined })).toBe('Please select a size');
    expect(validateCardSelection({ colors, sizes, color: 'Pink', size: 'XXL' })).toBe('Please select a size');
    expect(validateCardSelection({ colors, sizes, color: 'Pink', size: 'M' })).toBeNull();
  });

  it('needs nothing when the product offers no colours or sizes', () => {
    expect(validateCardSelection({ colors: [], sizes: [], color: null, size: null })).toBeNull();
    expect(validateCardSelection({ colors: [], sizes, color: null, size: 'S' })).toBeNull();
  });
});

describe('wrapIndex', () => {
  it('wraps both ways', () => {
    expect(wrapIndex(0, 4)).toBe(0);
    expect(wrapIndex(4, 4)).toBe(0);
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(-5, 4)).toBe(3);
    expect(wrapIndex(9, 4)).toBe(1);
    expect(wrapIndex(-4, 4)).toBe(0);
    expect(Object.is(wrapIndex(-4, 4), 0)).toBe(true);
  });

  it('is 0 for empty carousels and bad input', () => {
    expect(wrapIndex(3, 0)).toBe(0);
    expect(wrapIndex(3, -2)).toBe(0);
    expect(wrapIndex(3, 0.5)).toBe(0);
    expect(wrapIndex(Number.NaN, 4)).toBe(0);
  });

  it('always lands in range and moves by one step with wraparound', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 1, max: 1000 }), (index, length) => {
        const wrapped = wrapIndex(index, length);
        expect(wrapped).toBeGreaterThanOrEqual(0);
        expect(wrapped).toBeLessThan(length);
        expect(wrapIndex(wrapped + 1, length)).toBe(wrapIndex(index + 1, length));
        expect(wrapIndex(wrapped - 1, length)).toBe(wrapIndex(index - 1, length));
        expect(wrapIndex(index + length, length)).toBe(wrapped);
      }),
    );
  });
});
