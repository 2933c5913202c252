import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PLACEMENT_TAGS,
  PRODUCT_CATEGORIES,
  PRODUCT_IMAGE_MAX_BYTES,
  ProductInputSchema,
  isPlacementTag,
  isProductCategory,
  isProductFormComplete,
  normalizeImages,
  productFormToInput,
  slugify,
  splitCommaList,
  validateImageFile,
  type ProductFormValues,
} from './product-form';

const REQUIRED = 'Please fill in all required fields';

const minimal = { name: 'Simple Cross Tee', priceCents: 1500, category: 't-shirts' };

function messagesOf(input: unknown): string[] {
  const result = ProductInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('constants (SPEC §9)', () => {
  it('lists the categories and placement tags', () => {
    expect(PRODUCT_CATEGORIES).toEqual(['t-shirts', 'hoodies', 'accessories']);
    expect(PLACEMENT_TAGS).toEqual(['chosen', 'strength-in-christ', 'gracefully-chosen']);
    expect(isProductCategory('hoodies')).toBe(true);
    expect(isProductCategory('hats')).toBe(false);
    expect(isPlacementTag('chosen')).toBe(true);
    expect(isPlacementTag('{product}')).toBe(false);
    expect(isPlacementTag('product')).toBe(false);
  });
});

describe('splitCommaList (SPEC §5)', () => {
  it('splits, trims, drops blanks and repeats', () => {
    expect(splitCommaList('S, M,, L ,M')).toEqual(['S', 'M', 'L']);
    expect(splitCommaList('')).toEqual([]);
    expect(splitCommaList(' , ,')).toEqual([]);
    expect(splitCommaList('Sky Blue')).toEqual(['Sky Blue']);
  });

  it('never yields blank or untrimmed entries', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const list = splitCommaList(raw);
        for (const entry of list) {
          expect(entry).toBe(entry.trim());
          expect(entry).not.toBe('');
          expect(entry).not.toContain(',');
        }
        expect(new Set(list).size).toBe(list.length);
      }),
    );
  });
});

describe('slugify', () => {
  it('makes lower-case kebab slugs', () => {
    expect(slugify('Simple Cross Tee!')).toBe('simple-cross-tee');
    expect(slugify("God's Love  Hoodie")).toBe('gods-love-hoodie');
    expect(slugify('  Crème Brûlée -- Tote ')).toBe('creme-brulee-tote');
    expect(slugify('!!!')).toBe('');
  });

  it('always matches the slug pattern or is empty', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (name) => {
        const slug = slugify(name);
        expect(slug === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)).toBe(true);
        expect(slug.length).toBeLessThanOrEqual(120);
      }),
    );
  });
});

describe('normalizeImages (SPEC §5)', () => {
  it('makes the first image the main one', () => {
    expect(normalizeImages(['/a.webp', ' /b.webp ', '', '/a.webp'])).toEqual({
      imageUrl: '/a.webp',
      imageUrls: ['/a.webp', '/b.webp'],
    });
    expect(normalizeImages([])).toEqual({ imageUrl: null, imageUrls: [] });
    expect(normalizeImages([], '/main.webp')).toEqual({ imageUrl: '/main.webp', imageUrls: ['/main.webp'] });
    expect(normalizeImages(['/x.webp'], '/main.webp').imageUrl).toBe('/x.webp');
  });
});

describe('isProductFormComplete (SPEC §5)', () => {
  it('needs name, price and category', () => {
    expect(isProductFormComplete({ name: 'Tee', price: '15', category: 't-shirts' })).toBe(true);
    expect(isProductFormComplete({ name: 'Tee', price: 15, category: 't-shirts' })).toBe(true);
    expect(isProductFormComplete({ name: '  ', price: '15', category: 't-shirts' })).toBe(false);
    expect(isProductFormComplete({ name: 'Tee', price: '', category: 't-shirts' })).toBe(false);
    expect(isProductFormComplete({ name: 'Tee', price: Number.NaN, category: 't-shirts' })).toBe(false);
    expect(isProductFormComplete({ name: 'Tee', price: '15', category: '' })).toBe(false);
    expect(isProductFormComplete({ name: null, price: null, category: null })).toBe(false);
  });
});

