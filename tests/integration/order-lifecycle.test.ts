/**
 * Issue 11 items 4-7 with the sandbox provider, through HTTP (both databases): shipped with
 * tracking and the status e-mails read from the outbox, cancelling a paid order (refund once
 * under 20 concurrent cancels, stock comment aside, points returned and taken back but never
 * below zero), cancelling a pending order, the sandbox refusing to take a payment for a
 * cancelled order, and the Donations list.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFECYCLE_MESSAGES, TRACKING_NUMBER_MAX_LENGTH } from '../../domain/order-lifecycle';
import type { AdminOrderDetail } from '../../domain/admin-contract';
import type { AdminDonationsPage } from '../../domain/order-lifecycle';
import { donations, emailOutbox, loyaltyLedger, orderNotes, orders, products, productStock, refunds } from '../../server/db/schema';
import { getPointsBalance, getPointsTotals } from '../../server/loyalty/ledger';
import { getLoyaltyInfo } from '../../server/loyalty/get-loyalty-info';
import { orderStatusEmailKey } from '../../server/mail/order-status-email';
import { createConfirmedCustomer } from '../support/accounts';
import { createTestShop, type TestShop } from '../support/test-shop';
import { passcodeSession } from '../support/staff';
import { payOnSandbox as paySandboxSession } from '../support/sandbox';

let shop: TestShop;
let token: string;
let tee: typeof products.$inferSelect;

beforeAll(async () => {
  shop = await createTestShop();
  tee = (await shop.database.db.select().from(products).where(eq(products.slug, 'simple-cross-tee')))[0]!;
  token = await passcodeSession(shop);
});
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;

function admin(pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('X-Admin-Session', token);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  return shop.request(pathname, { ...init, headers });
}

/** A cancel carries a reason, as the admin asks for one (issue 27); `reason: undefined` sends none. */
function setStatus(orderId: string, body: Record<string, unknown>) {
  const withReason = body.status === 'cancelled' && !('reason' in body) ? { ...body, reason: 'Customer asked' } : body;
  return admin(`/api/admin/orders/${orderId}`, { method: 'PATCH', body: JSON.stringify(withReason) });
}

async function detail(orderId: string): Promise<AdminOrderDetail> {
  return (await (await admin(`/api/admin/orders/${orderId}`)).json()) as AdminOrderDetail;
}

/** A checkout as a guest giving `email`, or (with `cookie` and no e-mail) as the signed-in customer. */
async function startCheckout(email: string | undefined, quantity = 2, cookie?: string) {
  const response = await shop.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({
      items: [{ productId: tee.id, color: tee.colors[0], size: tee.sizes[0], quantity }],
      email,
    }),
  });
  expect(response.status).toBe(200);
  const { sessionId } = (await response.json()) as { sessionId: string };
  const [order] = await db().select().from(orders).where(eq(orders.paymentSessionId, sessionId));
  return { sessionId, order: order! };
}

const payOnSandbox = (sessionId: string, cardNumber?: string) => paySandboxSession(shop, sessionId, cardNumber);

async function paidOrder(email: string | undefined, quantity = 2, cookie?: string) {
  const { sessionId, order } = await startCheckout(email, quantity, cookie);
  expect((await payOnSandbox(sessionId)).status).toBe(302);
  const [paid] = await db().select().from(orders).where(eq(orders.id, order.id));
  expect(paid!.status).toBe('processing');
  return { sessionId, order: paid! };
}

async function outboxFor(orderId: string) {
  return db()
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.dedupeKey, `order-status:${orderId}:%`));
}

async function ledgerOf(orderId: string) {
  return db().select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, orderId));
}

