import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExternalProduct } from '../../domain/external-product';
import { products } from '../../server/db/schema';
import { createTestShop, type TestShop } from '../support/test-shop';
import { cardTitles } from '../support/card-titles';

// Crawlers get the finished HTML (entry.server waits for all streamed lists).
const BOT = { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } };

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(() => {
  delete shop.shop.services.shopify;
});

async function page(path: string) {
  const response = await shop.request(path, BOT);
  return { status: response.status, html: await response.text() };
}

function itemCount(html: string): string | undefined {
  return /data-testid="item-count">([^<]*)</.exec(html)?.[1];
}

function externalProduct(title: string, tags: string[] = [], available = true): ExternalProduct {
  return {
    id: `gid://shopify/Product/${title}`,
    title,
    handle: title.toLowerCase().replace(/\s+/g, '-'),
    description: `${title} from the external shop`,
    images: [{ id: 'img', src: '/images/products/classic-cross-tee-cream-960.webp', altText: '' }],
    variants: [
      { id: `${title}-v1`, title: 'Black / M', price: { amount: '28.0', currencyCode: 'USD' }, availableForSale: available },
    ],
    priceRange: { minVariantPrice: { amount: '28.0', currencyCode: 'USD' }, maxVariantPrice: { amount: '28.0', currencyCode: 'USD' } },
    tags,
    productType: 'T-Shirt',
    vendor: 'Wear Your Faith',
  };
}

describe('storefront pages (seeded catalogue)', () => {
  it.each([
    ['/', 'Wear Your Faith'],
    ['/new-arrivals', 'Just Dropped'],
    ['/t-shirts', 'T-Shirts'],
    ['/hoodies', 'Hoodies'],
    ['/strength-in-christ', 'Strength in Christ'],
    ['/accessories', 'Accessories'],
    ['/eves-legacy', 'Gracefully Chosen'],
  ])('%s renders with one h1, a title, a description and Open Graph tags', async (path, heading) => {
    const { status, html } = await page(path);
    expect(status).toBe(200);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain(`>${heading}</h1>`);
    expect(html).toMatch(/<title>[^<]*Wear Your Faith<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html).toContain('property="og:image" content="http://shop.test/images/og-default.jpg"');
  });

  it('counts items as the spec words them on each collection', async () => {
    expect(itemCount((await page('/new-arrivals')).html)).toBe('7 items');
    expect(itemCount((await page('/t-shirts')).html)).toBe('4 items');
    expect(itemCount((await page('/hoodies')).html)).toBe('4 items');
    expect(itemCount((await page('/accessories')).html)).toBe('6 items');
    expect(itemCount((await page('/strength-in-christ')).html)).toBe('4 items');
    expect(itemCount((await page('/eves-legacy')).html)).toBe('5 item(s)');
  });

  it('filters on the server from ?filter=, and an unknown value means All', async () => {
    const vintage = await page('/t-shirts?filter=vintage');
    expect(itemCount(vintage.html)).toBe('1 item');
    expect(cardTitles(vintage.html)).toEqual(['Walk by Faith Vintage Tee']);
    expect(vintage.html).toMatch(/aria-current="page"[^>]*>Vintage</);

    const hoodies = await page('/new-arrivals?filter=HOODIES');
    expect(cardTitles(hoodies.html).every((title) => title.includes('Hoodie'))).toBe(true);
    expect(itemCount(hoodies.html)).toBe('2 items');

    const unknown = await page('/accessories?filter=spaceships');
    expect(itemCount(unknown.html)).toBe('6 items');
    expect(unknown.html).toMatch(/aria-current="page"[^>]*>All</);

    expect(itemCount((await page('/eves-legacy?filter=accessories')).html)).toBe('2 item(s)');
    expect(itemCount((await page('/hoodies?filter=heavyweight')).html)).toBe('1 item');
  });

  it('home features the first 6 own products when the external shop is not configured', async () => {
    const { html } = await page('/');
    expect(html).toContain('data-source="own"');
    expect(cardTitles(html)).toHaveLength(6);
    expect(html).toContain('Our Cross Collection');
    for (const text of ['Faith-Centered', 'Premium Quality', 'Fast Shipping', 'Support Our Mission']) expect(html).toContain(text);
  });

  it('never sends cost or margins to the browser', async () => {
    for (const path of ['/', '/t-shirts', '/accessories', '/products/simple-cross-tee']) {
      const { html } = await page(path);
      expect(html).not.toMatch(/costCents|cost_cents|margin/i);
    }
  });
});

