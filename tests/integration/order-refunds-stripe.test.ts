/**
 * Issue 11 items 5 and 6 against the Stripe fake (tools/fakes/stripe-server.ts), through HTTP,
 * on both databases: 20 concurrent cancels make one `POST /v1/refunds` with an idempotency
 * key; a refused refund and an unreachable Stripe leave the order as it was; charge.refunded
 * shows a dashboard refund on the order; a payment for a cancelled order is refunded
 * automatically (webhook or success-page read-back, once) and /payment-success says so.
 */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFECYCLE_MESSAGES } from '../../domain/order-lifecycle';
import type { AdminOrderDetail } from '../../domain/admin-contract';
import { loyaltyLedger, orders, products, refunds } from '../../server/db/schema';
import { startFakeStripeServer, type FakeStripeServer } from '../../tools/fakes/stripe-server';
import { createTestShop, type TestShop } from '../support/test-shop';
import { passcodeSession } from '../support/staff';

const WEBHOOK_SECRET = 'whsec_test_lifecycle';
const signer = new Stripe('sk_test_signer_only');
let fake: FakeStripeServer;
let shop: TestShop;
let token: string;
let tee: typeof products.$inferSelect;
let eventCounter = 0;

beforeAll(async () => {
  fake = await startFakeStripeServer();
  shop = await createTestShop({
    STRIPE_SECRET_KEY: 'sk_test_fake_key',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
  tee = (await shop.database.db.select().from(products).where(eq(products.slug, 'simple-cross-tee')))[0]!;
  token = await passcodeSession(shop);
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

const db = () => shop.database.db;
const refundCalls = () =>
  fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');

function admin(pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('X-Admin-Session', token);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  return shop.request(pathname, { ...init, headers });
}
const cancel = (orderId: string) =>
  admin(`/api/admin/orders/${orderId}`, { method: 'PATCH', body: JSON.stringify({ status: 'cancelled', reason: 'Customer asked' }) });
const detail = async (orderId: string) =>
  (await (await admin(`/api/admin/orders/${orderId}`)).json()) as AdminOrderDetail;
const orderRow = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;

function webhook(type: string, object: Record<string, unknown>, id = `evt_test_${++eventCounter}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
  return shop.request('/api/stripe/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
}

async function startCheckout(email: string) {
  const response = await shop.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [{ productId: tee.id, color: tee.colors[0], size: tee.sizes[0], quantity: 2 }],
      email,
    }),
  });
  expect(response.status).toBe(200);
  const { sessionId } = (await response.json()) as { sessionId: string };
  const [order] = await db().select().from(orders).where(eq(orders.paymentSessionId, sessionId));
  return { sessionId, order: order! };
}

/** The shopper pays on Stripe's page and the webhook reports it. */
async function payAndReport(sessionId: string) {
  const paymentIntent = `pi_test_${sessionId.slice(-12)}`;
  fake.pay(sessionId, { paymentIntent });
  const answer = await webhook('checkout.session.completed', {
    id: sessionId,
    object: 'checkout.session',
    payment_status: 'paid',
    payment_intent: paymentIntent,
  });
  expect(answer.status).toBe(200);
  return { paymentIntent, answer: (await answer.json()) as { result: string; received: boolean } };
}

async function paidOrder(email: string) {
  const { sessionId, order } = await startCheckout(email);
  const { paymentIntent } = await payAndReport(sessionId);
  const paid = await orderRow(order.id);
  expect(paid.status).toBe('processing');
  expect(paid.paymentReference).toBe(paymentIntent);
  return { sessionId, order: paid, paymentIntent };
}

describe('cancelling a paid Stripe order', () => {
  it('20 concurrent cancels: one refund call to Stripe, with an idempotency key, and points reversed', async () => {
    const { order, paymentIntent } = await paidOrder('race@example.com');
    const before = refundCalls().length;
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 20 }, () => cancel(order.id)));
    const elapsed = performance.now() - started;
    const statuses = answers.map((answer) => answer.status);
    const calls = refundCalls().slice(before);
    console.info(
      `[refund race, Stripe fake, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}] 20 concurrent cancels: ` +
        `${statuses.filter((s) => s === 200).length} x 200, ${statuses.filter((s) => s === 409).length} x 409, ` +
        `${calls.length} POST /v1/refunds seen by the fake, ${elapsed.toFixed(0)} ms`,
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ payment_intent: paymentIntent, amount: String(order.totalCents) });
    expect(calls[0]!.idempotencyKey).toMatch(/^refund-/);
    expect(fake.refunds.filter((refund) => refund.payment_intent === paymentIntent)).toHaveLength(1);

    const after = await orderRow(order.id);
    expect(after).toMatchObject({ status: 'cancelled', refundedCents: order.totalCents });
    const [row] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row).toMatchObject({ status: 'succeeded', providerRefundId: fake.refunds.at(-1)!.id });
    const ledger = await db().select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, order.id));
    expect(ledger.find((entry) => entry.type === 'adjusted')!.points).toBe(-order.pointsEarned);

    // Stripe then reports our own refund: reconciled, no "dashboard refund" note.
    const reported = await webhook('charge.refunded', {
      id: 'ch_race',
      object: 'charge',
      payment_intent: paymentIntent,
      amount_refunded: order.totalCents,
      refunded: true,
    });
    expect(((await reported.json()) as { result: string }).result).toBe('reconciled');
    expect((await detail(order.id)).lifecycle.notes).toEqual([]);
  });

  it('a refund Stripe refuses: a clear message, the order unchanged, no points moved', async () => {
    const { order } = await paidOrder('refused@example.com');
    fake.rejectRefunds('This charge has been disputed and cannot be refunded.');
    try {
      const answer = await cancel(order.id);
      expect(answer.status).toBe(409);
      expect(((await answer.json()) as { error: string }).error).toBe(
        LIFECYCLE_MESSAGES.refundRejected(order.orderNumber, 'This charge has been disputed and cannot be refunded.'),
      );
    } finally {
      fake.rejectRefunds(null);
    }
    const after = await orderRow(order.id);
    expect(after).toMatchObject({ status: 'processing', refundedCents: 0, cancelledAt: null });
    const ledger = await db().select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, order.id));
    expect(ledger.map((entry) => entry.type)).toEqual(['earned']);
  });

  it('Stripe unreachable: the order unchanged; the retry asks again with the same idempotency key', async () => {
    const { order } = await paidOrder('flaky@example.com');
    fake.failNext(1);
    const first = await cancel(order.id);
    expect(first.status).toBe(502);
    expect(((await first.json()) as { error: string }).error).toBe(
      LIFECYCLE_MESSAGES.refundUnavailable(order.orderNumber),
    );
    expect((await orderRow(order.id)).status).toBe('processing');
    const keyOfFirst = refundCalls().at(-1)!.idempotencyKey;
    const second = await cancel(order.id);
    expect(second.status).toBe(200);
    expect(refundCalls().at(-1)!.idempotencyKey).toBe(keyOfFirst);
    expect((await orderRow(order.id)).status).toBe('cancelled');
  });
});

describe("charge.refunded: a refund made in Stripe's dashboard", () => {
  it('shows on the order, ignores replays and older figures, and a later cancel refunds only the rest', async () => {
    const { order, paymentIntent } = await paidOrder('dashboard@example.com');
    // The owner refunds $10.00 in the dashboard (the fake books it like Stripe would).
    fake.paymentIntents.get(paymentIntent)!.amount_refunded = 1000;
    const charge = {
      id: 'ch_dash',
      object: 'charge',
      payment_intent: paymentIntent,
      amount_refunded: 1000,
      refunded: false,
    };
    const first = await webhook('charge.refunded', charge, 'evt_dashboard_1');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, result: 'reconciled' });
    expect(
      ((await (await webhook('charge.refunded', charge, 'evt_dashboard_1')).json()) as { result: string }).result,
    ).toBe('duplicate-event');
    await webhook('charge.refunded', { ...charge, amount_refunded: 500 });
    const view = await detail(order.id);
    expect(view.status).toBe('processing');
    expect(view.lifecycle.refundedCents).toBe(1000);
    expect(view.lifecycle.notes.map((note) => note.body)).toEqual([LIFECYCLE_MESSAGES.noteProviderRefund(1000)]);

    const before = refundCalls().length;
    expect((await cancel(order.id)).status).toBe(200);
    const calls = refundCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body.amount).toBe(String(order.totalCents - 1000));
    expect((await orderRow(order.id)).refundedCents).toBe(order.totalCents);

    const unknown = await webhook('charge.refunded', {
      id: 'ch_x',
      object: 'charge',
      payment_intent: 'pi_unknown',
      amount_refunded: 5,
    });
    expect(((await unknown.json()) as { result: string }).result).toBe('unknown-payment');
  });
});

describe('a payment for an order that is no longer pending', () => {
  it('arriving by webhook after the admin cancelled: refunded automatically once, noted, never a success', async () => {
    const { sessionId, order } = await startCheckout('late@example.com');
    expect((await cancel(order.id)).status).toBe(200);
    const before = refundCalls().length;
    const { paymentIntent, answer } = await payAndReport(sessionId);
    expect(answer.result).toBe('unchanged');
    const calls = refundCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ payment_intent: paymentIntent, amount: String(order.totalCents) });
    const after = await orderRow(order.id);
    expect(after).toMatchObject({
      status: 'cancelled',
      paidAt: null,
      refundedCents: order.totalCents,
      paymentReference: paymentIntent,
    });
    const view = await detail(order.id);
    expect(view.lifecycle.notes.map((note) => note.body)).toEqual([
      LIFECYCLE_MESSAGES.noteLatePaymentRefunded(order.totalCents),
    ]);
    expect(view.lifecycle.refunds[0]).toMatchObject({ reason: 'late-payment', status: 'succeeded' });
    // No points were earned or redeemed by it.
    expect(await db().select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, order.id))).toEqual([]);

    const page = await (await shop.request(`/payment-success?session_id=${sessionId}`)).text();
    expect(page).toContain(LIFECYCLE_MESSAGES.paymentForCancelledOrderTitle);
    expect(page).not.toContain('Payment Successful!');
    // A replayed webhook with another id refunds nothing more.
    await webhook('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      payment_intent: paymentIntent,
    });
    expect(refundCalls().slice(before)).toHaveLength(1);
  });

  it('found by the success page before the webhook: refunded there, and the late webhook changes nothing', async () => {
    const { sessionId, order } = await startCheckout('readback@example.com');
    expect((await cancel(order.id)).status).toBe(200);
    const before = refundCalls().length;
    const paymentIntent = `pi_test_rb_${sessionId.slice(-8)}`;
    fake.pay(sessionId, { paymentIntent });
    const page = await (await shop.request(`/payment-success?session_id=${sessionId}`)).text();
    expect(page).toContain(LIFECYCLE_MESSAGES.paymentForCancelledOrderTitle);
    expect(page).toContain(order.orderNumber);
    expect(refundCalls().slice(before)).toHaveLength(1);
    await webhook('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      payment_intent: paymentIntent,
    });
    expect(refundCalls().slice(before)).toHaveLength(1);
    // What Stripe charged comes back: SPEC's total and the Indiana sales tax it added (issue 25).
    const charged = Number(fake.sessions.get(sessionId)!.amount_total);
    expect(charged).toBe(order.totalCents + Math.round(((order.totalCents - 599) * 7) / 100) + Math.round((599 * 7) / 100));
    expect((await orderRow(order.id)).refundedCents).toBe(charged);
  });
});
