/**
 * The Storefront API client (server side only): @shopify/storefront-api-client on API
 * version 2025-01 with the storefront access token header, Accept-Language, and the
 * buyer's address in Shopify-Storefront-Buyer-IP (Shopify's header for server-side calls).
 *
 * The library forces https:// on the store domain (STACK-NOTES pitfall 7); a full URL with
 * its scheme (a local stand-in such as http://127.0.0.1:8787) is reached through
 * `customFetchApi`, which sends each request to that origin as it is.
 */
import { createStorefrontApiClient } from '@shopify/storefront-api-client';
import type { Logger } from 'pino';

export const SHOPIFY_API_VERSION = '2025-01';
export const BUYER_IP_HEADER = 'Shopify-Storefront-Buyer-IP';

export class ShopifyRequestError extends Error {
  constructor(
    message: string,
    readonly details: { status?: number; graphQLErrors?: unknown } = {},
  ) {
    super(message);
    this.name = 'ShopifyRequestError';
  }
}

export interface ShopifyClientOptions {
  /** 'my-shop.myshopify.com' (https), or a full URL used as it is. */
  storeDomain: string;
  storefrontToken: string;
  acceptLanguage?: string;
  logger: Logger;
  fetch?: typeof fetch;
}

export interface ShopifyRequestOptions {
  variables?: Record<string, unknown>;
  buyerIp?: string;
  signal?: AbortSignal;
}

export interface ShopifyClient {
  /** The store's origin the requests go to. */
  origin: string;
  /** Resolves with `data`; rejects with ShopifyRequestError on HTTP, network or GraphQL errors. */
  request(query: string, options?: ShopifyRequestOptions): Promise<unknown>;
}

/** The origin requests go to: a bare domain means https; a URL with a scheme is kept. */
export function storeOrigin(storeDomain: string): string {
  const trimmed = storeDomain.trim();
  return new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`).origin;
}

/** A usable IP address for the buyer header, or undefined (the socket may say 'unknown'). */
export function buyerIpHeaderValue(buyerIp: string | undefined): string | undefined {
  if (!buyerIp) return undefined;
  const value = buyerIp.replace(/^::ffff:/, '');
  return /^[0-9a-fA-F:.]{2,45}$/.test(value) ? value : undefined;
}

export function createShopifyClient(options: ShopifyClientOptions): ShopifyClient {
  const origin = storeOrigin(options.storeDomain);
  const fetchImpl = options.fetch ?? fetch;
  const client = createStorefrontApiClient({
    storeDomain: new URL(origin).host,
    apiVersion: SHOPIFY_API_VERSION,
    publicAccessToken: options.storefrontToken,
    clientName: 'wear-your-faith',
    retries: 0,
    customFetchApi: (url, init) => {
      const target = new URL(url);
      return fetchImpl(new URL(target.pathname + target.search, origin), init as RequestInit);
    },
    logger: (entry) => {
      if (entry.type === 'HTTP-Response') return;
      // 2025-01 is past the library's supported list: a notice, not a failure.
      options.logger.debug({ shopify: entry.type }, 'shopify client notice');
    },
  });
  const acceptLanguage = options.acceptLanguage ?? 'en-US';

  return {
    origin,
    async request(query, { variables, buyerIp, signal } = {}) {
      const headers: Record<string, string> = { 'Accept-Language': acceptLanguage };
      const ip = buyerIpHeaderValue(buyerIp);
      if (ip) headers[BUYER_IP_HEADER] = ip;
      let response;
      try {
        response = await client.request(query, { variables, headers, signal });
      } catch (error) {
        throw new ShopifyRequestError(`Shopify request failed: ${(error as Error).message}`);
      }
      if (response.errors) {
        const { networkStatusCode, message, graphQLErrors } = response.errors;
        throw new ShopifyRequestError(message ?? 'Shopify request failed', {
          status: networkStatusCode,
          graphQLErrors,
        });
      }
      if (response.data === undefined || response.data === null) {
        throw new ShopifyRequestError('Shopify answered without data');
      }
      return response.data;
    },
  };
}
