/**
 * Sales tax through HTTP (issue 25), on the database of the run (PGlite, or PostgreSQL with
 * DATABASE_URL): the Tax tab's table (bad rows named, non-admins refused, concurrent edits),
 * the sandbox checkout with an Indiana and an Oregon address, the confirm step without
 * JavaScript and a tampered total, the tax on the order, its lines, the e-mail, /account data,
 * the admin order and the CSV; a cancellation refunding the tax; the monthly report's sums;
 * Stripe Checkout with tax rates and with Stripe Tax against the fake, storing Stripe's tax.
 *
 * Worked example: a $15.00 tee to Indianapolis: shipping $5.99 (under $50), SPEC's total $20.99;
 * Indiana taxes shipping, so 7% of 2099 cents = 146.93 -> 147 cents ($1.47): 105 on the tee,
 * 42 on the shipping; charged $22.46. The same tee to Oregon: $20.99, no tax. To Ohio at 5.75%:
 * 2099 x 5.75% = 120.69 -> 121 cents, charged $22.20.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminTaxRate, AdminTaxReport, AdminTaxSettings } from '../../domain/admin-contract';
import { formatCents } from '../../domain/money';
import { amountChargedCents } from '../../domain/order-summary';
import { refundedTaxCents } from '../../domain/tax';
import {
  checkoutSessions,
  discountRedemptions,
  emailOutbox,
  orderLines,
  orders,
  products,
  taxRates,
} from '../../server/db/schema';
import { FAKE_SHIPPING, startFakeStripeServer, type FakeStripeServer } from '../../tools/fakes/stripe-server';
import { SANDBOX_PAYING_CARD, SANDBOX_TEST_ADDRESS, payOnSandbox, shownTotalOf } from '../support/sandbox';
import { createConfirmedCustomer } from '../support/accounts';
import { createTestShop, TEST_ADMIN_PASSCODE, type TestShop } from '../support/test-shop';

const INDIANA = { ...SANDBOX_TEST_ADDRESS, city: 'Indianapolis', region: 'IN', postalCode: '46204' };
const OREGON = { ...SANDBOX_TEST_ADDRESS, city: 'Portland', region: 'OR', postalCode: '97201' };
const OHIO = { ...SANDBOX_TEST_ADDRESS, city: 'Columbus', region: 'Ohio', postalCode: '43004' };

async function adminToken(shop: TestShop) {
  const response = await shop.request('/api/admin/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ passcode: TEST_ADMIN_PASSCODE }),
  });
  return ((await response.json()) as { sessionToken: string }).sessionToken;
}

function adminRequest(shop: TestShop, token: string) {
  return (path: string, init: RequestInit = {}) =>
    shop.request(path, {
      ...init,
      headers: {
        'content-type': 'application/json',
        'x-admin-session': token,
        ...(init.headers as Record<string, string> | undefined),
      },
    });
}

async function teeId(shop: TestShop) {
  const [row] = await shop.database.db.select().from(products).where(eq(products.slug, 'simple-cross-tee'));
  return row!.id;
}

async function checkoutTee(shop: TestShop, email = 'grace@example.com') {
  const response = await shop.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items: [{ productId: await teeId(shop), color: 'Blue', size: 'M', quantity: 1 }], email }),
  });
  expect(response.status).toBe(200);
  const { sessionId, url } = (await response.json()) as { sessionId: string; url: string };
  const [order] = await shop.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.paymentSessionId, sessionId));
  return { sessionId, url, orderId: order!.id };
}

function postSandbox(shop: TestShop, sessionId: string, fields: Record<string, string>) {
  return shop.request(`/sandbox/checkout/${sessionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: SANDBOX_PAYING_CARD, ...fields }).toString(),
    redirect: 'manual',
  });
}

async function orderRow(shop: TestShop, orderId: string) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

describe('sales tax in the sandbox checkout', () => {
  let shop: TestShop;
  let admin: ReturnType<typeof adminRequest>;
  beforeAll(async () => {
    shop = await createTestShop();
    admin = adminRequest(shop, await adminToken(shop));
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('starts with Indiana at 7%, shipping taxed', async () => {
    const settings = (await (await admin('/api/admin/tax-rates')).json()) as AdminTaxSettings;
    expect(
      settings.rates.map(({ country, region, rateMilli, shippingTaxed }) => ({
        country,
        region,
        rateMilli,
        shippingTaxed,
      })),
    ).toEqual([{ country: 'US', region: 'IN', rateMilli: 7000, shippingTaxed: true }]);
    expect(settings.stripeTaxMode).toBe('rates');
  });

  it('shows the Indiana tax before Pay, asks to confirm the taxed total, and charges exactly it', async () => {
    const { sessionId, orderId } = await checkoutTee(shop);
    // The page computes the tax of every place of the table on the server: Indiana's is in it.
    const page = await (await shop.request(`/sandbox/checkout/${sessionId}`)).text();
    expect(page).toContain('Sales tax (IN 7%)');
    expect(shownTotalOf(page)).toBe('2099'); // no state chosen yet: the untaxed total

    // Without JavaScript the page posted the total it showed before the state was chosen:
    // nothing is charged, and the taxed total is shown to confirm.
    const confirm = await postSandbox(shop, sessionId, { ...INDIANA, shownTotalCents: '2099' });
    expect(confirm.status).toBe(409);
    const confirmHtml = await confirm.text();
    expect(confirmHtml).toContain('Please confirm your total');
    expect(confirmHtml).toContain('With Sales tax (IN 7%) your total is $22.46. Pay to confirm it.');
    expect(shownTotalOf(confirmHtml)).toBe('2246');
    expect((await orderRow(shop, orderId)).status).toBe('pending');

    // A tampered request naming its own tax and rate changes nothing; the total it names is not charged.
    const tampered = await postSandbox(shop, sessionId, {
      ...INDIANA,
      shownTotalCents: '2000',
      taxCents: '0',
      rateMilli: '0',
    });
    expect(tampered.status).toBe(409);
    expect((await orderRow(shop, orderId)).status).toBe('pending');

    const paid = await postSandbox(shop, sessionId, { ...INDIANA, shownTotalCents: '2246' });
    expect(paid.status).toBe(302);
    const order = await orderRow(shop, orderId);
    expect(order).toMatchObject({
      status: 'processing',
      totalCents: 2099,
      taxCents: 147,
      shippingTaxCents: 42,
      taxableCents: 2099,
      taxedShippingCents: 599,
      taxRateMilli: 7000,
      taxCountry: 'US',
      taxRegion: 'IN',
      // Points on SPEC's total, never on the tax.
      pointsEarned: 2099,
    });
    const lines = await shop.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(lines.map((line) => [line.netCents, line.taxCents])).toEqual([[1500, 105]]);
    const [session] = await shop.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session!.amountTotalCents).toBe(2246);
    const success = await (await shop.request(`/payment-success?session_id=${sessionId}`)).text();
    expect(success).toContain('$22.46');

    const [mail] = await shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'grace@example.com'));
    expect(mail!.text).toContain('Sales tax (IN 7%): $1.47');
    expect(mail!.text).toContain('Total: $22.46');

    const detail = (await (await admin(`/api/admin/orders/${orderId}`)).json()) as AdminOrderDetail;
    expect(detail).toMatchObject({ totalCents: 2099, taxCents: 147, taxLabel: 'Sales tax (IN 7%)' });
    const csv = await (await admin('/api/admin/orders/export')).text();
    const [header, ...rows] = csv.trim().split('\r\n');
    const taxColumn = header!.split(',').indexOf('tax');
    expect(taxColumn).toBeGreaterThan(0);
    const row = rows.find((line) => line.startsWith(order.orderNumber))!;
    expect(row.split(',')[taxColumn]).toBe('1.47');
  });

  it("reports a partial refund's taxable share as the refund's tax is shared: of the amount charged, halves up", async () => {
    // $20.99 taxable (tee and shipping), $1.47 tax; half of the $22.46 charged given back.
    const charged = 2246;
    const refunded = 1123;
    await shop.database.db.insert(orders).values({
      orderNumber: 'WYF-HALF01',
      email: 'half@example.com',
      paymentProvider: 'sandbox',
      status: 'processing',
      subtotalCents: 1500,
      shippingCents: 599,
      totalCents: 2099,
      taxCents: 147,
      taxableCents: 2099,
      taxedShippingCents: 599,
      taxRateMilli: 7000,
      taxCountry: 'US',
      taxRegion: 'KY',
      paidAt: new Date('2025-03-10T12:00:00Z'),
      refundedCents: refunded,
      refundedTaxCents: refundedTaxCents({ refundedCents: refunded, chargedCents: charged, taxCents: 147 }),
      refundedAt: new Date('2025-03-12T12:00:00Z'),
    });
    const report = (await (await admin('/api/admin/tax-report?from=2025-03&to=2025-03')).json()) as AdminTaxReport;
    const row = report.rows.find((entry) => entry.region === 'KY')!;
    expect(row).toMatchObject({
      taxRefundedCents: 74,
      // 2099 × 1123 / 2246 = 1049.5: halves up, as the tax's 73.5 became 74.
      taxableRefundedCents: refundedTaxCents({ refundedCents: refunded, chargedCents: charged, taxCents: 2099 }),
    });
    expect(row.taxableRefundedCents).toBe(1050);
  });

  it('charges no tax to Oregon: the page pays at once with the untaxed total', async () => {
    const { sessionId, orderId } = await checkoutTee(shop);
    const paid = await postSandbox(shop, sessionId, { ...OREGON, shownTotalCents: '2099' });
    expect(paid.status).toBe(302);
    expect(await orderRow(shop, orderId)).toMatchObject({
      status: 'processing',
      totalCents: 2099,
      taxCents: 0,
      taxRateMilli: null,
    });
  });

  it("shows the tax on the customer's /account order", async () => {
    const cookie = await createConfirmedCustomer(shop, { email: 'naomi@example.com' });
    const response = await shop.request('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ items: [{ productId: await teeId(shop), color: 'Blue', size: 'M', quantity: 1 }] }),
    });
    const { sessionId } = (await response.json()) as { sessionId: string };
    expect((await payOnSandbox(shop, sessionId, SANDBOX_PAYING_CARD, INDIANA)).status).toBe(302);
    const account = await (await shop.request('/account', { headers: { cookie } })).text();
    expect(account).toContain('Sales tax (IN 7%)');
    expect(account).toContain('$1.47');
    expect(account).toContain('$22.46');
  });

  it('refuses a state the US does not have, naming the field, and charges nothing', async () => {
    const { sessionId, orderId } = await checkoutTee(shop);
    const refused = await postSandbox(shop, sessionId, { ...INDIANA, region: 'Atlantis', shownTotalCents: '2099' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Enter a US state, such as IN or Indiana');
    const unknownCountry = await postSandbox(shop, sessionId, { ...INDIANA, country: 'ZZ' });
    expect(unknownCountry.status).toBe(400);
    expect(await unknownCountry.text()).toContain('We do not ship to this country');
    expect((await orderRow(shop, orderId)).status).toBe('pending');
  });

  it('keeps the tax table honest: fields named, duplicates and non-admins refused, nothing half-written', async () => {
    const add = (body: unknown) => admin('/api/admin/tax-rates', { method: 'POST', body: JSON.stringify(body) });
    const refusal = async (response: Response) => ({
      status: response.status,
      ...((await response.json()) as { error: string; field?: string }),
    });
    expect(await refusal(await add({ country: 'US', region: 'OH', rate: '25', shippingTaxed: true }))).toMatchObject({
      status: 400,
      field: 'rate',
      error: 'Rate: enter a percentage from 0 to 20, with up to 3 decimals',
    });
    expect(await refusal(await add({ country: 'US', region: 'ZZ', rate: '5', shippingTaxed: true }))).toMatchObject({
      status: 400,
      field: 'region',
    });
    expect(await refusal(await add({ country: 'US', region: 'IN', rate: '5', shippingTaxed: true }))).toMatchObject({
      status: 400,
      error: 'State / Region: Indiana (US-IN) is already in the table',
    });
    const stranger = await shop.request('/api/admin/tax-rates', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ country: 'US', region: 'OH', rate: '5.75', shippingTaxed: true }),
    });
    expect(stranger.status).toBe(401);
    expect(await shop.database.db.$count(taxRates)).toBe(1);

    // Two admins add the same place at once: one row.
    const both = await Promise.all(
      [1, 2].map(() => add({ country: 'US', region: 'OH', rate: '5.75', shippingTaxed: true })),
    );
    expect(both.map((response) => response.status).sort()).toEqual([201, 400]);
    const ohio = ((await (await admin('/api/admin/tax-rates')).json()) as AdminTaxSettings).rates.find(
      (rate) => rate.region === 'OH',
    )!;

    // Two admins edit the same row at once: the row is one edit or the other, whole.
    const edits = [
      { country: 'US', region: 'OH', rate: '6', shippingTaxed: false },
      { country: 'US', region: 'OH', rate: '5.75', shippingTaxed: true },
    ];
    const answers = await Promise.all(
      edits.map((body) => admin(`/api/admin/tax-rates/${ohio.id}`, { method: 'PUT', body: JSON.stringify(body) })),
    );
    expect(answers.map((response) => response.status)).toEqual([200, 200]);
    const [stored] = await shop.database.db.select().from(taxRates).where(eq(taxRates.id, ohio.id));
    expect([
      [6000, false],
      [5750, true],
    ]).toContainEqual([stored!.rateMilli, stored!.shippingTaxed]);
    // The owner settles on 5.75% with shipping taxed.
    const settled = await admin(`/api/admin/tax-rates/${ohio.id}`, { method: 'PUT', body: JSON.stringify(edits[1]) });
    expect(((await settled.json()) as { rate: AdminTaxRate }).rate).toMatchObject({
      rateMilli: 5750,
      shippingTaxed: true,
    });
    expect((await admin(`/api/admin/tax-rates/${ohio.id}`, { method: 'PUT', body: '{"rate":"x"}' })).status).toBe(400);
    expect(
      (await admin('/api/admin/tax-rates/00000000-0000-4000-8000-000000000000', { method: 'DELETE' })).status,
    ).toBe(404);
    expect((await admin('/api/admin/tax-settings', { method: 'PUT', body: '{"stripeTaxMode":"magic"}' })).status).toBe(
      400,
    );
  });

  it('taxes the next Ohio order at 5.75%', async () => {
    const { sessionId, orderId } = await checkoutTee(shop);
    const paid = await payOnSandbox(shop, sessionId, SANDBOX_PAYING_CARD, OHIO);
    expect(paid.status).toBe(302);
    expect(await orderRow(shop, orderId)).toMatchObject({
      taxCents: 121,
      taxRateMilli: 5750,
      taxRegion: 'OH',
      shippingRegion: 'OH',
    });
  });

  it('refunds the tax with a cancelled order, and the report adds up to the orders', async () => {
    const { sessionId, orderId } = await checkoutTee(shop);
    expect((await payOnSandbox(shop, sessionId, SANDBOX_PAYING_CARD, INDIANA)).status).toBe(302);
    const cancelled = await admin(`/api/admin/orders/${orderId}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'cancelled', reason: 'Customer asked to cancel' }),
    });
    expect(cancelled.status).toBe(200);
    expect(await orderRow(shop, orderId)).toMatchObject({
      status: 'cancelled',
      refundedCents: 2246,
      refundedTaxCents: 147,
    });

    const report = (await (await admin('/api/admin/tax-report')).json()) as AdminTaxReport;
    const taxed = await shop.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'processing')));
    const all = await shop.database.db.select().from(orders);
    const paidTaxed = all.filter((order) => order.paidAt && order.taxCents > 0);
    const month = new Date().toISOString().slice(0, 7);
    const indiana = report.rows.find((row) => row.month === month && row.region === 'IN')!;
    expect(indiana).toMatchObject({
      place: 'Indiana (US-IN)',
      orders: 3,
      taxableSalesCents: 4500,
      shippingTaxedCents: 1797,
      // The cancelled order's $15.00 tee and $5.99 shipping came back with its tax.
      taxableRefundedCents: 2099,
      taxCollectedCents: 441,
      taxRefundedCents: 147,
      netTaxCents: 294,
    });
    // What the net tax is owed on: 7 % of it, to the cent.
    const netTaxable = indiana.taxableSalesCents + indiana.shippingTaxedCents - indiana.taxableRefundedCents;
    expect(Math.round(netTaxable * 0.07)).toBe(indiana.netTaxCents);
    expect(report.rows.find((row) => row.region === 'OH')).toMatchObject({
      orders: 1,
      taxCollectedCents: 121,
      netTaxCents: 121,
    });
    expect(report.totals.taxCollectedCents).toBe(paidTaxed.reduce((sum, order) => sum + order.taxCents, 0));
    expect(report.totals.netTaxCents).toBe(
      all.reduce((sum, order) => sum + order.taxCents - order.refundedTaxCents, 0),
    );
    expect(taxed.length).toBeGreaterThan(0);

    const csv = await admin(`/api/admin/tax-report?from=${month}&to=${month}&format=csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe(
      'month,country,region,place,orders,taxable_sales,shipping_taxed,taxable_refunded,tax_collected,tax_refunded,net_tax',
    );
    expect(text).toContain(`${month},US,IN,Indiana (US-IN),3,45.00,17.97,20.99,4.41,1.47,2.94`);
    expect((await admin('/api/admin/tax-report?from=2026-13')).status).toBe(400);
    // Far years were a 500 (the database cannot store them); now the admin is told the range.
    for (const far of ['to=9999-12', 'from=0000-01', 'from=0001-01&to=9999-12']) {
      const refused = await admin(`/api/admin/tax-report?${far}`);
      expect(refused.status, far).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe('Report months are between 2000 and 2999');
    }

    const stats = (await (await admin('/api/admin/stats')).json()) as {
      revenueCents: number;
      taxCollectedCents: number;
    };
    expect(stats.taxCollectedCents).toBe(report.totals.netTaxCents);
  });

  // After the report's sums above, which count the Indiana orders paid before it.
  it('fixes each line its share of the tax, commits the stock and keeps the code, in the payment (two lines, a code)', async () => {
    const tee = await teeId(shop);
    const response = await shop.request('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [
          { productId: tee, color: 'Blue', size: 'M', quantity: 1 },
          { productId: tee, color: 'White', size: 'L', quantity: 2 },
        ],
        email: 'ruth@example.com',
        couponCode: 'JESUS',
      }),
    });
    expect(response.status).toBe(200);
    const { sessionId } = (await response.json()) as { sessionId: string };
    const [pending] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(pending).toMatchObject({ status: 'pending', stockState: 'reserved', couponCode: 'JESUS' });
    // $45.00 less 10% = $40.50, shipping $5.99: $46.49; Indiana's 7% of it is 325.43 -> $3.25.
    const paid = await postSandbox(shop, sessionId, { ...INDIANA, shownTotalCents: '4974' });
    expect(paid.status).toBe(302);
    const order = await orderRow(shop, pending!.id);
    expect(order).toMatchObject({
      status: 'processing',
      stockState: 'committed',
      totalCents: 4649,
      taxCents: 325,
      shippingTaxCents: 42,
      taxRegion: 'IN',
    });
    const lines = await shop.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(orderLines.position);
    // Each line's share of the tax as the table shares it (7% of 1350 = 94.5, of 2700 = 189, of the
    // shipping 41.93: whole cents adding up to 325), stored by the payment.
    expect(lines.map((line) => [line.netCents, line.taxCents])).toEqual([
      [1350, 94],
      [2700, 189],
    ]);
    expect(lines.reduce((sum, line) => sum + line.taxCents, 0) + order.shippingTaxCents).toBe(order.taxCents);
    const redemptions = await shop.database.db
      .select({ state: discountRedemptions.state })
      .from(discountRedemptions)
      .where(eq(discountRedemptions.orderId, order.id));
    expect(redemptions).toEqual([{ state: 'used' }]);
    const [mail] = await shop.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `order-confirmation:${order.id}`));
    expect(mail!.text).toContain('Simple Cross Tee (Blue, M) x 1');
    expect(mail!.text).toContain('Simple Cross Tee (White, L) x 2');
    expect(mail!.text).toContain('Sales tax (IN 7%): $3.25');
    expect(mail!.text).toContain('Total: $49.74');
  });

  // After the report's sums, which count the Indiana orders paid before them.
  it("gives /account the order's whole breakdown (the code's discount too), and the admin's list and profile what was charged", async () => {
    const email = 'lydia@example.com';
    const cookie = await createConfirmedCustomer(shop, { email });
    const response = await shop.request('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        items: [{ productId: await teeId(shop), color: 'Blue', size: 'M', quantity: 2 }],
        couponCode: 'JESUS',
      }),
    });
    const { sessionId } = (await response.json()) as { sessionId: string };
    expect((await payOnSandbox(shop, sessionId, SANDBOX_PAYING_CARD, INDIANA)).status).toBe(302);
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(order!.discountCents).toBeGreaterThan(0);
    expect(order!.taxCents).toBeGreaterThan(0);
    const charged = formatCents(order!.totalCents + order!.taxCents);
    // The lines, the discount, the tax and the total add up (the discount was left out).
    const account = await (await shop.request('/account', { headers: { cookie } })).text();
    for (const text of [
      'Discount (JESUS)',
      `-${formatCents(order!.discountCents)}`,
      formatCents(order!.subtotalCents),
      charged,
    ]) {
      expect(account).toContain(text);
    }
    // The Orders tab and the customer's profile showed the total before tax.
    const list = (await (await admin(`/api/admin/orders?q=${order!.orderNumber}`)).json()) as {
      orders: { orderNumber: string; totalCents: number; taxCents: number }[];
    };
    expect(list.orders[0]).toMatchObject({
      orderNumber: order!.orderNumber,
      totalCents: order!.totalCents,
      taxCents: order!.taxCents,
    });
    expect(amountChargedCents(list.orders[0]!)).toBe(order!.totalCents + order!.taxCents);
    const customers = (await (await admin(`/api/admin/customers?q=${email}`)).json()) as {
      customers: { id: string }[];
    };
    const profile = (await (await admin(`/api/admin/customers/${customers.customers[0]!.id}`)).json()) as {
      orders: { orderNumber: string; taxCents: number }[];
    };
    expect(profile.orders.find((row) => row.orderNumber === order!.orderNumber)?.taxCents).toBe(order!.taxCents);
  });
});

describe('sales tax with Stripe Checkout (fake)', () => {
  let fake: FakeStripeServer;
  let shop: TestShop;
  let admin: ReturnType<typeof adminRequest>;
  beforeAll(async () => {
    fake = await startFakeStripeServer();
    shop = await createTestShop({
      STRIPE_SECRET_KEY: 'sk_test_fake_key',
      STRIPE_WEBHOOK_SECRET: 'whsec_tax',
      STRIPE_API_BASE: fake.url,
    });
    admin = adminRequest(shop, await adminToken(shop));
  });
  afterAll(async () => {
    await shop?.close();
    await fake?.close();
  });

  const sessionParams = (sessionId: string) => {
    const created = fake.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v1/checkout/sessions',
    );
    const session = fake.sessions.get(sessionId)!;
    return created.find((request) => request.body.client_reference_id === session.client_reference_id)!.body;
  };

  it('sends the table as tax rates Checkout matches by the address, and stores the tax Stripe charged', async () => {
    const { sessionId, orderId } = await checkoutTee(shop, 'stripe-rates@example.com');
    const [rate] = [...fake.taxRates.values()];
    expect(rate).toMatchObject({
      percentage: 7,
      country: 'US',
      state: 'IN',
      inclusive: false,
      display_name: 'Sales tax',
    });
    const params = sessionParams(sessionId) as {
      line_items: Record<string, unknown>[];
      automatic_tax?: unknown;
      shipping_options?: unknown;
    };
    expect(params.automatic_tax).toBeUndefined();
    expect(params.line_items[0]).toMatchObject({ dynamic_tax_rates: [rate!.id] });
    // The taxed delivery charge is a line item of its own (tax rates apply to line items).
    expect(params.line_items[1]).toMatchObject({ price_data: { unit_amount: '599' }, dynamic_tax_rates: [rate!.id] });
    expect(params.shipping_options).toBeUndefined();

    fake.pay(sessionId, { shipping: FAKE_SHIPPING });
    expect(await (await shop.request(`/payment-success?session_id=${sessionId}`)).text()).toContain('$22.46');
    expect(await orderRow(shop, orderId)).toMatchObject({
      status: 'processing',
      taxCents: 147,
      taxRateMilli: 7000,
      taxRegion: 'IN',
    });
    const lines = await shop.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(lines.map((line) => line.taxCents)).toEqual([105]);
    // A second checkout reuses the same Stripe tax rate (made once per rate).
    await checkoutTee(shop, 'stripe-rates@example.com');
    expect(fake.taxRates.size).toBe(1);
  });

  it('stores no tax for an Oregon address', async () => {
    const { sessionId, orderId } = await checkoutTee(shop, 'stripe-or@example.com');
    fake.pay(sessionId, {
      shipping: {
        ...FAKE_SHIPPING,
        address: { ...FAKE_SHIPPING.address, state: 'OR', city: 'Portland', postal_code: '97201' },
      },
    });
    await shop.request(`/payment-success?session_id=${sessionId}`);
    expect(await orderRow(shop, orderId)).toMatchObject({ status: 'processing', taxCents: 0 });
  });

  it('with Stripe Tax on, asks for automatic tax with the apparel and shipping tax codes', async () => {
    expect(
      (await admin('/api/admin/tax-settings', { method: 'PUT', body: '{"stripeTaxMode":"automatic"}' })).status,
    ).toBe(200);
    const { sessionId, orderId } = await checkoutTee(shop, 'stripe-auto@example.com');
    const params = sessionParams(sessionId) as {
      automatic_tax: unknown;
      line_items: { price_data: Record<string, unknown>; dynamic_tax_rates?: unknown }[];
      shipping_options: { shipping_rate_data: Record<string, unknown> }[];
    };
    expect(params.automatic_tax).toEqual({ enabled: 'true' });
    expect(params.line_items[0]!.price_data).toMatchObject({
      tax_behavior: 'exclusive',
      product_data: { tax_code: 'txcd_30011000' },
    });
    expect(params.line_items[0]!.dynamic_tax_rates).toBeUndefined();
    expect(params.shipping_options[0]!.shipping_rate_data).toMatchObject({
      tax_behavior: 'exclusive',
      tax_code: 'txcd_92010001',
      fixed_amount: { amount: '599' },
    });

    fake.pay(sessionId, { shipping: FAKE_SHIPPING });
    await shop.request(`/payment-success?session_id=${sessionId}`);
    expect(await orderRow(shop, orderId)).toMatchObject({ taxCents: 147, shippingTaxCents: 42, taxRegion: 'IN' });
    await admin('/api/admin/tax-settings', { method: 'PUT', body: '{"stripeTaxMode":"rates"}' });
  });

  it('never taxes a donation', async () => {
    const before = fake.requests.length;
    const response = await shop.request('/api/donations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amountCents: 2500 }),
    });
    expect(response.status).toBe(200);
    const created = fake.requests.slice(before).find((request) => request.path === '/v1/checkout/sessions')!;
    expect(created.body.automatic_tax).toBeUndefined();
    expect((created.body.line_items as Record<string, unknown>[])[0]!.dynamic_tax_rates).toBeUndefined();
  });

  it('is refused by the fake as by Stripe when tax parameters are wrong', async () => {
    const stripe = (await import('stripe')).default;
    const client = new stripe('sk_test_fake', {
      host: new URL(fake.url).hostname,
      port: Number(new URL(fake.url).port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const base = {
      mode: 'payment' as const,
      success_url: 'http://shop.test/ok',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 1500, product_data: { name: 'Tee' } } }],
    };
    const [rate] = [...fake.taxRates.values()];
    await expect(
      client.checkout.sessions.create({
        ...base,
        automatic_tax: { enabled: true },
        line_items: [{ ...base.line_items[0]!, tax_rates: [String(rate!.id)] }],
      }),
    ).rejects.toThrow(/automatic_tax/);
    await expect(
      client.checkout.sessions.create({
        ...base,
        line_items: [{ ...base.line_items[0]!, dynamic_tax_rates: [String(rate!.id)] } as never],
      }),
    ).rejects.toThrow(/address/);
    await expect(client.checkout.sessions.create({ ...base, automatic_tax: { enabled: true } })).rejects.toThrow(
      /tax_behavior/,
    );
    await expect(
      client.taxRates.create({ display_name: 'Sales tax', inclusive: false, percentage: 101 }),
    ).rejects.toThrow(/percentage/);
  });
});