describe('shipped, delivered: tracking and e-mails', () => {
  it('stores the carrier and trimmed tracking number, shows them, and mails once with a tracking link', async () => {
    const { order } = await paidOrder('ship@example.com');
    const shipped = await setStatus(order.id, {
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '  1Z999AA10123456784 ',
    });
    expect(shipped.status).toBe(200);
    const view = await detail(order.id);
    expect(view.status).toBe('shipped');
    expect(view.lifecycle.shippingCarrier).toBe('UPS');
    expect(view.lifecycle.trackingNumber).toBe('1Z999AA10123456784');
    expect(view.lifecycle.trackingUrl).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');

    // Double click and flip-flop: still one shipped e-mail.
    expect(
      (await setStatus(order.id, { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).status,
    ).toBe(200);
    expect((await setStatus(order.id, { status: 'processing' })).status).toBe(200);
    expect(
      (await setStatus(order.id, { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).status,
    ).toBe(200);
    let mail = await outboxFor(order.id);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.dedupeKey).toBe(orderStatusEmailKey(order.id, 'shipped'));
    expect(mail[0]!.to).toBe('ship@example.com');
    expect(mail[0]!.subject).toContain('Your order has shipped');
    expect(mail[0]!.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(mail[0]!.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    // The HTML part (issue 32 item 12): the shop's name, the lines with their pictures from
    // PUBLIC_URL, and a working tracking link.
    const html = mail[0]!.html ?? '';
    expect(html).toContain('>Wear Your Faith</span>');
    expect(html).toMatch(/<img src="http:\/\/shop\.test\/images\/products\/[a-z0-9-]+-480\.webp" alt="[^"]+"/);
    expect(html).toContain('<a href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');

    expect((await setStatus(order.id, { status: 'delivered' })).status).toBe(200);
    expect((await setStatus(order.id, { status: 'delivered' })).status).toBe(200);
    mail = await outboxFor(order.id);
    expect(mail.map((row) => row.dedupeKey).sort()).toEqual(
      [orderStatusEmailKey(order.id, 'delivered'), orderStatusEmailKey(order.id, 'shipped')].sort(),
    );
    expect(mail.find((row) => row.dedupeKey?.endsWith('delivered'))!.text).toContain('Your order has been delivered.');
    expect((await detail(order.id)).lifecycle.deliveredAt).not.toBeNull();
  });

  it("shows the carrier and tracking link on the customer's /account", async () => {
    const { order } = await paidOrder('account@example.com');
    await setStatus(order.id, { status: 'shipped', carrier: 'FedEx', trackingNumber: '1234 5678 9012' });
    const auth = shop.shop.services.auth;
    const original = auth.getViewer;
    auth.getViewer = async () => ({
      userId: 'user-account',
      email: 'account@example.com',
      firstName: 'Ann',
      lastName: null,
    });
    try {
      const html = await (await shop.request('/account')).text();
      expect(html).toContain(order.orderNumber);
      expect(html).toContain('FedEx<!-- --> tracking: ');
      expect(html).toContain('href="https://www.fedex.com/fedextrack/?trknbr=123456789012"');
      expect(html).toContain('1234 5678 9012');
    } finally {
      auth.getViewer = original;
    }
  });

  it('ships without tracking, and with a carrier we cannot link to', async () => {
    const { order } = await paidOrder('ship2@example.com');
    expect(
      (await setStatus(order.id, { status: 'shipped', carrier: 'Other', trackingNumber: 'AB-123 456' })).status,
    ).toBe(200);
    const view = await detail(order.id);
    expect(view.lifecycle.trackingNumber).toBe('AB-123 456');
    expect(view.lifecycle.trackingUrl).toBeNull();
    const [mail] = await outboxFor(order.id);
    expect(mail!.text).toContain('Tracking number: AB-123 456');
    expect(mail!.text).not.toContain('Track your package');
  });

  it('tells a guest to write with the order number, and links a signed-in customer to /account', async () => {
    const guest = (await paidOrder('guest.lifecycle@example.com')).order;
    const cookie = await createConfirmedCustomer(shop, { email: 'member.lifecycle@example.com', clientIp: '198.51.100.21' });
    const member = (await paidOrder(undefined, 2, cookie)).order;
    expect(member.email).toBe('member.lifecycle@example.com');
    for (const { id } of [guest, member]) {
      expect((await setStatus(id, { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).status).toBe(200);
      expect((await setStatus(id, { status: 'delivered' })).status).toBe(200);
      expect((await setStatus(id, { status: 'cancelled' })).status).toBe(200);
    }
    const guestMail = await outboxFor(guest.id);
    expect(guestMail).toHaveLength(3);
    for (const mail of guestMail) {
      expect(mail.text).toContain(
        `Questions about your order? Write to us at hello@wearyourfaith.shop with your order number, ${guest.orderNumber}.`,
      );
      expect(mail.text).not.toContain('/account');
    }
    const memberMail = await outboxFor(member.id);
    expect(memberMail).toHaveLength(3);
    for (const mail of memberMail) {
      expect(mail.text).toContain('Your orders: http://shop.test/account');
      expect(mail.text).not.toContain('hello@wearyourfaith.shop');
    }
    const [confirmation] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `order-confirmation:${member.id}`));
    expect(confirmation!.text).toContain(`Points earned: ${member.pointsEarned.toLocaleString('en-US')}\n`);
    expect(confirmation!.text).toContain('Your orders: http://shop.test/account');
    expect(confirmation!.text).not.toContain('Create an account');
  });

  it('refuses a bad tracking number with its reason and changes nothing', async () => {
    const { order } = await paidOrder('ship3@example.com');
    const cases: [Record<string, unknown>, string][] = [
      [
        { carrier: 'UPS', trackingNumber: 'X'.repeat(TRACKING_NUMBER_MAX_LENGTH + 1) },
        LIFECYCLE_MESSAGES.trackingTooLong,
      ],
      [{ carrier: 'UPS', trackingNumber: '<script>' }, LIFECYCLE_MESSAGES.trackingMalformed],
      [{ carrier: 'UPS', trackingNumber: 12345 }, LIFECYCLE_MESSAGES.trackingMalformed],
      [{ carrier: 'Pigeon', trackingNumber: '123' }, LIFECYCLE_MESSAGES.carrierUnknown],
      [{ trackingNumber: '123' }, LIFECYCLE_MESSAGES.trackingNeedsCarrier],
    ];
    for (const [shipment, message] of cases) {
      const answer = await setStatus(order.id, { status: 'shipped', ...shipment });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toBe(message);
    }
    const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(after!.status).toBe('processing');
    expect(after!.trackingNumber).toBeNull();
    expect(await outboxFor(order.id)).toHaveLength(0);
  });
});

describe('cancelling a paid order', () => {
  it('refunds once under 20 concurrent cancels, reverses points, mails once, and is final', async () => {
    const { order } = await paidOrder('cancel@example.com');
    expect(order.pointsEarned).toBeGreaterThan(0);
    expect(await getPointsBalance({ db: db(), email: 'cancel@example.com' })).toBe(order.pointsEarned);

    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 20 }, () => setStatus(order.id, { status: 'cancelled' })));
    const elapsed = performance.now() - started;
    const statuses = answers.map((answer) => answer.status);
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { error?: string; code?: string }[];
    const refundRows = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    console.info(
      `[refund race, sandbox, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}] 20 concurrent cancels: ` +
        `${statuses.filter((s) => s === 200).length} x 200, ${statuses.filter((s) => s === 409).length} x 409, ` +
        `${refundRows.length} refund recorded, ${elapsed.toFixed(0)} ms`,
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const body of bodies.filter((body) => body.error)) {
      expect([
        LIFECYCLE_MESSAGES.alreadyCancelled(order.orderNumber),
        LIFECYCLE_MESSAGES.refundInProgress(order.orderNumber),
      ]).toContain(body.error);
    }
    expect(refundRows).toHaveLength(1);
    expect(refundRows[0]).toMatchObject({ status: 'succeeded', amountCents: order.totalCents + order.taxCents, reason: 'cancellation' });
    expect(refundRows[0]!.providerRefundId).toMatch(/^sbx_re_/);

    const view = await detail(order.id);
    expect(view.status).toBe('cancelled');
    expect(view.lifecycle.refundedCents).toBe(order.totalCents + order.taxCents);
    const adjustments = (await ledgerOf(order.id)).filter((row) => row.type === 'adjusted');
    expect(adjustments).toHaveLength(1);
    expect(adjustments[0]!.points).toBe(-order.pointsEarned);
    expect(await getPointsBalance({ db: db(), email: 'cancel@example.com' })).toBe(0);
    // Issue 32: lifetime points no longer count what the refund took back (the ledger agrees).
    expect(await getPointsTotals({ db: db(), email: 'cancel@example.com' })).toEqual({ available: 0, lifetime: 0 });
    const mail = await outboxFor(order.id);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('cancelled');
    expect(mail[0]!.text).toContain('has been refunded');

    // A refunded order stays cancelled.
    const reopen = await setStatus(order.id, { status: 'processing' });
    expect(reopen.status).toBe(409);
    expect(((await reopen.json()) as { error: string }).error).toBe(
      LIFECYCLE_MESSAGES.refundedOrderIsFinal(order.orderNumber),
    );
  });

  it('returns redeemed points and takes back all it earned, even points already spent (owed, shown as 0)', async () => {
    const email = 'spent@example.com';
    const { order } = await paidOrder(email, 3);
    // The order also redeemed 500 points (as a signed-in checkout would have recorded them) ...
    await db().update(orders).set({ pointsRedeemed: 500 }).where(eq(orders.id, order.id));
    await db()
      .insert(loyaltyLedger)
      .values({ customerEmail: email, type: 'redeemed', points: -500, description: 'test', orderId: order.id });
    await db()
      .insert(loyaltyLedger)
      .values({ customerEmail: email, type: 'earned', points: 500, description: 'earlier' });
    // ... and the customer has since spent most of what it earned on another order.
    const spent = order.pointsEarned - 300;
    await db()
      .insert(loyaltyLedger)
      .values({ customerEmail: email, type: 'adjusted', points: -spent, description: 'spent elsewhere' });
    expect(await getPointsBalance({ db: db(), email })).toBe(300);

    const answer = await setStatus(order.id, { status: 'cancelled' });
    expect(answer.status).toBe(200);
    // 500 returned, everything earned taken back: 300 + 500 of it was there, the rest is owed.
    expect(await getPointsBalance({ db: db(), email })).toBe(0);
    const [adjustment] = (await ledgerOf(order.id)).filter((row) => row.type === 'adjusted');
    expect(adjustment!.points).toBe(500 - order.pointsEarned);
    const owed = order.pointsEarned - 800;
    // Lifetime: only the earlier 500 (what the refunded order earned is not earned any more).
    expect(await getPointsTotals({ db: db(), email })).toEqual({ available: 0, lifetime: 500 });
    const view = await detail(order.id);
    expect(view.lifecycle.notes.map((note) => note.body)).toContain(LIFECYCLE_MESSAGES.notePointsOwed(owed));
    // What is owed comes off the next points earned.
    await db()
      .insert(loyaltyLedger)
      .values({ customerEmail: email, type: 'earned', points: owed + 250, description: 'next order' });
    expect(await getPointsBalance({ db: db(), email })).toBe(250);
  });

  it('takes back points held by an unpaid checkout: when that checkout ends, none come back', async () => {
    const email = 'held-refund@example.com';
    const { order } = await paidOrder(email, 2);
    expect(await getPointsBalance({ db: db(), email })).toBe(order.pointsEarned);
    // An unpaid checkout holds nearly all of them (as a signed-in checkout redeeming them would).
    const { order: holding } = await startCheckout(email, 1);
    const held = order.pointsEarned - 98;
    await db().update(orders).set({ pointsRedeemed: held }).where(eq(orders.id, holding.id));

    expect((await setStatus(order.id, { status: 'cancelled' })).status).toBe(200);
    expect((await setStatus(holding.id, { status: 'cancelled' })).status).toBe(200);
    // Was: 98 taken back, and the held points back in the balance once the checkout ended.
    expect(await getPointsTotals({ db: db(), email })).toEqual({ available: 0, lifetime: 0 });
    // What /loyalty shows and the cart offers to redeem.
    expect(await getLoyaltyInfo({ db: db(), email })).toMatchObject({ available: 0, held: 0, lifetime: 0 });
  });

  it('two refunds in a row, the second of an order paid with the first one\'s points, leave nothing', async () => {
    const email = 'chain-refund@example.com';
    const { order: first } = await paidOrder(email, 2);
    const { order: second } = await paidOrder(email, 1);
    // The second order spent most of what the first earned.
    const redeemed = first.pointsEarned - 98;
    await db().update(orders).set({ pointsRedeemed: redeemed }).where(eq(orders.id, second.id));
    await db()
      .insert(loyaltyLedger)
      .values({ customerEmail: email, type: 'redeemed', points: -redeemed, description: 'test', orderId: second.id });

    expect((await setStatus(first.id, { status: 'cancelled' })).status).toBe(200);
    expect((await setStatus(second.id, { status: 'cancelled' })).status).toBe(200);
    expect(await getPointsTotals({ db: db(), email })).toEqual({ available: 0, lifetime: 0 });
    // Nothing left over for a later checkout to redeem either.
    const raw = await db().execute<{ sum: string }>(
      sql`select coalesce(sum(case type when 'earned' then abs(points) when 'redeemed' then -abs(points) else points end), 0) as sum from loyalty_ledger where customer_email = ${email}`,
    );
    expect(Number(raw.rows[0]!.sum)).toBe(0);
  });

  it('a refund the provider refuses leaves the order, its points and its mail as they were', async () => {
    const { order } = await paidOrder('refused@example.com');
    // A payment the sandbox did not take cannot be refunded by it.
    await db().update(orders).set({ paymentReference: 'pi_elsewhere' }).where(eq(orders.id, order.id));
    const answer = await setStatus(order.id, { status: 'cancelled' });
    expect(answer.status).toBe(409);
    const body = (await answer.json()) as { error: string; code: string };
    expect(body.code).toBe('refund-rejected');
    expect(body.error).toBe(
      LIFECYCLE_MESSAGES.refundRejected(order.orderNumber, 'The sandbox can only refund sandbox payments.'),
    );
    const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(after!.status).toBe('processing');
    expect(after!.refundedCents).toBe(0);
    expect((await ledgerOf(order.id)).filter((row) => row.type === 'adjusted')).toHaveLength(0);
    expect(await outboxFor(order.id)).toHaveLength(0);
    const [failed] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(failed).toMatchObject({ status: 'failed' });
    // The claim is free again: fixed, the cancel goes through.
    await db().update(orders).set({ paymentReference: order.paymentReference }).where(eq(orders.id, order.id));
    expect((await setStatus(order.id, { status: 'cancelled' })).status).toBe(200);
    expect(
      await db()
        .select()
        .from(refunds)
        .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'succeeded'))),
    ).toHaveLength(1);
  });
});

