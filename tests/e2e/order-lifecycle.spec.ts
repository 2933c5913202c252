/**
 * Issue 11 items 4, 5 and 7 in the browser: a sandbox purchase, then the admin marks it
 * shipped with a carrier and tracking number (the customer's e-mail is read from the outbox),
 * cancels it through the confirmation (refunded once), and reads the Donations tab.
 * Screenshots of the order details and the Donations tab at 375 and 1440 px.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { buyTeeOnSandbox, signInAdmin, screenshotAt } from './helpers/shop';

/** A paid sandbox order for `email` (two tees): its order number. */
const buyTee = (page: Page, request: APIRequestContext, email: string) =>
  buyTeeOnSandbox(page, request, { email, quantity: 2 });

/** The text of the outbox .eml whose subject contains `subject` (quoted-printable decoded). */
async function mailWithSubject(subject: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let found = '';
  await expect
    .poll(async () => {
      for (const name of (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'))) {
        const raw = (await readFile(path.join(dir, name), 'utf8'))
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
        if (raw.includes(subject)) found = raw;
      }
      return found !== '';
    })
    .toBe(true);
  return found;
}

test('ship with tracking, then cancel with confirmation: tracking e-mail, refund once', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = `lifecycle-${Date.now()}@example.com`;
  const orderNumber = await buyTee(page, request, email);
  await signInAdmin(page);
  await page.getByRole('tab', { name: 'Orders' }).click();
  const row = page.getByTestId('order-row').filter({ hasText: orderNumber });
  await expect(row).toBeVisible();

  // Shipped asks for the carrier and tracking number; a bad one is refused in the dialog.
  await row.getByLabel(`Status of ${orderNumber}`).selectOption('shipped');
  const ship = page.getByRole('dialog', { name: `Ship order ${orderNumber}` });
  await expect(ship).toBeVisible();
  await ship.getByLabel('Tracking number (optional)').fill('9400 1000 0000 0000 0000 00');
  await ship.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(ship.getByRole('alert')).toHaveText('Choose the carrier for this tracking number.');
  await ship.getByLabel('Carrier (optional)').selectOption('USPS');
  await expect(ship).toContainText('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000');
  await ship.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(page.getByText('Order status updated successfully').first()).toBeVisible();
  await expect(ship).toHaveCount(0);
  await expect(row.getByLabel(`Status of ${orderNumber}`)).toHaveValue('shipped');

  const shippedMail = await mailWithSubject(`Your order has shipped: ${orderNumber}`);
  expect(shippedMail).toContain(`To: ${email}`);
  expect(shippedMail).toContain('Tracking number: 9400 1000 0000 0000 0000 00');
  expect(shippedMail).toContain('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000');

  await row.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: `Order ${orderNumber}` });
  await expect(details.getByTestId('order-carrier')).toHaveText('USPS');
  await expect(details.getByTestId('order-tracking').getByRole('link')).toHaveAttribute(
    'href',
    'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
  );
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);

  // Cancel asks first; "Keep order" changes nothing.
  await row.getByLabel(`Status of ${orderNumber}`).selectOption('cancelled');
  const confirm = page.getByRole('alertdialog', { name: `Cancel order ${orderNumber}?` });
  await expect(confirm.getByTestId('cancel-order-description')).toContainText('is refunded');
  // It has shipped: its units are not put back on the shelf.
  await expect(confirm.getByTestId('cancel-order-description')).toContainText('the items stay out of stock');
  await confirm.getByRole('button', { name: 'Keep order' }).click();
  await expect(row.getByLabel(`Status of ${orderNumber}`)).toHaveValue('shipped');

  await row.getByLabel(`Status of ${orderNumber}`).selectOption('cancelled');
  const refundButton = confirm.getByRole('button', { name: /^Cancel and refund \$/ });
  // A paid order's refund asks for a reason first (issue 27: kept in the activity log).
  await expect(refundButton).toBeDisabled();
  await confirm.getByLabel('Reason').fill('Customer changed their mind');
  await expect(refundButton).toBeEnabled();
  // A double click refunds once: the button is disabled while the first one works.
  await refundButton.dblclick();
  await expect(page.getByText(new RegExp(`Order ${orderNumber} cancelled and \\$[\\d.]+ refunded`))).toBeVisible();
  await expect(row.getByLabel(`Status of ${orderNumber}`)).toHaveValue('cancelled');
  await expect(page.getByText('Failed to update order status')).toHaveCount(0);
  const cancelledMail = await mailWithSubject(`Your order has been cancelled: ${orderNumber}`);
  expect(cancelledMail).toContain('has been refunded');

  await row.getByRole('button', { name: 'View Details' }).click();
  await expect(details.getByTestId('order-refunded')).toContainText('$');
  await expect(details.getByTestId('order-lifecycle')).toContainText('Refund (cancellation)');
  await expect(details.getByTestId('order-lifecycle')).toContainText('succeeded');
  await expect(details.getByTestId('order-lifecycle')).not.toContainText('pending');
  await screenshotAt(page, 'admin-order-details', [1440, 375], false);
});

test('Donations tab: amount, date, e-mail, status and the total raised', async ({ page, request }) => {
  const donation = await request.post('/api/donations', { data: { amountCents: 4200 } });
  expect(donation.status()).toBe(200);
  const { url } = (await donation.json()) as { url: string };
  await page.goto(url);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your gift!' })).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAdmin(page);
  await page.getByRole('tab', { name: 'Donations' }).click();
  await expect(page.getByRole('heading', { name: /^Donations \(\d+\)$/ })).toBeVisible();
  const raised = page.getByTestId('donations-raised');
  await expect(raised).toContainText('Total raised');
  await expect(raised).toContainText('not counted as orders or revenue');
  const paidRow = page.getByTestId('donation-row').filter({ hasText: '$42.00' }).first();
  await expect(paidRow).toContainText('paid');
  await expect(paidRow).toContainText('No email given');
  await page.getByLabel('Filter donations by status').selectOption('paid');
  await expect(page.getByTestId('donation-row').filter({ hasText: 'pending' })).toHaveCount(0);
  await screenshotAt(page, 'admin-donations', [1440, 375], false);
});
