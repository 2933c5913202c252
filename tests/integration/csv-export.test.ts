/**
 * Issue 30 item 7 through HTTP: the orders export keeps every field in its own cell (a
 * semicolon or comma is quoted), guards formulas, and leaves a phone number readable. Its
 * money adds up row by row (the points' discount has a column) and an order never paid shows
 * nothing charged.
 */
import { readLine } from '../support/csv-line';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { customers, orders } from '../../server/db/schema';
import { passcodeSession } from '../support/staff';
import { createTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let token: string;
beforeAll(async () => {
  shop = await createTestShop({ BACKUP_EVERY_HOURS: '0' });
  token = await passcodeSession(shop);
});
afterAll(async () => {
  await shop?.close();
});

it('exports semicolons and commas inside one cell, formulas guarded, phone numbers as they are', async () => {
  const db = shop.database.db;
  const [customer] = await db
    .insert(customers)
    .values({ email: 'semi@example.com', firstName: 'Semi;=1+1', lastName: 'Comma, Jr.' })
    .returning();
  await db.insert(orders).values({
    orderNumber: 'WYF-CSV001',
    customerId: customer!.id,
    email: 'semi@example.com',
    paymentProvider: 'sandbox',
    subtotalCents: 1000,
    totalCents: 1599,
    status: 'processing',
    shippingName: '=HYPERLINK("http://evil.example")',
    shippingLine1: '+SUM(A1:A9)',
    shippingLine2: 'Apt 4;B',
    shippingCity: 'Indianapolis',
    shippingCountry: 'US',
    shippingPhone: '+1 317 555 0100',
  });
  const response = await shop.request('/api/admin/orders/export', { headers: { 'X-Admin-Session': token } });
  expect(response.status).toBe(200);
  const [header, ...lines] = (await response.text()).trim().split('\r\n');
  const columns = readLine(header!, ',');
  const line = lines.find((text) => text.startsWith('WYF-CSV001'))!;
  const cells = Object.fromEntries(readLine(line, ',').map((cell, index) => [columns[index], cell]));
  expect(cells).toMatchObject({
    customer_name: 'Semi;=1+1 Comma, Jr.',
    shipping_name: `'=HYPERLINK("http://evil.example")`,
    shipping_line1: "'+SUM(A1:A9)",
    shipping_line2: 'Apt 4;B',
    shipping_phone: '+1 317 555 0100',
  });
  expect(readLine(line, ',')).toHaveLength(columns.length);
  // A spreadsheet splitting on semicolons finds none outside quotes.
  expect(readLine(line, ';')).toHaveLength(1);
});

it('adds up every row, points included, and shows nothing charged for an order never paid', async () => {
  const db = shop.database.db;
  const paidAt = new Date('2026-11-02T10:00:00Z');
  const base = { email: 'sums@example.com', paymentProvider: 'sandbox', subtotalCents: 5298, shippingCents: 0 } as const;
  await db.insert(orders).values([
    // $52.98 less a $8.00 code and 10,000 points ($5.00): $39.98, with 7% tax; $10.00 of it refunded.
    { ...base, orderNumber: 'WYF-SUM001', status: 'processing', discountCents: 800, couponCode: 'SAVE8', pointsRedeemed: 10000,
      pointsDiscountCents: 500, totalCents: 3998, taxCents: 280, paidAt, refundedCents: 1000 },
    { ...base, orderNumber: 'WYF-SUM002', status: 'pending', discountCents: 0, totalCents: 5298 },
    { ...base, orderNumber: 'WYF-SUM003', status: 'cancelled', discountCents: 0, totalCents: 5298 },
  ]);
  const response = await shop.request('/api/admin/orders/export', { headers: { 'X-Admin-Session': token } });
  const [header, ...lines] = (await response.text()).trim().split('\r\n');
  const columns = readLine(header!, ',');
  const row = (orderNumber: string) => {
    const line = lines.find((text) => text.startsWith(orderNumber))!;
    return Object.fromEntries(readLine(line, ',').map((cell, index) => [columns[index], cell]));
  };
  const cents = (value: string | undefined) => Math.round(Number(value) * 100);
  const paid = row('WYF-SUM001');
  expect(paid).toMatchObject({ points_redeemed: '10000', points_discount: '5.00', amount_charged: '42.78', refunded: '10.00' });
  expect(cents(paid.subtotal) - cents(paid.discount) - cents(paid.points_discount) + cents(paid.shipping)).toBe(cents(paid.total));
  expect(row('WYF-SUM002')).toMatchObject({ amount_charged: '', refunded: '0.00', paid_at: '' });
  expect(row('WYF-SUM003')).toMatchObject({ amount_charged: '', refunded: '0.00' });
});
