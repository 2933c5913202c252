/**
 * The full-page cache of the HTTP shell (decision 018): anonymous GETs of the catalogue pages
 * (home, the collections with their filter and page, product pages, search, the sitemap, the
 * policy pages, and their `.data` requests) are answered from memory (server/cache/page-cache-store.ts) without
 * rendering or compressing; every other answer gets the right Cache-Control.
 *
 * Registered right after the request log, before the security headers and compression: a hit
 * returns the stored headers (security headers included, with the entry's hash-based CSP)
 * and bytes as they are. A miss renders through the rest of the shell with the canonical
 * address and no Accept-Encoding, and keeps the answer only if it is a 200 without
 * Set-Cookie whose render did not fail.
 *
 * Never shared with a signed-in visitor: a request with any Cookie or Authorization header
 * (valid or not) bypasses the cache and its answer says `private, no-store`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { parsePage } from '../../domain/catalog-page';
import { FILTER_ROWS, parseFilter, type FilterPage } from '../../domain/catalog-filter';
import { normaliseSearchQuery } from '../../domain/search';
import { isShopPageSlug } from '../../domain/shop-pages';
import type { PageCacheStore, PageEntry } from '../cache/page-cache-store';
import { buildPageEntry, chooseEncoding } from '../cache/page-entry';
import type { PageRender } from '../cache/page-render';
import { addressProblem } from './address-guard';

export type PageCacheVariables = { pageRender?: PageRender; secureHeadersNonce?: string };

/** For a CDN or browser in front: a shared copy may be kept briefly and refreshed in the background. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** Per-visitor areas: never stored anywhere, whoever asks. */
const PRIVATE_PATH =
  /^\/(?:admin|account|cart|checkout|auth|favorites|loyalty|payment-success|reset-password|sandbox|api\/(?:admin|auth|checkout|favorites|loyalty|shopify|donations|visitors|stripe))(?:[/.]|$)/;
/** Answers that may carry a visitor's data (pages, their `.data`, JSON). */
const PERSONAL_TYPE = /^(?:text\/html|text\/x-script|application\/json)/;

const COLLECTION_KEYS = new Set<string>(Object.keys(FILTER_ROWS));
const ROUTES_PARAM_MAX = 500;

export interface CataloguePage {
  /** The cache key: the path and the parameters the page reads, in a fixed order. */
  key: string;
  /** The address the cache renders (unknown parameters left out). */
  search: string;
  tags: string[];
}

/**
 * The cacheable catalogue page an address names, or null. Only the parameters a page reads
 * are kept, normalised as its loader normalises them (an unknown filter is All, page 1 is
 * no page): a flood of made-up parameters or values all lands on the same few keys.
 */
export function cataloguePageOf(url: URL): CataloguePage | null {
  let path = url.pathname;
  const isData = path.endsWith('.data');
  if (isData) path = path === '/_root.data' ? '/' : path.slice(0, -'.data'.length);
  const params = new URLSearchParams();
  let tags: string[];
  if (path === '/') {
    tags = ['page:home'];
  } else if (path === '/search') {
    const q = normaliseSearchQuery(url.searchParams.get('q'));
    if (q) params.set('q', q);
    tags = ['page:search', 'search'];
  } else if (path === '/sitemap.xml' && !isData) {
    tags = ['page:sitemap', 'sitemap'];
  } else if (/^\/products\/[a-z0-9]+(?:-[a-z0-9]+)*$/.test(path) && path.length <= 220) {
    // The product page preselects `?color=` (product-detail.tsx), case-insensitively; a colour
    // the product lacks shows the first, as no colour does.
    const color = (url.searchParams.get('color') ?? '').trim().toLowerCase();
    if (/^[a-z][a-z -]{0,39}$/.test(color)) params.set('color', color);
    tags = [`page:product:${path.slice('/products/'.length)}`];
  } else if (path.startsWith('/policies/') && isShopPageSlug(path.slice('/policies/'.length))) {
    // The policy pages (domain/shop-pages.ts): anonymous like the catalogue, dropped when the
    // owner edits one (save-shop-page.ts drops its `shop-page:` tag, which its loader adds).
    tags = [`page:shop-page:${path.slice('/policies/'.length)}`];
  } else if (COLLECTION_KEYS.has(path.slice(1))) {
    const page = path.slice(1) as FilterPage;
    const filter = parseFilter(page, url.searchParams.get('filter'));
    if (filter) params.set('filter', filter);
    const number = parsePage(url.searchParams.get('page'));
    if (number > 1) params.set('page', String(number));
    tags = [`page:collection:${page}`];
  } else {
    return null;
  }
  if (isData) {
    const routes = url.searchParams.get('_routes');
    if (routes !== null) {
      if (routes.length > ROUTES_PARAM_MAX) return null;
      params.set('_routes', routes);
    }
  }
  const search = params.size > 0 ? `?${params.toString()}` : '';
  return { key: `${url.pathname}${search}`, search, tags };
}

const hasSession = (c: Context) => c.req.header('cookie') !== undefined || c.req.header('authorization') !== undefined;

