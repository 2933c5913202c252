/**
 * Stripe gets the server's numbers for every kind of code (issue 26 item 4), against the fake
 * (tests/fakes/stripe-server.ts), which refuses coupons, discounts and shipping rates Stripe
 * would refuse: a percentage and a fixed amount go as one one-off `amount_off` coupon of the
 * server's discount, named with the code; free shipping as a $0 shipping rate; Stripe's own
 * promotion-code field stays off; the session's total is the order's.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, productStock } from '../../server/db/schema';
import { startFakeStripeServer, type FakeStripeServer } from '../../tools/fakes/stripe-server';
import { createTestShop, type TestShop } from '../support/test-shop';
import { passcodeSession } from '../support/staff';

let fake: FakeStripeServer;
let shop: TestShop;
let tee: typeof products.$inferSelect;

beforeAll(async () => {
  fake = await startFakeStripeServer();
  shop = await createTestShop({
    STRIPE_SECRET_KEY: 'sk_test_fake_key',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    STRIPE_API_BASE: fake.url,
  });
  tee = (await shop.database.db.select().from(products).where(eq(products.slug, 'simple-cross-tee')))[0]!;
  await shop.database.db.delete(productStock).where(inArray(productStock.productId, [tee.id]));
  const token = await passcodeSession(shop);
  for (const body of [
    { code: 'FAIR5', kind: 'fixed', value: 500, minSubtotalCents: 3000 },
    { code: 'FREESHIP', kind: 'free-shipping' },
  ]) {
    const created = await shop.request('/api/admin/discounts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Admin-Session': token },
      body: JSON.stringify(body),
    });
    expect(created.status).toBe(201);
  }
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

async function checkout(couponCode: string, quantity: number) {
  const response = await shop.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [{ productId: tee.id, color: tee.colors[0], size: tee.sizes[0], quantity }],
      couponCode,
    }),
  });
  const json = (await response.json()) as { sessionId: string; error?: string };
  expect(response.status, json.error).toBe(200);
  const [order] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, json.sessionId));
  const request = fake.requests.findLast((entry) => entry.path === '/v1/checkout/sessions')!;
  return { order: order!, session: fake.sessions.get(json.sessionId)!, params: request.body };
}

describe('Stripe Checkout with each kind of code', () => {
  it.each([
    ['JESUS', 2],
    ['FAIR5', 2],
  ])(
    '%s: one amount_off coupon of the server discount, named with the code; the total is the order total',
    async (code, quantity) => {
      const { order, session, params } = await checkout(code, quantity);
      expect(order.discountCents).toBeGreaterThan(0);
      const discounts = params.discounts as Array<{ coupon: string }>;
      expect(discounts).toHaveLength(1);
      const coupon = fake.coupons.get(discounts[0]!.coupon)!;
      expect(coupon).toMatchObject({
        amount_off: order.discountCents,
        currency: 'usd',
        duration: 'once',
        max_redemptions: '1',
      });
      expect(String(coupon.name)).toBe(`${code} ${order.orderNumber}`);
      expect(params.allow_promotion_codes).toBeUndefined();
      expect(session.amount_total).toBe(order.totalCents);
    },
  );

  it('FREESHIP: no coupon, a $0 "Free shipping" rate; Stripe charges the merchandise only', async () => {
    const { order, session, params } = await checkout('FREESHIP', 1);
    expect(order).toMatchObject({
      couponCode: 'FREESHIP',
      shippingCents: 0,
      shippingDiscountCents: 599,
      discountCents: 0,
    });
    expect(params.discounts).toBeUndefined();
    const options = params.shipping_options as Array<{
      shipping_rate_data: { type: string; display_name: string; fixed_amount: { amount: string; currency: string } };
    }>;
    expect(options).toHaveLength(1);
    expect(options[0]!.shipping_rate_data).toEqual({
      type: 'fixed_amount',
      display_name: 'Free shipping',
      fixed_amount: { amount: '0', currency: 'usd' },
    });
    expect(session.amount_total).toBe(tee.priceCents);
    expect(session.amount_total).toBe(order.totalCents);
  });

  it('the fake refuses what Stripe refuses: two discounts, discounts with promotion codes, a coupon without currency, a rate without a name', async () => {
    const stripe = shop.shop.services.paymentProvider;
    if (stripe.name !== 'stripe') throw new Error('expected the Stripe provider');
    const coupon = await stripe.client.coupons.create({ amount_off: 100, currency: 'usd', duration: 'once' });
    const base = {
      mode: 'payment' as const,
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 1000, product_data: { name: 'Tee' } } }],
      success_url: 'http://shop.test/ok',
    };
    await expect(
      stripe.client.checkout.sessions.create({ ...base, discounts: [{ coupon: coupon.id }, { coupon: coupon.id }] }),
    ).rejects.toThrow(/at most one discount/);
    await expect(
      stripe.client.checkout.sessions.create({
        ...base,
        discounts: [{ coupon: coupon.id }],
        allow_promotion_codes: true,
      }),
    ).rejects.toThrow(/only specify one of these parameters: allow_promotion_codes, discounts/);
    await expect(stripe.client.coupons.create({ amount_off: 100, duration: 'once' })).rejects.toThrow(/currency/);
    await expect(stripe.client.coupons.create({ amount_off: 100, percent_off: 10, currency: 'usd' })).rejects.toThrow(
      /exactly one of percent_off or amount_off/,
    );
    await expect(
      stripe.client.checkout.sessions.create({
        ...base,
        shipping_options: [
          {
            shipping_rate_data: {
              type: 'fixed_amount',
              display_name: '',
              fixed_amount: { amount: 0, currency: 'usd' },
            },
          },
        ],
      }),
    ).rejects.toThrow(/display_name/);
  });
});
