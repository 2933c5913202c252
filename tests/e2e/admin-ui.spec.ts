/**
 * The admin at phone and desktop widths, as an outside tester found it: no tab scrolls
 * sideways (long low-stock names wrap inside their card), the revenue axis reads 'Oct 28',
 * a cost edit saves once, and a closed dialog gives the focus back to its opener.
 * Screenshots of every tab at 320, 375 and 1440 px go to test-results/screens/.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { buyTeeOnSandbox, signInAdmin } from './helpers/shop';

const TABS = ['Dashboard', 'Products', 'Margins', 'Orders', 'Customers', 'Discounts', 'Donations', 'Pages', 'Tax'] as const;

/** A paid sandbox order, so the Orders and Customers tabs have rows: its order number. */
const buyTee = (page: Page, request: APIRequestContext) =>
  buyTeeOnSandbox(page, request, { email: `admin-ui-${Date.now()}@example.com` });

test('no admin tab scrolls sideways at 320, 375 or 1440 px; long low-stock names wrap', async ({ page, request }) => {
  test.setTimeout(60_000);
  await buyTee(page, request);
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAdmin(page);
  // Demo stock: a long name, sold out, that used to push the card to 510 px at 375.
  const card = page.getByTestId('low-stock-card');
  await expect(card).toContainText('Armor of God Heavyweight Hoodie (Lavender, XXL)');
  for (const width of [320, 375, 1440]) {
    await page.setViewportSize({ width, height: width <= 375 ? 812 : 900 });
    for (const tab of TABS) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('data-state', 'active');
      // Each tab's content, loaded: a heading or a card of its own.
      await expect(page.getByRole('tabpanel').locator('h2, li').first()).toBeVisible();
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, `${tab} at ${width} px`).toBeLessThanOrEqual(clientWidth);
      await page.screenshot({ path: `test-results/screens/admin-${tab.toLowerCase()}-${width}.png`, fullPage: true });
    }
  }
  // The wrapped name is still whole for a screen reader: it is the button's name.
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  // The revenue chart's axis: dates as the admin writes them ('Oct 28'), not ISO dates.
  const axis = page.getByRole('figure').locator('figcaption');
  await expect(axis).toHaveText(/^[A-Z][a-z]{2} \d{1,2}Total \$[\d,.]+[A-Z][a-z]{2} \d{1,2}$/);
  await expect(
    card.getByRole('button', { name: /^Armor of God Heavyweight Hoodie \(Lavender, XXL\) sold out$/ }),
  ).toBeVisible();
});

test('Margins: Enter saves a cost once (the blur after it does not), a refused cost goes back to the saved one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAdmin(page);
  await page.getByRole('tab', { name: 'Margins' }).click();
  const field = page.getByLabel('Cost of Classic Cross Tee');
  const saved = await field.inputValue();
  const patches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH') patches.push(request.postData() ?? '');
  });
  const next = saved === '3.25' ? '3.50' : '3.25';
  await field.fill(next);
  await field.press('Enter');
  await expect(page.getByText('Cost updated')).toHaveCount(1);
  await expect(field).toBeFocused();
  // The blur that used to save a second time.
  await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).click();
  await expect(field).not.toBeFocused();
  await expect(field).toHaveValue(next);
  expect(await page.getByText('Cost updated').count()).toBeLessThanOrEqual(1);
  expect(patches).toEqual([JSON.stringify({ costCents: Math.round(Number(next) * 100) })]);

  await field.fill('-5');
  await field.press('Enter');
  await expect(page.getByText('Cost must be zero or a positive amount')).toBeVisible();
  await expect(field).toHaveValue(next);
  await field.blur();
  expect(patches).toHaveLength(1);
});

/** The element that has the focus, described for a failure message. */
function focusedElement(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    return element
      ? `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''}`
      : 'none';
  });
}

test('closing an admin dialog gives the focus back to the control that opened it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const orderNumber = await buyTee(page, request);

  // The header's passcode dialog: Admin on wide screens, Cancel and Escape.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript(() => window.sessionStorage.setItem('promoDialogSeen', 'true'));
  await page.goto('/t-shirts');
  const adminButton = page.getByRole('button', { name: 'Admin', exact: true });
  await adminButton.click();
  const access = page.getByRole('dialog', { name: 'Admin Access' });
  await expect(access.getByLabel('Passcode')).toBeFocused();
  await access.getByRole('button', { name: 'Cancel' }).click();
  await expect(access).toHaveCount(0);
  await expect(adminButton, await focusedElement(page)).toBeFocused();
  await adminButton.press('Enter');
  await expect(access).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(adminButton).toBeFocused();
  // Narrow screens: opened from the slide-in menu, which closes; the menu's button gets it back.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Admin Access' }).click();
  await expect(access.getByLabel('Passcode')).toBeFocused();
  await access.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Open menu' }), await focusedElement(page)).toBeFocused();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAdmin(page);
  await page.getByRole('tab', { name: 'Products' }).click();
  // Add Product: Cancel.
  const add = page.getByRole('button', { name: 'Add Product' });
  await add.click();
  const productDialog = page.getByRole('dialog');
  await productDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(productDialog).toHaveCount(0);
  await expect(add, await focusedElement(page)).toBeFocused();
  // Edit Product: Escape, and Close.
  const edit = page.getByRole('button', { name: 'Edit Product: Classic Cross Tee' });
  await edit.click();
  await expect(productDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(productDialog).toHaveCount(0);
  await expect(edit, await focusedElement(page)).toBeFocused();
  await edit.click();
  await productDialog.getByRole('button', { name: 'Close' }).click();
  await expect(edit).toBeFocused();

  // Orders: View Details (Close, Escape) and Ship order (Back, Escape).
  await page.getByRole('tab', { name: 'Orders' }).click();
  const row = page.getByTestId('order-row').filter({ hasText: orderNumber });
  const details = row.getByRole('button', { name: 'View Details' });
  await details.click();
  const detailsDialog = page.getByRole('dialog', { name: `Order ${orderNumber}` });
  await expect(detailsDialog).toBeVisible();
  await detailsDialog.getByRole('button', { name: 'Close' }).click();
  await expect(detailsDialog).toHaveCount(0);
  await expect(details, await focusedElement(page)).toBeFocused();
  await details.press('Enter');
  await expect(detailsDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeFocused();

  const status = row.getByLabel(`Status of ${orderNumber}`);
  const ship = page.getByRole('dialog', { name: `Ship order ${orderNumber}` });
  // selectOption() does not focus the select; a person choosing in it does.
  await status.focus();
  await status.selectOption('shipped');
  await expect(ship).toBeVisible();
  await ship.getByRole('button', { name: 'Back' }).click();
  await expect(ship).toHaveCount(0);
  await expect(status, await focusedElement(page)).toBeFocused();
  await expect(status).not.toHaveValue('shipped');
  await status.selectOption('shipped');
  await expect(ship).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(status).toBeFocused();
  // Shipped: the row changes, its select stays and takes the focus back.
  await status.selectOption('shipped');
  await ship.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(ship).toHaveCount(0);
  await expect(status).toHaveValue('shipped');
  await expect(status).toBeFocused();

  // The dashboard's low-stock card opens Edit Product on the Products tab: its button is gone
  // when the dialog closes, so the focus goes to the tab now shown.
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await page.getByTestId('low-stock-card').getByRole('button').first().click();
  await expect(productDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(productDialog).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Products' }), await focusedElement(page)).toBeFocused();
});