describe('a paid order set back to pending by hand', () => {
  it('is still refunded when cancelled', async () => {
    const { order } = await paidOrder('backtopending@example.com');
    expect((await setStatus(order.id, { status: 'pending' })).status).toBe(200);
    const answer = await setStatus(order.id, { status: 'cancelled' });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { refundedCents: number }).refundedCents).toBe(order.totalCents + order.taxCents);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
  });
});

describe('cancelling a pending order', () => {
  it('moves no money, releases its points hold, and the sandbox then refuses to take the payment', async () => {
    const { sessionId, order } = await startCheckout('pending@example.com');
    await db().update(orders).set({ pointsRedeemed: 200 }).where(eq(orders.id, order.id));
    const held = await db().execute<{ held: string }>(
      sql`select coalesce(sum(points_redeemed), 0) as held from orders where email = 'pending@example.com' and status = 'pending'`,
    );
    expect(Number(held.rows[0]!.held)).toBe(200);

    const answer = await setStatus(order.id, { status: 'cancelled' });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { refundedCents: number }).refundedCents).toBe(0);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0);
    const after = await db().execute<{ held: string }>(
      sql`select coalesce(sum(points_redeemed), 0) as held from orders where email = 'pending@example.com' and status = 'pending'`,
    );
    expect(Number(after.rows[0]!.held)).toBe(0);
    const [mail] = await outboxFor(order.id);
    expect(mail!.text).toContain('No payment was taken.');

    const page = await (await shop.request(`/sandbox/checkout/${sessionId}`)).text();
    expect(page).toContain(LIFECYCLE_MESSAGES.sandboxOrderNotPending);
    const pay = await payOnSandbox(sessionId);
    expect(pay.status).toBe(409);
    expect(await pay.text()).toContain(LIFECYCLE_MESSAGES.sandboxOrderNotPending);
    const [still] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(still).toMatchObject({ status: 'cancelled', paidAt: null, refundedCents: 0 });

    const twice = await setStatus(order.id, { status: 'cancelled' });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { error: string }).error).toBe(
      LIFECYCLE_MESSAGES.alreadyCancelled(order.orderNumber),
    );
  });
});

