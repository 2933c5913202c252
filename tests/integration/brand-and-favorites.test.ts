/**
 * Issue 13 through HTTP on a real database: the brand names (no '{product}' in any page, data
 * response or e-mail) and favorites on the account (save, remove, merge at sign-in, limits,
 * concurrency).
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAVORITES_LIMIT } from '../../domain/favorites';
import { favorites, products, user } from '../../server/db/schema';
import { setFavorite } from '../../server/favorites/favorites';
import { createConfirmedCustomer, ORIGIN, postJson, readOutbox } from '../support/accounts';
import { createTestShop, TEST_ADMIN_PASSCODE, type TestShop } from '../support/test-shop';
import { payOnSandbox } from '../support/sandbox';

let shop: TestShop;
let cookie: string;
let catalogue: Map<string, string>; // slug -> id

beforeAll(async () => {
  shop = await createTestShop();
  cookie = await createConfirmedCustomer(shop, { email: 'ruth@example.com', firstName: 'Ruth' });
  const rows = await shop.database.db.select({ id: products.id, slug: products.slug }).from(products);
  catalogue = new Map(rows.map((row) => [row.slug, row.id]));
});
afterAll(async () => {
  await shop?.close();
});

const id = (slug: string) => {
  const found = catalogue.get(slug);
  if (!found) throw new Error(`no product ${slug}`);
  return found;
};

const getJson = async (path: string, init: RequestInit = {}) => {
  const response = await shop.request(path, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const saveFavorite = (productId: string, saved: boolean, withCookie = cookie) =>
  postJson(shop, '/api/favorites', { productId, saved }, { cookie: withCookie });

describe('favorites on the account', () => {
  it('refuses a visitor who is not signed in, and bad requests, changing nothing', async () => {
    expect((await shop.request('/api/favorites')).status).toBe(401);
    const anonymous = await postJson(shop, '/api/favorites', { productId: id('prayer-journal'), saved: true });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'Sign in to keep favorites on your account.', code: 'sign-in-required' });
    for (const body of [{}, { productId: 'nope', saved: true }, { productId: id('prayer-journal') }, { merge: 'x' }, { merge: ['nope'] }, { productId: id('prayer-journal'), saved: true, extra: 1 }]) {
      const response = await postJson(shop, '/api/favorites', body, { cookie });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ error: 'Invalid request', code: 'invalid-request' });
    }
    const notJson = await shop.request('/api/favorites', { method: 'POST', headers: { Cookie: cookie, Origin: ORIGIN, 'Content-Type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    const noType = await shop.request('/api/favorites', { method: 'POST', headers: { Cookie: cookie, Origin: ORIGIN }, body: '{}' });
    expect(noType.status).toBe(415);
    expect(await shop.database.db.select().from(favorites)).toEqual([]);
  });

  it('saves and removes a product; saving twice keeps one row; an unknown product is refused', async () => {
    const journal = id('prayer-journal');
    expect((await saveFavorite(journal, true)).status).toBe(200);
    const twice = await saveFavorite(journal, true);
    expect(await twice.json()).toEqual({ productIds: [journal] });
    expect(await getJson('/api/favorites', { headers: { Cookie: cookie } })).toEqual({ status: 200, body: { productIds: [journal] } });

    const unknown = await saveFavorite('00000000-0000-4000-8000-000000000000', true);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'This product is no longer available.', code: 'product-unavailable' });

    expect(await (await saveFavorite(journal, false)).json()).toEqual({ productIds: [] });
    expect(await (await saveFavorite(journal, false)).json()).toEqual({ productIds: [] });
  });

  it('shows the saved products on /favorites and their hearts filled, rendered for the signed-in visitor only', async () => {
    await saveFavorite(id('classic-cross-tee'), true);
    const html = await (await shop.request('/favorites', { headers: { Cookie: cookie } })).text();
    expect(html).toContain('1 saved product');
    expect(html).toMatch(/aria-pressed="true"[^>]*aria-label="Save Classic Cross Tee to favorites"/);
    const response = await shop.request('/favorites', { headers: { Cookie: cookie } });
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    // The heart on the collection page and the header count come with the signed-in page.
    const tees = await (await shop.request('/t-shirts', { headers: { Cookie: cookie } })).text();
    expect(tees).toMatch(/aria-pressed="true"[^>]*aria-label="Save Classic Cross Tee to favorites"/);
    expect(tees).toContain('aria-label="Favorites, 1 saved"');
    // An anonymous page says nothing about anybody's favorites.
    const anonymous = await (await shop.request('/t-shirts')).text();
    expect(anonymous).not.toMatch(/aria-pressed="true"[^>]*to favorites"/);
    expect(anonymous).not.toContain('favoriteIds":["');
    await saveFavorite(id('classic-cross-tee'), false);
  });

  it('merges a guest list at sign-in: known active products added once, the rest skipped', async () => {
    await saveFavorite(id('cross-embroidered-cap'), true);
    const guestList = [id('cross-embroidered-cap'), id('faith-canvas-tote-bag'), '00000000-0000-4000-8000-000000000000', id('prayer-journal')];
    const merged = await postJson(shop, '/api/favorites', { merge: guestList }, { cookie });
    expect(merged.status).toBe(200);
    const { productIds } = (await merged.json()) as { productIds: string[] };
    expect([...productIds].sort()).toEqual([id('cross-embroidered-cap'), id('faith-canvas-tote-bag'), id('prayer-journal')].sort());
    // The guest's last saved is the newest.
    expect(productIds[0]).toBe(id('prayer-journal'));
    const again = (await (await postJson(shop, '/api/favorites', { merge: guestList }, { cookie })).json()) as { productIds: string[] };
    expect(again.productIds).toEqual(productIds);
  });

  it('concurrent saves of one product keep one row, and the account limit holds under concurrency', async () => {
    const other = await createConfirmedCustomer(shop, { email: 'naomi@example.com', clientIp: '198.51.100.77' });
    const tote = id('faith-canvas-tote-bag');
    const answers = await Promise.all(Array.from({ length: 20 }, () => saveFavorite(tote, true, other)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);

    const extra = await shop.database.db
      .insert(products)
      .values(
        Array.from({ length: FAVORITES_LIMIT + 20 }, (_, index) => ({
          slug: `limit-tee-${index}`,
          name: `Limit Tee ${index}`,
          priceCents: 1000,
          category: 'accessories',
          isActive: true,
        })),
      )
      .returning({ id: products.id });
    // 190 saved already (with the tote: 191), then 30 saves at once: exactly 9 fit under the limit.
    const [naomi] = await shop.database.db.select({ id: user.id }).from(user).where(eq(user.email, 'naomi@example.com'));
    await shop.database.db.insert(favorites).values(extra.slice(0, 190).map((row) => ({ userId: naomi!.id, productId: row.id })));
    const results = await Promise.all(extra.slice(190).map((row) => saveFavorite(row.id, true, other)));
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(FAVORITES_LIMIT - 191);
    expect(statuses.filter((status) => status === 409)).toHaveLength(30 - (FAVORITES_LIMIT - 191));
    const refused = results.find((result) => result.status === 409)!;
    expect(await refused.json()).toEqual({ error: `You can save up to ${FAVORITES_LIMIT} favorites.`, code: 'favorites-limit' });
    const saved = (await getJson('/api/favorites', { headers: { Cookie: other } })).body.productIds as string[];
    expect(saved).toHaveLength(FAVORITES_LIMIT);
    await shop.database.db.delete(products).where(inArray(products.id, extra.map((row) => row.id)));
    // Deleting a product removes it from every account's favorites.
    const left = await shop.database.db.select().from(favorites).where(eq(favorites.productId, extra[0]!.id));
    expect(left).toEqual([]);
  });

  it('the limit holds when saves race at the boundary (one free place, 30 saves at once)', async () => {
    const userId = 'race-user';
    await shop.database.db.insert(user).values({ id: userId, name: 'Race', email: 'race@example.com' });
    const rows = await shop.database.db
      .insert(products)
      .values(Array.from({ length: FAVORITES_LIMIT + 29 }, (_, index) => ({ slug: `race-${index}`, name: `Race ${index}`, priceCents: 100, category: 'accessories' })))
      .returning({ id: products.id });
    await shop.database.db.insert(favorites).values(rows.slice(0, FAVORITES_LIMIT - 1).map((row) => ({ userId, productId: row.id })));
    // Straight to the service: more truly concurrent transactions than HTTP requests give.
    const results = await Promise.all(
      rows.slice(FAVORITES_LIMIT - 1).map((row) => setFavorite({ db: shop.database.db, userId, productId: row.id, saved: true })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await shop.database.db.select().from(favorites).where(eq(favorites.userId, userId))).toHaveLength(FAVORITES_LIMIT);
    await shop.database.db.delete(products).where(inArray(products.id, rows.map((row) => row.id)));
  });

  it('GET /api/product-cards gives the cards of active products only, in the order asked', async () => {
    const { status, body } = await getJson(
      `/api/product-cards?ids=${[id('prayer-journal'), 'junk', '00000000-0000-4000-8000-000000000000', id('classic-cross-tee')].join(',')}`,
    );
    expect(status).toBe(200);
    const cards = body.cards as { title: string; productId: string }[];
    expect(cards.map((card) => card.title)).toEqual(['Prayer Journal', 'Classic Cross Tee']);
    expect(JSON.stringify(body)).not.toMatch(/cost/i);
    expect((await getJson('/api/product-cards')).body).toEqual({ cards: [] });
  });
});

describe("brand names: 'Chosen.' and 'Gracefully Chosen.', never '{product}'", () => {
  async function payAnOrder() {
    const checkout = await shop.request('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({ items: [{ productId: id('classic-cross-tee'), color: 'Cream', size: 'M', quantity: 1 }], email: 'ruth@example.com' }),
    });
    const { sessionId } = (await checkout.json()) as { sessionId: string };
    const paid = await payOnSandbox(shop, sessionId);
    expect(paid.status).toBe(302);
    return sessionId;
  }

  it('the header, the menu labels and the T-Shirts hero show the brand word', async () => {
    const html = await (await shop.request('/t-shirts')).text();
    expect(html).toContain('>Chosen.</a>');
    expect(html).toContain('>Gracefully Chosen.</a>');
    expect(html).toMatch(/uppercase">Chosen\.<\/p>/);
  });

  it('no page, data response, API answer or e-mail contains {product}', async () => {
    const sessionId = await payAnOrder();
    const admin = await postJson(shop, '/api/admin/session', { passcode: TEST_ADMIN_PASSCODE });
    const { sessionToken } = (await admin.json()) as { sessionToken: string };

    const pages = [
      '/',
      '/new-arrivals',
      '/t-shirts',
      '/hoodies',
      '/strength-in-christ',
      '/accessories',
      '/eves-legacy',
      '/search?q=tee',
      '/search?q=chosen',
      '/cart',
      '/auth',
      '/loyalty',
      '/favorites',
      '/account',
      `/payment-success?session_id=${sessionId}`,
      `/sandbox/checkout/${sessionId}`,
      '/no/such/page',
      '/sitemap.xml',
      '/robots.txt',
      ...[...catalogue.keys()].map((slug) => `/products/${slug}`),
    ];
    const dataResponses = [
      '/_root.data',
      '/t-shirts.data',
      '/eves-legacy.data',
      '/accessories.data?page=2',
      '/search.data?q=tee',
      '/favorites.data',
      '/products/classic-cross-tee.data',
    ];
    const apis = [
      '/api/products/classic-cross-tee',
      `/api/product-cards?ids=${[...catalogue.values()].join(',')}`,
      '/api/favorites',
      '/api/loyalty',
    ];
    const seen: string[] = [];
    for (const path of [...pages, ...dataResponses, ...apis]) {
      for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[]) {
        const response = await shop.request(path, { headers, redirect: 'manual' });
        const body = await response.text();
        expect(response.status, path).toBeLessThan(500);
        expect(body, `${path} ${JSON.stringify(headers)}`).not.toContain('{product}');
        seen.push(path);
      }
    }
    const adminProducts = await shop.request('/api/admin/products', { headers: { 'X-Admin-Session': sessionToken } });
    const adminBody = await adminProducts.text();
    expect(adminBody).toContain('"chosen"');
    expect(adminBody).not.toContain('{product}');

    const mails = await readOutbox(shop.dataDir);
    expect(mails.length).toBeGreaterThanOrEqual(2); // the account confirmation and the order confirmation
    for (const mail of mails) expect(mail.decoded, mail.subject).not.toContain('{product}');
    expect(seen.length).toBeGreaterThan(40);
  });
});
