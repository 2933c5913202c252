/**
 * The cart's quote (issue 13 item 2) and the redemption rate at its default (item 6), on the
 * embedded database and, with DATABASE_URL, on PostgreSQL: after an admin price change the
 * quote shows the new price and checkout charges exactly the quoted total; unknown products,
 * colours and sizes are flagged while the rest is priced; bad bodies are 4xx.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartQuote } from '../../domain/cart-quote';
import type { Viewer } from '../../server/context';
import { loyaltyLedger, orders, products } from '../../server/db/schema';
import { createTestShop, type TestShop } from '../support/test-shop';
import { passcodeSession } from '../support/staff';
import { payOnSandbox } from '../support/sandbox';

let shop: TestShop;
let adminToken: string;
type ProductRow = typeof products.$inferSelect;

// Test-only stand-in for the accounts service: the signed-in e-mail comes from a test header.
const getViewer = async (request: Request): Promise<Viewer | null> => {
  const email = request.headers.get('x-test-viewer');
  return email ? { userId: `user-${email}`, email, firstName: 'Test', lastName: null } : null;
};

beforeAll(async () => {
  shop = await createTestShop({}, {
    services: { auth: { getViewer, handler: async () => new Response('Not found', { status: 404 }) } },
  });
  adminToken = await passcodeSession(shop, '203.0.113.50');
});
afterAll(async () => {
  await shop?.close();
});

function post(pathname: string, body: unknown, viewer?: string) {
  return shop.request(pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(viewer ? { 'x-test-viewer': viewer } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function productBySlug(slug: string): Promise<ProductRow> {
  const [row] = await shop.database.db.select().from(products).where(eq(products.slug, slug));
  if (!row) throw new Error(`no demo product ${slug}`);
  return row;
}

/** Changes a product's price the way the owner does: the admin Edit dialog's PUT. */
async function adminSetPrice(row: ProductRow, priceCents: number) {
  const response = await shop.request(`/api/admin/products/${row.id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-Admin-Session': adminToken },
    body: JSON.stringify({
      name: row.name,
      slug: row.slug,
      description: row.description,
      priceCents,
      originalPriceCents: row.originalPriceCents,
      costCents: row.costCents,
      category: row.category,
      imageUrl: row.imageUrl,
      imageUrls: row.imageUrls,
      colors: row.colors,
      sizes: row.sizes,
      placement: row.placement,
      tags: row.tags,
      isNewArrival: row.isNewArrival,
      isFeatured: row.isFeatured,
      isActive: row.isActive,
    }),
  });
  expect(response.status).toBe(200);
}

async function quote(body: unknown, viewer?: string): Promise<CartQuote> {
  const response = await post('/api/cart/quote', body, viewer);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as CartQuote;
}

describe('POST /api/cart/quote', () => {
  it('shows the new price after an admin price change, and checkout charges the quoted total', async () => {
    const tee = await productBySlug('simple-cross-tee');
    const hoodie = await productBySlug('faith-over-fear-hoodie');
    const cart = {
      items: [
        { productId: tee.id, color: tee.colors[0], size: tee.sizes[0], quantity: 2 },
        { productId: hoodie.id, color: hoodie.colors[0], size: hoodie.sizes[0], quantity: 1 },
      ],
      couponCode: 'jesus',
    };
    const before = await quote(cart);
    expect(before.lines[0]).toMatchObject({ status: 'ok', name: tee.name, unitPriceCents: tee.priceCents });

    const newPrice = tee.priceCents + 137;
    await adminSetPrice(tee, newPrice);
    const after = await quote(cart);
    expect(after.lines[0]).toMatchObject({ status: 'ok', unitPriceCents: newPrice, lineTotalCents: newPrice * 2 });
    expect(after.price.subtotalCents).toBe(before.price.subtotalCents + 2 * 137);

    const checkout = await post('/api/checkout', cart);
    expect(checkout.status).toBe(200);
    const { sessionId } = (await checkout.json()) as { sessionId: string };
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(order).toMatchObject({
      subtotalCents: after.price.subtotalCents,
      discountCents: after.price.discountCents,
      shippingCents: after.price.shippingCents,
      totalCents: after.price.totalCents,
      pointsEarned: after.price.pointsEarned,
    });
    await adminSetPrice(tee, tee.priceCents);
  });

  it('flags unknown products, colours, sizes, inactive products and malformed lines; prices the rest', async () => {
    const tee = await productBySlug('simple-cross-tee');
    const [retired] = await shop.database.db
      .insert(products)
      .values({ ...withoutId(tee), slug: 'retired-quote-tee', name: 'Retired Tee', isActive: false })
      .returning();
    const result = await quote({
      items: [
        { productId: tee.id, color: tee.colors[0], size: tee.sizes[0], quantity: 1 },
        { productId: '00000000-0000-4000-8000-000000000000', color: 'Blue', size: 'M', quantity: 1 },
        { productId: tee.id, color: 'Chartreuse', size: tee.sizes[0], quantity: 1 },
        { productId: tee.id, color: tee.colors[0], size: 'XXXXL', quantity: 1 },
        { productId: retired!.id, color: tee.colors[0], size: tee.sizes[0], quantity: 1 },
        { productId: 'not-a-uuid', color: 'Blue', size: 'M', quantity: 1 },
        { productId: tee.id, color: tee.colors[0], size: tee.sizes[0], quantity: 0 },
        'garbage',
      ],
    });
    expect(result.lines.map((line) => line.status)).toEqual([
      'ok',
      'unavailable',
      'unavailable',
      'unavailable',
      'unavailable',
      'unavailable',
      'unavailable',
      'unavailable',
    ]);
    const messages = result.lines.flatMap((line) => (line.status === 'unavailable' ? [line.message] : []));
    expect(messages).toEqual([
      'Line 2: this product is not available',
      `Line 3: ${tee.name} has no color Chartreuse`,
      `Line 4: ${tee.name} has no size XXXXL`,
      'Line 5: Retired Tee is no longer available',
      'Line 6: this product is not available',
      'Line 7: quantity must be a whole number from 1 to 99',
      'Line 8: this product is not available',
    ]);
    expect(result.price).toMatchObject({ itemCount: 1, subtotalCents: tee.priceCents });
  });

  it('answers only public fields: no cost, no margin', async () => {
    const tee = await productBySlug('simple-cross-tee');
    await shop.database.db.update(products).set({ costCents: 777 }).where(eq(products.id, tee.id));
    const response = await post('/api/cart/quote', {
      items: [{ productId: tee.id, color: tee.colors[0], size: tee.sizes[0], quantity: 1 }],
    });
    const text = await response.text();
    // Keys and numbers only: a random product id may well contain "777".
    expect(text).not.toMatch(/cost|margin|[:,[]777[,}\]]/i);
  });

  it('refuses bad bodies with a 4xx and the message, never a 5xx', async () => {
    const cases: Array<[unknown, number]> = [
      ['{not json', 400],
      ['null', 400],
      [[], 400],
      [{}, 400],
      [{ items: 'all of them' }, 400],
      [{ items: Array.from({ length: 51 }, () => ({})) }, 400],
      [{ items: [], couponCode: 42 }, 400],
    ];
    for (const [body, status] of cases) {
      const response = await post('/api/cart/quote', body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      const json = (await response.json()) as { error: string; code: string };
      expect(json.error.length).toBeGreaterThan(0);
    }
    expect((await shop.request('/api/cart/quote')).status).toBe(405);
    const empty = await quote({ items: [] });
    expect(empty).toEqual({
      lines: [],
      price: { itemCount: 0, subtotalCents: 0, couponCode: null, discountCents: 0, shippingDiscountCents: 0, shippingCents: 0, totalCents: 0, pointsEarned: 0 },
    });
  });
});

function withoutId(row: ProductRow) {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...rest } = row as ProductRow & {
    createdAt?: unknown;
    updatedAt?: unknown;
  };
  return rest;
}

describe('redeeming points at the default rate (2,000 points per $1.00 off)', () => {
  const member = 'default-rate@example.com';

  it('takes $1.00 off per whole 2,000 points at checkout and records them when paid', async () => {
    await shop.database.db
      .insert(loyaltyLedger)
      .values({ customerEmail: member, type: 'adjusted', points: 9000, description: 'Welcome bonus' });
    const tee = await productBySlug('simple-cross-tee');
    const line = { productId: tee.id, color: tee.colors[0], size: tee.sizes[0], quantity: 1 };
    const response = await post('/api/checkout', { items: [line], pointsToRedeem: 5000 }, member);
    expect(response.status).toBe(200);
    const { sessionId } = (await response.json()) as { sessionId: string };
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    const quoted = await quote({ items: [line] });
    expect(order).toMatchObject({
      pointsRedeemed: 4000,
      pointsDiscountCents: 200,
      totalCents: quoted.price.totalCents - 200,
    });
    const paid = await payOnSandbox(shop, sessionId);
    expect(paid.status).toBe(302);
    const ledger = await shop.database.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, order!.id));
    expect(ledger.find((row) => row.type === 'redeemed')?.points).toBe(-4000);
  });

  it('states the rate on /loyalty, the auth panel and the cart', async () => {
    const loyalty = await (await shop.request('/loyalty', { headers: { 'x-test-viewer': member } })).text();
    expect(loyalty).toContain('Redeem 2,000 points = $1.00 off at checkout (5% back)');
    const signedOut = await (await shop.request('/loyalty')).text();
    expect(signedOut).toContain('Redeem 2,000 points = $1.00 off at checkout (5% back)');
    const auth = await (await shop.request('/auth')).text();
    expect(auth).toContain('Use 2,000 points for $1.00 off your next order (5% back).');
    const cart = await (await shop.request('/cart', { headers: { 'x-test-viewer': member } })).text();
    // Loader data travels as a turbo-stream: the rate's fields follow their keys.
    expect(cart).toMatch(/\\"redemptionRate\\",\{[^}]*\}/);
    expect(cart).toContain('\\"points\\",2000');
  });
});
