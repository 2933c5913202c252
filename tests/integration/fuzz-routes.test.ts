/**
 * Bad input in general (issue 12): every route of the app, taken from the React Router route
 * manifest of the build (so a route added later is fuzzed too), with random methods, query
 * strings, path parameters, content types and bodies (wrong types, huge and NaN numbers, NUL
 * and invalid UTF-8, arrays for objects, broken JSON and multipart). Every answer must be
 * below 500; a 4xx must say what is wrong; an answer that is not 2xx must change no row.
 *
 * Nothing may be logged at error level either (a stack trace an attacker can cause is noise).
 *
 * Bounded: FUZZ_RUNS requests per route (default 15). FUZZ_COLLECT=1 runs everything and
 * prints every problem instead of stopping at the first one (to count them); FUZZ_SEED
 * replays a run.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { products } from '../../server/db/schema';
import { createTestShop, type TestShop } from '../support/test-shop';
import { passcodeSession } from '../support/staff';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const COLLECT = process.env.FUZZ_COLLECT === '1';
const ORIGIN = 'http://shop.test';

/** Tables allowed to change on a refused request: the rate-limit counters count refusals. */
const COUNTER_TABLES = new Set(['rate_limit', 'rate_limit_counters', '__drizzle_migrations']);
/**
 * Rows a refused request may add: the activity log records every refused sign-in (issue 27),
 * and a fuzzed `{"passcode": "…"}` is one. Any other row of the log still counts.
 */
const REFUSAL_ROWS: Record<string, string> = { audit_log: `action not like 'sign-in.%.failed'` };

const build = (await import(pathToFileURL(path.join(ROOT, 'build/server/index.js')).href)) as ServerBuild;

interface FuzzRoute {
  id: string;
  /** The route's path pattern, e.g. api/products/:slug. */
  pattern: string;
  isPage: boolean;
}

/** Every leaf route of the manifest with its full path pattern. */
function manifestRoutes(): FuzzRoute[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id]!;
    const own = route.path ?? '';
    const parent = route.parentId ? fullPath(route.parentId) : '';
    return [parent, own].filter(Boolean).join('/');
  };
  const parents = new Set(Object.values(routes).map((route) => route?.parentId));
  return Object.entries(routes)
    .filter(([id, route]) => route && !parents.has(id))
    .map(([id, route]) => ({ id, pattern: fullPath(id), isPage: Boolean(route!.module.default) }));
}

let shop: TestShop;
let adminToken: string;
let realValues: string[];
let snapshotSql: ReturnType<typeof sql.raw>;
const found: string[] = [];
let errorLogs: MockInstance[] = [];
const errorLogCount = () => errorLogs.reduce((sum, spy) => sum + spy.mock.calls.length, 0);

async function tablesHash(): Promise<string> {
  const result = await shop.database.db.execute<{ hash: string }>(snapshotSql);
  return result.rows[0]!.hash;
}

beforeAll(async () => {
  shop = await createTestShop();
  adminToken = await passcodeSession(shop, '198.51.100.200');
  const [product] = await shop.database.db.select().from(products).limit(1);
  const checkout = await shop.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [{ productId: product!.id, color: product!.colors[0], size: product!.sizes[0], quantity: 1 }],
      email: 'fuzz@example.com',
    }),
  });
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  realValues = [product!.id, product!.slug, sessionId].filter(Boolean);
  const tables = await shop.database.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const parts = tables.rows
    .map((row) => row.name)
    .filter((name) => !COUNTER_TABLES.has(name))
    .map(
      (name) =>
        `(select coalesce(md5(string_agg(t::text, '|' order by t::text)), '-') from "${name}" t` +
        `${REFUSAL_ROWS[name] ? ` where ${REFUSAL_ROWS[name]}` : ''})`,
    );
  snapshotSql = sql.raw(`select md5(${parts.join(" || '/' || ")}) as hash`);
  errorLogs = [
    vi.spyOn(console, 'error').mockImplementation(() => undefined),
    vi.spyOn(shop.shop.services.logger, 'error'),
    vi.spyOn(shop.shop.services.logger, 'fatal'),
  ];
}, 120_000);

