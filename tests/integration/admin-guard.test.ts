/**
 * Every admin route refuses a request without a valid admin session. The routes are
 * enumerated from app/routes, so a route added later is covered without editing this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminSession, ADMIN_SESSION_TTL_MS } from '../../server/staff/admin-sessions';
import { customers, orders } from '../../server/db/schema';
import { adminRoutes as enumerateAdminRoutes, WRITE_METHODS } from '../support/admin-routes';
import { createTestShop, type TestShop } from '../support/test-shop';

/** Each admin route (tests/support/admin-routes.ts) with the methods it answers. */
function adminRoutes() {
  return enumerateAdminRoutes().map((route) => ({
    ...route,
    methods: [...(route.hasLoader ? ['GET'] : []), ...(route.hasAction ? WRITE_METHODS : [])],
  }));
}

let shop: TestShop;
let expiredToken: string;
beforeAll(async () => {
  shop = await createTestShop();
  const db = shop.database.db;
  const [customer] = await db
    .insert(customers)
    .values({ email: 'secret.customer@example.com', firstName: 'Secretia' })
    .returning();
  await db.insert(orders).values({
    orderNumber: 'WYF-SECRET1',
    customerId: customer!.id,
    email: 'secret.customer@example.com',
    subtotalCents: 1000,
    totalCents: 1599,
    paymentProvider: 'sandbox',
  });
  expiredToken = (await createAdminSession({ db, now: new Date(Date.now() - ADMIN_SESSION_TTL_MS - 1000) })).token;
});
afterAll(async () => {
  await shop?.close();
});

const routes = adminRoutes();
const apiRoutes = routes.filter((route) => !route.isPage);

describe('admin route enumeration', () => {
  it('finds the admin API routes and the /admin page', () => {
    expect(apiRoutes.length).toBeGreaterThanOrEqual(10);
    expect(routes.some((route) => route.url === '/admin')).toBe(true);
    for (const route of apiRoutes) expect(route.methods.length, route.file).toBeGreaterThan(0);
  });
});

// The one request that must work without a session is the sign-in itself (POST with a
// passcode); 'the sign-in request' below covers it.
const isLogin = (url: string, method: string) => url === '/api/admin/session' && method === 'POST';
const guardedRequests = apiRoutes
  .flatMap(({ file, url, methods }) => methods.map((method) => ({ file, url, method })))
  .filter(({ url, method }) => !isLogin(url, method))
  // The session's own commands (Back to Store, pagehide, the open page's heartbeat).
  .concat(
    ['logout', 'leave', 'resume'].map((command) => ({
      file: 'api.admin.session.ts',
      url: `/api/admin/session?${command}=1`,
      method: 'POST',
    })),
  );

describe.each(guardedRequests)('$method $url ($file)', ({ url, method }) => {
  const body =
    method === 'GET'
      ? undefined
      : JSON.stringify({ status: 'shipped', name: 'x', priceCents: 100, category: 'hoodies' });

  it('refuses without a token (401)', async () => {
    const response = await shop.request(url, { method, body, headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain('WYF-SECRET1');
  });

  it('refuses a made-up token and an expired one (401)', async () => {
    for (const token of ['x'.repeat(43), expiredToken]) {
      const response = await shop.request(url, {
        method,
        body,
        headers: { 'Content-Type': 'application/json', 'X-Admin-Session': token },
      });
      expect(response.status).toBe(401);
    }
  });
});

describe('the sign-in request', () => {
  it('issues nothing without the right passcode', async () => {
    const empty = await shop.request('/api/admin/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}', clientIp: '198.51.100.90' });
    expect(empty.status).toBe(400);
    const wrong = await shop.request('/api/admin/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ passcode: 'nope' }),
      clientIp: '198.51.100.90',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      success: false,
      error: 'Invalid passcode. Please try again.',
      code: 'passcode-invalid',
    });
  });
});

describe('/admin page without a session', () => {
  it('shows the Admin Access gate and no admin data', async () => {
    const response = await shop.request('/admin');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Admin Access');
    expect(html).toContain('Enter the admin passcode to access the management panel.');
    expect(html).not.toContain('WYF-SECRET1');
    expect(html).not.toContain('secret.customer@example.com');
    expect(html).not.toContain('Secretia');
  });
});
