/**
 * A local stand-in for the Shopify Storefront API 2025-01 (tests and `npm run dev:shopify`).
 *
 * POST /api/2025-01/graphql.json, with the X-Shopify-Storefront-Access-Token header, answers
 * the query shapes the shop sends: `products(first:)`, `collection(handle:) { products(first:) }`
 * and `cartCreate(input:)`, from the fixtures. Deprecated fields (collectionByHandle,
 * productByHandle, src, originalSrc) are refused like an unknown field would be.
 * GET /images/<name>.webp serves fixture images; GET /cart/c/<token> is the checkout page.
 *
 * Controls: `mode` ('ok' | 'fail' (HTTP 500) | 'hang' (never answers) | 'graphql-errors'),
 * request counts and a log of what was asked (variables and the headers that matter).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { FIXTURE_IMAGES, shopifyFixtures, UNAVAILABLE_VARIANT_ID } from './shopify-fixtures';

export type FakeShopifyMode = 'ok' | 'fail' | 'hang' | 'graphql-errors';

export interface FakeShopifyRequest {
  operation: 'products' | 'collection' | 'cartCreate' | 'unknown';
  variables: Record<string, unknown>;
  token: string | undefined;
  buyerIp: string | undefined;
  acceptLanguage: string | undefined;
}

export interface FakeShopifyServer {
  url: string;
  port: number;
  token: string;
  mode: FakeShopifyMode;
  /** Every GraphQL request received (also those answered with a failure). */
  requests: FakeShopifyRequest[];
  count(operation?: FakeShopifyRequest['operation']): number;
  reset(): void;
  close(): Promise<void>;
}

const PUBLIC_IMAGES = path.resolve(import.meta.dirname, '../../public/images/products');
const API_PATH = '/api/2025-01/graphql.json';
const DEPRECATED = /\b(collectionByHandle|productByHandle|originalSrc|src)\b/;