afterAll(async () => {
  for (const spy of errorLogs) spy.mockRestore();
  if (COLLECT) {
    const fiveHundreds = found.filter((line) => /^answered 5\d\d/.test(line)).length;
    console.info(`fuzz: ${fiveHundreds} answers of 5xx, ${found.length} problems in all\n${found.join('\n')}`);
  }
  await shop?.close();
});

/* ------------------------------------------------------------------ generators */

const FIELD_NAMES = [
  'passcode', 'email', 'password', 'name', 'firstName', 'lastName', 'items', 'productId', 'color', 'size',
  'quantity', 'couponCode', 'pointsToRedeem', 'amountCents', 'sessionId', 'pageUrl', 'userAgent', 'isActive',
  'status', 'costCents', 'variantId', 'price', 'priceCents', 'category', 'slug', 'images', 'colors', 'sizes',
  'token', 'newPassword', 'callbackURL', 'cardNumber', 'description', 'stock', 'isNew', 'isFeatured', 'body',
  'line1', 'city', 'region', 'postalCode', 'country',
];

const nasty = fc.constantFrom(
  'a\u0000b', '\u0000', '\uFFFD', '\uD800', '💥'.repeat(50), 'x'.repeat(5000), '', ' ', '<script>', "' or 1=1 --",
  '../../etc/passwd', '%00', 'null', 'NaN', '1e999', '-1', '4242 4242 4242 4242', 'a@b.c', 'WYF-001001',
);

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  nasty,
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e300, -1e300, 0.1, -0, 2 ** 31, 2 ** 53 + 2),
  fc.boolean(),
  fc.constant(null),
);

const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('v'), { maxKeys: 6 }),
  ),
})).v;

/** JSON text with raw tokens JSON.stringify cannot write (NaN, 1e999, huge integers). */
const jsonText = fc
  .tuple(
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 8 }),
    fc.constantFrom(null, 'NaN', '1e999', '-1e999', '123456789012345678901234567890', '-0', 'Infinity'),
  )
  .map(([object, raw]) => {
    const text = JSON.stringify(object);
    if (!raw || text === '{}') return text;
    return text.replace(/:(-?\d+(\.\d+)?(e[+-]?\d+)?|true|false|null|"[^"]*")/, `:${raw}`);
  });

type Body = string | Uint8Array | undefined;

/**
 * Bodies close to valid ones, by route pattern, so the fuzz gets past the first check: one
 * field at a time is replaced with a nasty value. Routes not named here get random bodies.
 */
const SAMPLE_BODIES: Record<string, () => Record<string, unknown>> = {
  'api/visitors': () => ({ sessionId: 'abcdefghijklmnop1234', pageUrl: 'http://shop.test/', userAgent: 'fuzz', isActive: true }),
  'api/checkout': () => ({
    items: [{ productId: realValues[0], color: 'Black', size: 'M', quantity: 1 }],
    email: 'fuzz@example.com',
    couponCode: 'JESUS',
    pointsToRedeem: 0,
  }),
  'api/donations': () => ({ amountCents: 500 }),
  'api/shopify/checkout': () => ({ variantId: 'gid://shopify/ProductVariant/1' }),
  'api/admin/session': () => ({ passcode: 'not-the-passcode' }),
  'api/admin/products': () => ({ name: 'Fuzz Tee', priceCents: 2500, category: 't-shirts', colors: ['Black'], sizes: ['M'] }),
  'api/admin/products/:id': () => ({ name: 'Fuzz Tee', priceCents: 2500, category: 't-shirts', costCents: 100 }),
  'api/admin/orders/:id': () => ({ status: 'shipped' }),
  'api/auth/*': () => ({ email: 'fuzz@example.com', password: 'correct horse battery', name: 'Fuzz', firstName: 'F', lastName: 'Z' }),
  'api/admin/shop-pages/:slug': () => ({ body: '## Fuzz\n\nA page text.' }),
  // Past the address check (an order of goods needs one), to the card's decline.
  'sandbox/checkout/:sessionId': () => ({
    cardNumber: '4000 0000 0000 0002',
    name: 'Fuzz Buyer',
    line1: '1 Main St',
    city: 'Indianapolis',
    region: 'IN',
    postalCode: '46204',
    country: 'US',
  }),
};

function nearlyValidBody(pattern: string): fc.Arbitrary<{ body: Body; contentType: string }> | null {
  const sample = SAMPLE_BODIES[pattern];
  if (!sample) return null;
  return fc
    .tuple(fc.nat(), value, fc.constantFrom('json', 'form', 'json-nul', 'form-nul'))
    .map(([index, replacement, format]) => {
      const fields = sample();
      const keys = Object.keys(fields);
      const key = keys[index % keys.length]!;
      fields[key] = format.endsWith('-nul') ? `${String(fields[key])}\u0000x` : replacement;
      if (format.startsWith('form')) {
        const form = new URLSearchParams(
          Object.entries(fields).map(([name, text]) => [name, typeof text === 'string' ? text : (JSON.stringify(text) ?? '')]),
        );
        return { body: form.toString(), contentType: 'application/x-www-form-urlencoded' };
      }
      return { body: JSON.stringify(fields), contentType: 'application/json' };
    });
}

const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant(undefined),
  jsonText,
  fc.json(),
  value.map((v) => JSON.stringify(v) ?? 'undefined'),
  jsonText.map((text) => text.slice(0, Math.max(1, text.length - 3))), // cut short
  fc.uint8Array({ maxLength: 200 }), // random bytes, mostly invalid UTF-8
  fc.constantFrom(
    new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), // {"a":"<invalid>"}
    new Uint8Array([0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1]),
  ),
  fc
    .dictionary(fc.constantFrom(...FIELD_NAMES), fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), nasty))
    .map((fields) => new URLSearchParams(fields as Record<string, string>).toString()),
  fc.constantFrom(
    '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', // unterminated multipart
    '--boundary\r\nContent-Disposition: form-data; name="cardNumber"\r\n\r\n4242\u0000\r\n--boundary--\r\n',
    'cardNumber=4242%004242',
    '[]',
    '[{}]',
    '"just a string"',
    '0',
  ),
);

