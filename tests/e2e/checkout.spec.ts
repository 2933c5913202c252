import { expect, test } from '@playwright/test';
import { fillSandboxAddress, seedCart, type PublicProduct } from './helpers/shop';

test('cart, coupon, sandbox decline and payment, success page, cart cleared', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await request.get('/api/products/simple-cross-tee');
  expect(response.ok()).toBe(true);
  const tee = (await response.json()) as PublicProduct;

  expect(tee.slug).toBe('simple-cross-tee');
  // Into the cart as a shopper does it: the product page, colour and size, Add to Cart.
  await page.addInitScript(() => sessionStorage.setItem('promoDialogSeen', 'true'));
  await page.goto('/products/simple-cross-tee?color=Blue');
  await page.getByRole('button', { name: 'M', exact: true }).click();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Color: Blue, Size: M')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await page.getByRole('link', { name: /^Cart/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Shopping Cart/ })).toBeVisible();
  await expect(page.getByText('Color: Blue · Size: M')).toBeVisible();
  await page.getByRole('button', { name: 'Increase quantity of Simple Cross Tee' }).click();
  await expect(page.getByTestId('line-quantity')).toHaveText('3');
  await expect(page.getByText('$15.00 each')).toBeVisible();
  await expect(page.getByTestId('summary-subtotal')).toHaveText('$45.00');
  await expect(page.getByTestId('summary-shipping')).toHaveText('$5.99');
  await expect(page.getByText('Add $5.01 more for free shipping')).toBeVisible();

  const coupon = page.getByLabel('Coupon code');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await coupon.fill('nope');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Invalid Coupon')).toBeVisible();
  await coupon.fill('jesus');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon Applied!')).toBeVisible();
  await expect(page.getByText('JESUS - 10% off your order')).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toHaveText('-$4.50');
  await expect(page.getByTestId('summary-total')).toHaveText('$46.49');
  await expect(page.getByTestId('summary-points')).toHaveText('4,649');
  await expect(page.getByText('Taxes calculated at checkout')).toBeVisible();

  await page.getByLabel('Email (optional for order updates)').fill('e2e-buyer@example.com');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_/);
  await expect(page.getByTestId('sandbox-total')).toHaveText('$46.49');
  await expect(page.getByText('Simple Cross Tee')).toBeVisible();

  await fillSandboxAddress(page);
  // An Indiana address (issue 25): 7% of $46.49 (shipping included, Indiana taxes it) is $3.25.
  await expect(page.getByTestId('sandbox-tax')).toHaveText('$3.25');
  await expect(page.getByTestId('sandbox-total')).toHaveText('$49.74');
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_/);

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=sbx_/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Order reference')).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(/^WYF-\d{6,}$/);
  await expect(page.getByTestId('order-total')).toHaveText('$49.74');
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('cart'))).toBe('[]');
  expect(await page.evaluate(() => window.localStorage.getItem('couponCode'))).toBeNull();

  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart (0 items)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/new-arrivals');
  expect(errors).toEqual([]);
});

test('a line the quote flags is marked and left out; a refused checkout shows Checkout Error and the cart stays', async ({
  page,
  request,
}) => {
  const tee = (await (await request.get('/api/products/simple-cross-tee')).json()) as PublicProduct;
  await seedCart(page, tee, { color: 'Blue', size: 'XXL', quantity: 1 });
  await page.goto('/cart');
  await expect(page.getByTestId('line-unavailable')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  // Without the quote (it failed), checkout itself refuses the line, naming it.
  await page.route('**/api/cart/quote', (route) => route.abort());
  await page.reload();
  await expect(page.getByTestId('cart-notice')).toContainText('Could not check today');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByText('Checkout Error')).toBeVisible();
  await expect(page.getByText('Line 1: Simple Cross Tee has no size XXL')).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
});

test('a donation opens its hosted page in a new tab and is paid there; the cart stays', async ({
  page,
  context,
  request,
}) => {
  const tee = (await (await request.get('/api/products/simple-cross-tee')).json()) as PublicProduct;
  await page.addInitScript(() => sessionStorage.setItem('promoDialogSeen', 'true'));
  await seedCart(page, tee, { color: 'Blue', size: 'M', quantity: 2 });
  await page.goto('/');
  const support = page.locator('section[aria-labelledby="support-heading"]');
  await support.getByRole('button', { name: '$25', exact: true }).click();
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    support.getByRole('button', { name: 'Donate Now' }).click(),
  ]);
  // The tab opens blank at once (popup blockers), then goes to the hosted page.
  await tab.waitForURL(/\/sandbox\/checkout\/sbx_/);
  await expect(tab.getByTestId('sandbox-total')).toHaveText('$25.00');
  await tab.getByLabel('Card number').fill('4242424242424242');
  await tab.getByRole('button', { name: 'Pay' }).click();
  await expect(tab).toHaveURL(/\/payment-success\?session_id=sbx_/);
  await expect(tab.getByRole('heading', { name: 'Thank you for your gift!' })).toBeVisible();
  await expect(tab.getByTestId('order-total')).toHaveText('$25.00');
  await expect(tab.getByText('Payment Successful!')).toHaveCount(0);
  // A gift is not an order: the shopping cart is kept, in this tab and the other.
  await expect(tab.getByTestId('cart-count')).toHaveText('2');
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // A custom amount under $1 never reaches the server: the spec's toast.
  await support.getByRole('button', { name: 'Other' }).click();
  await support.getByLabel('Custom amount (USD)').fill('0.5');
  await support.getByRole('button', { name: 'Donate Now' }).click();
  await expect(page.getByText('Please enter a valid donation amount of at least $1.')).toBeVisible();

  const refused = await page.evaluate(async () => {
    const response = await fetch('/api/donations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amountCents: 50 }),
    });
    return { status: response.status, body: (await response.json()) as { error: string } };
  });
  expect(refused).toEqual({
    status: 400,
    body: { error: 'Please enter a valid donation amount of at least $1.', code: 'invalid-amount' },
  });
});

test('a made-up or unpaid session shows no success and keeps the cart', async ({ page, request }) => {
  const tee = (await (await request.get('/api/products/simple-cross-tee')).json()) as PublicProduct;
  await page.addInitScript(() => sessionStorage.setItem('promoDialogSeen', 'true'));
  await seedCart(page, tee, { color: 'Pink', size: 'S', quantity: 1 });
  await page.goto('/payment-success?session_id=cs_made_up_by_someone');
  await expect(page.getByRole('heading', { name: 'Payment not confirmed' })).toBeVisible();
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  await expect(page.getByTestId('order-number')).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('link', { name: 'Return to Cart' }).click();
  await expect(page.getByText('Color: Pink · Size: S')).toBeVisible();

  // An order whose hosted page was left unpaid: the same neutral page.
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_/);
  const sessionId = new URL(page.url()).pathname.split('/').pop()!;
  await page.goto(`/payment-success?session_id=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Payment not confirmed' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  expect(await page.evaluate(() => window.localStorage.getItem('cart'))).toContain('Simple Cross Tee');
});
