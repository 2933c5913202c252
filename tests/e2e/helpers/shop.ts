/** What the browser tests do again and again: wait for hydration, skip the promo, seed a cart, sign in as admin, screenshots. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSCODE } from '../../../playwright.config';

/** A product as GET /api/products/:slug answers it (the fields the tests use). */
export type PublicProduct = { id: string; slug: string; name: string; priceCents: number; images: string[] };

/**
 * Opens `url` and resolves once React has hydrated it: the visitor heartbeat is sent from an
 * effect, so its request comes only after hydration. A choice made in a select before then is
 * put back by React, so tests that choose wait for this.
 */
export async function gotoHydrated(page: Page, url: string) {
  const heartbeat = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/visitors');
  const response = await page.goto(url);
  await heartbeat;
  return response;
}

/** Most pages: the promo dialog would cover them; mark it seen for this tab. */
export async function skipPromo(page: Page) {
  await page.addInitScript(() => window.sessionStorage.setItem('promoDialogSeen', 'true'));
}

/** Puts one product line in the saved cart (the cart store reads localStorage on load), no coupon. */
export async function seedCart(
  page: Page,
  product: PublicProduct,
  line: { color: string; size: string; quantity: number },
) {
  await page.goto('/');
  await page.evaluate(
    ({ product, line }) => {
      window.localStorage.setItem(
        'cart',
        JSON.stringify([
          {
            id: `${product.name}-${line.color}-${line.size}`,
            productId: product.id,
            slug: product.slug,
            name: product.name,
            image: product.images[0] ?? '',
            price: product.priceCents / 100,
            priceCents: product.priceCents,
            quantity: line.quantity,
            color: line.color,
            size: line.size,
          },
        ]),
      );
      window.localStorage.removeItem('couponCode');
      window.localStorage.removeItem('couponDiscount');
    },
    { product, line },
  );
}

/** Signs in to /admin with the test passcode and waits for the dashboard. */
export async function signInAdmin(page: Page, baseURL = '') {
  await page.goto(`${baseURL}/admin`);
  const field = page.getByLabel('Passcode');
  await expect(field).toBeEnabled();
  await field.fill(E2E_ADMIN_PASSCODE);
  await field.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

/** Full-page screenshots at 375 and 1440 px into test-results/screens/ (looked at by people). */
export async function screenshotAt(page: Page, name: string, widths: readonly number[] = [375, 1440], fullPage = true) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width <= 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage });
  }
}

/**
 * Types a complete shipping address on an order's sandbox page, as a shopper does: an order of
 * goods is paid only with one (RUN-CONTRACT). The country stays the preselected United States.
 */
export async function fillSandboxAddress(page: Page) {
  await page.getByLabel('Full name').fill('Ruth Moabite');
  await page.getByLabel('Address line 1').fill('7 Field Lane');
  await page.getByLabel('City').fill('Bloomington');
  await page.getByLabel('State / Region').fill('IN');
  await page.getByLabel('Postal code').fill('47401');
}

/** Buys Simple Cross Tee (Blue, M) as a guest through the sandbox page: the paid order's number. */
export async function buyTeeOnSandbox(
  page: Page,
  request: APIRequestContext,
  options: { email: string; quantity?: number },
): Promise<string> {
  const tee = (await (await request.get('/api/products/simple-cross-tee')).json()) as { id: string };
  const checkout = await request.post('/api/checkout', {
    data: { items: [{ productId: tee.id, color: 'Blue', size: 'M', quantity: options.quantity ?? 1 }], email: options.email },
  });
  expect(checkout.status()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  await page.goto(url);
  const orderNumber = ((await page.getByText(/^Order WYF-\d+$/).textContent()) ?? '').replace('Order ', '');
  await fillSandboxAddress(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Payment Successful!')).toBeVisible();
  return orderNumber;
}
