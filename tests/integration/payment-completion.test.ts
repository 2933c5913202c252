/**
 * The payments seam from outside: the sandbox Pay refuses bodies that are not forms, a crash
 * between storing an order and storing its session leaves nothing held for ever, and
 * /payment-success tells only a paid order (or gift) apart from everything else.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Viewer } from '../../server/context';
import { checkoutSessions, donations, loyaltyLedger, orders, products } from '../../server/db/schema';
import { getSpendablePoints } from '../../server/loyalty/ledger';
import type { PaymentProvider } from '../../server/payments/payment-provider';
import {
  cancelSessionlessCheckouts,
  SESSIONLESS_CHECKOUT_GRACE_MS,
  startCheckoutSweep,
} from '../../server/orders/sweep-checkouts';
import { deferred } from '../support/deferred';
import { createTestShop, type TestShop } from '../support/test-shop';
import { payOnSandbox } from '../support/sandbox';

let shop: TestShop;
let teeId: string;
/** Test-only stand-in for the accounts service: the signed-in e-mail comes from a test header. */
const getViewer = async (request: Request): Promise<Viewer | null> => {
  const email = request.headers.get('x-test-viewer');
  return email ? { userId: `user-${email}`, email, firstName: 'Test', lastName: null } : null;
};

beforeAll(async () => {
  shop = await createTestShop(
    {},
    { services: { auth: { getViewer, handler: async () => new Response('Not found', { status: 404 }) } } },
  );
  const [tee] = await shop.database.db.select().from(products).where(eq(products.slug, 'simple-cross-tee'));
  teeId = tee!.id;
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

async function checkoutSession(email: string, body: Record<string, unknown> = {}) {
  const response = await post('/api/checkout', {
    items: [{ productId: teeId, color: 'Blue', size: 'M', quantity: 1 }],
    email,
    ...body,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

const payWithCard = (sessionId: string) => payOnSandbox(shop, sessionId);

describe('the sandbox Pay button with a body that is not a form', () => {
  it('answers 415 or 400, never 500, logs no error and changes nothing', async () => {
    const sessionId = await checkoutSession('not-a-form@example.com');
    const errors = vi.spyOn(console, 'error');
    const bodies: [string | undefined, string][] = [
      ['application/json', JSON.stringify({ cardNumber: '4242424242424242' })],
      ['text/plain', 'cardNumber=4242424242424242'],
      [undefined, 'cardNumber=4242424242424242'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="card'],
      ['multipart/form-data', 'no boundary at all'],
    ];
    for (const [type, body] of bodies) {
      const response = await shop.request(`/sandbox/checkout/${sessionId}`, {
        method: 'POST',
        headers: type ? { 'content-type': type } : {},
        body,
        redirect: 'manual',
      });
      expect([400, 415]).toContain(response.status);
      if (type === 'application/json' || type === 'text/plain') expect(response.status).toBe(415);
    }
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(order!.status).toBe('pending');
    // The form itself still pays.
    expect((await payWithCard(sessionId)).status).toBe(302);
  });
});

describe('a crash between storing an order and storing its session', () => {
  const member = 'crash@example.com';

  /** A provider that never answers: the process "dies" while the order is stored and sessionless. */
  function crashingProvider(): PaymentProvider {
    return {
      name: 'sandbox',
      createSession: () => new Promise(() => undefined),
      retrieveSession: async () => null,
      refundPayment: () => Promise.reject(new Error('not used')),
    };
  }

  async function crashedCheckout(pointsToRedeem: number) {
    const real = shop.shop.services.paymentProvider;
    shop.shop.services.paymentProvider = crashingProvider();
    try {
      const items = [{ productId: teeId, color: 'Blue', size: 'M', quantity: 3 }];
      void post('/api/checkout', { items, pointsToRedeem }, member);
      return await vi.waitFor(async () => {
        const [pending] = await shop.database.db
          .select()
          .from(orders)
          .where(and(eq(orders.email, member), eq(orders.status, 'pending')));
        if (!pending) throw new Error('no pending order yet');
        return pending;
      });
    } finally {
      shop.shop.services.paymentProvider = real;
    }
  }

  it('leaves a pending order holding points, which the sweep cancels after the grace, releasing them', async () => {
    await shop.database.db
      .insert(loyaltyLedger)
      .values({ customerEmail: member, type: 'adjusted', points: 10_000, description: 'Welcome bonus' });
    const order = await crashedCheckout(4000);
    expect(order.paymentSessionId).toBeNull();
    expect(order.pointsRedeemed).toBe(4000);
    expect(await getSpendablePoints({ db: shop.database.db, email: member })).toBe(6000);

    // Within the grace the order may still get its session: nothing happens.
    const soon = new Date(order.createdAt.getTime() + SESSIONLESS_CHECKOUT_GRACE_MS - 1000);
    expect(await cancelSessionlessCheckouts({ db: shop.database.db, now: soon })).toEqual({ orders: 0, donations: 0 });
    const later = new Date(order.createdAt.getTime() + SESSIONLESS_CHECKOUT_GRACE_MS + 1000);
    const [first, second] = await Promise.all([
      cancelSessionlessCheckouts({ db: shop.database.db, now: later }),
      cancelSessionlessCheckouts({ db: shop.database.db, now: later }),
    ]);
    expect(first.orders + second.orders).toBe(1);
    const [cancelled] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(cancelled!.status).toBe('cancelled');
    expect(await getSpendablePoints({ db: shop.database.db, email: member })).toBe(10_000);
    expect(await shop.database.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, order.id))).toHaveLength(
      0,
    );
  });

  it('is swept by the timer every process runs, and so are sessionless donations', async () => {
    const order = await crashedCheckout(0);
    const [donation] = await shop.database.db
      .insert(donations)
      .values({ amountCents: 2500, paymentProvider: 'sandbox' })
      .returning({ id: donations.id });
    const sweep = startCheckoutSweep({ ...shop.shop.services, intervalMs: 25, graceMs: 0 });
    try {
      await vi.waitFor(
        async () => {
          const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
          const [gift] = await shop.database.db.select().from(donations).where(eq(donations.id, donation!.id));
          expect([row!.status, gift!.status]).toEqual(['cancelled', 'cancelled']);
        },
        { timeout: 5000, interval: 25 },
      );
    } finally {
      await sweep.stop();
    }
  });

  it('refuses to open a session for an order the sweep gave up on while the provider was slow', async () => {
    const slow = deferred<{ id: string; url: string; expiresAt: Date }>();
    const real = shop.shop.services.paymentProvider;
    shop.shop.services.paymentProvider = {
      name: 'sandbox',
      createSession: () => slow.promise,
      retrieveSession: async () => null,
      refundPayment: () => Promise.reject(new Error('not used')),
    };
    try {
      const answer = post('/api/checkout', {
        items: [{ productId: teeId, color: 'Blue', size: 'M', quantity: 1 }],
        email: 'slow-provider@example.com',
      });
      const order = await vi.waitFor(async () => {
        const [row] = await shop.database.db.select().from(orders).where(eq(orders.email, 'slow-provider@example.com'));
        if (!row) throw new Error('no order yet');
        return row;
      });
      const later = new Date(order.createdAt.getTime() + SESSIONLESS_CHECKOUT_GRACE_MS + 1000);
      expect((await cancelSessionlessCheckouts({ db: shop.database.db, now: later })).orders).toBe(1);
      slow.resolve({ id: 'sbx_too_late_1', url: 'http://shop.test/sandbox/checkout/sbx_too_late_1', expiresAt: later });
      const response = await answer;
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ code: 'checkout-expired' });
      expect(
        await shop.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, 'sbx_too_late_1')),
      ).toHaveLength(0);
      const [after] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(after).toMatchObject({ status: 'cancelled', paymentSessionId: null });
    } finally {
      shop.shop.services.paymentProvider = real;
    }
  });

  it('never touches an order that got its session, however old', async () => {
    const sessionId = await checkoutSession('old-but-fine@example.com');
    const far = new Date(Date.now() + 10 * SESSIONLESS_CHECKOUT_GRACE_MS);
    await cancelSessionlessCheckouts({ db: shop.database.db, now: far });
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(order!.status).toBe('pending');
  });
});