describe('Donations in the admin', () => {
  it('lists amount, date, e-mail and status with the total raised, apart from orders and revenue', async () => {
    const statsBefore = (await (await admin('/api/admin/stats')).json()) as Record<string, number>;
    await db()
      .insert(donations)
      .values([
        {
          amountCents: 2500,
          status: 'paid',
          email: 'giver@example.com',
          paymentProvider: 'sandbox',
          paidAt: new Date(),
        },
        { amountCents: 10000, status: 'paid', email: null, paymentProvider: 'sandbox', paidAt: new Date() },
        { amountCents: 5000, status: 'cancelled', email: 'late@example.com', paymentProvider: 'sandbox' },
      ]);
    const page = (await (await admin('/api/admin/donations')).json()) as AdminDonationsPage;
    expect(page.total).toBe(3);
    expect(page.raisedCents).toBe(12500);
    expect(page.paidCount).toBe(2);
    expect(page.donations[0]).toMatchObject({ amountCents: expect.any(Number), status: expect.any(String) });
    expect(page.donations.map((row) => row.email)).toContain('giver@example.com');
    const paid = (await (await admin('/api/admin/donations?status=paid')).json()) as AdminDonationsPage;
    expect(paid.total).toBe(2);
    expect((await admin('/api/admin/donations?status=nope')).status).toBe(400);
    expect((await shop.request('/api/admin/donations')).status).toBe(401);
    const statsAfter = (await (await admin('/api/admin/stats')).json()) as Record<string, number>;
    expect(statsAfter).toEqual(statsBefore);
  });
});

