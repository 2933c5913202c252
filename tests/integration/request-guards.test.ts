/**
 * The HTTP shell's guards (issue 12 items 1, 3, 4, 6 and 11), through HTTP against a real
 * database: body limits while streaming, NUL anywhere, form and JSON content types,
 * cross-origin writes, and quiet refusals.
 */
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Viewer } from '../../server/context';
import { checkoutSessions, orders, products, visitorSessions } from '../../server/db/schema';
import { BODY_LIMIT_BYTES, UPLOAD_BODY_LIMIT_BYTES } from '../../server/http/body-guard';
import { REFUSALS } from '../../server/http/refuse';
import { createTestShop, TEST_ADMIN_PASSCODE, type TestShop } from '../support/test-shop';

const ORIGIN = 'http://shop.test';
let shop: TestShop;
let adminToken: string;
let sessionId: string;
let productId: string;

// Test-only stand-in for the signed-in shopper: the e-mail comes from a test header.
const getViewer = async (request: Request): Promise<Viewer | null> => {
  const email = request.headers.get('x-test-viewer');
  return email ? { userId: `user-${email}`, email, firstName: 'Test', lastName: null } : null;
};

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

async function rowCounts() {
  const db = shop.database.db;
  const [o] = await db.select({ n: count() }).from(orders);
  const [p] = await db.select({ n: count() }).from(products);
  const [v] = await db.select({ n: count() }).from(visitorSessions);
  const [s] = await db.select({ n: count() }).from(checkoutSessions);
  const [u] = await db.execute<{ n: number }>(sql`select count(*)::int as n from "user"`).then((r) => r.rows);
  return { orders: o!.n, products: p!.n, visitors: v!.n, sessions: s!.n, users: u!.n };
}

beforeAll(async () => {
  shop = await createTestShop();
  const login = await shop.request('/api/admin/session', json({ passcode: TEST_ADMIN_PASSCODE }, {}));
  adminToken = ((await login.json()) as { sessionToken: string }).sessionToken;
  const [product] = await shop.database.db.select().from(products).limit(1);
  productId = product!.id;
  const checkout = await shop.request(
    '/api/checkout',
    json({ items: [{ productId, color: product!.colors[0], size: product!.sizes[0], quantity: 1 }], email: 'a@example.com' }),
  );
  sessionId = ((await checkout.json()) as { sessionId: string }).sessionId;
});
afterAll(async () => {
  await shop?.close();
});

