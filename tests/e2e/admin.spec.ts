import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAdmin } from './helpers/shop';
import { E2E_ADMIN_PASSCODE } from '../../playwright.config';
import sharp from 'sharp';
import { migrateDatabase, openDatabase } from '../../server/db/client';
import { customers, orders } from '../../server/db/schema';
import { freePort, startShopProcess, waitForOutput, type ShopProcess } from '../support/process';

test('the passcode journey: empty, wrong, right, then Back to Store ends the session', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByText('Admin Access')).toBeVisible();
  await expect(page.getByText('Enter the admin passcode to access the management panel.')).toBeVisible();
  const field = page.getByLabel('Passcode');
  await expect(field).toHaveAttribute('type', 'password');
  await expect(field).toBeEnabled();

  await page.getByRole('button', { name: 'Access' }).click();
  await expect(page.getByText('Please enter a passcode')).toBeVisible();

  await field.fill('not-the-passcode');
  await field.press('Enter');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText('Invalid passcode. Please try again.')).toBeVisible();
  await expect(field).toHaveValue('');

  await field.fill(E2E_ADMIN_PASSCODE);
  await page.getByRole('button', { name: 'Access' }).click();
  await expect(page.getByText('Access Granted')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  for (const tab of ['Dashboard', 'Products', 'Margins', 'Orders', 'Customers']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  const token = await page.evaluate(() => localStorage.getItem('adminSessionToken'));
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect((await page.request.get('/api/admin/stats', { headers: { 'X-Admin-Session': token! } })).status()).toBe(200);

  await page.getByRole('link', { name: 'Back to Store' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('adminSessionToken'))).toBeNull();
  await expect
    .poll(async () => (await page.request.get('/api/admin/stats', { headers: { 'X-Admin-Session': token! } })).status())
    .toBe(401);
});

test('a reload keeps the admin signed in: the page marks the session left, the new page resumes it', async ({ page }) => {
  // Playwright does not report beacons sent while a page unloads: record them in sessionStorage.
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      sessionStorage.setItem('beacons', `${sessionStorage.getItem('beacons') ?? ''} ${String(url)}`);
      return send(url, data);
    };
  });
  const isResume = (response: { url(): string }) => response.url().includes('/api/admin/session?resume=1');
  const firstResume = page.waitForResponse(isResume);
  await signInAdmin(page);
  expect((await firstResume).status()).toBe(200);
  const token = await page.evaluate(() => localStorage.getItem('adminSessionToken'));
  const resumed = page.waitForResponse(isResume);
  await page.reload();
  expect((await resumed).status()).toBe(200);
  expect(await page.evaluate(() => sessionStorage.getItem('beacons'))).toContain('/api/admin/session?leave=1&token=');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByLabel('Passcode')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('adminSessionToken'))).toBe(token);
  expect((await page.request.get('/api/admin/stats', { headers: { 'X-Admin-Session': token! } })).status()).toBe(200);
});

test('an expired or removed token brings the passcode gate back', async ({ page }) => {
  await page.goto('/admin');
  await page.evaluate(() => localStorage.setItem('adminSessionToken', 'x'.repeat(43)));
  await page.reload();
  await expect(page.getByLabel('Passcode')).toBeEnabled();
  expect(await page.evaluate(() => localStorage.getItem('adminSessionToken'))).toBeNull();
});

test('adding a product with an image shows it on its collection page', async ({ page }, testInfo) => {
  await signInAdmin(page);
  await page.getByRole('tab', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { name: /^Products \(\d+\)$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog');
  const save = dialog.getByRole('button', { name: 'Add Product' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Name *').fill('E2E Grace Hoodie');
  await dialog.getByLabel('Price *').fill('44.50');
  await dialog.getByLabel('Category *').selectOption('hoodies');
  await dialog.getByLabel('Colors (comma separated)').fill(' Sand , , Olive ');
  await dialog.getByLabel('Sizes (comma separated)').fill('M,L');
  await dialog.getByLabel('Sizes (comma separated)').blur();
  await expect(dialog.getByLabel('Colors (comma separated)')).toHaveValue('Sand, Olive');
  // Custom colour names get real swatches: 'Sand' from the apparel colours, 'Olive' as a CSS keyword.
  const swatches = dialog.getByTestId('swatch-preview').locator('span');
  await expect(swatches.nth(0)).toHaveCSS('background-color', 'rgb(216, 195, 165)');
  await expect(swatches.nth(1)).toHaveCSS('background-image', 'linear-gradient(rgb(128, 128, 0), rgb(128, 128, 0))');
  const file = testInfo.outputPath('hoodie.png');
  await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 120, g: 140, b: 90 } } }).png().toFile(file);
  await dialog.getByLabel('Images (the first is the main image)').setInputFiles(file);
  await expect(page.getByText('Image uploaded successfully')).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Main image' })).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]+-960\.webp$/);
  await save.click();
  await expect(page.getByText('Product added successfully')).toBeVisible();
  await expect(page.getByTestId('product-row').filter({ hasText: 'E2E Grace Hoodie' })).toBeVisible();

  const collection = await page.request.get('/hoodies');
  test.skip(collection.status() === 404, 'the /hoodies collection page is not on this branch yet');
  await page.goto('/hoodies');
  const card = page.getByRole('main').getByRole('link', { name: 'E2E Grace Hoodie' });
  await expect(card).toBeVisible();
  await expect(card).toHaveCount(1);
});

