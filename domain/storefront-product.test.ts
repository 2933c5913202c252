import { describe, expect, it } from 'vitest';
import type { ExternalProduct } from './external-product';
import { cardFromExternalProduct, cardFromPublicProduct, smallImageUrl } from './storefront-product';

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
    expect(card.externalVariantId).toBe('v1');
    expect(card.firstVariantAvailable).toBe(false);
    expect(card.source).toBe('external');
  });
});

describe('cardFromPublicProduct', () => {
  const product = {
    id: 'p1', slug: 'simple-cross-tee', name: 'Simple Cross Tee', description: '', priceCents: 1500,
    originalPriceCents: 2000, category: 't-shirts', images: ['/a-960.webp', '/b-960.webp'], colors: ['Pink', 'Blue'],
    sizes: ['S'], tags: [], rating: null, isNewArrival: false,
  };
  it('adds colour variants unless refused, when images pair with colours', () => {
    expect(cardFromPublicProduct(product, { cycleColors: false }).colorVariants).toBeUndefined();
    expect(cardFromPublicProduct(product, { cycleColors: true }).colorVariants).toEqual([
      { color: 'Pink', image: '/a-960.webp' },
      { color: 'Blue', image: '/b-960.webp' },
    ]);
  });
});

it('smallImageUrl names the 480 sibling of generated images only', () => {
  expect(smallImageUrl('/images/products/x-960.webp')).toBe('/images/products/x-480.webp');
  expect(smallImageUrl('https://cdn.example/x.jpg')).toBeNull();
});
