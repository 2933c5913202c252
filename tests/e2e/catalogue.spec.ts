/**
 * Issue 13 in the browser: brand labels, Load more, a collection page without JavaScript,
 * search (field and narrow-screen icon), favorites across a reload and a sign-in, and the
 * promo dialog waiting for Admin Access.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { skipPromo } from './helpers/shop';
import { E2E_ADMIN_PASSCODE } from '../../playwright.config';
import { linkFromOutbox } from './helpers/outbox';

const GIFT_COUNT = 16; // with the 6 demo accessories: 22, of which 18 gifts
let created: string[] = [];

async function adminToken(request: APIRequestContext, baseURL: string) {
  const response = await request.post('/api/admin/session', { data: { passcode: E2E_ADMIN_PASSCODE }, headers: { Origin: baseURL } });
  return ((await response.json()) as { sessionToken: string }).sessionToken;
}

test.beforeAll(async ({ request, baseURL }) => {
  const token = await adminToken(request, baseURL!);
  created = [];
  for (let index = 1; index <= GIFT_COUNT; index += 1) {
    const response = await request.post('/api/admin/products', {
      headers: { 'X-Admin-Session': token, Origin: baseURL! },
      data: {
        name: `E2E Gift Box ${index}`,
        priceCents: 1000 + index * 100,
        category: 'accessories',
        colors: 'Burgundy, Teal',
        sizes: 'One Size',
        tags: 'gifts',
        imageUrls: ['/images/products/prayer-journal-brown-960.webp'],
        description: 'A small gift box with a cross charm.',
      },
    });
    expect(response.status()).toBe(201);
    created.push(((await response.json()) as { product: { id: string } }).product.id);
  }
});

test.afterAll(async ({ request, baseURL }) => {
  const token = await adminToken(request, baseURL!);
  for (const id of created) {
    await request.delete(`/api/admin/products/${id}`, { headers: { 'X-Admin-Session': token, Origin: baseURL! } });
  }
});

const cards = (page: Page) => page.locator('#products article');

test('the header shows the brand words, never {product}', async ({ page }) => {
  await skipPromo(page);
  await page.goto('/t-shirts');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Chosen.', exact: true })).toHaveAttribute('href', '/t-shirts');
  await expect(nav.getByRole('link', { name: 'Gracefully Chosen.', exact: true })).toHaveAttribute('href', '/eves-legacy');
  await expect(page.locator('body')).not.toContainText('{product}');
});

test('Load more reaches every product, with the page in the URL; filters count before paging', async ({ page }) => {
  await skipPromo(page);
  await page.goto('/accessories');
  await expect(page.getByTestId('item-count')).toHaveText('22 items');
  await expect(cards(page)).toHaveCount(20);
  await page.getByRole('link', { name: 'Load more' }).click();
  await expect(page).toHaveURL(/\/accessories\?page=2#item-21$/);
  await expect(cards(page)).toHaveCount(22);
  await expect(page.getByRole('link', { name: 'Load more' })).toHaveCount(0);
  await expect(page.getByTestId('shown-count')).toHaveText('Showing 22 of 22');
  // Keyboard users land on the first new product.
  await expect(page.locator('#item-21 h3 a')).toBeFocused();
  await page.reload();
  await expect(cards(page)).toHaveCount(22);

  await page.getByRole('link', { name: 'Gifts', exact: true }).click();
  await expect(page).toHaveURL(/\?filter=gifts#products$/);
  await expect(page.getByTestId('item-count')).toHaveText('18 items');
  await expect(cards(page)).toHaveCount(18);

  await page.goto('/accessories?page=99');
  await expect(cards(page)).toHaveCount(22);
});

test('a collection page and the Featured Collection work without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('#featured-products article')).toHaveCount(6);
  await expect(page.getByText('Loading...')).toHaveCount(0);

  await page.goto('/accessories');
  await expect(page.getByTestId('item-count')).toHaveText('22 items');
  await expect(cards(page)).toHaveCount(20);
  await page.getByRole('link', { name: 'Load more' }).click();
  await expect(cards(page)).toHaveCount(22);
  await page.getByRole('link', { name: 'Gifts', exact: true }).click();
  await expect(page.getByTestId('item-count')).toHaveText('18 items');
  // The search icon is a plain link to the search page.
  await page.goto('/search?q=hodie');
  await expect(page.getByRole('main').getByRole('article', { name: 'Be Still Fleece Hoodie' })).toBeVisible();
  await context.close();
});

test('search from the header field finds hoodies despite a typo; an unknown word shows the empty state', async ({ page }) => {
  await skipPromo(page);
  await page.goto('/');
  const field = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
  await field.fill('hodie');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=hodie$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “hodie”');
  // The four demo hoodies (other browser tests may have added more products to this shop).
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ results$/);
  for (const name of ['Faith Over Fear Hoodie', 'Grace Upon Grace Hoodie', 'Be Still Fleece Hoodie', 'Armor of God Heavyweight Hoodie']) {
    await expect(page.getByRole('main').getByRole('article', { name })).toBeVisible();
  }

  const pageField = page.getByRole('main').getByRole('searchbox', { name: 'Search products' });
  await expect(pageField).toHaveValue('hodie');
  await pageField.fill('%" zebra');
  await pageField.press('Enter');
  await expect(page.getByRole('heading', { name: 'No products match “%" zebra”' })).toBeVisible();
});

test('narrow screens: the search icon opens the field under the header', async ({ page }) => {
  await skipPromo(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/new-arrivals');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('searchbox')).toHaveCount(0);
  await banner.getByRole('link', { name: 'Search' }).click();
  const field = banner.getByRole('searchbox', { name: 'Search products' });
  await expect(field).toBeFocused();
  await field.fill('cross tee');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=cross\+tee$/);
  await expect(page.getByRole('main').getByRole('article').first()).toContainText('Cross Tee');
  await expect(banner.getByRole('searchbox')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('favorites: a guest heart survives a reload and is merged into the account at sign-in', async ({ page, baseURL }) => {
  await skipPromo(page);
  await page.goto('/accessories');
  const journal = cards(page).filter({ hasText: 'Prayer Journal' });
  const heart = journal.getByRole('button', { name: 'Save Prayer Journal to favorites' });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  const count = page.getByRole('banner').getByTestId('favorites-count');
  await expect(count).toHaveText('1');
  await page.reload();
  await expect(journal.getByRole('button', { name: 'Save Prayer Journal to favorites' })).toHaveAttribute('aria-pressed', 'true');
  await expect(count).toHaveText('1');

  await page.getByRole('banner').getByRole('link', { name: 'Favorites, 1 saved' }).click();
  await expect(page).toHaveURL(/\/favorites$/);
  await expect(page.getByRole('main').getByRole('article', { name: 'Prayer Journal' })).toBeVisible();
  // The product page shows the same state.
  await page.getByRole('main').getByRole('link', { name: 'Prayer Journal' }).click();
  await expect(page.getByRole('button', { name: 'Save Prayer Journal to favorites' })).toHaveAttribute('aria-pressed', 'true');

  // Sign up (confirmed by the e-mailed link), then sign in: the guest list moves to the account.
  const email = `fav-${Date.now()}@example.com`;
  const password = 'faithful-fav-1';
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password, name: 'Lydia', callbackURL: '/auth?verified=1' },
    headers: { Origin: baseURL! },
  });
  expect(signUp.status()).toBe(200);
  await page.goto(await linkFromOutbox(email, '/api/auth/verify-email'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/account');
  await expect(count).toHaveText('1');
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('favorites'))).toBeNull();

  // On the account now: another browser signed in as the same shopper sees it, rendered by the server.
  const other = await page.context().browser()!.newContext({ storageState: await page.context().storageState() });
  const otherPage = await other.newPage();
  await otherPage.addInitScript(() => window.localStorage.clear());
  await otherPage.goto('/favorites');
  await expect(otherPage.getByRole('main').getByRole('article', { name: 'Prayer Journal' })).toBeVisible();
  // Taking the heart off removes it from the account.
  await otherPage.getByRole('main').getByRole('button', { name: 'Save Prayer Journal to favorites' }).click();
  await expect(otherPage.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
  await otherPage.reload();
  await expect(otherPage.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
  await other.close();
});

test('the promo dialog waits while Admin Access is open, then opens', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Admin', exact: true }).click();
  const admin = page.getByRole('dialog', { name: 'Admin Access' });
  await expect(admin).toBeVisible();
  await page.waitForFunction(() => performance.now() > 3_000);
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await admin.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toContainText('Get 10% off your order');
});