describe('validateImageFile (SPEC §5)', () => {
  it('needs an image under 5MB', () => {
    expect(validateImageFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(validateImageFile({ type: 'application/pdf', size: 1000 })).toBe('Please select an image file');
    expect(validateImageFile({ type: 'image/jpeg', size: PRODUCT_IMAGE_MAX_BYTES })).toBe(
      'Image size must be less than 5MB',
    );
    expect(validateImageFile({ type: 'image/jpeg', size: PRODUCT_IMAGE_MAX_BYTES - 1 })).toBeNull();
  });
});

describe('ProductInputSchema', () => {
  it('fills defaults for a minimal product', () => {
    expect(ProductInputSchema.parse(minimal)).toEqual({
      name: 'Simple Cross Tee',
      slug: 'simple-cross-tee',
      description: '',
      priceCents: 1500,
      originalPriceCents: null,
      costCents: null,
      category: 't-shirts',
      imageUrl: null,
      imageUrls: [],
      colors: [],
      sizes: [],
      placement: [],
      tags: [],
      isNewArrival: false,
      isFeatured: false,
      isActive: true,
    });
  });

  it('parses a full product', () => {
    const parsed = ProductInputSchema.parse({
      name: '  Grace Hoodie ',
      slug: 'grace-hoodie-2',
      description: 'Warm.',
      priceCents: 4999,
      originalPriceCents: 5999,
      costCents: 2000,
      category: 'Hoodies',
      imageUrl: '/ignored.webp',
      imageUrls: ['/uploads/a.webp', 'https://cdn.example.com/b.webp'],
      colors: 'Black, Cream, ,Black',
      sizes: ['S', ' M ', 'L'],
      placement: ['strength-in-christ', 'chosen', 'strength-in-christ'],
      tags: 'Fleece, COTTON',
      isNewArrival: 'on',
      isFeatured: true,
      isActive: 'false',
      priceCentsFromBrowser: 1,
    });
    expect(parsed).toEqual({
      name: 'Grace Hoodie',
      slug: 'grace-hoodie-2',
      description: 'Warm.',
      priceCents: 4999,
      originalPriceCents: 5999,
      costCents: 2000,
      category: 'hoodies',
      imageUrl: '/uploads/a.webp',
      imageUrls: ['/uploads/a.webp', 'https://cdn.example.com/b.webp'],
      colors: ['Black', 'Cream'],
      sizes: ['S', 'M', 'L'],
      placement: ['strength-in-christ', 'chosen'],
      tags: ['fleece', 'cotton'],
      isNewArrival: true,
      isFeatured: true,
      isActive: false,
    });
  });

  it("reports missing name, price or category as 'Please fill in all required fields'", () => {
    expect(messagesOf({ ...minimal, name: '' })).toEqual([REQUIRED]);
    expect(messagesOf({ ...minimal, name: '   ' })).toEqual([REQUIRED]);
    expect(messagesOf({ priceCents: 1500, category: 't-shirts' })).toEqual([REQUIRED]);
    expect(messagesOf({ ...minimal, priceCents: undefined })).toEqual([REQUIRED]);
    expect(messagesOf({ ...minimal, priceCents: '' })).toEqual([REQUIRED]);
    expect(messagesOf({ ...minimal, priceCents: null })).toEqual([REQUIRED]);
    expect(messagesOf({ ...minimal, category: '' })).toEqual([REQUIRED]);
    expect(messagesOf({ ...minimal, category: 'hats' })).toEqual([REQUIRED]);
    expect(messagesOf({})).toEqual([REQUIRED, REQUIRED, REQUIRED]);
  });

  it("names the field a request broke, never the checker's own words", () => {
    // A body that is not an object is a form with nothing filled in.
    for (const body of [[], 7, 'x', null]) expect(messagesOf(body)).toEqual([REQUIRED]);
    expect(messagesOf({ ...minimal, name: 'x'.repeat(121) })).toEqual(['Name: at most 120 characters']);
    expect(messagesOf({ ...minimal, name: 'Tee\u0001\u001b[2J' })).toEqual([
      'Name has characters that cannot be printed: remove them',
    ]);
    expect(messagesOf({ ...minimal, description: 'x'.repeat(5001) })).toEqual([
      'Description: at most 5,000 characters',
    ]);
    // A description keeps its line breaks.
    expect(messagesOf({ ...minimal, description: 'Soft.\nWarm.' })).toEqual([]);
    const colors = Array.from({ length: 31 }, (_, index) => `Color ${index}`);
    expect(messagesOf({ ...minimal, colors })).toEqual(['Colors: at most 30 entries of 1 to 40 characters each']);
    expect(messagesOf({ ...minimal, sizes: [['M']] })).toEqual([
      'Sizes: at most 30 entries of 1 to 40 characters each',
    ]);
    expect(messagesOf({ ...minimal, placement: ['front-page'] })).toEqual([
      `Placement: choose from ${PLACEMENT_TAGS.join(', ')}`,
    ]);
    expect(messagesOf({ ...minimal, isActive: 'maybe' })).toEqual(['Active: yes or no']);
    expect(messagesOf({ ...minimal, imageUrls: 'x' })).toEqual(['Image addresses must start with / or http(s)://']);
  });

  it('refuses bad prices with a price message', () => {
    for (const priceCents of [0, -100, 15.5, 10_000_001, 'abc']) {
      expect(messagesOf({ ...minimal, priceCents })).toEqual([
        'Price must be a positive amount of at most $100,000.00',
      ]);
    }
    expect(ProductInputSchema.safeParse({ ...minimal, priceCents: 10_000_000 }).success).toBe(true);
  });

  it('turns empty original price and cost into null', () => {
    const parsed = ProductInputSchema.parse({ ...minimal, originalPriceCents: '', costCents: undefined });
    expect(parsed.originalPriceCents).toBeNull();
    expect(parsed.costCents).toBeNull();
    expect(ProductInputSchema.parse({ ...minimal, costCents: 0 }).costCents).toBe(0);
    expect(ProductInputSchema.safeParse({ ...minimal, originalPriceCents: 0 }).success).toBe(false);
    expect(ProductInputSchema.safeParse({ ...minimal, costCents: -1 }).success).toBe(false);
  });

  it('validates slugs and generates one when absent', () => {
    expect(ProductInputSchema.parse({ ...minimal, slug: '' }).slug).toBe('simple-cross-tee');
    expect(ProductInputSchema.parse({ ...minimal, name: '✝✝✝' }).slug).toBe('product');
    expect(messagesOf({ ...minimal, slug: 'Not A Slug' })).toEqual([
      'Slug may contain only lower-case letters, digits and single dashes',
    ]);
  });

  it('limits lengths and list sizes', () => {
    expect(ProductInputSchema.safeParse({ ...minimal, name: 'x'.repeat(121) }).success).toBe(false);
    expect(ProductInputSchema.safeParse({ ...minimal, description: 'x'.repeat(5001) }).success).toBe(false);
    expect(
      ProductInputSchema.safeParse({ ...minimal, colors: Array.from({ length: 31 }, (_, i) => `c${i}`) }).success,
    ).toBe(false);
    expect(ProductInputSchema.safeParse({ ...minimal, colors: ['x'.repeat(41)] }).success).toBe(false);
    expect(
      ProductInputSchema.safeParse({ ...minimal, imageUrls: Array.from({ length: 21 }, (_, i) => `/i${i}.webp`) })
        .success,
    ).toBe(false);
    expect(ProductInputSchema.safeParse({ ...minimal, placement: ['front-page'] }).success).toBe(false);
  });

  it('refuses image addresses that are not site paths or http(s)', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example.com/x.png',
      'images/x.png',
    ]) {
      expect(messagesOf({ ...minimal, imageUrls: [url] })).toEqual(['Image addresses must start with / or http(s)://']);
    }
    expect(ProductInputSchema.parse({ ...minimal, imageUrl: '/main.webp' }).imageUrls).toEqual(['/main.webp']);
  });
});

