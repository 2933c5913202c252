import { describe, expect, it } from 'vitest';
import type { ExternalProduct } from './external-product';
import { cardFromExternalProduct, cardFromPublicProduct, cardKey } from './storefront-product';

const external: ExternalProduct = {
  id: 'gid://shopify/Product/1',
  title: 'Grace Tee',
  handle: 'grace-tee',
  description: 'Soft tee',
  images: [{ id: 'i1', src: '/images/products/a-960.webp', altText: '' }],
  variants: [
    { id: 'v1', title: 'Black / M', price: { amount: '28.0', currencyCode: 'USD' }, compareAtPrice: { amount: '35.0', currencyCode: 'USD' }, availableForSale: false },
    { id: 'v2', title: 'White / L', price: { amount: '28.0', currencyCode: 'USD' }, availableForSale: true },
  ],
  priceRange: { minVariantPrice: { amount: '28.0', currencyCode: 'USD' }, maxVariantPrice: { amount: '28.0', currencyCode: 'USD' } },
  tags: [],
  productType: 'T-Shirt',
  vendor: 'WYF',
};

describe('cardFromExternalProduct', () => {
  it('parses the decimal price of the first variant and reads colours and sizes from titles', () => {
    const card = cardFromExternalProduct(external);
    expect(card.priceCents).toBe(2800);
    expect(card.originalPriceCents).toBe(3500);
    expect(card.colors).toEqual(['Black', 'White']);
    expect(card.sizes).toEqual(['M', 'L']);
    expect(card.source).toBe('external');
    expect(card.variants).toEqual([
      { id: 'v1', color: 'Black', size: 'M', priceCents: 2800, originalPriceCents: 3500, available: false },
      { id: 'v2', color: 'White', size: 'L', priceCents: 2800, originalPriceCents: null, available: true },
    ]);
  });

  it("reads colour and size from the variants' options when Shopify sends them, each variant with its own price", () => {
    const money = (amount: string) => ({ amount, currencyCode: 'USD' });
    const card = cardFromExternalProduct({
      ...external,
      variants: [
        { id: 's', title: 'S', price: money('32.0'), availableForSale: false, selectedOptions: [{ name: 'Size', value: 'S' }] },
        { id: 'l', title: 'Large', price: money('34.5'), compareAtPrice: money('40.0'), availableForSale: true, selectedOptions: [{ name: 'Size', value: 'L' }] },
        {
          id: 'sage',
          title: 'Sage / XL',
          price: money('36.0'),
          availableForSale: true,
          selectedOptions: [
            { name: 'Colour', value: 'Sage' },
            { name: 'Size', value: 'XL' },
          ],
        },
        { id: 'd', title: 'Default Title', price: money('30.0'), availableForSale: true, selectedOptions: [{ name: 'Title', value: 'Default Title' }] },
      ],
    });
    expect(card.sizes).toEqual(['S', 'L', 'XL']);
    expect(card.colors).toEqual(['Sage']);
    expect(card.priceCents).toBe(3200);
    expect(card.variants?.[1]).toEqual({ id: 'l', color: null, size: 'L', priceCents: 3450, originalPriceCents: 4000, available: true });
    expect(card.variants?.[3]).toMatchObject({ color: null, size: null });
  });
});

describe('cardFromPublicProduct', () => {
  const product = {
    id: 'p1', slug: 'simple-cross-tee', name: 'Simple Cross Tee', description: '', priceCents: 1500,
    originalPriceCents: 2000, category: 't-shirts', images: ['/a-960.webp', '/b-960.webp'], colors: ['Pink', 'Blue'],
    sizes: ['S'], tags: [], rating: null, isNewArrival: false,
  };
  it('has no variant list: every colour and size is sold at the product price', () => {
    expect(cardFromPublicProduct(product).variants).toBeNull();
  });

  it('adds colour variants unless refused, when images pair with colours', () => {
    expect(cardFromPublicProduct(product, { cycleColors: false }).colorVariants).toBeUndefined();
    expect(cardFromPublicProduct(product, { cycleColors: true }).colorVariants).toEqual([
      { color: 'Pink', image: '/a-960.webp' },
      { color: 'Blue', image: '/b-960.webp' },
    ]);
  });
});

describe('cardKey', () => {
  it("is our product's id for our cards (they send no key of their own) and the external product's id for Shopify's", () => {
    const own = cardFromPublicProduct({
      id: 'p1', slug: 'tee', name: 'Tee', description: '', priceCents: 1500, originalPriceCents: null,
      category: 't-shirts', images: [], colors: [], sizes: [], tags: [], rating: null, isNewArrival: false,
    });
    expect(own).not.toHaveProperty('key');
    expect(cardKey(own)).toBe('p1');
    expect(cardKey(cardFromExternalProduct(external))).toBe('gid://shopify/Product/1');
  });
});
