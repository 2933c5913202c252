import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as MESSAGES from '../../domain/messages';
import type { Viewer } from '../../server/context';
import { checkoutSessions, customers, donations, loyaltyLedger, orders, products } from '../../server/db/schema';
import { getPointsBalance, getSpendablePoints } from '../../server/loyalty/ledger';
import { createTestShop, type TestShop } from '../support/test-shop';
import { payOnSandbox } from '../support/sandbox';

let shop: TestShop;
// Test-only stand-in for the accounts service: the signed-in e-mail comes from a test header.
const getViewer = async (request: Request): Promise<Viewer | null> => {
  const email = request.headers.get('x-test-viewer');
  return email ? { userId: `user-${email}`, email, firstName: 'Test', lastName: null } : null;
};

beforeAll(async () => {
  // A custom redemption rate (the default is 2,000: tests/integration/cart-quote.test.ts):
  // 100 points take $1.00 off, so every point redeemed here is one cent.
  shop = await createTestShop({ POINTS_PER_DOLLAR_OFF: '100' }, {
    services: { auth: { getViewer, handler: async () => new Response('Not found', { status: 404 }) } },
  });
});
afterAll(async () => {
  await shop?.close();
});

function post(path: string, body: unknown, viewer?: string) {
  return shop.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(viewer ? { 'x-test-viewer': viewer } : {}) },
    body: JSON.stringify(body),
  });
}

/** Pays a donation's or an order's page (a donation ignores the address). */
const pay = (sessionId: string) => payOnSandbox(shop, sessionId);

describe('POST /api/donations', () => {
  it('stores a pending donation, opens a sandbox session and completes it once', async () => {
    const response = await post('/api/donations', { amountCents: 2500 });
    expect(response.status).toBe(200);
    const { url, sessionId } = (await response.json()) as { url: string; sessionId: string };
    expect(url).toBe(`http://shop.test/sandbox/checkout/${sessionId}`);
    const [session] = await shop.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session).toMatchObject({ purpose: 'donation', amountTotalCents: 2500, status: 'open' });
    const page = await (await shop.request(`/sandbox/checkout/${sessionId}`)).text();
    expect(page).toContain('$25.00');
    expect(page).toContain('Donation');
    const [a, b] = await Promise.all([pay(sessionId), pay(sessionId)]);
    expect([a.status, b.status]).toEqual([302, 302]);
    const [donation] = await shop.database.db.select().from(donations).where(eq(donations.paymentSessionId, sessionId));
    expect(donation).toMatchObject({ status: 'paid', amountCents: 2500 });
    const success = await (await shop.request(`/payment-success?session_id=${sessionId}`)).text();
    expect(success).toContain('$25.00');
  });

  it('refuses amounts outside $1..$10,000 or with fractions of a cent, with the message to show', async () => {
    const cases: [unknown, string][] = [
      [{ amountCents: 99 }, MESSAGES.donationInvalidCustom],
      [{ amountCents: 1_000_001 }, MESSAGES.donationTooLarge],
      [{ amountCents: 12.5 }, MESSAGES.donationInvalidCustom],
      [{ amountCents: '2500' }, MESSAGES.donationInvalidCustom],
      [{}, MESSAGES.donationInvalidCustom],
      // A body that is not an object was answered with the checker's own words.
      [[], MESSAGES.donationInvalidCustom],
      [1000, MESSAGES.donationInvalidCustom],
      [null, MESSAGES.donationInvalidCustom],
    ];
    for (const [body, message] of cases) {
      const response = await post('/api/donations', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message, code: 'invalid-amount' });
    }
    expect((await post('/api/donations', { amountCents: 100 })).status).toBe(200);
    expect((await post('/api/donations', { amountCents: 1_000_000 })).status).toBe(200);
    const malformed = await shop.request('/api/donations', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{nope' });
    expect(malformed.status).toBe(400);
  });
});