describe('product page', () => {
  it('shows the product with a canonical link and JSON-LD Product', async () => {
    const { status, html } = await page('/products/simple-cross-tee');
    expect(status).toBe(200);
    expect(html).toContain('>Simple Cross Tee</h1>');
    expect(html).toContain('<link rel="canonical" href="http://shop.test/products/simple-cross-tee"/>');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(json).toBeDefined();
    const data = JSON.parse(json ?? '{}') as { '@type': string; name: string; offers: { price: string } };
    expect(data['@type']).toBe('Product');
    expect(data.name).toBe('Simple Cross Tee');
    expect(data.offers.price).toBe('15.00');
  });

  it('escapes < in the JSON-LD so a product text cannot close the script', async () => {
    await shop.database.db
      .update(products)
      .set({ description: 'Bold </script><script>alert(1)</script> tee' })
      .where(eq(products.slug, 'classic-cross-tee'));
    const { html } = await page('/products/classic-cross-tee');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(json).toContain('\\u003c/script>');
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  it('answers an unknown or malformed slug with the 404 page and status 404', async () => {
    for (const path of ['/products/no-such-tee', '/products/NOT%20A%20SLUG', '/this/does/not/exist']) {
      const { status, html } = await page(path);
      expect(status).toBe(404);
      expect(html).toContain('Oops! This page seems to have lost its way.');
    }
  });

  it('hides an inactive product', async () => {
    await shop.database.db.update(products).set({ isActive: false }).where(eq(products.slug, 'prayer-journal'));
    shop.shop.services.invalidateCatalogue(['*']); // written behind the shop's back (its admin API does this itself)
    expect((await page('/products/prayer-journal')).status).toBe(404);
    expect(cardTitles((await page('/accessories')).html)).not.toContain('Prayer Journal');
    await shop.database.db.update(products).set({ isActive: true }).where(eq(products.slug, 'prayer-journal'));
    shop.shop.services.invalidateCatalogue(['*']);
  });
});

describe('GET /api/products/:slug', () => {
  it('answers the public shape of an active product, never its cost, and 404 otherwise', async () => {
    const response = await shop.request('/api/products/simple-cross-tee');
    expect(response.status).toBe(200);
    const product = (await response.json()) as Record<string, unknown>;
    expect(product).toMatchObject({ slug: 'simple-cross-tee', name: 'Simple Cross Tee', priceCents: 1500 });
    expect(Object.keys(product)).not.toContain('costCents');
    expect((await shop.request('/api/products/no-such-thing')).status).toBe(404);
  });
});

describe('external shop products', () => {
  it('take precedence on the home page, t-shirts and hoodies, and filter by their tags', async () => {
    const calls: string[] = [];
    shop.shop.services.shopify = {
      getProducts: async ({ first }) => {
        calls.push(`products:${first}`);
        return [externalProduct('Shopify Home Tee')];
      },
      getCollectionProducts: async (handle, { first }) => {
        calls.push(`${handle}:${first}`);
        return handle === 'tshirts'
          ? [externalProduct('Shopify Tee', ['Cotton']), externalProduct('Sold Out Tee', ['vintage'], false)]
          : [externalProduct('Shopify Hoodie', ['fleece'])];
      },
    };
    shop.shop.services.invalidateCatalogue(['*']); // the stand-in replaced the whole external catalogue
    const home = await page('/');
    expect(home.html).toContain('data-source="external"');
    expect(cardTitles(home.html)).toEqual(['Shopify Home Tee']);

    const tees = await page('/t-shirts');
    expect(cardTitles(tees.html)).toEqual(['Shopify Tee', 'Sold Out Tee']);
    expect(tees.html).toContain('$28.00');
    expect(tees.html).toMatch(/disabled=""[^>]*>Out of Stock</);
    expect(cardTitles((await page('/t-shirts?filter=cotton')).html)).toEqual(['Shopify Tee']);
    expect(cardTitles((await page('/hoodies')).html)).toEqual(['Shopify Hoodie']);
    // Collections are read whole (up to 250), then filtered and paged here (domain/catalog-page.ts).
    expect(calls).toEqual(expect.arrayContaining(['products:6', 'tshirts:250', 'hoodies:250']));
  });

  it('fall back to own products when the external shop gives nothing or fails', async () => {
    shop.shop.services.shopify = {
      getProducts: async () => null,
      getCollectionProducts: async () => {
        throw new Error('network down');
      },
    };
    shop.shop.services.invalidateCatalogue(['*']);
    expect((await page('/')).html).toContain('data-source="own"');
    const tees = await page('/t-shirts');
    expect(tees.status).toBe(200);
    expect(itemCount(tees.html)).toBe('4 items');
  });
});

describe('sitemap and robots', () => {
  it('lists every page and every active product', async () => {
    const response = await shop.request('/sitemap.xml');
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    for (const path of ['/', '/new-arrivals', '/t-shirts', '/hoodies', '/strength-in-christ', '/accessories', '/eves-legacy']) {
      expect(xml).toContain(`<loc>http://shop.test${path}</loc>`);
    }
    const active = await shop.database.db.select({ slug: products.slug }).from(products).where(eq(products.isActive, true));
    for (const { slug } of active) expect(xml).toContain(`<loc>http://shop.test/products/${slug}</loc>`);
  });

  it('robots.txt allows the shop, disallows admin and api, and names the sitemap', async () => {
    const text = await (await shop.request('/robots.txt')).text();
    expect(text).toContain('Allow: /');
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain('Disallow: /api');
    expect(text).toContain('Sitemap: http://shop.test/sitemap.xml');
  });
});

// Last: empties the catalogue.
describe('fallbacks with an empty catalogue', () => {
  it('home shows the demo Simple Cross Tee; t-shirts the verse demo card; empty states elsewhere', async () => {
    await shop.database.db.delete(products).where(sql`true`);
    shop.shop.services.invalidateCatalogue(['*']);
    const home = await page('/');
    expect(home.html).toContain('data-source="demo"');
    expect(cardTitles(home.html)).toEqual(['Simple Cross Tee']);
    expect(home.html).toContain('$15.00');
    expect(home.html).toContain('$20.00');

    const tees = await page('/t-shirts');
    expect(cardTitles(tees.html)).toEqual(['Philippians 4:13 Tee']);
    expect(itemCount(tees.html)).toBe('1 item');

    const arrivals = await page('/new-arrivals');
    expect(arrivals.html).toContain('No New Arrivals Yet');
    expect(arrivals.html).toContain('Check back soon for the latest faith-inspired designs!');
    expect(arrivals.html).toContain('Browse All Products');
    expect(itemCount(arrivals.html)).toBe('0 items');

    const strength = await page('/strength-in-christ');
    expect(strength.html).toContain('Coming Soon');
    expect(strength.html).toContain('We&#x27;re working on adding products to this collection. Check back soon!');
    expect((await page('/eves-legacy')).html).toContain('Coming Soon');
    expect(await shop.database.db.select().from(products).where(inArray(products.slug, ['simple-cross-tee']))).toEqual([]);
  });
});
