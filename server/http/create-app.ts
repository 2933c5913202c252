/**
 * The HTTP shell (ARCHITECTURE.md): security headers, compression, request logs,
 * static assets, /healthz, then every other request to React Router.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { measureJsonAnswers } from './measure-json-answers';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import type { AppServices } from '../context';
import { refuseBadAddress } from './address-guard';
import { checkRequestBodies, limitRequestBodies } from './body-guard';
import { createClientIpResolver } from './client-ip';
import { describeEmptyErrors } from './error-body';
import { refuseCrossOriginWrites } from './origin-guard';
import { pageCache, type PageCacheVariables } from './page-cache';
import { createHealthCheck } from './health';
import { refuseUnservedMethods } from './method-guard';
import { isApiPath } from './refuse';
import { splitRouteTables } from './route-tables';
import { CLIENT_IP_HEADER } from './client-ip-header';
import type { DatabaseHandle } from '../db/client';

export interface CreateAppOptions {
  services: AppServices;
  database: Pick<DatabaseHandle, 'kind'>;
  /** The React Router server build, or a loader of it (the dev server reloads it). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** build/client: hashed assets and the public folder. Absent in development (Vite serves them). */
  clientDir?: string;
  uploadsDir?: string;
  mode: 'production' | 'development';
}

type AppEnv = {
  Bindings: HttpBindings;
  Variables: PageCacheVariables & { secureHeadersNonce?: string; requestId: string };
};

/**
 * The request React Router sees. Better Auth reads the client address from a header
 * (STACK-NOTES pitfall 4), so requests to /api/auth/* get a copy carrying it (any value the
 * client sent itself is overwritten); everything else reads `context.clientIp` and is passed
 * as it came, since copying a request costs every page render (issue 15). A request that
 * names the header itself is copied too, so no code ever sees a client's own value.
 */
function forReactRouter(request: Request, path: string, clientIp: string): Request {
  return path.startsWith('/api/auth/') || request.headers.has(CLIENT_IP_HEADER)
    ? withClientIpHeader(request, clientIp)
    : request;
}