describe('redeeming points at checkout', () => {
  const member = 'member@example.com';
  let teeId: string;

  beforeAll(async () => {
    const [tee] = await shop.database.db.select().from(products).where(eq(products.slug, 'simple-cross-tee'));
    teeId = tee!.id;
    await shop.database.db
      .insert(loyaltyLedger)
      .values({ customerEmail: member, type: 'adjusted', points: 1000, description: 'Welcome bonus' });
  });

  const cart = (points?: number) => ({
    items: [{ productId: teeId, color: 'Blue', size: 'M', quantity: 4 }],
    couponCode: 'JESUS',
    pointsToRedeem: points,
  });

  it('shows the balance in the cart only to a signed-in customer', async () => {
    const html = await (await shop.request('/cart', { headers: { 'x-test-viewer': member } })).text();
    // Loader data travels as a turbo-stream: the key is followed by its value.
    expect(html).toContain('\\"pointsBalance\\",1000');
    const anonymous = await (await shop.request('/cart')).text();
    expect(anonymous).toContain('\\"pointsBalance\\"');
    expect(anonymous).not.toContain('\\"pointsBalance\\",1000');
  });

  it('states the configured rate on /loyalty and the auth panel', async () => {
    const loyalty = await (await shop.request('/loyalty', { headers: { 'x-test-viewer': member } })).text();
    expect(loyalty).toContain('Redeem 100 points = $1.00 off at checkout (100% back)');
    const auth = await (await shop.request('/auth')).text();
    expect(auth).toContain('Use 100 points for $1.00 off your next order (100% back).');
  });

  it('refuses redemption when signed out or over the balance', async () => {
    expect((await post('/api/checkout', cart(500))).status).toBe(401);
    const over = await post('/api/checkout', cart(1100), member);
    expect(over.status).toBe(400);
    expect(((await over.json()) as { error: string }).error).toMatch(/1,000 points available/);
  });

  it('lets only one of two concurrent checkouts spend the same points, and records the redemption when paid', async () => {
    const [first, second] = await Promise.all([
      post('/api/checkout', cart(700), member),
      post('/api/checkout', cart(700), member),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 400]);
    const winner = (await (first.status === 200 ? first : second).json()) as { sessionId: string };
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, winner.sessionId));
    // $60.00 - 10% = $54.00, minus 700 points ($7.00) = $47.00, shipping free (subtotal over $50).
    expect(order).toMatchObject({ pointsRedeemed: 700, pointsDiscountCents: 700, totalCents: 4700, email: member });
    expect(await getSpendablePoints({ db: shop.database.db, email: member })).toBe(300);
    expect(await getPointsBalance({ db: shop.database.db, email: member })).toBe(1000);

    expect((await pay(winner.sessionId)).status).toBe(302);
    const ledger = await shop.database.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, order!.id));
    expect(ledger.map((row) => [row.type, row.points]).sort()).toEqual([
      ['earned', 4700],
      ['redeemed', -700],
    ]);
    expect(await getPointsBalance({ db: shop.database.db, email: member })).toBe(1000 - 700 + 4700);
  });

  it('releases the hold of a cancelled order and redeems nothing for it', async () => {
    const balance = await getPointsBalance({ db: shop.database.db, email: member });
    const response = await post('/api/checkout', cart(300), member);
    const { sessionId } = (await response.json()) as { sessionId: string };
    expect(await getSpendablePoints({ db: shop.database.db, email: member })).toBe(balance - 300);
    await shop.database.db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, sessionId));
    await shop.shop.services.checkoutSweep.runNow();
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(order!.status).toBe('cancelled');
    expect(await getSpendablePoints({ db: shop.database.db, email: member })).toBe(balance);
    expect(
      await shop.database.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, order!.id)),
    ).toHaveLength(0);
  });

  it("links the customer by e-mail and uses the signed-in viewer's e-mail when none is given", async () => {
    const [customer] = await shop.database.db
      .insert(customers)
      .values({ email: 'linked@example.com', firstName: 'Lin' })
      .returning({ id: customers.id });
    const signedIn = await post(
      '/api/checkout',
      { items: [{ productId: teeId, color: 'Blue', size: 'M', quantity: 1 }] },
      'linked@example.com',
    );
    const typed = await post('/api/checkout', {
      items: [{ productId: teeId, color: 'Blue', size: 'M', quantity: 1 }],
      email: 'LINKED@example.com',
    });
    const guest = await post('/api/checkout', { items: [{ productId: teeId, color: 'Blue', size: 'M', quantity: 1 }] });
    const rows = [];
    for (const response of [signedIn, typed, guest]) {
      const { sessionId } = (await response.json()) as { sessionId: string };
      const [order] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
      rows.push({ email: order!.email, customerId: order!.customerId });
    }
    expect(rows).toEqual([
      { email: 'linked@example.com', customerId: customer!.id },
      { email: 'linked@example.com', customerId: customer!.id },
      { email: null, customerId: null },
    ]);
  });

  it('caps redemption at the subtotal after the coupon', async () => {
    const response = await post(
      '/api/checkout',
      { items: [{ productId: teeId, color: 'Blue', size: 'M', quantity: 1 }], pointsToRedeem: 2000 },
      member,
    );
    expect(response.status).toBe(200);
    const { sessionId } = (await response.json()) as { sessionId: string };
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(order).toMatchObject({
      pointsRedeemed: 1500,
      pointsDiscountCents: 1500,
      shippingCents: 599,
      totalCents: 599,
    });
  });
});
