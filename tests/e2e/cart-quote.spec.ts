import { expect, test } from '@playwright/test';
import { type PublicProduct } from './helpers/shop';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Issue 13 item 2: the cart's prices are a display cache. A cart saved at an older price
 * (as after an admin price change), a line whose product is gone and a line saved with a
 * malformed price: /cart shows today's prices with a notice, marks the gone line and leaves
 * it out, and checkout charges exactly the total shown.
 */
test('the cart shows today\'s prices with a notice, and checkout charges the total shown', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const tee = (await (await request.get('/api/products/simple-cross-tee')).json()) as PublicProduct;
  const stalePrice = tee.priceCents - 300;
  await page.addInitScript(() => sessionStorage.setItem('promoDialogSeen', 'true'));
  await page.goto('/');
  await page.evaluate(
    ({ tee, stalePrice }) => {
      const line = (overrides: Record<string, unknown>) => ({
        id: `${tee.name}-Blue-M`,
        productId: tee.id,
        slug: tee.slug,
        name: tee.name,
        image: tee.images[0] ?? '',
        price: stalePrice / 100,
        priceCents: stalePrice,
        quantity: 2,
        color: 'Blue',
        size: 'M',
        ...overrides,
      });
      window.localStorage.setItem(
        'cart',
        JSON.stringify([
          line({}),
          line({
            id: 'Retired Tee-Blue-M',
            productId: '00000000-0000-4000-8000-000000000000',
            name: 'Retired Tee',
            slug: undefined,
          }),
          line({ id: `${tee.name}-Blue-L`, size: 'L', quantity: 1, priceCents: 'twelve', price: null }),
        ]),
      );
    },
    { tee, stalePrice },
  );
  await page.goto('/cart');

  const notice = page.getByTestId('cart-notice');
  await expect(notice).toContainText('Prices updated');
  await expect(notice.getByTestId('price-changed').first()).toHaveText(
    `${tee.name} is now ${money(tee.priceCents)} (was ${money(stalePrice)})`,
  );
  await expect(notice).toContainText('Some items are no longer available');

  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0).getByTestId('line-total')).toHaveText(money(tee.priceCents * 2));
  await expect(lines.nth(1)).toHaveAttribute('data-unavailable', 'true');
  await expect(lines.nth(1).getByTestId('line-unavailable')).toBeVisible();
  await expect(lines.nth(2).getByTestId('line-total')).toHaveText(money(tee.priceCents));
  await expect(page.getByTestId('summary-subtotal')).toHaveText(money(tee.priceCents * 3));

  // The display cache now holds today's price.
  const saved = JSON.parse((await page.evaluate(() => window.localStorage.getItem('cart'))) ?? '[]') as {
    priceCents: number;
  }[];
  expect(saved[0]!.priceCents).toBe(tee.priceCents);

  await page.screenshot({ path: 'test-results/cart-quote-1440.png', fullPage: true });
  const total = await page.getByTestId('summary-total').textContent();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_/);
  await expect(page.getByTestId('sandbox-total')).toHaveText(total!);
  await expect(page.getByText('Retired Tee')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the price notice at 375 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const tee = (await (await request.get('/api/products/simple-cross-tee')).json()) as PublicProduct;
  await page.addInitScript(() => sessionStorage.setItem('promoDialogSeen', 'true'));
  await page.goto('/');
  await page.evaluate((tee) => {
    window.localStorage.setItem(
      'cart',
      JSON.stringify([
        { id: `${tee.name}-Blue-M`, productId: tee.id, slug: tee.slug, name: tee.name, image: tee.images[0] ?? '', price: 1, priceCents: 100, quantity: 1, color: 'Blue', size: 'M' },
      ]),
    );
  }, tee);
  await page.goto('/cart');
  await expect(page.getByTestId('price-changed')).toBeVisible();
  await page.screenshot({ path: 'test-results/cart-quote-375.png', fullPage: true });
});