test.describe('with orders in the database', () => {
  let shop: ShopProcess;
  let dataDir: string;
  let baseURL: string;

  test.beforeAll(async ({ browserName: _browser }, testInfo) => {
    // A cold embedded database plus a second shop process start: slow on a busy machine.
    testInfo.setTimeout(120_000);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-e2e-admin-'));
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    const [customer] = await database.db
      .insert(customers)
      .values({ email: 'martha@example.com', firstName: 'Martha', lastName: 'Bethany' })
      .returning();
    await database.db.insert(orders).values({
      orderNumber: 'WYF-E2E001',
      customerId: customer!.id,
      email: 'martha@example.com',
      subtotalCents: 3000,
      shippingCents: 599,
      totalCents: 3599,
      paymentProvider: 'sandbox',
      paidAt: new Date(),
    });
    await database.close();
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    shop = startShopProcess({ PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseURL, DATA_DIR: dataDir, ADMIN_PASSCODE: E2E_ADMIN_PASSCODE, ADMIN_REFRESH_MS: '2000' });
    await waitForOutput(shop, baseURL, 60_000);
  });

  test.afterEach(async ({ page: _page }, testInfo) => {
    // The second shop's own log explains a failure there (a crash shows as refused connections).
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('shop output', { body: shop.output() });
  });

  test.afterAll(async () => {
    shop?.child.kill('SIGTERM');
    await shop?.exited;
    await rm(dataDir, { recursive: true, force: true });
  });

  test('changing an order status', async ({ page }) => {
    await signInAdmin(page, baseURL);
    await expect(page.getByText('New order WYF-E2E001 - Martha')).toBeVisible();
    await page.getByRole('tab', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { name: 'Orders (1)' })).toBeVisible();
    const row = page.getByTestId('order-row').filter({ hasText: 'WYF-E2E001' });
    await expect(row).toContainText('Martha Bethany');
    await expect(row).toContainText('$35.99');
    await row.getByLabel('Status of WYF-E2E001').selectOption('shipped');
    // Shipped asks for an optional carrier and tracking number first (issue 11).
    await page.getByRole('dialog', { name: 'Ship order WYF-E2E001' }).getByRole('button', { name: 'Mark as shipped' }).click();
    await expect(page.getByText('Order status updated successfully')).toBeVisible();
    await page.getByRole('tab', { name: 'Dashboard' }).click();
    await expect(page.getByText('New order WYF-E2E001 - Martha').locator('..').locator('..')).toContainText('shipped');
    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.getByRole('button', { name: 'View Details' }).click();
    await expect(page.getByRole('dialog')).toContainText('Order WYF-E2E001');
    await expect(page.getByRole('dialog')).toContainText('$35.99');
    // No points were redeemed on this order: the line is left out.
    await expect(page.getByRole('dialog')).not.toContainText('Points redeemed');
    await expect(page.getByRole('dialog')).toContainText('Points earned');
  });

  test('the dashboard refreshes by itself', async ({ page }) => {
    await signInAdmin(page, baseURL);
    const visitors = page.getByTestId('stat-Total Visitors');
    await expect(visitors).toHaveText(/^\d+$/);
    const before = Number(await visitors.textContent());
    const heartbeat = await page.request.post(`${baseURL}/api/visitors`, {
      data: { sessionId: 'e2e-refresh-visitor-0001', pageUrl: `${baseURL}/`, userAgent: 'e2e', isActive: true },
    });
    expect(heartbeat.status()).toBe(204);
    await expect(visitors).toHaveText(String(before + 1), { timeout: 8_000 });
    await expect(page.getByTestId('stat-Revenue')).toHaveText('$35.99');
  });
});
