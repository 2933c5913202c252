import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { describe, expect, it, vi } from 'vitest';
import { createPageCacheStore, type PageCacheStore } from '../cache/page-cache-store';
import { chooseEncoding, inlineScriptHashes, policyWithSources } from '../cache/page-entry';
import type { PageRender } from '../cache/page-render';
import { cataloguePageOf, pageCache, type PageCacheVariables } from './page-cache';

/** The shell's order (create-app.ts): page cache, security headers, compression, the pages. */
function shell(options: {
  store?: PageCacheStore;
  page?: (c: { url: string; nonce: string; render?: PageRender }) => Response | Promise<Response>;
}) {
  const store = 'store' in options ? options.store : createPageCacheStore();
  let renders = 0;
  const app = new Hono<{ Variables: PageCacheVariables }>();
  app.use(
    '*',
    pageCache({
      store,
      refetch: (request) => Promise.resolve(app.fetch(request)),
      onError: (error) => console.error(error),
    }),
  );
  app.use('*', secureHeaders({ contentSecurityPolicy: { defaultSrc: ["'self'"], scriptSrc: ["'self'", NONCE] } }));
  app.use('*', compress({ threshold: 0 }));
  app.all('*', async (c) => {
    renders += 1;
    const nonce = c.get('secureHeadersNonce') ?? '';
    const render = c.get('pageRender');
    render?.tags.add('product:p1');
    if (options.page) return options.page({ url: c.req.url, nonce, render });
    const text = `<html><body><p>${c.req.url} render ${renders}</p><script nonce="${nonce}">window.x = 1;</script></body></html>`;
    return new Response(text.repeat(20), { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  });
  return {
    app,
    store,
    renders: () => renders,
    get: (path: string, headers: Record<string, string> = {}) => app.request(path, { headers }),
  };
}

describe('cataloguePageOf', () => {
  const key = (path: string) => cataloguePageOf(new URL(path, 'http://shop.test'))?.key ?? null;

  it('keeps only the parameters a page reads, normalised', () => {
    expect(key('/?x=1&utm_source=a')).toBe('/');
    expect(key('/t-shirts?filter=COTTON&page=1&x=2')).toBe('/t-shirts?filter=cotton');
    expect(key('/t-shirts?filter=nonsense&page=2')).toBe('/t-shirts?page=2');
    expect(key('/search?q=%20hoodie%20%20black&sort=x')).toBe('/search?q=hoodie+black');
    expect(key('/products/classic-cross-tee?ref=1')).toBe('/products/classic-cross-tee');
    expect(key('/products/classic-cross-tee?color=Sky%20Blue')).toBe('/products/classic-cross-tee?color=sky+blue');
    expect(key('/products/classic-cross-tee?color=%3Cscript%3E')).toBe('/products/classic-cross-tee');
    expect(key('/t-shirts.data?filter=cotton&_routes=routes%2Ft-shirts')).toBe(
      '/t-shirts.data?filter=cotton&_routes=routes%2Ft-shirts',
    );
    expect(key('/_root.data?x=1')).toBe('/_root.data');
    expect(key('/sitemap.xml?x=1')).toBe('/sitemap.xml');
    expect(key('/policies/terms-of-sale?x=1')).toBe('/policies/terms-of-sale');
  });

  it('leaves every other address alone', () => {
    for (const path of [
      '/cart',
      '/admin',
      '/account',
      '/api/product-cards',
      '/products/Bad_Slug',
      '/nowhere',
      '/robots.txt',
      '/policies/shipping',
      '/policies/terms-of-sale/x',
    ]) {
      expect(key(path)).toBeNull();
    }
  });
});

describe('the page cache middleware', () => {
  it('renders once, then serves the stored bytes in the encoding asked for, with a hash-based policy', async () => {
    const { get, renders } = shell({});
    const first = await get('/t-shirts', { 'accept-encoding': 'gzip' });
    expect(first.headers.get('x-page-cache')).toBe('miss');
    const html = gunzipSync(Buffer.from(await first.arrayBuffer())).toString();
    expect(html).not.toContain('nonce=');
    const csp = first.headers.get('content-security-policy')!;
    expect(csp).not.toContain('nonce-');
    expect(csp).toContain(inlineScriptHashes(html)[0]);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.headers.get('cache-control')).toMatch(/^public, .*s-maxage=\d+, stale-while-revalidate=\d+/);
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');

    const br = await get('/t-shirts', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('x-page-cache')).toBe('hit');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-security-policy')).toBe(csp);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html);
    const plain = await get('/t-shirts');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
    expect(renders()).toBe(1);
  });

  it('answers a matching If-None-Match with 304 and a strong ETag', async () => {
    const { get } = shell({});
    const first = await get('/hoodies');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await get('/hoodies', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    expect((await get('/hoodies', { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('ignores unknown parameters: a flood of them neither renders nor fills memory', async () => {
    const { get, renders, store } = shell({});
    await get('/t-shirts');
    const bytes = store!.stats().bytes;
    for (let i = 0; i < 300; i++) {
      const response = await get(`/t-shirts?x=${Math.random()}&utm_${i}=${i}`);
      expect(response.headers.get('x-page-cache')).toBe('hit');
    }
    expect(renders()).toBe(1);
    expect(store!.stats()).toEqual({ entries: 1, bytes });
  });

  it('never serves or stores a page for a request with a cookie or authorization, valid or not', async () => {
    const { get, renders, store } = shell({});
    await get('/');
    const sessions: Record<string, string>[] = [
      { cookie: 'better-auth.session_token=forged' },
      { cookie: 'x=1' },
      { authorization: 'Bearer x' },
    ];
    for (const headers of sessions) {
      const response = await get('/', headers);
      expect(response.headers.get('x-page-cache')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('content-security-policy')).toMatch(/'nonce-[^']+'/);
    }
    expect(renders()).toBe(4);
    expect(store!.stats().entries).toBe(1);
  });

  it('says private, no-store on the per-visitor areas for everyone', async () => {
    const { get } = shell({ page: () => new Response('{}', { headers: { 'Content-Type': 'application/json' } }) });
    for (const path of ['/cart', '/admin', '/account', '/api/admin/stats', '/api/checkout', '/auth']) {
      expect((await get(path)).headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('keeps only GET 200 answers without Set-Cookie whose render did not fail', async () => {
    let mode: 'cookie' | 'error' | 'failed' | 'ok' = 'cookie';
    const { get, store } = shell({
      page: ({ render }) => {
        if (mode === 'failed' && render) render.failed = true;
        const headers = new Headers({ 'Content-Type': 'text/html' });
        if (mode === 'cookie') headers.append('Set-Cookie', 'visitor=1');
        return new Response('<p>page</p>', { status: mode === 'error' ? 500 : 200, headers });
      },
    });
    for (const next of ['cookie', 'error', 'failed'] as const) {
      mode = next;
      const response = await get('/');
      expect(response.headers.get('x-page-cache')).toBeNull();
      expect(await response.text()).toBe('<p>page</p>');
      expect(store!.stats().entries).toBe(0);
    }
    mode = 'ok';
    expect((await get('/')).headers.get('x-page-cache')).toBe('miss');
    expect((await get('/')).headers.get('x-page-cache')).toBe('hit');
  });

  it('lets concurrent misses of one key share one render', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const store = createPageCacheStore();
    const fill = vi.spyOn(store, 'fill');
    const { get, renders } = shell({
      store,
      page: async () => {
        await gate;
        return new Response('<p>slow</p>', { headers: { 'Content-Type': 'text/html' } });
      },
    });
    const all = Array.from({ length: 20 }, (_, i) => get(`/search?q=tee&x=${i}`));
    // Every request has reached the cache (one render started, the others wait on it) before it ends.
    await vi.waitFor(() => expect(fill).toHaveBeenCalledTimes(20));
    release();
    const responses = await Promise.all(all);
    expect(renders()).toBe(1);
    for (const response of responses) expect(await response.text()).toBe('<p>slow</p>');
  });

  it('serves a stale page at once and renders a new one in the background', async () => {
    let time = 0;
    const store = createPageCacheStore({ freshMs: 1_000, staleMs: 10_000, now: () => time });
    const { get, renders } = shell({ store });
    await get('/');
    expect(store.filling('/')).toBe(false);
    time = 2_000;
    const stale = await get('/');
    expect(stale.headers.get('x-page-cache')).toBe('stale');
    expect(await stale.text()).toContain('render 1');
    // The background render has run and its entry is stored (the store fills nothing any more).
    await vi.waitFor(() => expect(renders() === 2 && !store.filling('/')).toBe(true));
    const fresh = await get('/');
    expect(fresh.headers.get('x-page-cache')).toBe('hit');
    expect(await fresh.text()).toContain('render 2');
    time = 20_000; // past the stale window: rendered while the visitor waits
    expect((await get('/')).headers.get('x-page-cache')).toBe('miss');
  });

  it('drops exactly the entries carrying an invalidated tag', async () => {
    const { get, store } = shell({
      page: ({ url, render }) => {
        if (url.includes('/products/a')) render?.tags.add('product:a');
        return new Response(`<p>${url}</p>`, { headers: { 'Content-Type': 'text/html' } });
      },
    });
    await get('/products/a');
    await get('/products/b');
    expect(store!.invalidate(['product:a'])).toBe(1);
    expect((await get('/products/b')).headers.get('x-page-cache')).toBe('hit');
    expect((await get('/products/a')).headers.get('x-page-cache')).toBe('miss');
    expect(store!.invalidate(['*'])).toBe(2);
  });

  it('does not keep a render that started before an invalidation of its tags', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { get, store } = shell({
      page: async ({ render }) => {
        render?.tags.add('product:a');
        await gate;
        return new Response('<p>old price</p>', { headers: { 'Content-Type': 'text/html' } });
      },
    });
    const pending = get('/products/a');
    await new Promise((resolve) => setTimeout(resolve, 10));
    store!.invalidate(['product:a']);
    release();
    expect(await (await pending).text()).toBe('<p>old price</p>');
    expect(store!.stats().entries).toBe(0);
  });

  it('with PAGE_CACHE=off renders every request', async () => {
    const { get, renders } = shell({ store: undefined });
    await get('/');
    const second = await get('/');
    expect(second.headers.get('x-page-cache')).toBeNull();
    expect(renders()).toBe(2);
  });

  it('bounds memory by bytes, dropping the least recently used', async () => {
    const store = createPageCacheStore({ maxBytes: 40_000 });
    const bounded = shell({
      store,
      page: ({ url }) =>
        new Response(`<p>${url}${Math.random()}</p>`.repeat(600), { headers: { 'Content-Type': 'text/html' } }),
    });
    for (let i = 0; i < 50; i++) await bounded.get(`/search?q=word${i}`);
    expect(store.stats().bytes).toBeLessThanOrEqual(40_000);
    expect(store.stats().entries).toBeLessThan(50);
  });
});

describe('encodings and policies', () => {
  it('chooses brotli, then gzip, then identity, honouring q=0', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('*')).toBe('br');
  });

  it('hashes inline scripts only, and swaps the nonce source for the hashes', () => {
    const html = '<script src="/a.js"></script><script type="application/ld+json">{}</script><script>run()</script>';
    expect(inlineScriptHashes(html)).toEqual(["'sha256-AvyuiL0SD1mVY3NNxR+V2uo+lhk6RMFrytWmRt6CrJQ='"]);
    expect(policyWithSources("script-src 'self' 'nonce-abc'; object-src 'none'", 'abc', ["'sha256-x'"])).toBe(
      "script-src 'self' 'sha256-x'; object-src 'none'",
    );
    expect(policyWithSources("script-src 'self' 'nonce-abc'; object-src 'none'", 'abc', [])).toBe(
      "script-src 'self'; object-src 'none'",
    );
  });
});
