/**
 * Issue 32 item 14, at 375 px: the sandbox page asks an order of goods for its shipping address
 * as Stripe's page does (RUN-CONTRACT): the required fields say so (HTML `required` and
 * `aria-required`), a blank page does not pay, a signed-in shopper finds their saved address
 * filled in, and a donation asks for none.
 */
import { expect, test, type Page } from '@playwright/test';
import { linkFromOutbox } from './helpers/outbox';
import { fillSandboxAddress, screenshotAt, seedCart, skipPromo, type PublicProduct } from './helpers/shop';

test.use({ viewport: { width: 375, height: 812 } });

const REQUIRED = ['Full name', 'Country', 'Address line 1', 'City', 'State / Region', 'Postal code'];
const OPTIONAL = ['Address line 2 (optional)', 'Phone (optional)'];

async function checkOutCart(page: Page) {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_/);
}

test('an order of goods needs the address; a signed-in shopper finds it filled in next time', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await skipPromo(page);
  const email = `address-${Date.now()}@example.com`;
  const password = 'faithful-address-1';
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email, password, name: 'Ruth Moabite' },
    headers: { Origin: baseURL! },
  });
  expect(signUp.status()).toBe(200);
  await page.goto(await linkFromOutbox(email, '/api/auth/verify-email'));
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  const tee = (await (await request.get('/api/products/simple-cross-tee')).json()) as PublicProduct;
  await seedCart(page, tee, { color: 'Blue', size: 'M', quantity: 1 });
  await checkOutCart(page);
  for (const label of REQUIRED) {
    await expect(page.getByLabel(label, { exact: true }), label).toHaveAttribute('required', '');
    await expect(page.getByLabel(label, { exact: true }), label).toHaveAttribute('aria-required', 'true');
  }
  for (const label of OPTIONAL) {
    await expect(page.getByLabel(label), label).not.toHaveAttribute('required');
  }
  // Outside the US the state is not required.
  await page.getByLabel('Country').selectOption('CA');
  await expect(page.getByLabel('State / Region')).not.toHaveAttribute('required');
  await page.getByLabel('Country').selectOption('US');
  await expect(page.getByLabel('State / Region')).toHaveAttribute('required', '');

  // A blank page does not pay: each field is named, the page stays.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Please check your shipping address.')).toBeVisible();
  await expect(page.getByText('Enter your full name')).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_/);
  await screenshotAt(page, 'sandbox-address-required', [375]);

  await fillSandboxAddress(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // The next order: the saved address is there; Pay pays.
  await seedCart(page, tee, { color: 'Pink', size: 'S', quantity: 1 });
  await checkOutCart(page);
  await expect(page.getByLabel('Full name')).toHaveValue('Ruth Moabite');
  await expect(page.getByLabel('Address line 1')).toHaveValue('7 Field Lane');
  await expect(page.getByLabel('City')).toHaveValue('Bloomington');
  await expect(page.getByLabel('State / Region')).toHaveValue('IN');
  await expect(page.getByLabel('Postal code')).toHaveValue('47401');
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await screenshotAt(page, 'sandbox-address-saved', [375]);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});

test('a donation asks for no address and pays with the card alone', async ({ page, request }) => {
  const donation = await request.post('/api/donations', { data: { amountCents: 2500 } });
  expect(donation.status()).toBe(200);
  const { url } = (await donation.json()) as { url: string };
  await page.goto(url);
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveCount(0);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your gift!' })).toBeVisible();
});