describe('notes', () => {
  it('one note per kind and order', async () => {
    const rows = await db().select().from(orderNotes);
    const keys = rows.map((row) => `${row.orderId}:${row.kind}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('stock when an order is cancelled after shipping, or reopened', () => {
  async function setVariantStock(quantity: number) {
    await db()
      .insert(productStock)
      .values({ productId: tee.id, color: tee.colors[0]!, size: tee.sizes[0]!, quantity })
      .onConflictDoUpdate({ target: [productStock.productId, productStock.color, productStock.size], set: { quantity } });
  }
  async function variantStock() {
    const [row] = await db()
      .select({ quantity: productStock.quantity })
      .from(productStock)
      .where(and(eq(productStock.productId, tee.id), eq(productStock.color, tee.colors[0]!), eq(productStock.size, tee.sizes[0]!)));
    return row?.quantity;
  }

  it('a shipped order cancelled is refunded, but its units stay out of stock (they left)', async () => {
    await setVariantStock(10);
    const { order } = await paidOrder('shipped-then-cancelled@example.com', 2);
    expect(await variantStock()).toBe(8);
    expect((await setStatus(order.id, { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999' })).status).toBe(200);
    const answer = await setStatus(order.id, { status: 'cancelled' });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { refundedCents: number }).refundedCents).toBe(order.totalCents + order.taxCents);
    expect(await variantStock()).toBe(8);
    // A processing (not yet shipped) order's units do go back.
    const { order: unshipped } = await paidOrder('processing-then-cancelled@example.com', 2);
    expect(await variantStock()).toBe(6);
    expect((await setStatus(unshipped.id, { status: 'cancelled' })).status).toBe(200);
    expect(await variantStock()).toBe(8);
  });

  it('a cancelled unpaid order reopened takes its units again, and is refused (unchanged) when they are gone', async () => {
    await setVariantStock(3);
    const { order } = await startCheckout('reopened@example.com', 2);
    expect(await variantStock()).toBe(1);
    expect((await setStatus(order.id, { status: 'cancelled' })).status).toBe(200);
    expect(await variantStock()).toBe(3);

    const reopened = await setStatus(order.id, { status: 'processing' });
    expect(reopened.status).toBe(200);
    expect(await variantStock()).toBe(1);
    // Cancelled and reopened again: the same units, once each way.
    expect((await setStatus(order.id, { status: 'cancelled' })).status).toBe(200);
    expect(await variantStock()).toBe(3);

    // Meanwhile another shopper buys two of the three: reopening would sell them twice.
    await startCheckout('meanwhile@example.com', 2);
    expect(await variantStock()).toBe(1);
    const refused = await setStatus(order.id, { status: 'shipped' });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: string; code: string };
    expect(body.code).toBe('reopen-short-of-stock');
    expect(body.error).toContain(`Order ${order.orderNumber} gave its items back to stock`);
    expect(body.error).toContain('Only 1 left of Simple Cross Tee');
    const [still] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(still).toMatchObject({ status: 'cancelled', stockState: 'released', shippedAt: null });
    expect(await variantStock()).toBe(1);
    expect((await outboxFor(order.id)).filter((mail) => mail.dedupeKey?.endsWith(':shipped'))).toHaveLength(0);
  });
});
