/**
 * Issue 32 item 11 in the browser: the footer links to the privacy policy, the terms of sale and
 * the returns policy; the Returns Quick Link leads to the whole policy; the owner edits a page's
 * text in the admin's Pages tab and a visitor reads it at once. Screenshots at 375 and 1440 px
 * go to test-results/screens/.
 */
import { expect, test } from '@playwright/test';
import { screenshotAt, signInAdmin, skipPromo } from './helpers/shop';

test('the footer links to the three policy pages; the Returns dialog to the whole policy', async ({ page }) => {
  await skipPromo(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const policies = page.getByRole('list', { name: 'Policies' });
  await expect(policies.getByRole('link')).toHaveText(['Privacy Policy', 'Terms of Sale', 'Returns Policy']);
  await policies.getByRole('link', { name: 'Terms of Sale' }).click();
  await expect(page).toHaveURL(/\/policies\/terms-of-sale$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Sale' })).toBeVisible();
  await expect(page.getByTestId('policy-text')).toContainText('Shipping is free on orders over $50');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshotAt(page, 'policy-terms-of-sale');

  await page.getByTestId('policy-text').getByRole('link', { name: 'Returns Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Returns Policy' })).toBeVisible();

  await page.goto('/');
  await page.getByRole('button', { name: 'Returns', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Returns' });
  await expect(dialog).toContainText('within 30 days of delivery');
  await dialog.getByRole('link', { name: 'Read our Returns Policy' }).click();
  await expect(page).toHaveURL(/\/policies\/returns-policy$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Returns Policy' })).toBeVisible();
});

test("the owner edits the privacy policy in the admin's Pages tab; visitors read the new text", async ({
  page,
  context,
}) => {
  await skipPromo(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  // A visitor's copy first, so the page is in the page cache when the owner edits it.
  const visitor = await context.newPage();
  await visitor.goto('/policies/privacy-policy');
  await expect(visitor.getByTestId('policy-text')).toContainText('We never see or store your card number.');

  await signInAdmin(page);
  await page.getByRole('tab', { name: 'Pages' }).click();
  const editor = page.getByTestId('page-privacy-policy');
  await expect(editor.getByText('Default text')).toBeVisible();
  const field = editor.getByLabel('Privacy Policy text');
  await expect(field).toHaveValue(/^Wear Your Faith is a small, student-run shop/);
  await screenshotAt(page, 'admin-pages', [1440, 375], false);
  await field.fill('## Your privacy\nWe keep only what your order needs.\n\n- Write to hello@wearyourfaith.shop');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Page saved')).toBeVisible();
  await expect(editor.getByText(/^Edited /)).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled();

  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 2, name: 'Your privacy' })).toBeVisible();
  await expect(visitor.getByTestId('policy-text')).not.toContainText('card number');
  await expect(visitor.getByRole('link', { name: 'hello@wearyourfaith.shop' }).first()).toHaveAttribute(
    'href',
    'mailto:hello@wearyourfaith.shop',
  );

  // Blank text cannot be saved; Restore default text brings the default back.
  await field.fill('   ');
  await expect(editor.getByText('Write the page text before saving.')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled();
  await editor.getByRole('button', { name: 'Restore default text' }).click();
  await expect(page.getByText('Default text restored')).toBeVisible();
  await expect(editor.getByText('Default text')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByTestId('policy-text')).toContainText('We never see or store your card number.');
  await visitor.close();
});
