/**
 * Issue 13 through HTTP on a real database (PGlite, or PostgreSQL with DATABASE_URL): every
 * product reachable (filter in the query, then page), lists in the server HTML, search, and
 * the brand names (no '{product}' in any page, data response or e-mail).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import { createTestShop, type TestShop } from '../support/test-shop';
import { cardTitles } from '../support/card-titles';

// A browser's user agent: it gets the same HTML a shopper without JavaScript gets.
const BROWSER = { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36' } };

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
  // 16 more accessories, all gifts: 22 accessories in all, 18 of them gifts (issue 13's count).
  await shop.database.db.insert(products).values(
    Array.from({ length: 16 }, (_, index) => ({
      slug: `gift-box-${index + 1}`,
      name: `Gift Box ${index + 1}`,
      description: 'A small gift box with a cross charm.',
      priceCents: 1000 + index * 100,
      category: 'accessories',
      colors: ['Cream'],
      sizes: ['One Size'],
      tags: ['gifts'],
      imageUrls: ['/images/products/prayer-journal-brown-960.webp'],
      imageUrl: '/images/products/prayer-journal-brown-960.webp',
      sortOrder: 100 + index,
    })),
  );
  shop.shop.services.invalidateCatalogue(['*']);
});
afterAll(async () => {
  await shop?.close();
});

async function page(path: string) {
  const response = await shop.request(path, BROWSER);
  return { status: response.status, html: await response.text() };
}

const itemCount = (html: string) => /data-testid="item-count">([^<]*)</.exec(html)?.[1];
const shownCount = (html: string) => /data-testid="shown-count">([^<]*(?:<!-- -->[^<]*)*)</.exec(html)?.[1]?.replace(/<!-- -->/g, '');
const loadMoreHref = (html: string) => /<a[^>]*href="([^"]*)"[^>]*>Load more</.exec(html)?.[1]?.replace(/&amp;/g, '&');

describe('collections: filter in the query, then page', () => {
  it('counts all 22 accessories and shows the first 20 with Load more to page 2', async () => {
    const { status, html } = await page('/accessories');
    expect(status).toBe(200);
    expect(itemCount(html)).toBe('22 items');
    expect(cardTitles(html)).toHaveLength(20);
    expect(shownCount(html)).toBe('Showing 20 of 22');
    expect(loadMoreHref(html)).toBe('/accessories?page=2#item-21');
  });

  it('page 2 reaches all 22, and there is no more to load', async () => {
    const { html } = await page('/accessories?page=2');
    const titles = cardTitles(html);
    expect(titles).toHaveLength(22);
    expect(new Set(titles).size).toBe(22);
    expect(titles).toEqual(expect.arrayContaining(['Prayer Journal', 'Faith Canvas Tote Bag', 'Gift Box 16']));
    expect(loadMoreHref(html)).toBeUndefined();
  });

  it('filters before paging: all 18 gifts counted and shown', async () => {
    const { html } = await page('/accessories?filter=gifts');
    expect(itemCount(html)).toBe('18 items');
    expect(cardTitles(html)).toHaveLength(18);
    expect(cardTitles(html)).toEqual(expect.arrayContaining(['Prayer Journal', 'Scripture Bookmark Set']));
    expect(loadMoreHref(html)).toBeUndefined();
    expect(itemCount((await page('/accessories?filter=jewelry')).html)).toBe('2 items');
  });

  it('an unknown page number gives the last page or the first, never an error', async () => {
    for (const [query, shown] of [
      ['?page=999', 22],
      ['?page=99999999999999999999', 20],
      ['?page=abc', 20],
      ['?page=0', 20],
      ['?page=-3', 20],
      ['?page=1.5', 20],
      ['?page=2&page=x', 22],
      ['?filter=gifts&page=7', 18],
    ] as const) {
      const { status, html } = await page(`/accessories${query}`);
      expect(status, query).toBe(200);
      expect(cardTitles(html), query).toHaveLength(shown);
    }
    // A control character in the address is refused by the HTTP shell's guard, as a 400.
    expect((await page('/accessories?page=%00')).status).toBe(400);
  });

  it('answers the client-side navigation data of a page too', async () => {
    const response = await shop.request('/accessories.data?filter=gifts&page=2', BROWSER);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('Gift Box 16');
    expect(body).not.toMatch(/costCents|cost_cents/);
    // Loaders read the page's address, not the data request's (`.data`, `_routes`).
    const search = await shop.request('/search.data?q=gift+box&_routes=routes%2Fsearch', BROWSER);
    expect(search.status).toBe(200);
    expect(await search.text()).toContain('Gift Box 1');
  });

  it('puts the product lists in the server HTML: no Loading... placeholder, for browsers too', async () => {
    for (const path of ['/', '/new-arrivals', '/t-shirts', '/hoodies', '/strength-in-christ', '/accessories', '/eves-legacy']) {
      const { html } = await page(path);
      expect(html, path).not.toContain('Loading...');
      expect(html, path).not.toContain('product-card-skeleton');
      expect(cardTitles(html).length, path).toBeGreaterThan(0);
    }
    expect(cardTitles((await page('/')).html)).toHaveLength(6);
  });
});

describe('search', () => {
  const search = async (query: string) => {
    const { status, html } = await page(`/search?q=${encodeURIComponent(query)}`);
    return { status, html, titles: cardTitles(html) };
  };
  const hoodies = ['Armor of God Heavyweight Hoodie', 'Be Still Fleece Hoodie', 'Faith Over Fear Hoodie', 'Grace Upon Grace Hoodie'];

  it("finds the hoodies for 'hoodie', a prefix and one-letter typos ('hodie', 'hoddie')", async () => {
    for (const query of ['hoodie', 'Hoodies', 'hood', 'hodie', 'hoddie', 'hoodei']) {
      const { status, titles } = await search(query);
      expect(status, query).toBe(200);
      expect([...titles].sort(), query).toEqual(hoodies);
    }
  });

  it('matches colour, category, tags and description, and ranks name matches first', async () => {
    expect((await search('classic tee')).titles).toEqual(['Classic Cross Tee']);
    const tees = (await search('tee')).titles;
    expect(tees.slice(0, 4).every((title) => title.endsWith('Tee'))).toBe(true);
    expect((await search('sage')).titles).toEqual(expect.arrayContaining(['Be Still Fleece Hoodie']));
    expect((await search('fleece')).titles[0]).toBe('Be Still Fleece Hoodie');
    expect((await search('accessories')).titles).toHaveLength(22);
    expect((await search('charm')).titles).toEqual(expect.arrayContaining(['Cross Charm Beaded Bracelet', 'Gift Box 1']));
    expect((await search('Philippians 4:13')).titles).toEqual(['Philippians 4:13 Tee']);
  });

  it('shows the count and the same card grid, with the query', async () => {
    const { html } = await search('hodie');
    expect(html).toContain('data-testid="result-count">4 results');
    expect(html).toContain('Results for “hodie”');
    expect(html).toContain('noindex, follow');
  });

  it('has an empty state with the query, and a prompt for an empty query', async () => {
    const none = await search('zebra');
    expect(none.titles).toEqual([]);
    expect(none.html).toContain('No products match “zebra”');
    const empty = await search('   ');
    expect(empty.status).toBe(200);
    expect(empty.html).toContain('What are you looking for?');
    expect((await page('/search')).status).toBe(200);
  });

  it('treats wildcards, quotes, operators and over-long queries as text, never an error', async () => {
    for (const query of ['%', '_', '%%%', "'", '"', '\\', "' OR 1=1 --", 'tee:*', '!(&|)', 'a%_b', '<script>', '🙏', 'x'.repeat(5000), 'hoodie '.repeat(200)]) {
      const { status, html } = await search(query);
      expect(status, query.slice(0, 20)).toBe(200);
      expect(html).not.toContain('<script>alert');
    }
    // A wildcard is not a wildcard: '%' finds nothing, while 'tee' finds tees.
    expect((await search('%')).titles).toEqual([]);
    expect((await search('"tee"')).titles.length).toBeGreaterThan(0);
  });

  it('never lists an inactive product', async () => {
    await shop.database.db.update(products).set({ isActive: false }).where(eq(products.slug, 'be-still-fleece-hoodie'));
    shop.shop.services.invalidateCatalogue(['*']); // written behind the shop's back
    try {
      expect((await search('hoodie')).titles).not.toContain('Be Still Fleece Hoodie');
      expect((await search('be stil')).titles).toEqual([]);
    } finally {
      await shop.database.db.update(products).set({ isActive: true }).where(eq(products.slug, 'be-still-fleece-hoodie'));
      shop.shop.services.invalidateCatalogue(['*']);
    }
  });

  it('reads the search indexes (full-text and trigram)', async () => {
    const plan = async (where: string) => {
      const rows = await shop.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute<{ 'QUERY PLAN': string }>(sql.raw(`explain select id from products where ${where}`));
        return result.rows;
      });
      return rows.map((row) => Object.values(row)[0]).join('\n');
    };
    expect(
      await plan(`products_search_document(name, description, category, colors, tags) @@ to_tsquery('english', 'hood:*')`),
    ).toContain('products_search_idx');
    expect(await plan(`'hodie' <% products_search_text(name, category, colors, tags)`)).toContain('products_search_trgm_idx');
  });
});

describe('small truths', () => {
  it('the sitemap lists the shop pages, not /cart, /auth or /search', async () => {
    const xml = await (await shop.request('/sitemap.xml')).text();
    for (const path of ['/', '/new-arrivals', '/t-shirts', '/hoodies', '/strength-in-christ', '/accessories', '/eves-legacy']) {
      expect(xml).toContain(`<loc>http://shop.test${path}</loc>`);
    }
    for (const path of ['/cart', '/auth', '/search', '/favorites', '/account']) expect(xml).not.toContain(`<loc>http://shop.test${path}</loc>`);
  });

  it("an unknown product's 404 page has a title", async () => {
    const { status, html } = await page('/products/no-such-tee');
    expect(status).toBe(404);
    expect(html).toContain('<title>Page not found | Wear Your Faith</title>');
    expect(html).toContain('Oops! This page seems to have lost its way.');
  });

  it('meta descriptions end at a word', async () => {
    const { html } = await page('/products/philippians-4-13-tee');
    const description = (/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '').replace(/&quot;/g, '"');
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/\p{L}…$/u);
    const [row] = await shop.database.db.select().from(products).where(eq(products.slug, 'philippians-4-13-tee'));
    const kept = description.slice(0, -1);
    expect(row!.description.startsWith(kept)).toBe(true);
    expect(row!.description[kept.length]).toMatch(/[\s,.]/);
  });

  it('/cart has a meta description', async () => {
    expect((await page('/cart')).html).toMatch(/<meta name="description" content="[^"]{20,}"/);
  });
});
