/**
 * POST /api/shopify/checkout through the real HTTP shell and production build, with the
 * shop's Shopify settings pointing at the fake Storefront API.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as MESSAGES from '@domain/messages';
import { startFakeShopify, type FakeShopifyServer } from '../../tools/fakes/shopify-server';
import { UNAVAILABLE_VARIANT_ID } from '../../tools/fakes/shopify-fixtures';
import { createTestShop, type TestShop } from '../support/test-shop';

let fake: FakeShopifyServer;
let shop: TestShop;
beforeAll(async () => {
  fake = await startFakeShopify({ token: 'test-token' });
  shop = await createTestShop({ SHOPIFY_STORE_DOMAIN: fake.url, SHOPIFY_STOREFRONT_TOKEN: 'test-token' });
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});
afterEach(() => fake.reset());

const checkout = (body: unknown, clientIp?: string) =>
  shop.request('/api/shopify/checkout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    clientIp,
  });

describe('POST /api/shopify/checkout', () => {
  it('creates a cart with one line of quantity 1 and answers its checkout URL', async () => {
    const response = await checkout({ variantId: 'gid://shopify/ProductVariant/1002' }, '198.51.100.77');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store'); // a per-visitor area (decision 018)
    const body = (await response.json()) as { checkoutUrl: string };
    expect(body.checkoutUrl).toMatch(new RegExp(`^${fake.url}/cart/c/[0-9a-f]+\\?key=`));
    expect(fake.requests).toEqual([
      {
        operation: 'cartCreate',
        variables: { input: { lines: [{ merchandiseId: 'gid://shopify/ProductVariant/1002', quantity: 1 }] } },
        token: 'test-token',
        buyerIp: '198.51.100.77',
        acceptLanguage: 'en-US',
      },
    ]);
    // The URL leads somewhere real (the fake's checkout page).
    const page = await fetch(body.checkoutUrl);
    expect(page.status).toBe(200);
  });

  it('maps an out-of-stock warning to NOT_ENOUGH_IN_STOCK', async () => {
    const response = await checkout({ variantId: UNAVAILABLE_VARIANT_ID });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ code: 'NOT_ENOUGH_IN_STOCK', error: 'The product is out of stock.' });
  });

  it('maps a user error without a legacy code to the unknown-error text', async () => {
    const response = await checkout({ variantId: 'gid://shopify/ProductVariant/999999' });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: MESSAGES.shopUnknownError, code: 'shopify-rejected' });
  });

  it('answers 502 with the failure text when Shopify fails', async () => {
    fake.mode = 'fail';
    const response = await checkout({ variantId: 'gid://shopify/ProductVariant/1002' });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: MESSAGES.hostedCheckoutFailed, code: 'shopify-failed' });
    expect(fake.count('cartCreate')).toBe(1);
  });

  it('refuses a malformed request without calling Shopify', async () => {
    for (const body of ['{not json', { variantId: '' }, { variantId: 'gid://shopify/Product/1001' }, {}]) {
      const response = await checkout(body);
      expect(response.status).toBe(400);
    }
    expect(fake.count()).toBe(0);
  });

  it('answers 405 to GET', async () => {
    const response = await shop.request('/api/shopify/checkout');
    expect(response.status).toBe(405);
  });
});

describe('pages while Shopify misbehaves', () => {
  it('the home page answers 200 within the 3 s limit (plus rendering) while Shopify hangs, then fails', async () => {
    fake.mode = 'hang';
    const started = performance.now();
    const hanging = await shop.request('/');
    expect(hanging.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(6_000);
    fake.mode = 'fail';
    const failing = await shop.request('/');
    expect(failing.status).toBe(200);
    expect(await failing.text()).toContain('Wear Your Faith');
  });
});

describe('POST /api/shopify/checkout without Shopify settings', () => {
  it('answers 404: no product here has an external variant', async () => {
    const plain = await createTestShop();
    try {
      expect(plain.shop.services.shopify).toBeUndefined();
      const response = await plain.request('/api/shopify/checkout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ variantId: 'gid://shopify/ProductVariant/1002' }),
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'This product is not available here.', code: 'shopify-unavailable' });
    } finally {
      await plain.close();
    }
  });
});
