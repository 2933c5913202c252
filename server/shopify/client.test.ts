import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { buyerIpHeaderValue, createShopifyClient, ShopifyRequestError, storeOrigin } from './client';

const logger = pino({ level: 'silent' });
const JSON_TYPE = { 'Content-Type': 'application/json' };

function clientWith(storeDomain: string, answer: () => Response) {
  const fetchMock = vi.fn(async (_url: URL | RequestInfo, _init?: RequestInit) => answer());
  const client = createShopifyClient({ storeDomain, storefrontToken: 'tok', logger, fetch: fetchMock as typeof fetch });
  return { client, fetchMock };
}

const ok = () => new Response(JSON.stringify({ data: { products: { nodes: [] } } }), { status: 200, headers: JSON_TYPE });

describe('storeOrigin', () => {
  it('reaches a bare shop domain over https and keeps a full URL as it is', () => {
    expect(storeOrigin('my-shop.myshopify.com')).toBe('https://my-shop.myshopify.com');
    expect(storeOrigin(' http://127.0.0.1:8787 ')).toBe('http://127.0.0.1:8787');
    expect(storeOrigin('https://shop.example.com/')).toBe('https://shop.example.com');
  });
});

describe('buyerIpHeaderValue', () => {
  it('passes IPv4 and IPv6 addresses and drops anything else', () => {
    expect(buyerIpHeaderValue('203.0.113.7')).toBe('203.0.113.7');
    expect(buyerIpHeaderValue('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(buyerIpHeaderValue('2001:db8::1')).toBe('2001:db8::1');
    expect(buyerIpHeaderValue('unknown')).toBeUndefined();
    expect(buyerIpHeaderValue(undefined)).toBeUndefined();
  });
});

describe('createShopifyClient', () => {
  it('posts to the 2025-01 endpoint with the token, Accept-Language and buyer IP headers', async () => {
    const { client, fetchMock } = clientWith('my-shop.myshopify.com', ok);
    await client.request('query { products(first: 1) { nodes { id } } }', { buyerIp: '203.0.113.9' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('https://my-shop.myshopify.com/api/2025-01/graphql.json');
    const headers = new Headers(init?.headers as HeadersInit);
    expect(headers.get('X-Shopify-Storefront-Access-Token')).toBe('tok');
    expect(headers.get('Accept-Language')).toBe('en-US');
    expect(headers.get('Shopify-Storefront-Buyer-IP')).toBe('203.0.113.9');
    expect(init?.method).toBe('POST');
  });

  it('sends requests for a full http URL to that URL (the library would force https)', async () => {
    const { client, fetchMock } = clientWith('http://127.0.0.1:8787', ok);
    await client.request('query { shop { name } }');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('http://127.0.0.1:8787/api/2025-01/graphql.json');
    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers as HeadersInit);
    expect(headers.has('Shopify-Storefront-Buyer-IP')).toBe(false);
  });

  it('rejects with ShopifyRequestError on HTTP errors and GraphQL errors', async () => {
    const failing = clientWith('my-shop.myshopify.com', () => new Response('{"errors":"boom"}', { status: 500, headers: JSON_TYPE }));
    await expect(failing.client.request('query { shop { name } }')).rejects.toBeInstanceOf(ShopifyRequestError);
    const graphql = clientWith(
      'my-shop.myshopify.com',
      () => new Response(JSON.stringify({ errors: [{ message: 'Throttled' }] }), { status: 200, headers: JSON_TYPE }),
    );
    await expect(graphql.client.request('query { shop { name } }')).rejects.toMatchObject({
      name: 'ShopifyRequestError',
      details: { graphQLErrors: [{ message: 'Throttled' }] },
    });
  });
});
