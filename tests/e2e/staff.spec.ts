/**
 * Issue 27's "done when", in the browser: the owner (passcode) invites a packer as Fulfillment;
 * the packer opens the emailed link, creates an account, sets up two-factor sign-in (QR code,
 * key as text, ten recovery codes, a code to confirm), signs in at /auth with email, password
 * and a code, opens the admin from the header's Admin button, ships an order with tracking, and
 * finds no refund, export, costs or customers; the owner reads the shipment in the Activity
 * tab, removes the packer, and the packer's next click is refused. Screenshots at 375 and
 * 1440 px of the Staff tab, the set-up page, the packer's admin and the Activity tab.
 */
import { expect, test, type Page } from '@playwright/test';
import { totpFromSecret } from '../support/totp';
import { buyTeeOnSandbox, gotoHydrated, screenshotAt, signInAdmin, skipPromo } from './helpers/shop';
import { linkFromOutbox } from './helpers/outbox';

const PACKER = `packer-${Date.now()}@example.com`;
const PASSWORD = 'packer-password-1';

/** A code the server has not seen from this test yet (each code works once). */
function freshCode(secret: string, used: Set<string>): string {
  for (const offset of [0, 1, -1]) {
    const code = totpFromSecret(secret, offset);
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
  }
  throw new Error('no unused code in the window');
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
}

test('a Fulfillment member: invite, two-factor set-up, sign-in, shipping; the owner reads it and removes them', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const orderNumber = await buyTeeOnSandbox(page, request, { email: `staff-buyer-${Date.now()}@example.com` });

  // The owner, with the passcode, invites the packer.
  await skipPromo(page);
  await signInAdmin(page);
  await expect(page.getByTestId('admin-identity')).toHaveText('Owner (passcode) · Owner');
  await openTab(page, 'Staff');
  await page.getByLabel('Email').fill(PACKER);
  await page.getByLabel('Role', { exact: true }).selectOption('fulfillment');
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByTestId('staff-invite').filter({ hasText: PACKER })).toBeVisible();
  await screenshotAt(page, 'staff-tab');

  // The packer, in a browser of their own.
  const packerContext = await browser.newContext();
  const packer = await packerContext.newPage();
  await skipPromo(packer);
  const link = await linkFromOutbox(PACKER, '/staff/invite/');
  await packer.goto(new URL(link).pathname);
  await expect(packer.getByText('Fulfillment', { exact: true })).toBeVisible();
  await screenshotAt(packer, 'staff-invite');
  await packer.getByLabel('Your name').fill('Pat Packer');
  await packer.getByLabel('Choose a password').fill(PASSWORD);
  await packer.getByRole('button', { name: 'Create account and accept' }).click();
  await expect(packer).toHaveURL(/\/staff\/setup$/);

  // Two-factor set-up: the admin stays closed until it is done.
  await packer.getByLabel('Password').fill(PASSWORD);
  await packer.getByRole('button', { name: 'Begin set-up' }).click();
  await expect(packer.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(packer.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  const secret = (await packer.getByTestId('totp-key').innerText()).trim();
  expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
  await screenshotAt(packer, 'staff-two-factor-setup');
  const used = new Set<string>();
  await packer.setViewportSize({ width: 1280, height: 900 });
  await packer.getByLabel('Authentication code').fill(freshCode(secret, used));
  await packer.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(packer.getByText('Two-factor sign-in is on.')).toBeVisible();

  // Their first sign-in with two-factor: signed out, then email, password and a code at /auth.
  await packerContext.clearCookies();
  await gotoHydrated(packer, '/auth');
  await packer.getByLabel('Email').fill(PACKER);
  await packer.getByLabel('Password').fill(PASSWORD);
  await packer.getByRole('button', { name: 'Sign In' }).click();
  await expect(packer.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await packer.getByLabel('Authentication code').fill(freshCode(secret, used));
  await packer.getByRole('button', { name: 'Verify' }).click();
  await expect(packer).toHaveURL(/\/$/);

  // The header's Admin button opens the admin directly, with only the Orders tab.
  await packer.getByRole('button', { name: 'Admin', exact: true }).click();
  await expect(packer.getByTestId('admin-identity')).toHaveText(`${PACKER} · Fulfillment`);
  await expect(packer.getByRole('tab')).toHaveText(['Orders']);
  await expect(packer.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  const row = packer.getByTestId('order-row').filter({ hasText: orderNumber });
  const status = row.getByLabel(`Status of ${orderNumber}`);
  await expect(status.locator('option', { hasText: 'cancelled' })).toHaveCount(0);
  await expect(packer.getByText(/margin|cost/i)).toHaveCount(0);

  // Ships the order with tracking.
  await status.selectOption('shipped');
  const ship = packer.getByRole('dialog', { name: `Ship order ${orderNumber}` });
  await ship.getByLabel('Carrier (optional)').selectOption('USPS');
  await ship.getByLabel('Tracking number (optional)').fill('9400 1000 0000 0000 0000 00');
  await ship.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(ship).toHaveCount(0);
  await expect(status).toHaveValue('shipped');
  await screenshotAt(packer, 'staff-fulfillment-admin');
  // The API refuses what the screen does not offer.
  const refused = await packer.evaluate(async () => {
    const token = window.localStorage.getItem('adminSessionToken') ?? '';
    const response = await fetch('/api/admin/customers', { headers: { 'X-Admin-Session': token } });
    return { status: response.status, body: (await response.json()) as { error: string } };
  });
  expect(refused.status).toBe(403);
  expect(refused.body.error).toBe('Your role (Fulfillment) cannot see customers: that needs Owner or Manager.');

  // The owner reads it in the Activity tab.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openTab(page, 'Activity');
  const shipped = page
    .getByTestId('activity-entry')
    .filter({ hasText: `${PACKER} marked ${orderNumber} shipped (USPS 9400` });
  await expect(shipped).toBeVisible();
  await page.getByLabel('Person').selectOption(PACKER);
  await expect(page.getByTestId('activity-entry').first()).toContainText(`${PACKER} marked ${orderNumber} shipped`);
  await screenshotAt(page, 'staff-activity');

  // The owner removes the packer; the packer's next click is refused.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openTab(page, 'Staff');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `Remove ${PACKER}` }).click();
  await expect(page.getByTestId('staff-member').filter({ hasText: PACKER })).toHaveCount(0);
  await packer.getByRole('button', { name: 'View Details' }).first().click();
  await expect(packer.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await expect(packer.getByRole('alert')).toContainText('This account is not a staff member.');
  await packerContext.close();
});
