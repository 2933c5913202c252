/**
 * Issue 30 item 7 through HTTP: the orders export keeps every field in its own cell (a
 * semicolon or comma is quoted), guards formulas, and leaves a phone number readable.
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