describe('body size limits (item 1)', () => {
  const big = 'x'.repeat(BODY_LIMIT_BYTES + 1);

  it('refuses a large form POST to a page action with 413 and a short message, before the route', async () => {
    const response = await shop.request(`/sandbox/checkout/${sessionId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `cardNumber=${big}`,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(REFUSALS.bodyTooLarge.message);
  });

  it('refuses large bodies on auth and on the webhook', async () => {
    const auth = await shop.request('/api/auth/sign-in/email', json({ email: 'a@example.com', password: big }));
    expect(auth.status).toBe(413);
    expect(await auth.json()).toEqual({ error: REFUSALS.bodyTooLarge.message, code: REFUSALS.bodyTooLarge.code });
    const webhook = await shop.request('/api/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(2 * 1024 * 1024) },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(webhook.status).toBe(413);
  });

  it('stops reading a streamed body at the limit: a 64 MB stream is not buffered', async () => {
    let pulled = 0;
    const chunk = new Uint8Array(16 * 1024).fill(0x61);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 64 * 1024 * 1024) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await shop.request(`/sandbox/checkout/${sessionId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    // The shell read at most the limit plus the chunks already in flight.
    expect(pulled).toBeLessThan(BODY_LIMIT_BYTES + 4 * chunk.length);
  });

  it('keeps 5 MB per image for admin uploads', async () => {
    const response = await shop.request('/api/admin/uploads', {
      method: 'POST',
      headers: { 'X-Admin-Session': adminToken, 'Content-Type': 'multipart/form-data; boundary=b', 'Content-Length': String(UPLOAD_BODY_LIMIT_BYTES + 1) },
      body: 'x'.repeat(UPLOAD_BODY_LIMIT_BYTES + 1),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'Image size must be less than 5MB' });
  });
});

describe('NUL characters are refused with 400, never 500 (item 3)', () => {
  const cases: [string, string, RequestInit?][] = [
    ['visitor page URL', '/api/visitors', json({ sessionId: 'visitorvisitor000001', pageUrl: 'http://shop.test/a\u0000b', isActive: true })],
    ['visitor user agent', '/api/visitors', json({ sessionId: 'visitorvisitor000001', pageUrl: '/', userAgent: 'UA\u0000', isActive: true })],
    ['a product slug', '/api/products/a%00b'],
    ['a payment session id', '/payment-success?session_id=a%00b'],
    ['a sandbox session id', '/sandbox/checkout/a%00b'],
    ['a sandbox form field', '', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'cardNumber=4242%004242' }],
    ['a sign-up e-mail', '/api/auth/sign-up/email', json({ email: 'a\u0000b@example.com', password: 'long enough password', name: 'A' })],
    ['a JSON key', '/api/checkout', json({ 'items\u0000': [] })],
    ['a nested JSON string', '/api/checkout', json({ items: [{ productId: 'x', color: 'Black\u0000', size: 'M', quantity: 1 }] })],
  ];

  it.each(cases)('%s', async (_name, pathname, init) => {
    const before = await rowCounts();
    const target = pathname || `/sandbox/checkout/${sessionId}`;
    const response = await shop.request(target, init);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/NUL/);
    expect(await rowCounts()).toEqual(before);
  });

  it('in the admin searches, the CSV export and product names', async () => {
    const admin = { 'X-Admin-Session': adminToken };
    for (const pathname of ['/api/admin/orders?q=%00', '/api/admin/customers?q=%00', '/api/admin/orders/export?q=a%00']) {
      const response = await shop.request(pathname, { headers: admin });
      expect(response.status, pathname).toBe(400);
      expect(await response.json()).toEqual({ error: REFUSALS.nulInAddress.message, code: REFUSALS.nulInAddress.code });
    }
    const before = await rowCounts();
    const created = await shop.request(
      '/api/admin/products',
      json({ name: 'Tee\u0000', priceCents: 2500, category: 't-shirts' }, admin),
    );
    expect(created.status).toBe(400);
    expect(await created.json()).toEqual({ error: REFUSALS.nulInText.message, code: REFUSALS.nulInText.code });
    expect(await rowCounts()).toEqual(before);
  });

  it('a session token in the query that no header could carry is a 401, not a 500', async () => {
    for (const token of ['%E2%82%AC', '%E0%A4%A']) {
      const response = await shop.request(`/api/admin/session?leave=1&token=${token}`, { method: 'POST' });
      expect(response.status).toBe(401);
    }
  });

  it('a path segment that cannot be decoded is 400 too', async () => {
    for (const pathname of ['/products/%C0%80', '/api/products/%E0%A4%A', '/sandbox/checkout/%zz%C0']) {
      const response = await shop.request(pathname);
      expect(response.status, pathname).toBe(400);
    }
  });
});

