import { afterEach, describe, expect, it, vi } from 'vitest';
import * as MESSAGES from '@domain/messages';
import { startExternalCheckout } from './shopify-checkout';

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('startExternalCheckout', () => {
  it('POSTs the variant to the server and resolves the checkout URL', async () => {
    const fetchMock = answer(200, { checkoutUrl: 'https://shop.example/cart/c/abc?key=1' });
    await expect(startExternalCheckout('gid://shopify/ProductVariant/1')).resolves.toBe(
      'https://shop.example/cart/c/abc?key=1',
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/shopify/checkout', expect.objectContaining({ method: 'POST' }));
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(init.body as string)).toEqual({ variantId: 'gid://shopify/ProductVariant/1' });
  });

  it('rejects with the server’s message and legacy code on a refusal', async () => {
    answer(422, { error: 'The product is out of stock.', code: 'NOT_ENOUGH_IN_STOCK' });
    await expect(startExternalCheckout('gid://shopify/ProductVariant/1')).rejects.toMatchObject({
      message: 'The product is out of stock.',
      code: 'NOT_ENOUGH_IN_STOCK',
    });
  });

  it('rejects with the failure text on a server error, a non-JSON answer, a bad URL or no network', async () => {
    answer(502, { error: MESSAGES.hostedCheckoutFailed });
    await expect(startExternalCheckout('v')).rejects.toThrow(MESSAGES.hostedCheckoutFailed);
    answer(500, '<html>oops</html>');
    await expect(startExternalCheckout('v')).rejects.toThrow(MESSAGES.hostedCheckoutFailed);
    answer(200, { checkoutUrl: 'javascript:alert(1)' });
    await expect(startExternalCheckout('v')).rejects.toThrow(MESSAGES.hostedCheckoutFailed);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(startExternalCheckout('v')).rejects.toThrow(MESSAGES.hostedCheckoutFailed);
  });
});
