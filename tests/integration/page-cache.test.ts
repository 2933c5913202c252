/**
 * The full-page cache in the real shell and shop (issue 15 item 1, decision 018): a price edit
 * through the admin API shows on the next request of every page that shows the product, and
 * only those pages render again; sessions never meet a cached page; unknown parameters stay
 * bounded; 304 with the ETag; the Cache-Control a CDN reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../support/test-shop';
import { passcodeSession } from '../support/staff';

let shop: TestShop;
let token: string;
let product: { id: string; slug: string };

beforeAll(async () => {
  shop = await createTestShop();
  token = await passcodeSession(shop);
  const created = await admin('/api/admin/products', 'POST', {
    name: 'Page Cache Hoodie',
    priceCents: 4100,
    category: 'hoodies',
    placement: ['strength-in-christ'],
  });
  expect(created.status).toBe(201);
  product = ((await created.json()) as { product: { id: string; slug: string } }).product;
});
afterAll(async () => {
  await shop?.close();
});

function admin(pathname: string, method: string, body: unknown) {
  return shop.request(pathname, {
    method,
    headers: { 'X-Admin-Session': token, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function page(pathname: string, headers: Record<string, string> = {}) {
  const response = await shop.request(pathname, { headers });
  return { response, state: response.headers.get('x-page-cache'), html: await response.text() };
}

describe('the page cache in the shop', () => {
  it('shows a price edit on the next request of every page that shows the product, and keeps the others', async () => {
    const affected = [
      '/',
      '/hoodies',
      '/hoodies?filter=fleece',
      '/strength-in-christ',
      `/products/${product.slug}`,
      `/products/${product.slug}.data`,
      '/search?q=page+cache+hoodie',
      // Every search page drops on a product write: any of them may now match it.
      '/search?q=bracelet',
    ];
    const untouched = ['/products/classic-cross-tee', '/accessories', '/t-shirts'];
    for (const path of [...affected, ...untouched]) {
      await page(path);
      const again = await page(path);
      expect(again.state, path).toBe('hit');
    }
    const showsPrice = (html: string, price: string) => html.includes(price);
    expect(showsPrice((await page(`/products/${product.slug}`)).html, '$41.00')).toBe(true);

    const edited = await admin(`/api/admin/products/${product.id}`, 'PUT', {
      name: 'Page Cache Hoodie',
      slug: product.slug,
      priceCents: 4350,
      category: 'hoodies',
      placement: ['strength-in-christ'],
    });
    expect(edited.status).toBe(200);

    for (const path of affected) {
      const next = await page(path);
      expect(next.state, path).toBe('miss');
      if (!/filter=fleece|bracelet/.test(path))
        expect(showsPrice(next.html, path.endsWith('.data') ? '4350' : '$43.50'), path).toBe(true);
      expect(next.html, path).not.toContain('$41.00');
    }
    for (const path of untouched) expect((await page(path)).state, path).toBe('hit');
  });

  it('drops the lists a product leaves and joins', async () => {
    await page('/accessories');
    await page('/hoodies');
    expect((await page('/accessories')).state).toBe('hit');
    const moved = await admin(`/api/admin/products/${product.id}`, 'PUT', {
      name: 'Page Cache Hoodie',
      slug: product.slug,
      priceCents: 4350,
      category: 'accessories',
    });
    expect(moved.status).toBe(200);
    const accessories = await page('/accessories');
    expect(accessories.state).toBe('miss');
    expect(accessories.html).toContain('Page Cache Hoodie');
    const hoodies = await page('/hoodies');
    expect(hoodies.state).toBe('miss');
    expect(hoodies.html).not.toContain('Page Cache Hoodie');
  });

  it("shows a stock change on the next request of the product's page: the admin's count, then a checkout taking the last units", async () => {
    // The admin's stock route and the checkout live in the React Router build, the page cache's
    // subscription in the server entry: in production they are two bundles of the same code.
    const tee = (await (await shop.request('/api/products/simple-cross-tee')).json()) as { id: string };
    const path = '/products/simple-cross-tee';
    await page(path);
    const before = await page(path);
    expect(before.state).toBe('hit');
    expect(before.html).not.toContain('Only 2 left');

    const counted = await admin(`/api/admin/products/${tee.id}/stock`, 'PUT', {
      cells: [{ color: 'Pink', size: 'XS', quantity: 2, base: null }],
    });
    expect(counted.status).toBe(200);
    const low = await page(path);
    expect(low.state).toBe('miss');
    expect(low.html).toContain('Only 2 left'); // Pink / XS is the variant the page opens on
    expect((await page(path)).state).toBe('hit');

    const checkout = await shop.request('/api/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ items: [{ productId: tee.id, color: 'Pink', size: 'XS', quantity: 2 }] }),
    });
    expect(checkout.status).toBe(200);
    const soldOut = await page(path);
    expect(soldOut.state).toBe('miss');
    expect(soldOut.html).not.toContain('Only 2 left');
    expect(soldOut.html).toContain('Out of Stock');
  });

  it('never gives a request with a session cookie a cached page, valid or not', async () => {
    await page('/t-shirts');
    expect((await page('/t-shirts')).state).toBe('hit');
    for (const cookie of ['better-auth.session_token=forged.value', 'anything=1']) {
      const signedIn = await page('/t-shirts', { cookie });
      expect(signedIn.state).toBeNull();
      expect(signedIn.response.headers.get('cache-control')).toBe('private, no-store');
      const nonce = /'nonce-([^']+)'/.exec(signedIn.response.headers.get('content-security-policy') ?? '')?.[1];
      expect(nonce).toBeTruthy();
      expect(signedIn.html).toContain(`nonce="${nonce}"`);
    }
  });

  it('keeps one entry for a flood of unknown parameters', async () => {
    await page('/new-arrivals');
    const before = shop.shop.services.pageCache!.stats();
    for (let i = 0; i < 100; i++) {
      expect((await page(`/new-arrivals?x=${Math.random()}&fbclid=${i}`)).state).toBe('hit');
    }
    expect(shop.shop.services.pageCache!.stats()).toEqual(before);
  });

  it('answers If-None-Match with 304, and tells a CDN what it may keep', async () => {
    const first = await page('/eves-legacy', { 'accept-encoding': 'gzip' });
    expect(first.response.headers.get('content-encoding')).toBe('gzip');
    const etag = first.response.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.response.headers.get('cache-control')).toMatch(/public.*s-maxage=\d+.*stale-while-revalidate=\d+/);
    expect(first.response.headers.get('vary')).toContain('Accept-Encoding');
    const again = await shop.request('/eves-legacy', { headers: { 'if-none-match': etag, 'accept-encoding': 'gzip' } });
    expect(again.status).toBe(304);

    for (const path of ['/cart', '/account', '/admin', '/api/admin/stats']) {
      expect((await shop.request(path)).headers.get('cache-control'), path).toBe('private, no-store');
    }
  });

  it('serves the sitemap from the cache and drops it when a product is added', async () => {
    await page('/sitemap.xml');
    expect((await page('/sitemap.xml')).state).toBe('hit');
    const created = await admin('/api/admin/products', 'POST', {
      name: 'Sitemap Cap',
      priceCents: 1500,
      category: 'accessories',
    });
    expect(created.status).toBe(201);
    const sitemap = await page('/sitemap.xml');
    expect(sitemap.state).toBe('miss');
    expect(sitemap.html).toContain('/products/sitemap-cap');
  });
});

describe('PAGE_CACHE=off', () => {
  it('renders every request', async () => {
    const cold = await createTestShop({ PAGE_CACHE: 'off' });
    try {
      expect(cold.shop.services.pageCache).toBeUndefined();
      await cold.request('/');
      const again = await cold.request('/');
      expect(again.status).toBe(200);
      expect(again.headers.get('x-page-cache')).toBeNull();
      expect(again.headers.get('content-security-policy')).toMatch(/'nonce-/);
    } finally {
      await cold.close();
    }
  });
});
