import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { seedCart, skipPromo, type PublicProduct } from './helpers/shop';

const SHOP_PAGES = [
  '/',
  '/new-arrivals',
  '/t-shirts',
  '/hoodies',
  '/strength-in-christ',
  '/accessories',
  '/eves-legacy',
  '/products/simple-cross-tee',
  '/search?q=tee',
  '/favorites',
  '/no/such/page',
];

test.describe('storefront', () => {
  test('promo dialog opens after 2 s once per browser session; Maybe Later marks it seen', async ({ page, context }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible({ timeout: 5_000 });
    await expect(dialog).toContainText('JESUS');
    await page.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Wear Your Faith' })).toBeVisible();
    // Give it well past the 2 s it would need to appear.
    await page.waitForFunction(() => performance.now() > 3_500);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const other = await context.browser()!.newPage();
    await other.goto(new URL('/', page.url()).toString());
    await expect(other.getByRole('dialog')).toBeVisible({ timeout: 5_000 });
    await other.close();
  });

  test('Copy Code copies JESUS and closes the promo dialog', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    await page.getByRole('button', { name: 'Copy Code' }).click({ timeout: 5_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('JESUS');
  });

  test('Shop Collection scrolls to the featured products; Add to Cart fills the cart badge', async ({ page }) => {
    await skipPromo(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Shop Collection' }).click();
    await expect(page).toHaveURL(/#featured-products$/);
    const featured = page.locator('#featured-products');
    await expect(featured.getByRole('heading', { name: 'Featured Collection' })).toBeInViewport();
    const card = featured.getByRole('article', { name: 'Simple Cross Tee' });
    await card.getByLabel('Size').selectOption('L');
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Simple Cross Tee added to cart!')).toBeVisible();
    await expect(page.getByText('Color: Pink, Size: L')).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.reload();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
  });

  test('filters are links: the choice is in the URL and survives a reload', async ({ page }) => {
    await skipPromo(page);
    await page.goto('/t-shirts');
    await expect(page.getByTestId('item-count')).toHaveText('4 items');
    await page.getByRole('link', { name: 'Vintage', exact: true }).click();
    await expect(page).toHaveURL(/\?filter=vintage/);
    await expect(page.getByTestId('item-count')).toHaveText('1 item');
    await page.reload();
    await expect(page.getByTestId('item-count')).toHaveText('1 item');
    await expect(page.getByRole('link', { name: 'Vintage', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('link', { name: 'All', exact: true }).click();
    await expect(page.getByTestId('item-count')).toHaveText('4 items');

    await page.goto('/new-arrivals?filter=nonsense');
    await expect(page.getByRole('link', { name: 'All Items' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('item-count')).toHaveText('7 items');
  });

  test('collection pages show their texts and counts', async ({ page }) => {
    await skipPromo(page);
    await page.goto('/new-arrivals');
    await expect(page.getByRole('heading', { level: 1, name: 'Just Dropped' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Join Our Community' })).toBeVisible();
    await page.goto('/eves-legacy');
    await expect(page.getByTestId('item-count')).toHaveText('5 item(s)');
    await page.goto('/hoodies');
    await expect(page.getByText('Rated 4.8 out of 5').first()).toBeAttached();
    await page.goto('/strength-in-christ');
    await expect(page.getByTestId('item-count')).toHaveText('4 items');
  });

  test('narrow screens: a 320px slide-in menu with the four links, Admin Access and the brand line', async ({ page }) => {
    await skipPromo(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Admin', exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    expect(Math.round((await menu.boundingBox())?.width ?? 0)).toBe(320);
    for (const label of ['New Arrivals', 'Chosen.', 'Strength in Christ', 'Gracefully Chosen.']) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('button', { name: 'Admin Access' })).toBeVisible();
    await expect(menu.getByText('Wear Your Faith')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Strength in Christ' }).click();
    await expect(page).toHaveURL(/\/strength-in-christ$/);
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('no shopper page scrolls sideways at 320 px, the cart with a long line and a quantity included', async ({ page, request }) => {
    await skipPromo(page);
    await page.setViewportSize({ width: 320, height: 700 });
    const hoodie = (await (await request.get('/api/products/armor-of-god-heavyweight-hoodie')).json()) as PublicProduct;
    await seedCart(page, hoodie, { color: 'Black', size: 'M', quantity: 12 });
    for (const path of [...SHOP_PAGES, '/cart', '/auth', '/loyalty']) {
      await page.goto(path);
      const [scrollWidth, clientWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(scrollWidth, path).toBeLessThanOrEqual(clientWidth);
    }
    await page.goto('/cart');
    const remove = page.getByRole('button', { name: 'Remove Armor of God Heavyweight Hoodie' });
    const box = await remove.boundingBox();
    expect((box?.x ?? 999) + (box?.width ?? 999)).toBeLessThanOrEqual(320);
  });

  test('footer Shipping Info says the two sentences of the spec', async ({ page }) => {
    await skipPromo(page);
    await page.goto('/accessories');
    await page.getByRole('button', { name: 'Shipping Info' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shipping Info' });
    await expect(dialog).toContainText('Shipping typically takes 3-4 business days');
    await expect(dialog).toContainText('We ship domestically and worldwide');
    await expect(page.getByText('Indiana')).toBeVisible();
  });

  test('product page: colour from the URL, add to cart, canonical link', async ({ page }) => {
    await skipPromo(page);
    await page.goto('/products/classic-cross-tee?color=Cream');
    await expect(page.getByRole('heading', { level: 1, name: 'Classic Cross Tee' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cream', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'M', exact: true }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Color: Cream, Size: M')).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products\/classic-cross-tee$/);
  });

  for (const path of SHOP_PAGES) {
    test(`no serious or critical accessibility violations on ${path}`, async ({ page }) => {
      await skipPromo(page);
      await page.goto(path);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('[data-testid="product-card-skeleton"]')).toHaveCount(0);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`);
      expect(serious).toEqual([]);
    });
  }
});
