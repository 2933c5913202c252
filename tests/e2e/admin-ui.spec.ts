/**
 * The admin at phone and desktop widths, as an outside tester found it: no tab scrolls
 * sideways (long low-stock names wrap inside their card). Screenshots of every tab at 320,
 * 375 and 1440 px go to test-results/screens/.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInAdmin } from './helpers/shop';

const TABS = ['Dashboard', 'Products', 'Margins', 'Orders', 'Customers', 'Donations'] as const;

/** A paid sandbox order, so the Orders and Customers tabs have rows: its order number. */
async function buyTee(page: Page, request: APIRequestContext): Promise<string> {
  const tee = (await (await request.get('/api/products/simple-cross-tee')).json()) as { id: string };
  const checkout = await request.post('/api/checkout', {
    data: {
      items: [{ productId: tee.id, color: 'Blue', size: 'M', quantity: 1 }],
      email: `admin-ui-${Date.now()}@example.com`,
    },
  });
  expect(checkout.status()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  await page.goto(url);
  const orderNumber = ((await page.getByText(/^Order WYF-\d+$/).textContent()) ?? '').replace('Order ', '');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Payment Successful!')).toBeVisible();
  return orderNumber;
}

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
