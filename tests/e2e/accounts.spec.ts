import { expect, test, type Page } from '@playwright/test';
import { linkFromOutbox } from './helpers/outbox';

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('sign up, confirm by the e-mailed link, sign in, see 0 points, sign out', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const email = `e2e-${Date.now()}@example.com`;
  const password = 'faithful-e2e-1';

  await page.goto('/auth');
  await expect(page.getByRole('complementary')).toContainText('100 points per $1');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  // Required fields first (SPEC §5).
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Please fill in all required fields.')).toBeVisible();
  await page.getByLabel('First name').fill('Ruth');
  await page.getByLabel('Last name').fill('Moab');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Password must be at least 8 characters.').first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Check your email').first()).toBeVisible();

  // Not confirmed yet: told so, and offered a new link.
  await fillSignIn(page, email, password);
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();

  const link = await linkFromOutbox(email, '/api/auth/verify-email');
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\?verified=1/);
  await expect(page.getByText('Your email is confirmed.')).toBeVisible();

  await fillSignIn(page, email, 'wrong-password-9');
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  // The header, rendered on the server for the signed-in shopper: loyalty and sign-out icons.
  const header = page.getByRole('banner');
  await expect(header.locator('a[href="/loyalty"]')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
  // On a 320 px phone too (SPEC §2 Header), without pushing the header sideways.
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 700 });
  await expect(header.locator('a[href="/loyalty"]')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
  for (const control of [header.locator('a[href="/loyalty"]'), header.getByRole('button', { name: 'Sign out' }), header.getByRole('link', { name: /^Cart/ })]) {
    const box = await control.boundingBox();
    expect((box?.x ?? 999) + (box?.width ?? 999)).toBeLessThanOrEqual(320);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  if (wide) await page.setViewportSize(wide);

  // A session exists: /auth goes home.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/loyalty');
  await expect(page.getByRole('heading', { name: 'Loyalty Rewards' })).toBeVisible();
  await expect(page.getByTestId('available-points')).toHaveText('0');
  await expect(page.getByText('Ready to use')).toBeVisible();
  await expect(page.getByText('Earn 100 Points per $1 Spent')).toBeVisible();

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Your orders' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.goto('/loyalty');
  await expect(page.getByText('Sign in to view your loyalty points and rewards!')).toBeVisible();

  // The same e-mail again: 'Account exists'.
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Account exists')).toBeVisible();
  expect(errors).toEqual([]);
});

test('forgot password: the e-mailed link leads to a page that sets a new password', async ({ page, request, baseURL }) => {
  const email = `reset-${Date.now()}@example.com`;
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email, password: 'first-password-1', name: 'Reset' },
    headers: { Origin: baseURL! },
  });
  expect(signUp.status()).toBe(200);
  await page.goto(await linkFromOutbox(email, '/api/auth/verify-email'));

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('we sent a link to reset your password').first()).toBeVisible();

  await page.goto(await linkFromOutbox(email, '/api/auth/reset-password/', 2));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password', { exact: true }).fill('second-password-2');
  await page.getByLabel('Confirm new password').fill('second-password-2');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('You can now sign in with your new password.').first()).toBeVisible();

  // The same link again is used up: its "Forgot password?" opens that form, not the sign-in one.
  await page.goto(await linkFromOutbox(email, '/api/auth/reset-password/', 2));
  await expect(page.getByText('This link is no longer valid').first()).toBeVisible();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=forgot$/);
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await fillSignIn(page, email, 'second-password-2');
  await expect(page).toHaveURL(/\/$/);
});