describe('/payment-success', () => {
  const page = async (sessionId: string) => (await shop.request(`/payment-success?session_id=${sessionId}`)).text();

  it('shows success with the order only once the order is paid', async () => {
    const sessionId = await checkoutSession('paid-page@example.com');
    expect(await page(sessionId)).toContain('Payment not confirmed');
    expect((await payWithCard(sessionId)).status).toBe(302);
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    const html = await page(sessionId);
    expect(html).toContain('Payment Successful!');
    expect(html).toContain(order!.orderNumber);
    expect(html).toContain('Order reference');
  });

  it('thanks a paid donation for the gift, without claiming an order', async () => {
    const response = await post('/api/donations', { amountCents: 4200 });
    const { sessionId } = (await response.json()) as { sessionId: string };
    expect(await page(sessionId)).toContain('Payment not confirmed');
    expect((await payWithCard(sessionId)).status).toBe(302);
    const html = await page(sessionId);
    expect(html).toContain('Thank you for your gift!');
    expect(html).toContain('$42.00');
    expect(html).not.toContain('Payment Successful!');
    expect(html).not.toContain('data-testid="order-number"');
  });

  it('does not call an order paid whose session completed after it was cancelled', async () => {
    const sessionId = await checkoutSession('cancelled-first@example.com');
    await shop.database.db
      .update(checkoutSessions)
      .set({ status: 'complete' })
      .where(eq(checkoutSessions.id, sessionId));
    await shop.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.paymentSessionId, sessionId));
    // Issue 11 item 6: the page says the order was cancelled (its payment is given back).
    const html = await page(sessionId);
    expect(html).toContain('Order Cancelled');
    expect(html).not.toContain('Payment Successful!');
  });
});