/** Sets a header on an answer whose headers may be immutable (then on a copy). */
function setHeader(c: Context, name: string, value: string) {
  try {
    c.res.headers.set(name, value);
  } catch {
    const headers = new Headers(c.res.headers);
    headers.set(name, value);
    const old = c.res;
    // Cleared first: Hono copies the old answer's headers onto a new c.res.
    c.res = undefined;
    c.res = new Response(old.body, { status: old.status, statusText: old.statusText, headers });
  }
}

function etagMatches(ifNoneMatch: string | undefined, entry: PageEntry): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => {
    const bare = tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    return bare === entry.etag || bare === `${entry.etag}.gz` || bare === `${entry.etag}.br`;
  });
}

/** A stored entry as an answer to this request: the encoding it accepts, or 304. */
export function answerFromEntry(
  entry: PageEntry,
  request: { acceptEncoding?: string; ifNoneMatch?: string },
  state: string,
) {
  const encoding = chooseEncoding(request.acceptEncoding);
  const headers = new Headers(entry.headers);
  headers.set('ETag', `"${entry.etag}${encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : ''}"`);
  headers.set('Cache-Control', PUBLIC_CACHE_CONTROL);
  headers.set('Vary', 'Accept-Encoding, Cookie');
  headers.set('X-Page-Cache', state);
  if (etagMatches(request.ifNoneMatch, entry)) {
    headers.delete('content-type');
    return new Response(null, { status: 304, headers });
  }
  const body = entry[encoding];
  if (encoding !== 'identity') headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(body.length));
  return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

const STORED_TYPES = /^(?:text\/html|text\/x-script|application\/xml)/;

export interface PageCacheMiddlewareOptions {
  /** Absent when PAGE_CACHE=off: only the Cache-Control rules apply. */
  store: PageCacheStore | undefined;
  /** Runs a request through the whole shell (a background refresh of a stale entry). */
  refetch(request: Request): Promise<Response>;
  onError(error: unknown, key: string): void;
}

export function pageCache(options: PageCacheMiddlewareOptions): MiddlewareHandler<{ Variables: PageCacheVariables }> {
  const { store } = options;
  /** The background refreshes this middleware sent itself (unforgeable: object identity). */
  const refreshes = new WeakSet<Request>();

  return async (c, next) => {
    const refresh = refreshes.has(c.req.raw);
    const session = !refresh && hasSession(c);
    const page =
      store && c.req.method === 'GET' && !session && addressProblem(c.req.url) === null
        ? cataloguePageOf(new URL(c.req.url))
        : null;

    if (!store || !page) {
      await next();
      const privatePath = PRIVATE_PATH.test(c.req.path);
      if (privatePath || (session && PERSONAL_TYPE.test(c.res.headers.get('content-type') ?? ''))) {
        setHeader(c, 'Cache-Control', PRIVATE_CACHE_CONTROL);
      }
      return;
    }

    const request = { acceptEncoding: c.req.header('accept-encoding'), ifNoneMatch: c.req.header('if-none-match') };
    if (!refresh) {
      const found = store.get(page.key);
      if (found) {
        if (!found.fresh && !store.filling(page.key)) {
          const url = new URL(c.req.url);
          const again = new Request(`${url.origin}${url.pathname}${page.search}`, { method: 'GET' });
          refreshes.add(again);
          void options.refetch(again).then(
            (response) => response.body?.cancel(),
            (error: unknown) => options.onError(error, page.key),
          );
        }
        return answerFromEntry(found.entry, request, found.fresh ? 'hit' : 'stale');
      }
    }

    let rendered = false;
    const filled = store.fill(page.key, async () => {
      rendered = true;
      const render: PageRender = { tags: new Set(page.tags), failed: false };
      c.set('pageRender', render);
      // The canonical address, and no Accept-Encoding: the compression middleware leaves the
      // bytes alone and the entry is compressed once below.
      const original = c.req.raw;
      const headers = new Headers(original.headers);
      headers.delete('accept-encoding');
      headers.delete('if-none-match');
      const url = new URL(original.url);
      c.req.raw = new Request(`${url.origin}${url.pathname}${page.search}`, {
        method: 'GET',
        headers,
        signal: original.signal,
      });
      await next();
      const response = c.res;
      if (
        response.status !== 200 ||
        render.failed ||
        response.headers.has('set-cookie') ||
        !STORED_TYPES.test(response.headers.get('content-type') ?? '') ||
        !response.body
      ) {
        return null;
      }
      const body = Buffer.from(await response.arrayBuffer());
      if (render.failed) {
        // Read to the end before the failure showed: this visitor still gets what was rendered.
        c.res = undefined;
        c.res = new Response(body, { status: response.status, headers: response.headers });
        return null;
      }
      return buildPageEntry({
        body,
        headers: response.headers,
        nonce: c.get('secureHeadersNonce') ?? '',
        tags: render.tags,
        now: store.now(),
      });
    });
    let entry: PageEntry | null;
    try {
      entry = await filled;
    } catch (error) {
      if (rendered) throw error;
      entry = null; // the request that rendered failed; this one renders for itself below
    }

    if (entry) {
      // Cleared first: Hono copies the old answer's headers (the nonce policy) onto a new c.res.
      c.res = undefined;
      c.res = answerFromEntry(entry, request, rendered ? 'miss' : 'shared');
      return;
    }
    // Not cacheable: this request rendered it (its answer is in c.res), or it waited on a fill
    // that gave nothing to share and renders for itself now.
    if (!rendered) await next();
  };
}
