/**
 * /loyalty, /api/loyalty and /account for signed-in customers: each sees only their own
 * points and orders (the ledger rows and paid orders are inserted directly; earning them
 * is the checkout's completion path).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loyaltyLedger, orderLines, orders } from '../../server/db/schema';
import { createConfirmedCustomer } from '../support/accounts';
import { createTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let alice: string;
let bob: string;

async function paidOrder(email: string, totalCents: number, lineName: string) {
  const [order] = await shop.database.db
    .insert(orders)
    .values({ email, subtotalCents: totalCents, totalCents, paymentProvider: 'sandbox', status: 'processing', paidAt: new Date() })
    .returning();
  await shop.database.db.insert(orderLines).values({
    orderId: order!.id,
    name: lineName,
    unitPriceCents: totalCents,
    color: 'Black',
    size: 'M',
    quantity: 1,
    lineTotalCents: totalCents,
  });
  return order!;
}

beforeAll(async () => {
  shop = await createTestShop();
  alice = await createConfirmedCustomer(shop, { email: 'alice@example.com', firstName: 'Alice', clientIp: '198.51.100.31' });
  bob = await createConfirmedCustomer(shop, { email: 'bob@example.com', firstName: 'Bob', clientIp: '198.51.100.32' });
  const aliceOrder = await paidOrder('alice@example.com', 4250, 'Faith Over Fear Tee');
  const bobOrder = await paidOrder('bob@example.com', 9999, 'Armor of God Hoodie');
  // An abandoned checkout is not history.
  await shop.database.db.insert(orders).values({ email: 'alice@example.com', subtotalCents: 100, totalCents: 100, paymentProvider: 'sandbox' });
  await shop.database.db.insert(loyaltyLedger).values([
    { customerEmail: 'alice@example.com', type: 'earned', points: 4250, description: `Order ${aliceOrder.orderNumber}`, orderId: aliceOrder.id, createdAt: new Date('2026-03-01T10:00:00Z') },
    { customerEmail: 'alice@example.com', type: 'redeemed', points: -1000, description: 'Redeemed for $10.00 off', createdAt: new Date('2026-03-05T10:00:00Z') },
    { customerEmail: 'alice@example.com', type: 'adjusted', points: 50, description: 'Welcome bonus', createdAt: new Date('2026-03-06T10:00:00Z') },
    { customerEmail: 'bob@example.com', type: 'earned', points: 9999, description: `Order ${bobOrder.orderNumber}`, orderId: bobOrder.id },
  ]);
});
afterAll(async () => {
  await shop?.close();
});

describe('loyalty', () => {
  it('answers /api/loyalty with the signed-in account only, whatever e-mail the browser sends', async () => {
    const mine = await shop.request('/api/loyalty?email=bob@example.com&customer_email=bob@example.com', { headers: { Cookie: alice } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toContain('no-store');
    const info = (await mine.json()) as { available: number; lifetime: number; recent: { type: string; points: number; description: string }[] };
    expect(info.available).toBe(4250 - 1000 + 50);
    expect(info.lifetime).toBe(4250);
    expect(info.recent.map((r) => r.type)).toEqual(['adjusted', 'redeemed', 'earned']);
    expect(info.recent.some((r) => r.description.includes('Order') && r.points === 9999)).toBe(false);

    const his = await shop.request('/api/loyalty', { headers: { Cookie: bob } });
    expect(await his.json()).toMatchObject({ available: 9999, lifetime: 9999 });
  });

  it('refuses /api/loyalty without a session', async () => {
    const response = await shop.request('/api/loyalty?email=alice@example.com');
    expect(response.status).toBe(401);
    expect(JSON.stringify(await response.json())).not.toContain('4250');
  });

  it('renders /loyalty on the server with the balance, lifetime points and recent activity', async () => {
    const html = await (await shop.request('/loyalty', { headers: { Cookie: alice } })).text();
    expect(html).toContain('Loyalty Rewards');
    expect(html).toContain('Available Points');
    expect(html).toContain('Ready to use');
    expect(html).toContain('Lifetime Points');
    expect(html).toContain('Total earned');
    expect(html).toContain('Earn 100 Points per $1 Spent');
    expect(html).toMatch(/data-testid="available-points"[^>]*>3,300</);
    expect(html).toMatch(/data-testid="lifetime-points"[^>]*>4,250</);
    expect(html).toContain('+4,250');
    expect(html).toContain('-1,000');
    expect(html).toContain('Mar 5, 2026');
    expect(html).toContain('Welcome bonus');
    expect(html).not.toContain('9,999');
  });

  it('counts points an unpaid checkout holds as not ready to use, on /api/loyalty and /loyalty alike', async () => {
    const [pending] = await shop.database.db
      .insert(orders)
      .values({ email: 'bob@example.com', subtotalCents: 2000, totalCents: 1000, pointsRedeemed: 2000, paymentProvider: 'sandbox' })
      .returning();
    try {
      const info = (await (await shop.request('/api/loyalty', { headers: { Cookie: bob } })).json()) as { available: number; held: number; lifetime: number };
      expect(info).toMatchObject({ available: 9999 - 2000, held: 2000, lifetime: 9999 });
      const html = await (await shop.request('/loyalty', { headers: { Cookie: bob } })).text();
      expect(html).toMatch(/data-testid="available-points"[^>]*>7,999</);
      expect(html).toContain('2,000 more held by a checkout in progress');
    } finally {
      await shop.database.db.delete(orders).where(sql`${orders.id} = ${pending!.id}`);
    }
    const after = (await (await shop.request('/api/loyalty', { headers: { Cookie: bob } })).json()) as { available: number; held: number };
    expect(after).toMatchObject({ available: 9999, held: 0 });
  });

  it('asks a signed-out visitor to sign in, with a link to /auth', async () => {
    const html = await (await shop.request('/loyalty')).text();
    expect(html).toContain('Sign in to view your loyalty points and rewards!');
    expect(html).toContain('href="/auth"');
    expect(html).not.toContain('Available Points');
  });
});

describe('loyalty failures', () => {
  it("shows 'Failed to load loyalty information' when the ledger cannot be read", async () => {
    await shop.database.db.execute(sql`alter table loyalty_ledger rename to loyalty_ledger_away`);
    try {
      const html = await (await shop.request('/loyalty', { headers: { Cookie: alice } })).text();
      expect(html).toContain('Failed to load loyalty information');
      expect(html).not.toContain('Available Points');
      const api = await shop.request('/api/loyalty', { headers: { Cookie: alice } });
      expect(api.status).toBe(500);
      expect(await api.json()).toEqual({ error: 'Failed to load loyalty information', code: 'internal' });
    } finally {
      await shop.database.db.execute(sql`alter table loyalty_ledger_away rename to loyalty_ledger`);
    }
  });
});

describe('order history', () => {
  it('lists only the customer’s own placed orders with their lines', async () => {
    const html = await (await shop.request('/account', { headers: { Cookie: alice } })).text();
    expect(html).toContain('Faith Over Fear Tee');
    expect(html).toContain('$42.50');
    expect(html).toMatch(/Alice(<!-- -->)? · (<!-- -->)?alice@example.com/);
    expect(html).not.toContain('Armor of God Hoodie');
    expect(html).not.toContain('$1.00');
    const bobs = await (await shop.request('/account', { headers: { Cookie: bob } })).text();
    expect(bobs).toContain('Armor of God Hoodie');
    expect(bobs).not.toContain('Faith Over Fear Tee');
  });

  it('sends a signed-out visitor to /auth', async () => {
    const response = await shop.request('/account', { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/auth');
  });
});
