import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, emailOutbox, loyaltyLedger, orders, paymentEvents, products } from '../../server/db/schema';
import { CHECKOUT_HOLD_MINUTES } from '../../domain/stock';
import { startFakeStripeServer, type FakeStripeServer } from '../../tools/fakes/stripe-server';
import { createTestShop, type TestShop } from '../support/test-shop';

const WEBHOOK_SECRET = 'whsec_test_secret_for_integration';
let fake: FakeStripeServer;
let shop: TestShop;
const signer = new Stripe('sk_test_signer_only');

beforeAll(async () => {
  fake = await startFakeStripeServer();
  shop = await createTestShop({
    STRIPE_SECRET_KEY: 'sk_test_fake_key',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

async function teeId() {
  const [row] = await shop.database.db.select().from(products).where(eq(products.slug, 'simple-cross-tee'));
  return row!.id;
}

async function checkout(body: unknown) {
  const response = await shop.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    json: (await response.json()) as { url: string; sessionId: string; error?: string },
  };
}

function webhook(event: unknown, options: { secret?: string; signature?: string } = {}) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature ??
    signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
  return shop.request('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

function sessionEvent(id: string, type: string, sessionId: string, paymentStatus: 'paid' | 'unpaid') {
  return {
    id,
    object: 'event',
    type,
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: paymentStatus,
        payment_intent: 'pi_test_123',
      },
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

async function orderBySession(sessionId: string) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
  return row!;
}

describe('Stripe provider against the wire-format fake', () => {
  it('creates a Checkout Session with server prices, a one-off coupon, shipping, e-mail and metadata', async () => {
    const productId = await teeId();
    const { status, json } = await checkout({
      items: [{ productId, color: 'Blue', size: 'M', quantity: 2, priceCents: 1 }],
      couponCode: 'JESUS',
      email: 'stripe@example.com',
    });
    expect(status).toBe(200);
    expect(json.url).toBe(`${fake.url}/pay/${json.sessionId}`);
    const order = await orderBySession(json.sessionId);
    expect(order.paymentProvider).toBe('stripe');

    const couponRequest = fake.requests.find((request) => request.path === '/v1/coupons');
    expect(couponRequest?.body).toMatchObject({ amount_off: '300', currency: 'usd', duration: 'once' });
    const sessionRequest = fake.requests.find((request) => request.path === '/v1/checkout/sessions');
    expect(sessionRequest?.authorization).toBe('Bearer sk_test_fake_key');
    expect(sessionRequest?.idempotencyKey).toBe(`checkout-${order.id}`);
    expect(sessionRequest?.body).toMatchObject({
      mode: 'payment',
      customer_email: 'stripe@example.com',
      metadata: { order_id: order.id },
      success_url: 'http://shop.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/cart',
      line_items: [
        {
          quantity: '2',
          price_data: { currency: 'usd', unit_amount: '1500', product_data: { name: 'Simple Cross Tee' } },
          // Issue 25: the tax table's places, applied by the shipping address.
          dynamic_tax_rates: [expect.stringMatching(/^txr_/)],
        },
        // Indiana taxes the delivery charge, so with tax rates it is a line item of its own.
        {
          quantity: '1',
          price_data: { currency: 'usd', unit_amount: '599' },
          dynamic_tax_rates: [expect.stringMatching(/^txr_/)],
        },
      ],
    });
    expect(sessionRequest?.body.shipping_options).toBeUndefined();
    // The fake computes what Stripe would charge: it must equal the order's total.
    expect(fake.sessions.get(json.sessionId)?.amount_total).toBe(order.totalCents);
    expect(order.totalCents).toBe(3000 - 300 + 599);
    // The session, and the stock it holds, ends after the checkout hold, not Stripe's default day.
    const expiresAt = Number(sessionRequest?.body.expires_at);
    expect(expiresAt - Date.now() / 1000).toBeGreaterThan(CHECKOUT_HOLD_MINUTES * 60 - 60);
    expect(expiresAt - Date.now() / 1000).toBeLessThanOrEqual(CHECKOUT_HOLD_MINUTES * 60);
    const [stored] = await shop.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, json.sessionId));
    expect(Math.round(stored!.expiresAt.getTime() / 1000)).toBe(expiresAt);
  });

  it('answers 502 and cancels the order when Stripe fails', async () => {
    const productId = await teeId();
    fake.failNext(1);
    const { status, json } = await checkout({ items: [{ productId, color: 'Blue', size: 'M', quantity: 1 }] });
    expect(status).toBe(502);
    expect(json.error).toMatch(/payment provider/i);
    const cancelled = await shop.database.db.select().from(orders).where(eq(orders.status, 'cancelled'));
    expect(cancelled.length).toBeGreaterThanOrEqual(1);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('refuses a bad signature with 400 and changes nothing', async () => {
    const productId = await teeId();
    const { json } = await checkout({
      items: [{ productId, color: 'Blue', size: 'M', quantity: 1 }],
      email: 'sig@example.com',
    });
    const forged = await webhook(sessionEvent('evt_forged', 'checkout.session.completed', json.sessionId, 'paid'), {
      secret: 'whsec_wrong',
    });
    expect(forged.status).toBe(400);
    const missing = await shop.request('/api/stripe/webhook', { method: 'POST', body: '{}' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      received: false,
      error: 'Missing Stripe-Signature header',
      code: 'invalid-signature',
    });
    const garbage = await webhook(sessionEvent('evt_g', 'checkout.session.completed', json.sessionId, 'paid'), {
      signature: 't=1,v1=deadbeef',
    });
    expect(garbage.status).toBe(400);
    expect((await orderBySession(json.sessionId)).status).toBe('pending');
    expect(await shop.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_forged'))).toHaveLength(
      0,
    );
  });

  it('marks the order paid once for completed, replays and concurrent duplicates', async () => {
    const productId = await teeId();
    const { json } = await checkout({
      items: [{ productId, color: 'Pink', size: 'S', quantity: 4 }],
      email: 'paid@example.com',
    });
    const event = sessionEvent('evt_paid_1', 'checkout.session.completed', json.sessionId, 'paid');
    const responses = await Promise.all([webhook(event), webhook(event), webhook(event)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    const succeeded = await webhook(
      sessionEvent('evt_paid_2', 'checkout.session.async_payment_succeeded', json.sessionId, 'paid'),
    );
    expect(succeeded.status).toBe(200);
    const order = await orderBySession(json.sessionId);
    expect(order.status).toBe('processing');
    expect(order.paymentReference).toBe('pi_test_123');
    const ledger = await shop.database.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, order.id));
    expect(ledger).toEqual([expect.objectContaining({ type: 'earned', points: 6000 })]);
    expect(
      await shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'paid@example.com')),
    ).toHaveLength(1);
    // Expired after completed: nothing changes.
    await webhook(sessionEvent('evt_paid_3', 'checkout.session.expired', json.sessionId, 'unpaid'));
    expect((await orderBySession(json.sessionId)).status).toBe('processing');
  });

  it('waits for async payment when completed is unpaid, and cancels on failure', async () => {
    const productId = await teeId();
    const { json } = await checkout({
      items: [{ productId, color: 'Pink', size: 'S', quantity: 1 }],
      email: 'async@example.com',
    });
    const pending = await webhook(sessionEvent('evt_async_1', 'checkout.session.completed', json.sessionId, 'unpaid'));
    expect(pending.status).toBe(200);
    expect((await orderBySession(json.sessionId)).status).toBe('pending');
    await webhook(sessionEvent('evt_async_2', 'checkout.session.async_payment_failed', json.sessionId, 'unpaid'));
    const order = await orderBySession(json.sessionId);
    expect(order.status).toBe('cancelled');
    expect(await shop.database.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, order.id))).toHaveLength(
      0,
    );
    // A late success after the failure does not resurrect it.
    await webhook(sessionEvent('evt_async_3', 'checkout.session.async_payment_succeeded', json.sessionId, 'paid'));
    expect((await orderBySession(json.sessionId)).status).toBe('cancelled');
  });

  it('cancels on expiry and acknowledges other event types', async () => {
    const productId = await teeId();
    const { json } = await checkout({ items: [{ productId, color: 'Pink', size: 'S', quantity: 1 }] });
    await webhook(sessionEvent('evt_exp_1', 'checkout.session.expired', json.sessionId, 'unpaid'));
    expect((await orderBySession(json.sessionId)).status).toBe('cancelled');
    const other = await webhook({ ...sessionEvent('evt_other', 'customer.created', 'cus_1', 'unpaid') });
    expect(other.status).toBe(200);
    expect(await other.json()).toMatchObject({ received: true, result: 'ignored' });
  });

  it('refuses a signed event without the fields its type has with 400 (was a 500), changing nothing', async () => {
    const malformed: unknown[] = [
      null,
      { id: 'evt_nodata', type: 'checkout.session.completed' },
      { id: 'evt_nullobject', type: 'checkout.session.completed', data: { object: null } },
      { id: 'evt_noid', type: 'checkout.session.expired', data: { object: { payment_status: 'unpaid' } } },
      { id: 'evt_refund_null', type: 'charge.refunded', data: { object: null } },
    ];
    for (const event of malformed) {
      const answer = await webhook(event as never);
      expect(answer.status, JSON.stringify(event)).toBe(400);
      expect(await answer.json()).toMatchObject({ received: false, code: 'invalid-request' });
    }
  });
});

