/**
 * Issue 32 item 11 through HTTP on a real database (PGlite, or PostgreSQL with DATABASE_URL):
 * the privacy policy, terms of sale and returns policy are pages with default texts naming the
 * shop and its contact address, linked from every page's footer and from the checkout; the
 * owner edits them in the admin (PUT, DELETE restores the default); anonymous visitors get them
 * from the page cache, and an edit drops the cached copy at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_CONTACT_EMAIL, SHOP_NAME } from '../../domain/brand';
import { SHOP_PAGE_MAX_LENGTH } from '../../domain/shop-pages';
import { createTestShop, type TestShop } from '../support/test-shop';
import { passcodeSession } from '../support/staff';

const PAGES = [
  { path: '/policies/privacy-policy', title: 'Privacy Policy', slug: 'privacy-policy' },
  { path: '/policies/terms-of-sale', title: 'Terms of Sale', slug: 'terms-of-sale' },
  { path: '/policies/returns-policy', title: 'Returns Policy', slug: 'returns-policy' },
];

let shop: TestShop;
let token: string;

beforeAll(async () => {
  shop = await createTestShop();
  token = await passcodeSession(shop);
});
afterAll(async () => {
  await shop?.close();
});

async function page(pathname: string) {
  const response = await shop.request(pathname);
  return {
    status: response.status,
    state: response.headers.get('x-page-cache'),
    cacheControl: response.headers.get('cache-control'),
    html: await response.text(),
  };
}

function admin(pathname: string, method: string, body?: unknown, session: string | null = token) {
  return shop.request(pathname, {
    method,
    headers: { ...(session ? { 'X-Admin-Session': session } : {}), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The text of the page's body (between its h1 and the footer), tags removed. */
const policyText = (html: string) =>
  (/data-testid="policy-text">([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the policy pages', () => {
  it('show default texts that name the shop and its contact address, linked from every footer', async () => {
    for (const { path, title } of PAGES) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html).toContain(`<h1 class="text-3xl font-semibold tracking-tight sm:text-4xl">${title}</h1>`);
      expect(html).toContain(`<title>${title} | ${SHOP_NAME}</title>`);
      expect(policyText(html)).toContain(SHOP_NAME);
      expect(html).toContain(`href="mailto:${SHOP_CONTACT_EMAIL}"`);
    }
    expect(policyText((await page('/policies/returns-policy')).html)).toContain(
      `with their tags to ${SHOP_NAME} within 30 days of delivery`,
    );
    expect(policyText((await page('/policies/terms-of-sale')).html)).toContain(
      'Shipping is free on orders over $50; otherwise it is a flat $5.99.',
    );
    for (const pathname of ['/', '/t-shirts', '/cart', '/products/simple-cross-tee']) {
      const { html } = await page(pathname);
      for (const { path, title } of PAGES) expect(html, pathname).toContain(`href="${path}">${title}</a>`);
    }
    expect((await page('/policies/shipping')).status).toBe(404);
    expect((await page('/sitemap.xml')).html).toContain('/policies/terms-of-sale</loc>');
  });

  it('are served from the page cache, and an edit in the admin shows on the next request', async () => {
    const path = '/policies/terms-of-sale';
    await page(path);
    const cached = await page(path);
    expect(cached.state).toBe('hit');
    expect(cached.cacheControl).toContain('public');

    const text = `## Our terms\nWe ship with love. <script>alert(1)</script>\n\n- One coupon per order\n- Write to ${SHOP_CONTACT_EMAIL}\n\nSee our Returns Policy.`;
    const saved = await admin(`/api/admin/shop-pages/terms-of-sale`, 'PUT', { body: `  ${text}\r\n\n` });
    expect(saved.status).toBe(200);
    const answer = (await saved.json()) as { page: { body: string; isDefault: boolean; updatedAt: string } };
    expect(answer.page).toMatchObject({ body: text, isDefault: false });

    const after = await page(path);
    expect(after.state).not.toBe('hit');
    expect(after.html).toContain('<h2 class="pt-4 text-xl font-semibold tracking-tight text-ink">Our terms</h2>');
    expect(after.html).toContain('We ship with love. &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(after.html).not.toContain('<script>alert(1)</script>');
    expect(after.html).toContain('<li>One coupon per order</li>');
    expect(after.html).toContain('href="/policies/returns-policy"');
    expect(after.html).toMatch(/Last updated [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(policyText(after.html)).not.toContain('Prices are in US dollars');
    // The other pages kept their cached copies.
    expect((await page('/policies/privacy-policy')).state).toBe('hit');

    const list = await (await admin('/api/admin/shop-pages', 'GET')).json();
    expect(list).toMatchObject({
      pages: [
        { slug: 'privacy-policy', isDefault: true, updatedAt: null },
        { slug: 'terms-of-sale', isDefault: false, body: text },
        { slug: 'returns-policy', isDefault: true },
      ],
    });

    const restored = await admin(`/api/admin/shop-pages/terms-of-sale`, 'DELETE');
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as { page: { isDefault: boolean } }).page.isDefault).toBe(true);
    const back = await page(path);
    expect(back.state).not.toBe('hit');
    expect(policyText(back.html)).toContain('Prices are in US dollars');
  });

  it('refuses what is not a page text, and anyone without the admin session; nothing changes', async () => {
    const refusals: [string, string, unknown, number, string][] = [
      ['/api/admin/shop-pages/terms-of-sale', 'PUT', { body: '   \n  ' }, 400, 'Write the page text before saving.'],
      [
        '/api/admin/shop-pages/terms-of-sale',
        'PUT',
        { body: 'x'.repeat(SHOP_PAGE_MAX_LENGTH + 1) },
        400,
        'The page text is too long (at most 20,000 characters).',
      ],
      ['/api/admin/shop-pages/terms-of-sale', 'PUT', { body: 42 }, 400, 'Write the page text before saving.'],
      ['/api/admin/shop-pages/terms-of-sale', 'PUT', 'not json', 400, 'Write the page text before saving.'],
      ['/api/admin/shop-pages/shipping', 'PUT', { body: 'Text' }, 404, 'Page not found'],
    ];
    for (const [pathname, method, body, status, message] of refusals) {
      const response = await admin(pathname, method, body);
      expect(response.status, message).toBe(status);
      expect(((await response.json()) as { error: string }).error).toBe(message);
    }
    const stranger = await admin('/api/admin/shop-pages/terms-of-sale', 'PUT', { body: 'Mine now' }, null);
    expect(stranger.status).toBe(401);
    expect((await admin('/api/admin/shop-pages', 'GET', undefined, 'not-a-session')).status).toBe(401);
    expect((await admin('/api/admin/shop-pages/terms-of-sale', 'GET')).status).toBe(405);
    const list = (await (await admin('/api/admin/shop-pages', 'GET')).json()) as { pages: { isDefault: boolean }[] };
    expect(list.pages.every((entry) => entry.isDefault)).toBe(true);
  });

  it('the checkout links to the terms', async () => {
    const { id: productId } = (await (await shop.request('/api/products/simple-cross-tee')).json()) as { id: string };
    const checkout = await shop.request('/api/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ items: [{ productId, color: 'Blue', size: 'M', quantity: 1 }] }),
    });
    const { url } = (await checkout.json()) as { url: string };
    const { html } = await page(new URL(url).pathname);
    expect(html).toContain('data-testid="terms-note"');
    expect(html).toContain('href="/policies/terms-of-sale">Terms of Sale</a>');
  });
});
