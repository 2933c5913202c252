import { describe, expect, it } from 'vitest';
import { parsePriceToCents } from '@domain/money';
import { shopifyFixtures } from '../../tools/fakes/shopify-fixtures';
import { normaliseProduct } from './normalise-product';
import { ProductsResponseSchema, RawProductSchema } from './schemas';

const { products } = shopifyFixtures('http://fake.test');
const raw = (handle: string) => RawProductSchema.parse(products.find((p) => p.handle === handle));

describe('normaliseProduct (SPEC §3 external product)', () => {
  it('keeps a complete product: images, variants with compare-at prices, price range, tags', () => {
    const product = normaliseProduct(raw('grace-abounds-tee'));
    expect(product).toMatchObject({
      id: 'gid://shopify/Product/1001',
      title: 'Grace Abounds Tee',
      handle: 'grace-abounds-tee',
      productType: 'T-Shirt',
      vendor: 'Wear Your Faith Studio',
      tags: ['tee', 'new'],
      priceRange: {
        minVariantPrice: { amount: '32.0', currencyCode: 'USD' },
        maxVariantPrice: { amount: '34.5', currencyCode: 'USD' },
      },
    });
    expect(product.images).toEqual([
      { id: 'gid://shopify/ProductImage/5001', src: 'http://fake.test/images/grace-abounds-tee-front.webp', altText: 'Grace Abounds Tee, front' },
      { id: 'gid://shopify/ProductImage/5002', src: 'http://fake.test/images/grace-abounds-tee-back.webp', altText: 'Grace Abounds Tee, back' },
    ]);
    expect(product.variants[0]).toEqual({
      id: 'gid://shopify/ProductVariant/1001',
      title: 'S',
      price: { amount: '32.0', currencyCode: 'USD' },
      compareAtPrice: { amount: '40.0', currencyCode: 'USD' },
      availableForSale: true,
      selectedOptions: [{ name: 'Size', value: 'S' }],
    });
    // Amounts stay Shopify's decimal strings; they parse to cents.
    expect(parsePriceToCents(product.variants[2]!.price.amount)).toBe(3450);
  });

  it('fills missing optional fields: alt text defaults to the title, empty strings and lists', () => {
    const product = normaliseProduct(raw('psalm-23-minimal-tee'));
    expect(product.description).toBe('');
    expect(product.productType).toBe('');
    expect(product.vendor).toBe('');
    expect(product.tags).toEqual([]);
    expect(product.images).toHaveLength(1);
    expect(product.images[0]!.altText).toBe('Psalm 23 Minimal Tee');
    expect(product.images[0]!.id).toBe('gid://shopify/Product/4001#image-1');
    expect(product.variants[0]).not.toHaveProperty('compareAtPrice');
  });

  it('treats a blank alt text as missing and a product without images as having none', () => {
    const base = raw('light-of-the-world-tee');
    const blank = normaliseProduct({ ...base, images: { nodes: [{ id: 'i', url: 'http://x/y.webp', altText: '  ' }] } });
    expect(blank.images[0]!.altText).toBe('Light of the World Tee');
    expect(normaliseProduct({ ...base, images: null }).images).toEqual([]);
  });

  it('keeps availability per variant (one fixture variant is unavailable)', () => {
    const product = normaliseProduct(raw('mustard-seed-tee'));
    expect(product.variants.map((v) => v.availableForSale)).toEqual([false, true, true]);
  });
});

describe('response schemas', () => {
  it('accept the fixture answer', () => {
    expect(ProductsResponseSchema.safeParse({ products: { nodes: products } }).success).toBe(true);
  });

  it('refuse answers of another shape instead of passing them on', () => {
    const good = products[0]!;
    const bad = [
      { products: { edges: [] } },
      { products: { nodes: [{ ...good, variants: null }] } },
      { products: { nodes: [{ ...good, priceRange: { minVariantPrice: { amount: 28, currencyCode: 'USD' } } }] } },
      { products: { nodes: [{ ...good, title: undefined }] } },
      {
        products: {
          nodes: [{ ...good, variants: { nodes: [{ ...good.variants.nodes[0]!, price: { amount: 'free', currencyCode: 'USD' } }] } }],
        },
      },
    ];
    for (const answer of bad) expect(ProductsResponseSchema.safeParse(answer).success).toBe(false);
  });
});