describe('/payment-success with Stripe (the webhook may come later)', () => {
  async function paidLater(email: string) {
    const productId = await teeId();
    const { json } = await checkout({ items: [{ productId, color: 'Blue', size: 'M', quantity: 2 }], email });
    return json.sessionId;
  }
  const page = async (sessionId: string) => (await shop.request(`/payment-success?session_id=${sessionId}`)).text();

  it('completes a paid session whose webhook has not arrived, exactly once, and shows success', async () => {
    const sessionId = await paidLater('early@example.com');
    fake.pay(sessionId, { paymentIntent: 'pi_early_1' });
    const retrievals = () =>
      fake.requests.filter(
        (request) => request.method === 'GET' && request.path === `/v1/checkout/sessions/${sessionId}`,
      ).length;
    const [first, second] = await Promise.all([page(sessionId), page(sessionId)]);
    for (const html of [first, second]) {
      expect(html).toContain('Payment Successful!');
      expect(html).toContain('data-testid="order-number"');
    }
    const order = await orderBySession(sessionId);
    expect(order).toMatchObject({ status: 'processing', paymentReference: 'pi_early_1' });
    expect(first).toContain(order.orderNumber);
    expect(retrievals()).toBeGreaterThanOrEqual(1);
    // Paid now in our records: a later visit does not ask Stripe again.
    const before = retrievals();
    expect(await page(sessionId)).toContain('Payment Successful!');
    expect(retrievals()).toBe(before);
    // The webhook arriving afterwards changes nothing.
    const late = await webhook(sessionEvent('evt_early_late', 'checkout.session.completed', sessionId, 'paid'));
    expect(await late.json()).toMatchObject({ received: true, result: 'unchanged' });
    const ledger = await shop.database.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, order.id));
    expect(ledger).toEqual([expect.objectContaining({ type: 'earned', points: order.totalCents })]);
    const mail = await shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'early@example.com'));
    expect(mail).toHaveLength(1);
  });

  it('shows a neutral page for an unpaid, an expired and a made-up session, changing nothing', async () => {
    const unpaid = await paidLater('unpaid-stripe@example.com');
    const expired = await paidLater('expired-stripe@example.com');
    fake.expire(expired);
    const processing = await paidLater('processing-stripe@example.com');
    fake.pay(processing, { paymentStatus: 'unpaid' }); // an async payment still on its way
    for (const sessionId of [unpaid, expired, processing, 'cs_test_made_up_123']) {
      const html = await page(sessionId);
      expect(html).toContain('Payment not confirmed');
      expect(html).not.toContain('Payment Successful!');
      expect(html).not.toContain('data-testid="order-number"');
      expect(html).not.toContain('data-testid="order-total"');
    }
    for (const sessionId of [unpaid, expired, processing]) {
      expect((await orderBySession(sessionId)).status).toBe('pending');
    }
    // A made-up id never reaches Stripe.
    expect(fake.requests.some((request) => request.path.includes('cs_test_made_up_123'))).toBe(false);
  });

  it('shows a neutral page when Stripe cannot be reached, and succeeds once it can', async () => {
    const sessionId = await paidLater('flaky@example.com');
    fake.pay(sessionId);
    fake.failNext(1);
    expect(await page(sessionId)).toContain('Payment not confirmed');
    expect((await orderBySession(sessionId)).status).toBe('pending');
    expect(await page(sessionId)).toContain('Payment Successful!');
    expect((await orderBySession(sessionId)).status).toBe('processing');
  });

  it('treats a session that needed no payment (discounts covered it) as paid, in the webhook too', async () => {
    const sessionId = await paidLater('free@example.com');
    const response = await webhook({
      ...sessionEvent('evt_free_1', 'checkout.session.completed', sessionId, 'paid'),
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: 'no_payment_required',
          payment_intent: null,
        },
      },
    });
    expect(await response.json()).toMatchObject({ received: true, result: 'applied' });
    expect((await orderBySession(sessionId)).status).toBe('processing');
  });
});
