/**
 * The Shopify service against the fake Storefront API over HTTP: normalised products,
 * the headers Shopify expects, caching, and silent fallbacks on failure and hang.
 */
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createShopifyService } from '../../server/shopify/create-shopify-service';
import { startFakeShopify, type FakeShopifyServer } from '../../tools/fakes/shopify-server';
import { FIXTURE_TITLES } from '../../tools/fakes/shopify-fixtures';
import { manualTimers } from '../support/manual-timers';

let fake: FakeShopifyServer;
beforeAll(async () => {
  fake = await startFakeShopify({ token: 'test-token' });
});
afterAll(async () => {
  await fake?.close();
});
afterEach(() => fake.reset());

function service(options: { token?: string; timers?: ReturnType<typeof manualTimers> } = {}) {
  const logger = pino({ level: 'silent' });
  const error = vi.spyOn(logger, 'error');
  const warn = vi.spyOn(logger, 'warn');
  vi.spyOn(logger, 'child').mockReturnValue(logger as never);
  const shopify = createShopifyService({
    storeDomain: fake.url,
    storefrontToken: options.token ?? 'test-token',
    logger,
    timers: options.timers,
  });
  return { shopify, error, warn };
}

describe('Shopify service against the fake Storefront API', () => {
  it('loads normalised products with the token, Accept-Language and buyer IP headers', async () => {
    const { shopify } = service();
    const products = await shopify.getProducts({ first: 6, buyerIp: '198.51.100.23' });
    expect(products?.map((p) => p.title)).toEqual(FIXTURE_TITLES.all.slice(0, 6));
    const sparse = products!.find((p) => p.handle === 'psalm-23-minimal-tee')!;
    expect(sparse.images[0]).toMatchObject({ altText: 'Psalm 23 Minimal Tee', src: `${fake.url}/images/psalm-23-tee.webp` });
    expect(fake.requests).toEqual([
      {
        operation: 'products',
        variables: { first: 6 },
        token: 'test-token',
        buyerIp: '198.51.100.23',
        acceptLanguage: 'en-US',
      },
    ]);
  });

  it('serves repeated reads from the cache, shared across shoppers', async () => {
    const { shopify } = service();
    await shopify.getProducts({ first: 20, buyerIp: '198.51.100.1' });
    const again = await shopify.getProducts({ first: 20, buyerIp: '198.51.100.2' });
    expect(again).toHaveLength(FIXTURE_TITLES.all.length);
    expect(fake.count('products')).toBe(1);
  });

  it('loads collections by handle; an unknown handle is an empty list', async () => {
    const { shopify } = service();
    const tees = await shopify.getCollectionProducts('tshirts', { first: 20 });
    expect(tees?.map((p) => p.title)).toEqual(FIXTURE_TITLES.tshirts);
    const hoodies = await shopify.getCollectionProducts('hoodies', { first: 2 });
    expect(hoodies?.map((p) => p.title)).toEqual(FIXTURE_TITLES.hoodies.slice(0, 2));
    expect(fake.requests.map((r) => r.variables)).toEqual([
      { handle: 'tshirts', first: 20 },
      { handle: 'hoodies', first: 2 },
    ]);
    expect(await shopify.getCollectionProducts('no-such-collection', { first: 20 })).toEqual([]);
  });

  it('gives null and logs when Shopify answers HTTP 500, GraphQL errors, or refuses the token', async () => {
    fake.mode = 'fail';
    const failing = service();
    expect(await failing.shopify.getProducts({ first: 6 })).toBeNull();
    expect(failing.error).toHaveBeenCalled();

    fake.mode = 'graphql-errors';
    const throttled = service();
    expect(await throttled.shopify.getCollectionProducts('tshirts', { first: 20 })).toBeNull();
    expect(throttled.error).toHaveBeenCalled();

    fake.mode = 'ok';
    const badToken = service({ token: 'wrong' });
    expect(await badToken.shopify.getProducts({ first: 6 })).toBeNull();
    expect(fake.requests.at(-1)?.token).toBe('wrong');
  });

  it('does not hold a page longer than 3 s when Shopify hangs', async () => {
    fake.mode = 'hang';
    const timers = manualTimers();
    const { shopify, warn } = service({ timers });
    let result: unknown = 'pending';
    void shopify.getProducts({ first: 6 }).then((value) => (result = value));
    await vi.waitFor(() => expect(fake.count('products')).toBe(1));
    await timers.advance(2_999);
    expect(result).toBe('pending');
    await timers.advance(1);
    expect(result).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('keeps serving the last good answer when a later refresh fails', async () => {
    const timers = manualTimers();
    const { shopify, error } = service({ timers });
    const first = await shopify.getCollectionProducts('hoodies', { first: 20 });
    fake.mode = 'fail';
    await timers.advance(61_000);
    expect(await shopify.getCollectionProducts('hoodies', { first: 20 })).toEqual(first);
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(fake.count('collection')).toBe(2);
  });
});
