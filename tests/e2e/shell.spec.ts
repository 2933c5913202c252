import { expect, test } from '@playwright/test';

test('the home page shows the hero before and after hydration', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('Wear Your Faith');

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Wear Your Faith' })).toBeVisible();
  await expect(
    page.getByText("Discover meaningful apparel that speaks to your heart and shares God's love with the world"),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shop Collection' })).toHaveAttribute('href', '#featured-products');
  expect(errors).toEqual([]);
});

test('an unknown path shows the 404 page with status 404 and logs it', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Oops! This page seems to have lost its way.')).toBeVisible();
  await expect.poll(() => logged.some((text) => text.includes('/no/such/page'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
