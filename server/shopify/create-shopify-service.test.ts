import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import * as MESSAGES from '../../domain/messages';
import type { ShopifyClient } from './client';
import { createShopifyService } from './create-shopify-service';

function serviceAnswering(answer: (query: string) => unknown) {
  const logger = pino({ level: 'silent' });
  vi.spyOn(logger, 'child').mockReturnValue(logger as never);
  const error = vi.spyOn(logger, 'error');
  const client: ShopifyClient = {
    origin: 'https://shop.test',
    request: vi.fn(async (query: string) => {
      const value = answer(query);
      if (value instanceof Error) throw value;
      return value;
    }),
  };
  const shopify = createShopifyService({ storeDomain: 'shop.test', storefrontToken: 't', logger, client });
  return { shopify, error, client };
}

describe('createShopifyService', () => {
  it('gives null and logs when the answer has an unexpected shape (never throws)', async () => {
    const { shopify, error } = serviceAnswering(() => ({ products: { edges: [] } }));
    await expect(shopify.getProducts({ first: 6 })).resolves.toBeNull();
    expect(error).toHaveBeenCalled();
  });

  it('limits the page size to what Shopify accepts', async () => {
    const { shopify, client } = serviceAnswering(() => ({ products: { nodes: [] } }));
    await shopify.getProducts({ first: 1000 });
    await shopify.getProducts({ first: 0 });
    const sizes = vi.mocked(client.request).mock.calls.map((call) => call[1]?.variables?.first);
    expect(sizes).toEqual([250, 20]);
  });

  it('createCheckout: the checkout URL, a mapped refusal, or unavailable', async () => {
    const cart = { id: 'gid://shopify/Cart/1', checkoutUrl: 'https://shop.test/cart/c/1?key=k' };
    const answers: unknown[] = [
      { cartCreate: { cart, userErrors: [], warnings: [{ code: 'PAYMENTS_GIFT_CARDS_UNAVAILABLE', message: 'x' }] } },
      {
        cartCreate: {
          cart,
          userErrors: [],
          warnings: [{ code: 'MERCHANDISE_NOT_ENOUGH_STOCK', message: 'Only 0 left.' }],
        },
      },
      {
        cartCreate: {
          cart: null,
          userErrors: [{ code: 'NOTE_TOO_LONG', field: ['note'], message: 'Note is too long' }],
          warnings: [],
        },
      },
      { cartCreate: null },
      new Error('network down'),
    ];
    const { shopify } = serviceAnswering(() => answers.shift());
    const refusal = (code: string, message: string, status: number) =>
      expect.objectContaining({ name: 'ProviderError', code, message, status });
    await expect(shopify.createCheckout('gid://shopify/ProductVariant/1')).resolves.toEqual({
      checkoutUrl: cart.checkoutUrl,
    });
    await expect(shopify.createCheckout('gid://shopify/ProductVariant/1')).rejects.toEqual(
      refusal('NOT_ENOUGH_IN_STOCK', 'Only 0 left.', 422),
    );
    await expect(shopify.createCheckout('gid://shopify/ProductVariant/1')).rejects.toEqual(
      refusal('TOO_LONG', 'Note is too long', 422),
    );
    const failed = refusal('shopify-failed', MESSAGES.hostedCheckoutFailed, 502);
    await expect(shopify.createCheckout('gid://shopify/ProductVariant/1')).rejects.toEqual(failed);
    await expect(shopify.createCheckout('gid://shopify/ProductVariant/1')).rejects.toEqual(failed);
  });
});