describe('productFormToInput', () => {
  const form: ProductFormValues = {
    name: 'Simple Cross Tee',
    description: 'Soft.',
    price: '15.00',
    originalPrice: '$20',
    cost: '',
    category: 't-shirts',
    imageUrls: ['/a.webp'],
    colors: 'Pink, Yellow, Blue, White',
    sizes: 'XS,S,M,L,XL',
    placement: ['chosen'],
    tags: 'cotton',
    isNewArrival: true,
    isFeatured: false,
    isActive: true,
  };

  it('maps dollars to cents and parses with the schema', () => {
    expect(ProductInputSchema.parse(productFormToInput(form))).toMatchObject({
      priceCents: 1500,
      originalPriceCents: 2000,
      costCents: null,
      colors: ['Pink', 'Yellow', 'Blue', 'White'],
      sizes: ['XS', 'S', 'M', 'L', 'XL'],
      imageUrl: '/a.webp',
    });
  });

  it('keeps missing and invalid prices apart', () => {
    expect(messagesOf(productFormToInput({ ...form, price: ' ' }))).toEqual([REQUIRED]);
    expect(messagesOf(productFormToInput({ ...form, price: '15.999' }))).toEqual([
      'Price must be a positive amount of at most $100,000.00',
    ]);
  });
});