describe('content types (items 4 and 6)', () => {
  it('JSON endpoints take application/json only (415), so text/plain cannot smuggle JSON', async () => {
    const before = await rowCounts();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await shop.request('/api/checkout', {
        method: 'POST',
        headers: { 'Content-Type': type },
        body: JSON.stringify({ items: [{ productId, color: 'Black', size: 'M', quantity: 1 }] }),
      });
      expect(response.status, type).toBe(415);
      expect(await response.json()).toEqual({ error: REFUSALS.jsonRequired.message, code: REFUSALS.jsonRequired.code });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('a page action takes a form: JSON, text and a broken multipart get 415 or 400, not 500', async () => {
    const pay = (type: string, body: string) =>
      shop.request(`/sandbox/checkout/${sessionId}`, { method: 'POST', headers: { 'Content-Type': type }, body });
    expect((await pay('application/json', '{"cardNumber":"4242424242424242"}')).status).toBe(415);
    expect((await pay('text/plain', 'cardNumber=4242424242424242')).status).toBe(415);
    const broken = await pay('multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="cardNumber"\r\n\r\n4242');
    expect(broken.status).toBe(400);
    expect(await broken.text()).toBe(REFUSALS.formUnreadable.message);
  });
});

describe('cross-origin writes (item 6)', () => {
  let guarded: TestShop;
  beforeAll(async () => {
    guarded = await createTestShop({ PUBLIC_URL: 'https://shop.example' }, {
      services: { auth: { getViewer, handler: async () => new Response('Not found', { status: 404 }) } },
    });
  });
  afterAll(async () => {
    await guarded?.close();
  });

  const checkout = async (headers: Record<string, string>) => {
    const [product] = await guarded.database.db.select().from(products).limit(1);
    return guarded.request(
      '/api/checkout',
      json(
        { items: [{ productId: product!.id, color: product!.colors[0], size: product!.sizes[0], quantity: 1 }] },
        { 'x-test-viewer': 'member@example.com', ...headers },
      ),
    );
  };
  const orderCount = async () => (await guarded.database.db.select({ n: count() }).from(orders))[0]!.n;

  it("refuses a signed-in shopper's checkout sent from another origin, and creates nothing", async () => {
    const before = await orderCount();
    const refused: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ];
    for (const headers of refused) {
      const response = await checkout(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual({ error: REFUSALS.crossOrigin.message, code: REFUSALS.crossOrigin.code });
    }
    expect(await orderCount()).toBe(before);
  });

  it("takes PUBLIC_URL's origin, the request's own origin, and requests that are not from a browser", async () => {
    expect((await checkout({ Origin: 'https://shop.example' })).status).toBe(200);
    expect((await checkout({ Origin: ORIGIN })).status).toBe(200); // the Host the request came to
    expect((await checkout({ 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect((await checkout({})).status).toBe(200);
  });

  it('guards page actions too, and leaves the signed Stripe webhook alone', async () => {
    const page = await guarded.request('/sandbox/checkout/anything', {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'cardNumber=4242424242424242',
    });
    expect(page.status).toBe(403);
    expect(await page.text()).toBe(REFUSALS.crossOrigin.message);
    const webhook = await guarded.request('/api/stripe/webhook', json({}, { Origin: 'https://stripe.example' }));
    expect(webhook.status).not.toBe(403);
  });
});

describe('quiet refusals (item 11)', () => {
  it('answers a POST to a page without an action with 405 and logs nothing', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const loggerError = vi.spyOn(shop.shop.services.logger, 'error');
    try {
      for (const init of [
        { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1' },
        { method: 'POST' },
        { method: 'DELETE' },
      ] as RequestInit[]) {
        const response = await shop.request('/cart', init);
        expect(response.status).toBe(405);
        await response.text();
      }
      const api = await shop.request('/api/admin/orders/export', { method: 'POST' });
      expect(api.status).toBe(405);
      expect(consoleError).not.toHaveBeenCalled();
      expect(loggerError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
      loggerError.mockRestore();
    }
  });

  it('gives every refusal a message, even where a route answers with an empty body', async () => {
    const response = await shop.request('/api/visitors', { method: 'PUT' });
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ error: 'Method not allowed' });
    // Better Auth answers an endpoint it does not have with an empty 404.
    const unknown = await shop.request('/api/auth/no-such-endpoint');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Not found', code: 'not-found' });
  });

  it("answers a write to a read-only resource route with 405, Allow and words of its own, not React Router's crash text", async () => {
    for (const [path, method] of [
      ['/api/admin/stats', 'PUT'],
      ['/api/admin/orders/export', 'POST'],
      ['/robots.txt', 'POST'],
      ['/sitemap.xml', 'DELETE'],
    ] as const) {
      const response = await shop.request(path, { method });
      expect(response.status, path).toBe(405);
      expect(response.headers.get('allow'), path).toBe('GET, HEAD');
      const body = await response.text();
      expect(body, path).not.toContain('Unexpected Server Error');
      if (path.startsWith('/api/')) expect(JSON.parse(body), path).toEqual({ error: 'Method not allowed', code: 'method-not-allowed' });
      else expect(body, path).toBe('Method not allowed');
    }
  });

  it("logs the auth library's invalid callback URLs as warnings, not errors", async () => {
    const loggerError = vi.spyOn(shop.shop.services.logger, 'error');
    const loggerWarn = vi.spyOn(shop.shop.services.logger, 'warn');
    try {
      const response = await shop.request(
        '/api/auth/sign-up/email',
        json({ email: 'callback@example.com', password: 'long enough password', name: 'C', callbackURL: 'https://evil.example/x' }),
      );
      expect(response.status).toBe(403);
      expect(loggerError).not.toHaveBeenCalled();
      expect(loggerWarn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('Invalid callbackURL'));
    } finally {
      loggerError.mockRestore();
      loggerWarn.mockRestore();
    }
  });
});