export async function startFakeShopify(
  options: { port?: number; host?: string; token?: string; mode?: FakeShopifyMode } = {},
): Promise<FakeShopifyServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? 'test-token';
  const hanging = new Set<http.ServerResponse>();
  let baseUrl = '';

  const fake: FakeShopifyServer = {
    url: '',
    port: 0,
    token,
    mode: options.mode ?? 'ok',
    requests: [],
    count: (operation) => fake.requests.filter((r) => !operation || r.operation === operation).length,
    reset() {
      fake.requests.length = 0;
      fake.mode = 'ok';
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const json = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server = http.createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', baseUrl);
      if (request.method === 'GET' && url.pathname.startsWith('/images/')) {
        const name = url.pathname.slice('/images/'.length).replace(/\.webp$/, '');
        const file = FIXTURE_IMAGES[name];
        if (!file) return json(response, 404, { errors: 'Not Found' });
        const bytes = await readFile(path.join(PUBLIC_IMAGES, file));
        response.writeHead(200, { 'Content-Type': 'image/webp', 'Cache-Control': 'public, max-age=3600' });
        return response.end(bytes);
      }
      if (request.method === 'GET' && url.pathname.startsWith('/cart/c/')) {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return response.end(
          '<!doctype html><title>Checkout</title><h1>Shopify checkout (fake)</h1>' +
            `<p>Cart ${url.pathname.slice('/cart/c/'.length).replace(/[^A-Za-z0-9]/g, '')}</p>`,
        );
      }
      if (url.pathname !== API_PATH) return json(response, 404, { errors: 'Not Found' });
      if (request.method !== 'POST') return json(response, 405, { errors: 'Method Not Allowed' });

      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      let body: { query?: unknown; variables?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return json(response, 400, { errors: [{ message: 'Invalid JSON body' }] });
      }
      const query = typeof body.query === 'string' ? body.query : '';
      const variables = (body.variables && typeof body.variables === 'object' ? body.variables : {}) as Record<
        string,
        unknown
      >;
      const operation: FakeShopifyRequest['operation'] = /\bcartCreate\s*\(/.test(query)
        ? 'cartCreate'
        : /\bcollection\s*\(\s*handle\s*:/.test(query)
          ? 'collection'
          : /\bproducts\s*\(\s*first\s*:/.test(query)
            ? 'products'
            : 'unknown';
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      fake.requests.push({
        operation,
        variables,
        token: header('x-shopify-storefront-access-token'),
        buyerIp: header('shopify-storefront-buyer-ip'),
        acceptLanguage: header('accept-language'),
      });

      if (header('x-shopify-storefront-access-token') !== token) {
        return json(response, 401, {
          errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
        });
      }
      if (fake.mode === 'hang') {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      if (fake.mode === 'fail') return json(response, 500, { errors: 'Internal Server Error' });
      if (fake.mode === 'graphql-errors') {
        return json(response, 200, {
          errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
        });
      }
      const deprecated = DEPRECATED.exec(query.replace(/#[^\n]*/g, ''));
      if (deprecated) {
        return json(response, 200, {
          errors: [{ message: `Field '${deprecated[1]}' is deprecated and not served by this fake` }],
        });
      }

      const fixtures = shopifyFixtures(baseUrl);
      const literal = (name: string) => new RegExp(`${name}\\s*:\\s*("?)([\\w-]+)\\1`).exec(query)?.[2];
      const first = Number(variables.first ?? literal('first') ?? 20);
      if (!Number.isInteger(first) || first < 1 || first > 250) {
        return json(response, 200, { errors: [{ message: 'first must be between 1 and 250' }] });
      }

      if (operation === 'products') {
        return json(response, 200, { data: { products: { nodes: fixtures.products.slice(0, first) } } });
      }
      if (operation === 'collection') {
        const handle = String(variables.handle ?? literal('handle') ?? '');
        const collection = fixtures.collections[handle];
        return json(response, 200, {
          data: {
            collection: collection
              ? { id: collection.id, handle, products: { nodes: collection.products.slice(0, first) } }
              : null,
          },
        });
      }
      if (operation === 'cartCreate') {
        const input = (variables.input ?? {}) as { lines?: { merchandiseId?: string; quantity?: number }[] };
        const lines = input.lines ?? [];
        const known = new Set(fixtures.products.flatMap((p) => p.variants.nodes.map((v) => v.id)));
        const unknown = lines.find((line) => !line.merchandiseId || !known.has(line.merchandiseId));
        if (unknown) {
          return json(response, 200, {
            data: {
              cartCreate: {
                cart: null,
                userErrors: [
                  {
                    code: 'INVALID',
                    field: ['input', 'lines', '0', 'merchandiseId'],
                    message: `The merchandise with id ${unknown.merchandiseId} does not exist.`,
                  },
                ],
                warnings: [],
              },
            },
          });
        }
        const outOfStock = lines.filter((line) => line.merchandiseId === UNAVAILABLE_VARIANT_ID);
        const cartToken = randomBytes(12).toString('hex');
        return json(response, 200, {
          data: {
            cartCreate: {
              cart: {
                id: `gid://shopify/Cart/${cartToken}?key=${randomBytes(8).toString('hex')}`,
                checkoutUrl: `${baseUrl}/cart/c/${cartToken}?key=${randomBytes(8).toString('hex')}`,
                totalQuantity: lines.length - outOfStock.length,
              },
              userErrors: [],
              warnings: outOfStock.map((line) => ({
                code: 'MERCHANDISE_OUT_OF_STOCK',
                message: 'The product is out of stock.',
                target: line.merchandiseId,
              })),
            },
          },
        });
      }
      return json(response, 200, { errors: [{ message: 'This fake answers products, collection and cartCreate only' }] });
    } catch (error) {
      if (!response.headersSent) json(response, 500, { errors: String(error) });
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  fake.port = address.port;
  baseUrl = `http://${host}:${address.port}`;
  fake.url = baseUrl;
  return fake;
}