const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=boundary',
  'application/xml',
  'application/octet-stream',
  'image/png',
);

const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');

/** A path segment as it goes into the URL: encoded text, or a raw nasty sequence. */
const segment = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map((text) => {
      try {
        return encodeURIComponent(text);
      } catch {
        return 'x';
      }
    }),
    fc.constantFrom('a%00b', '%00', '%zz', '%E0%A4%A', '%C0%80', '%2e%2e', 'x'.repeat(3000), '%F0%9F%92%A5'),
    fc.nat().map((index) => realValues[index % realValues.length]!),
  );

const AUTH_PATHS = [
  'sign-in/email', 'sign-up/email', 'sign-out', 'get-session', 'request-password-reset', 'reset-password',
  'verify-email', 'send-verification-email', 'change-password', 'update-user', 'list-sessions', 'ok', 'error',
];

function pathFor(route: FuzzRoute): fc.Arbitrary<string> {
  const parts = route.pattern.split('/').filter(Boolean);
  const pieces = parts.map((part) => {
    if (part.startsWith(':')) return segment();
    if (part === '*') {
      return route.pattern.startsWith('api/auth')
        ? fc.oneof(fc.constantFrom(...AUTH_PATHS), segment())
        : fc.array(segment(), { minLength: 1, maxLength: 3 }).map((list) => list.join('/'));
    }
    return fc.constant(part);
  });
  return fc.tuple(...pieces, fc.boolean()).map((list) => {
    const withData = list.pop() as boolean;
    const pathname = '/' + (list as string[]).join('/');
    // React Router's data requests of a page: /cart.data, and /_root.data for the home page.
    if (withData && route.isPage) return pathname === '/' ? '/_root.data' : `${pathname}.data`;
    return pathname;
  });
}

const QUERY_KEYS = ['q', 'status', 'page', 'session_id', 'token', 'filter', 'leave', 'resume', 'logout', 'callbackURL', 'error', 'sort', 'index', '_data'];

const query = fc
  .array(fc.tuple(fc.constantFrom(...QUERY_KEYS), fc.oneof(segment(), fc.constantFrom('%00', '-1', '99999999999999999999', '1e9', 'NaN'))), {
    maxLength: 3,
  })
  .map((pairs) => (pairs.length ? '?' + pairs.map(([key, text]) => `${key}=${text}`).join('&') : ''));

interface FuzzRequest {
  method: string;
  url: string;
  contentType: string | undefined;
  body: Body;
  asAdmin: boolean;
  sameOrigin: boolean;
  clientIp: string;
}

