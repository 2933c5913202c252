/**
 * Issue 32 item 9, at 375 px: the added-to-cart toast links to the cart ('View cart'), and a
 * toast answers one attempt: the next attempt's toast replaces it, so a success clears the
 * failure before it (a failed sign-up followed by a good one left 'Sign up failed' on screen,
 * three toasts over the form) and failures never stack.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSCODE } from '../../playwright.config';
import { gotoHydrated, screenshotAt, seedCart, skipPromo, type PublicProduct } from './helpers/shop';

/** A tee of this file's own with one unit left of size S (other tests buy the demo's last units). */
const TEE = 'E2E Toast Tee';
let teeId = '';

async function adminHeaders(request: APIRequestContext, baseURL: string) {
  const login = await request.post('/api/admin/session', {
    data: { passcode: E2E_ADMIN_PASSCODE },
    headers: { Origin: baseURL },
  });
  return { 'X-Admin-Session': ((await login.json()) as { sessionToken: string }).sessionToken, Origin: baseURL };
}

test.beforeAll(async ({ request, baseURL }) => {
  const headers = await adminHeaders(request, baseURL!);
  const created = await request.post('/api/admin/products', {
    headers,
    data: {
      name: TEE,
      priceCents: 1800,
      category: 't-shirts',
      colors: 'Cream',
      sizes: 'S, M',
      imageUrls: ['/images/products/simple-cross-tee-white-960.webp'],
    },
  });
  expect(created.status()).toBe(201);
  teeId = ((await created.json()) as { product: { id: string } }).product.id;
  const stock = await request.put(`/api/admin/products/${teeId}/stock`, {
    headers,
    data: { cells: [{ color: 'Cream', size: 'S', quantity: 1, base: null }] },
  });
  expect(stock.status()).toBe(200);
});

test.afterAll(async ({ request, baseURL }) => {
  if (teeId) await request.delete(`/api/admin/products/${teeId}`, { headers: await adminHeaders(request, baseURL!) });
});

const toasts = (page: Page) => page.locator('[data-sonner-toast]');
/** The toasts showing (one being dismissed stays a moment, marked data-removed). */
const liveToasts = (page: Page) => page.locator('[data-sonner-toast]:not([data-removed="true"])');

/**
 * The page's timers run only when a test says so: a toast lives 4 s, so a test waiting for one
 * to go would pass on its expiry alone. Each look at the toasts lets 50 ms pass (sonner shows a
 * toast from a timer), far from the 4 s after which a toast would go by itself.
 */
async function freezeTimers(page: Page) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
}

/** The titles of the toasts showing. */
const showing = (page: Page) =>
  expect.poll(async () => {
    await page.clock.runFor(50);
    return liveToasts(page).locator('[data-title]').allTextContents();
  });

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

test.use({ viewport: { width: 375, height: 812 } });

test('add to cart: a failure, then a success that replaces it with a View cart link to the cart', async ({ page }) => {
  await skipPromo(page);
  await gotoHydrated(page, '/search?q=e2e+toast+tee');
  await freezeTimers(page);
  // S has one unit left.
  const card = page.getByRole('article', { name: TEE });
  await card.getByLabel('Size').selectOption('S');
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await showing(page).toEqual([`${TEE} added to cart!`]);
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  const refused = `Only 1 left of ${TEE} (Cream, S)`;
  await showing(page).toEqual([refused]);

  await card.getByLabel('Size').selectOption('M');
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await showing(page).toEqual([`${TEE} added to cart!`]);
  await expect(page.getByText('Color: Cream, Size: M')).toBeVisible();
  await screenshotAt(page, 'toast-added-to-cart', [375], false);

  await liveToasts(page).getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: /Shopping Cart/ })).toContainText('(2 items)');
  // The link closed its toast.
  await showing(page).toEqual([]);
});

test('coupon: an unknown code, then JESUS: only Coupon Applied! stays', async ({ page, request }) => {
  await skipPromo(page);
  const tee = (await (await request.get('/api/products/simple-cross-tee')).json()) as PublicProduct;
  await seedCart(page, tee, { color: 'Blue', size: 'M', quantity: 1 });
  await gotoHydrated(page, '/cart');
  await freezeTimers(page);
  const field = page.getByLabel('Coupon code');
  await field.fill('NOPE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await showing(page).toEqual(['Invalid Coupon']);
  await field.fill('NOPE2');
  await page.getByRole('button', { name: 'Apply' }).click();
  // The second failure's toast replaces the first (they would stack): two toasts were made.
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      return toasts(page).count();
    })
    .toBe(2);
  await showing(page).toEqual(['Invalid Coupon']);
  await field.fill('jesus');
  await page.getByRole('button', { name: 'Apply' }).click();
  await showing(page).toEqual(['Coupon Applied!']);
});

test('sign-up: the failures before a good sign-up are gone once it succeeds', async ({ page }) => {
  await gotoHydrated(page, '/auth');
  await freezeTimers(page);
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await showing(page).toEqual(['Please fill in all required fields.']);
  await page.getByLabel('Email').fill(`toasts-${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await showing(page).toEqual(['Sign up failed']);
  await page.getByLabel('Password', { exact: true }).fill('faithful-toasts-1');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await showing(page).toEqual(['Check your email']);
  await screenshotAt(page, 'toast-sign-up', [375], false);
});