/** Every file of a folder as a URL path ('/favicon.ico', '/images/x.webp'), read once at start. */
function listFiles(root: string, prefix = ''): string[] {
  return readdirSync(path.join(root, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${prefix}/${entry.name}`;
    return entry.isDirectory() ? listFiles(root, relative) : entry.isFile() ? [relative] : [];
  });
}

type RequestHandler = ReturnType<typeof createRequestHandler>;

/** React Router's handlers of the pages' table and of the API's (route-tables.ts). */
function requestHandlers(
  build: CreateAppOptions['build'],
  mode: CreateAppOptions['mode'],
): { pages: RequestHandler; api: RequestHandler } {
  if (typeof build !== 'function') {
    const tables = splitRouteTables(build);
    return { pages: createRequestHandler(tables.pages, mode), api: createRequestHandler(tables.api, mode) };
  }
  const split = new WeakMap<ServerBuild, ReturnType<typeof splitRouteTables>>();
  const tablesOf = async () => {
    const current = await build();
    let tables = split.get(current);
    if (!tables) split.set(current, (tables = splitRouteTables(current)));
    return tables;
  };
  return {
    pages: createRequestHandler(async () => (await tablesOf()).pages, mode),
    api: createRequestHandler(async () => (await tablesOf()).api, mode),
  };
}

function withClientIpHeader(request: Request, clientIp: string): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, clientIp);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
  return new Request(request.url, {
    method: request.method,
    headers,
    body: hasBody ? request.body : undefined,
    signal: request.signal,
    redirect: request.redirect,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * True when the client closed its connection before the answer (a body cut off mid-way, say).
 * Read from the socket: the request's own signal would make Hono build a full Request.
 */
function clientWentAway(env: Partial<HttpBindings> | undefined): boolean {
  return env?.incoming?.socket?.destroyed === true;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PRECOMPRESSED_COPY = /\.(gz|br)$/;

/**
 * The headers of a file served as it is (decision 022): its caching, nosniff, a resource policy
 * (same-origin, but cross-origin for pictures) and `Vary: Accept-Encoding`; for an SVG (the one static type a browser runs
 * script in, opened as a document) a policy that allows nothing. The page headers (a content
 * security policy and its kin, about 700 bytes) apply to documents, not to a script, a
 * stylesheet or an image, and a page's first load fetches ten such files.
 */
function withFileHeaders(serve: MiddlewareHandler, cacheControl: (path: string) => string): MiddlewareHandler {
  return async (c, next) => {
    // The build's `.gz` and `.br` copies are sent only in place of their file, never by name.
    if (PRECOMPRESSED_COPY.test(c.req.path)) return next();
    const response = await serve(c, next);
    if (response?.status === 200) {
      const headers = response.headers;
      headers.set('Cache-Control', cacheControl(c.req.path));
      headers.set('X-Content-Type-Options', 'nosniff');
      // Pictures are embedded by the shop's e-mails, read in a mail client on another origin
      // (issue 32 item 12): they may be loaded from anywhere. Scripts, styles and SVG: same-origin.
      const isPicture = /^image\/(?:webp|png|jpeg|gif|avif)\b/.test(headers.get('Content-Type') ?? '');
      headers.set('Cross-Origin-Resource-Policy', isPicture ? 'cross-origin' : 'same-origin');
      headers.set('Vary', 'Accept-Encoding');
      if (headers.get('Content-Type')?.startsWith('image/svg+xml')) {
        headers.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
      }
    }
    return response;
  };
}

export function createHttpApp(options: CreateAppOptions) {
  const { services, database, mode } = options;
  const { logger } = services;
  const resolveClientIp = createClientIpResolver(services.config.trustProxy);
  const app = new Hono<AppEnv>();
  const isDev = mode === 'development';
  // A local Shopify stand-in over http (RUN-CONTRACT): its product images must load too.
  const shopifyDomain = services.config.shopify?.storeDomain ?? '';
  const shopifyHttpOrigin = /^http:\/\//i.test(shopifyDomain) ? [new URL(shopifyDomain).origin] : [];
  // Images in an S3 bucket over plain http (a local store, tests): allowed by origin.
  const s3PublicBase = services.config.s3?.publicBaseUrl ?? '';
  const imageHttpOrigins = [
    ...shopifyHttpOrigin,
    ...(/^http:\/\//i.test(s3PublicBase) ? [new URL(s3PublicBase).origin] : []),
  ];

  app.use('*', async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('requestId', requestId);
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const line = { reqId: requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms };
    // A client that hung up (mid-body, say) is no fault of the shop: one info line (issue 30 item 3).
    if (clientWentAway(c.env)) logger.info({ ...line, status: undefined }, 'client closed the connection before the answer');
    else if (c.res.status >= 500) logger.error(line, 'request');
    else if (!c.req.path.startsWith('/assets/')) logger.info(line, 'request');
  });

  // Files' paths (hashed assets, the public folder, uploads): GET and HEAD only.
  let publicFiles = new Set<string>();
  const isFile = (pathname: string) =>
    pathname.startsWith('/assets/') || pathname.startsWith('/uploads/') || publicFiles.has(pathname);
  app.use('*', refuseUnservedMethods(isFile));

  // Files served as they are, first: the build's hashed scripts and stylesheets (with the gzip
  // and brotli copies the build wrote, vite.config.ts), the public folder and the uploads. They
  // carry file headers only (withFileHeaders); a page's start needs ten of them, on a phone's
  // slow first load (decision 022).
  if (options.clientDir) {
    const clientDir = options.clientDir;
    app.use('/assets/*', withFileHeaders(serveStatic({ root: clientDir, precompressed: true }), () => IMMUTABLE));
    // The public folder's files, listed once: a page request never costs a file-system lookup.
    publicFiles = new Set(listFiles(clientDir).filter((file) => !file.startsWith('/assets/')));
    const servePublic = withFileHeaders(serveStatic({ root: clientDir, precompressed: true }), (filePath) =>
      filePath.startsWith('/images/') ? 'public, max-age=604800' : 'public, max-age=3600',
    );
    app.use('*', (c, next) => (publicFiles.has(c.req.path) ? servePublic(c, next) : next()));
  }
  if (options.uploadsDir) {
    const serveUpload = serveStatic({ root: options.uploadsDir, rewriteRequestPath: (p) => p.replace(/^\/uploads/, '') });
    app.use('/uploads/*', withFileHeaders(serveUpload, () => IMMUTABLE));
  }

  // Anonymous catalogue pages from memory, before the headers and compression (page-cache.ts).
  app.use(
    '*',
    pageCache({
      store: services.pageCache,
      refetch: (request) =>
        Promise.resolve(app.fetch(request, { incoming: { socket: { remoteAddress: '127.0.0.1' } } })),
      onError: (error, key) => logger.warn({ err: error, key }, 'page cache refresh failed'),
    }),
  );

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: isDev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", NONCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...imageHttpOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: isDev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", 'https://checkout.stripe.com'],
        objectSrc: ["'none'"],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
      xContentTypeOptions: 'nosniff',
      xFrameOptions: 'DENY',
      strictTransportSecurity: services.config.isHttps ? 'max-age=15552000; includeSubDomains' : false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'same-origin',
    }),
  );

  app.use('*', compress({ threshold: 1024 }));
  // JSON answers get their length, so a small one is not compressed (measure-json-answers.ts).
  app.use('*', measureJsonAnswers);
  app.use('*', describeEmptyErrors, refuseBadAddress);

  // Whether the shop can write, in the database and in DATA_DIR (health.ts, issue 30 item 2).
  const checkHealth = createHealthCheck({ db: services.db, dataDir: services.config.dataDir });
  app.get('/healthz', async (c) => {
    const health = await checkHealth();
    c.header('Cache-Control', 'no-store');
    if (health.ok) return c.json({ status: 'ok', database: database.kind, checks: health.checks }, 200);
    const failed = Object.entries(health.checks).filter(([, result]) => result !== 'ok').map(([name]) => name);
    logger.warn({ checks: health.checks }, 'health check failed');
    return c.json({ status: 'unavailable', database: database.kind, failed, checks: health.checks }, 503);
  });

  // Requests that change state: same origin only, bodies bounded and checked (body-guard.ts).
  app.use(
    '*',
    refuseCrossOriginWrites({ publicUrl: services.config.publicUrl }),
    limitRequestBodies(),
    checkRequestBodies(),
  );

  // Given the build object, React Router builds its handler and route table once; given a
  // function (the dev server's loader), it rebuilds them on every request. The pages and the
  // API each have a table of their own (route-tables.ts).
  const handlers = requestHandlers(options.build, mode);

  app.all('*', async (c) => {
    const clientIp = resolveClientIp(c.env?.incoming?.socket?.remoteAddress, c.req.header('x-forwarded-for'));
    const context: AppLoadContext = {
      ...services,
      cspNonce: c.get('secureHeadersNonce') ?? '',
      clientIp,
      requestId: c.get('requestId'),
      pageRender: c.get('pageRender'),
    };
    const handleRequest = isApiPath(c.req.path) ? handlers.api : handlers.pages;
    return handleRequest(forReactRouter(c.req.raw, c.req.path, clientIp), context);
  });

  app.onError((error, c) => {
    // Reading the body of a request whose client hung up fails with 'aborted': logged once, by the request line.
    if (clientWentAway(c.env)) return c.body(null, 400);
    logger.error({ err: error, path: c.req.path }, 'unhandled error');
    return c.text('Internal Server Error', 500);
  });

  return app;
}
