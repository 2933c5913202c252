/**
 * Issue 32 items 1 and 2 in the browser at 375 px: the Add Product dialog shows the stock grid
 * as colors and sizes are typed and saves the counts with the product; an unpaid order shows
 * "Awaiting payment", the payment filter lists it, and moving it to shipped asks first.
 * Screenshots at 375 and 1440 px go to test-results/screens/.
 */
import { expect, test } from '@playwright/test';
import { screenshotAt, signInAdmin, type PublicProduct } from './helpers/shop';

test('Add Product: the stock grid appears as colors and sizes are typed and is saved with the product', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAdmin(page);
  await page.getByRole('tab', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('stock-grid')).toHaveCount(1);
  await dialog.getByLabel('Name *').fill('E2E Stocked Tee');
  await dialog.getByLabel('Price *').fill('25');
  await dialog.getByLabel('Category *').selectOption('t-shirts');
  await dialog.getByLabel('Colors (comma separated)').fill('Navy, Sand');
  await dialog.getByLabel('Sizes (comma separated)').fill('S, M');
  await expect(dialog.getByLabel('Stock Navy S')).toBeVisible();
  await expect(dialog.getByLabel('Stock Sand M')).toHaveValue('');
  await dialog.getByLabel('Stock Navy S').fill('5');
  await dialog.getByLabel('Stock Sand M').fill('-1');
  const save = dialog.getByRole('button', { name: 'Add Product' });
  await save.click();
  await expect(page.getByText('Stock for Sand / M cannot be negative')).toBeVisible();
  await dialog.getByLabel('Stock Sand M').fill('0');
  await dialog.getByLabel('Stock Sand M').scrollIntoViewIfNeeded();
  await screenshotAt(page, 'admin-add-product-stock');
  await page.setViewportSize({ width: 375, height: 812 });
  await save.click();
  await expect(page.getByText('Product added successfully')).toBeVisible();

  // Open it again: the counts were created with it; the blank cells stay untracked.
  const row = page.getByTestId('product-row').filter({ hasText: 'E2E Stocked Tee' });
  await row.getByRole('button', { name: /Edit/ }).click();
  const edit = page.getByRole('dialog');
  await expect(edit.getByLabel('Stock Navy S')).toHaveValue('5');
  await expect(edit.getByLabel('Stock Sand M')).toHaveValue('0');
  await expect(edit.getByLabel('Stock Navy M')).toHaveValue('');
});

test('an unpaid order says so, the payment filter finds it, and shipping it asks first', async ({ page, request }) => {
  const tee = (await (await request.get('/api/products/simple-cross-tee')).json()) as PublicProduct & {
    colors: string[];
    sizes: string[];
  };
  const checkout = await request.post('/api/checkout', {
    data: {
      items: [{ productId: tee.id, color: tee.colors[0], size: tee.sizes[0], quantity: 1 }],
      email: 'unpaid-e2e@example.com',
    },
  });
  expect(checkout.status()).toBe(200);

  await page.setViewportSize({ width: 375, height: 812 });
  await signInAdmin(page);
  await page.getByRole('tab', { name: 'Orders' }).click();
  await page.getByLabel('Filter by payment').selectOption('unpaid');
  const row = page.getByTestId('order-row').filter({ hasText: 'unpaid-e2e@example.com' });
  await expect(row.getByTestId('payment-badge')).toHaveText('Awaiting payment');
  await expect(page.getByTestId('payment-badge').filter({ hasText: /^Paid$/ })).toHaveCount(0);
  const orderNumber = (await row.locator('p').first().textContent())!.match(/WYF-\d+/)![0];
  await screenshotAt(page, 'admin-orders-unpaid');
  await page.setViewportSize({ width: 375, height: 812 });

  await row.getByLabel(`Status of ${orderNumber}`).selectOption('shipped');
  const question = page.getByRole('alertdialog');
  await expect(question.getByTestId('unpaid-question')).toHaveText(
    `${orderNumber} has not been paid. Mark it shipped anyway?`,
  );
  await screenshotAt(page, 'admin-unpaid-question', [375, 1440], false);
  await page.setViewportSize({ width: 375, height: 812 });
  await question.getByRole('button', { name: 'Keep it pending' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(row.getByLabel(`Status of ${orderNumber}`)).toHaveValue('pending');

  // Asked again, and answered: it goes on to the shipping dialog (SPEC §4: the admin may set any status).
  await row.getByLabel(`Status of ${orderNumber}`).selectOption('shipped');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Mark it shipped' }).click();
  await expect(page.getByRole('dialog')).toContainText(orderNumber);
});