function requestFor(route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  const common = {
    url: fc.tuple(pathFor(route), query).map(([pathname, search]) => pathname + search),
    asAdmin: fc.boolean(),
    sameOrigin: fc.boolean(),
    clientIp: fc.constantFrom('192.0.2.1', '192.0.2.2', '192.0.2.3', '2001:db8::1'),
  };
  const random = fc.record({ ...common, method, contentType, body });
  const near = nearlyValidBody(route.pattern);
  if (!near) return random;
  const nearly = fc
    .record({ ...common, method: fc.constantFrom('POST', 'POST', 'PUT', 'PATCH'), sample: near })
    .map(({ sample, ...rest }) => ({ ...rest, ...sample }));
  return fc.oneof(random, nearly);
}

function describeRequest(request: FuzzRequest): string {
  const shown =
    request.body instanceof Uint8Array ? `bytes(${Buffer.from(request.body).toString('hex').slice(0, 80)})` : JSON.stringify(request.body)?.slice(0, 200);
  return `${request.method} ${request.url.slice(0, 200)} [${request.contentType ?? 'no type'}] ${shown}`;
}

async function send(request: FuzzRequest): Promise<Response> {
  const headers = new Headers();
  if (request.contentType) headers.set('content-type', request.contentType);
  if (request.asAdmin) headers.set('x-admin-session', adminToken);
  if (request.sameOrigin) headers.set('origin', ORIGIN);
  const hasBody = request.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD';
  const init: RequestInit = { method: request.method, headers, redirect: 'manual' };
  if (hasBody) {
    init.body = request.body as BodyInit;
    // A string body gets text/plain from Request unless a type was chosen; keep "no type" honest.
    if (!request.contentType && typeof request.body === 'string') init.body = new TextEncoder().encode(request.body);
  }
  return shop.request(request.url, { ...init, clientIp: request.clientIp });
}

/** The answer's own words: a JSON `error` (or Better Auth's `message`), or a page's text. */
async function hasClearMessage(response: Response): Promise<boolean> {
  const text = await response.text();
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      const json = JSON.parse(text) as { error?: unknown; message?: unknown };
      const message = json.error ?? json.message;
      return typeof message === 'string' && message.trim().length > 0;
    } catch {
      return false;
    }
  }
  return text.trim().length > 0;
}

describe('every route, fuzzed', () => {
  const routes = manifestRoutes();

  it('finds the routes in the manifest', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((route) => route.pattern)).toEqual(
      expect.arrayContaining(['api/checkout', 'sandbox/checkout/:sessionId', 'api/auth/*', 'api/admin/uploads']),
    );
  });

  it('gives every endpoint that takes an action a loader, so a GET is a clear 405, not a bare 400', async () => {
    const actionOnly = Object.values(build.routes)
      .filter((route) => route && route.module.action && !route.module.loader && !route.module.default)
      .map((route) => route!.id);
    expect(actionOnly).toEqual([]);
    for (const pathname of ['/api/visitors', '/api/admin/uploads', `/api/admin/products/${realValues[0]}`]) {
      const response = await shop.request(pathname);
      expect(response.status, pathname).toBe(405);
      expect(response.headers.get('allow'), pathname).toMatch(/POST|PUT/);
      expect(await response.json(), pathname).toMatchObject({ error: 'Method not allowed', code: 'method-not-allowed' });
    }
  });

  for (const route of routes) {
    it(`/${route.pattern} answers bad input with a 4xx and changes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (request) => {
          const before = await tablesHash();
          const logsBefore = errorLogCount();
          const response = await send(request);
          const problems: string[] = [];
          if (response.status >= 500) problems.push(`answered ${response.status}`);
          if (response.status >= 400 && response.status < 500 && request.method !== 'HEAD') {
            if (!(await hasClearMessage(response))) problems.push(`answered ${response.status} without a message`);
          } else {
            await response.body?.cancel();
          }
          if (response.status < 200 || response.status >= 300) {
            if ((await tablesHash()) !== before) problems.push(`answered ${response.status} but changed rows`);
          }
          if (errorLogCount() > logsBefore) problems.push(`logged an error`);
          if (problems.length === 0) return;
          const line = `${problems.join(', ')}: ${describeRequest(request)}`;
          if (COLLECT) {
            found.push(line);
            return;
          }
          throw new Error(line);
        }),
        { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
      );
    }, 120_000);
  }
});
