/**
 * The storefront's native dialogs in a real browser (issue 15): the promo and the footer's
 * Quick Links are <dialog> elements opened with showModal(), so opening one loads no script,
 * the page behind is inert, Escape and a click on the backdrop close them, and focus returns.
 * Screenshots of both at 375 and 1440 px go to test-results/screens/.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { skipPromo } from './helpers/shop';

/** The scripts the page has asked for so far. */
function scriptsRequested(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  return scripts;
}

/** Serious or critical accessibility problems inside the open dialog. */
async function dialogViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('dialog').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const isModal = (page: Page) => page.evaluate(() => document.querySelector('dialog')?.matches(':modal') ?? false);
const promoSeen = (page: Page) => page.evaluate(() => sessionStorage.getItem('promoDialogSeen'));

test('the promo is a modal <dialog> that loads no script to open; Escape closes it and marks it seen', async ({
  page,
}) => {
  const scripts = scriptsRequested(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const beforeOpening = new Set(scripts);
  const dialog = page.getByRole('dialog', { name: 'Get 10% off your order' });
  await expect(dialog).toBeVisible({ timeout: 5_000 });
  expect(await isModal(page)).toBe(true);
  await expect(dialog).toHaveAccessibleDescription('Use this code at checkout and wear your faith for less.');
  await expect(dialog.getByRole('button', { name: 'Maybe Later' })).toBeFocused();
  expect(await dialogViolations(page)).toEqual([]);
  await page.waitForLoadState('networkidle');
  expect([...scripts].filter((script) => !beforeOpening.has(script))).toEqual([]);
  // Keyboard: Tab never reaches the page behind (it is inert). Past the last button the
  // browser may move focus to its own controls (the document's body here), as native modals do.
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Tab');
    const where = await dialog.evaluate((element) =>
      element.contains(document.activeElement) ? 'dialog' : document.activeElement === document.body ? 'body' : 'page',
    );
    expect(where).not.toBe('page');
  }
  await page.keyboard.press('Shift+Tab');
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/screens/promo-dialog-${width}.png` });
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(await promoSeen(page)).toBe('true');
});

test('a click on the backdrop closes the promo and marks it seen; a click inside it does not', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Get 10% off your order' });
  await expect(dialog).toBeVisible({ timeout: 5_000 });
  await dialog.getByText('Use this code at checkout').click();
  await expect(dialog).toBeVisible();
  expect(await promoSeen(page)).toBeNull();
  await page.mouse.click(20, 450);
  await expect(dialog).toHaveCount(0);
  expect(await promoSeen(page)).toBe('true');
});

test('footer Quick Links open modal dialogs; Escape and the backdrop close them and focus returns', async ({
  page,
}) => {
  await skipPromo(page);
  await page.goto('/');
  const opener = page.getByRole('button', { name: 'Size Guide' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Size Guide' });
  await expect(dialog).toBeVisible();
  expect(await isModal(page)).toBe(true);
  await expect(dialog.getByRole('rowheader', { name: 'XXL' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  expect(await dialogViolations(page)).toEqual([]);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/screens/footer-dialog-${width}.png` });
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  const shipping = page.getByRole('button', { name: 'Shipping Info' });
  await shipping.click();
  await expect(page.getByRole('dialog', { name: 'Shipping Info' })).toContainText('We ship domestically and worldwide');
  await page.mouse.click(10, 10);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(shipping).toBeFocused();
});

test('the promo waits while a footer dialog is open, then opens', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Returns' }).click();
  const returns = page.getByRole('dialog', { name: 'Returns' });
  await expect(returns).toBeVisible();
  await page.waitForFunction(() => performance.now() > 3_500);
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await returns.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog', { name: 'Get 10% off your order' })).toBeVisible();
});
