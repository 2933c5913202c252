/**
 * A new page opens at its top on a phone (app/components/shop/route-scroll-restoration.tsx):
 * the stylesheet's smooth scrolling is for in-page links, not for React Router's scroll to the
 * top of the next page. It used to open a card tapped low in a list at the product page's
 * bottom and slide up, and a paid order's success page, which clears the cart as it loads,
 * could stop half-way with "Payment Successful!" out of sight.
 */
import { expect, test } from '@playwright/test';
import { fillSandboxAddress, gotoHydrated, seedCart, skipPromo, type PublicProduct } from './helpers/shop';

test.use({ viewport: { width: 375, height: 800 } });

test('a card tapped low in a list opens its product page at the top', async ({ page }) => {
  await skipPromo(page);
  await gotoHydrated(page, '/t-shirts');
  const card = page.locator('#products').getByRole('article').last();
  const name = (await card.getAttribute('aria-label'))!;
  await card.getByRole('link').first().click();
  await page.waitForURL(/\/products\//);
  // The product's own heading (the list's h1 stays on screen until the new page commits).
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // In-page links still glide: the stylesheet keeps its smooth scrolling.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
});

test('after paying on a phone, the success page opens at its heading', async ({ page, request }) => {
  await skipPromo(page);
  const tee = (await (await request.get('/api/products/simple-cross-tee')).json()) as PublicProduct;
  await seedCart(page, tee, { color: 'Blue', size: 'M', quantity: 1 });
  await gotoHydrated(page, '/cart');
  await page.getByLabel('Email (optional for order updates)').fill('phone-scroll@example.com');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/sandbox\/checkout\/sbx_/);
  await fillSandboxAddress(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  const heading = page.getByRole('heading', { name: 'Payment Successful!' });
  await expect(heading).toBeVisible();
  // The cart is cleared as the page loads (SPEC §4); the heading stays in view meanwhile.
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(heading).toBeInViewport();
});
