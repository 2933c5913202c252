/**
 * Issue 25 in the browser: the cart's "Taxes calculated at checkout"; the sandbox page's
 * "Sales tax (IN 7%)" line and taxed total appearing and going as the state changes, before
 * Pay, and the amount paid being that total; the admin's order details with the tax; the Tax
 * tab adding, editing and removing a place. Screenshots at 375 and 1440 px go to
 * test-results/screens/.
 */
import { expect, test } from '@playwright/test';
import { gotoHydrated, screenshotAt, seedCart, signInAdmin, skipPromo, type PublicProduct } from './helpers/shop';

test('the sandbox page adds the Indiana sales tax as the state is chosen, and charges that total', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await skipPromo(page);
  const tee = (await (await request.get('/api/products/simple-cross-tee')).json()) as PublicProduct;
  await seedCart(page, tee, { color: 'Blue', size: 'M', quantity: 1 });
  await gotoHydrated(page, '/cart');
  await expect(page.getByTestId('summary-total')).toHaveText('$20.99');
  await expect(page.getByText('Taxes calculated at checkout')).toBeVisible();
  await page.getByLabel('Email (optional for order updates)').fill('e2e-tax@example.com');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_/);
  await expect(page.getByTestId('sandbox-total')).toHaveText('$20.99');
  // Wait for the page to come alive before choosing (the preview is the browser's part).
  await page.waitForFunction(() => document.querySelector('input[name="shownTotalCents"]') !== null);

  await page.getByLabel('Full name').fill('Grace Shopper');
  await page.getByLabel('Address line 1').fill('12 Hope Street');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('State / Region').fill('OR');
  await page.getByLabel('Postal code').fill('97201');
  await expect(page.getByTestId('sandbox-tax')).toHaveCount(0);
  await expect(page.getByTestId('sandbox-total')).toHaveText('$20.99');

  await page.getByLabel('City').fill('Indianapolis');
  await page.getByLabel('State / Region').fill('IN');
  await page.getByLabel('Postal code').fill('46204');
  await expect(page.getByText('Sales tax (IN 7%)')).toBeVisible();
  await expect(page.getByTestId('sandbox-tax')).toHaveText('$1.47');
  await expect(page.getByTestId('sandbox-total')).toHaveText('$22.46');
  await expect(page.getByTestId('sandbox-amount-due')).toHaveText('$22.46');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await screenshotAt(page, 'sandbox-sales-tax');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('$22.46')).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();

  await signInAdmin(page);
  await page.getByRole('tab', { name: 'Orders' }).click();
  const row = page.getByTestId('order-row').filter({ hasText: orderNumber });
  await row.getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${orderNumber}` });
  await expect(dialog.getByText('Sales tax (IN 7%)')).toBeVisible();
  await expect(dialog).toContainText('$1.47');
  await expect(dialog).toContainText('$22.46');
  await screenshotAt(page, 'admin-order-tax', [375, 1440], false);

  // The month's report: what the net tax is owed on, refunds given back included.
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('tab', { name: 'Tax' }).click();
  const report = page.getByRole('table', { name: 'Tax report' });
  await expect(report.getByRole('columnheader', { name: 'Taxable refunded' })).toBeVisible();
  await expect(report.getByRole('rowheader', { name: 'Indiana (US-IN)' }).first()).toBeVisible();
  await screenshotAt(page, 'admin-tax-report');
});

test('the Tax tab adds, edits and removes a place, naming a bad field', async ({ page }) => {
  await skipPromo(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdmin(page);
  await page.getByRole('tab', { name: 'Tax' }).click();
  const table = page.getByRole('table', { name: 'Tax rates' });
  await expect(table.getByRole('rowheader', { name: 'Indiana (US-IN)' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Add a place' });
  await form.getByLabel('State').selectOption('OH');
  await form.getByLabel('Rate (%)').fill('25');
  await form.getByRole('button', { name: 'Add place' }).click();
  await expect(form.getByRole('alert')).toHaveText('Rate: enter a percentage from 0 to 20, with up to 3 decimals');
  await expect(form.getByLabel('Rate (%)')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Rate (%)').fill('5.75');
  await form.getByRole('button', { name: 'Add place' }).click();
  const ohio = page.getByTestId('tax-rate-US-OH');
  await expect(ohio).toContainText('Ohio (US-OH)');
  await expect(ohio).toContainText('5.75%');

  await ohio.getByRole('button', { name: 'Edit Ohio (US-OH)' }).click();
  const edit = page.getByRole('form', { name: 'Edit Ohio (US-OH)' });
  await edit.getByLabel('Rate (%)').fill('5.8');
  await edit.getByLabel('Shipping is taxed here').uncheck();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(ohio).toContainText('5.8%');
  await expect(ohio.getByRole('cell', { name: 'No' })).toBeVisible();
  await screenshotAt(page, 'admin-tax-tab');
  await page.setViewportSize({ width: 1280, height: 900 });

  await ohio.getByRole('button', { name: 'Remove Ohio (US-OH)' }).click();
  await ohio.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByTestId('tax-rate-US-OH')).toHaveCount(0);
  await expect(table.getByRole('rowheader', { name: 'Indiana (US-IN)' })).toBeVisible();
});
