/**
 * The external catalogue service (AppServices.shopify): products and collections through
 * the cache, and a Cart API checkout. Catalogue reads never throw: a failure, an answer of
 * the wrong shape or a slow answer is logged and gives null, and the pages fall back.
 */
import type { Logger } from 'pino';
import { firstBlockingCartProblem } from '../../domain/external-checkout';
import type { ExternalProduct } from '../../domain/external-product';
import * as MESSAGES from '../../domain/messages';
import { ProviderError } from '../app-error';
import type { AppServices } from '../context';
import { createCatalogueCache, type CatalogueCacheOptions, type Timers } from './catalogue-cache';
import { createShopifyClient, type ShopifyClient } from './client';
import { normaliseProduct } from './normalise-product';
import { CART_CREATE_MUTATION, COLLECTION_PRODUCTS_QUERY, PRODUCTS_QUERY } from './queries';
import { CartCreateResponseSchema, CollectionProductsResponseSchema, ProductsResponseSchema } from './schemas';

export const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 250;
const CHECKOUT_LIMIT_MS = 10_000;

export type ShopifyService = Required<NonNullable<AppServices['shopify']>>;

export interface CreateShopifyServiceOptions {
  storeDomain: string;
  storefrontToken: string;
  logger: Logger;
  acceptLanguage?: string;
  fetch?: typeof fetch;
  timers?: Timers;
  cache?: Omit<CatalogueCacheOptions, 'logger' | 'timers'>;
  /** Tests pass a client directly. */
  client?: ShopifyClient;
  /**
   * A refresh changed a list (decision 018): `products` or the collection's handle. The pages
   * built from it drop from the page cache.
   */
  onCatalogueChange?: (key: string) => void;
}

const pageSize = (first: number | undefined) =>
  Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(first ?? DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE));

export function createShopifyService(options: CreateShopifyServiceOptions): ShopifyService {
  const logger = options.logger.child({ service: 'shopify' });
  const client =
    options.client ??
    createShopifyClient({
      storeDomain: options.storeDomain,
      storefrontToken: options.storefrontToken,
      acceptLanguage: options.acceptLanguage,
      logger,
      fetch: options.fetch,
    });
  const cache = createCatalogueCache({
    ...options.cache,
    logger,
    timers: options.timers,
    onChange: options.onCatalogueChange,
  });

  const guard = async (what: string, run: () => Promise<ExternalProduct[] | null>) => {
    try {
      return await run();
    } catch (error) {
      logger.error({ err: error, what }, 'external catalog failed');
      return null;
    }
  };

  return {
    getProducts({ first, buyerIp }) {
      const size = pageSize(first);
      return guard('products', () =>
        cache.get(`products:${size}`, async (signal) => {
          const data = await client.request(PRODUCTS_QUERY, { variables: { first: size }, buyerIp, signal });
          return ProductsResponseSchema.parse(data).products.nodes.map(normaliseProduct);
        }),
      );
    },

    getCollectionProducts(handle, { first, buyerIp }) {
      const size = pageSize(first);
      return guard(`collection ${handle}`, () =>
        cache.get(`collection:${handle}:${size}`, async (signal) => {
          const data = await client.request(COLLECTION_PRODUCTS_QUERY, {
            variables: { handle, first: size },
            buyerIp,
            signal,
          });
          const collection = CollectionProductsResponseSchema.parse(data).collection;
          if (!collection) {
            logger.warn({ handle }, 'external collection not found');
            return [];
          }
          return collection.products.nodes.map(normaliseProduct);
        }),
      );
    },

    async createCheckout(variantId, { buyerIp } = {}) {
      try {
        const data = await client.request(CART_CREATE_MUTATION, {
          variables: { input: { lines: [{ merchandiseId: variantId, quantity: 1 }] } },
          buyerIp,
          signal: AbortSignal.timeout(CHECKOUT_LIMIT_MS),
        });
        const payload = CartCreateResponseSchema.parse(data).cartCreate;
        if (!payload) throw new Error('cartCreate answered null');
        const problem = firstBlockingCartProblem(payload.userErrors, payload.warnings ?? []);
        if (problem) {
          logger.warn(
            { variantId, userErrors: payload.userErrors, warnings: payload.warnings },
            'external checkout refused',
          );
          // The legacy code (NOT_ENOUGH_IN_STOCK ...) is the error's code.
          throw new ProviderError(problem.code ?? 'shopify-rejected', { message: problem.message });
        }
        if (!payload.cart) throw new Error('cartCreate answered without a cart');
        return { checkoutUrl: payload.cart.checkoutUrl };
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        logger.error({ err: error, variantId }, 'external checkout failed');
        throw new ProviderError('shopify-failed', { message: MESSAGES.hostedCheckoutFailed, cause: error });
      }
    },
  };
}
