import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, TEST_ADMIN_PASSCODE, type TestShop } from '../support/test-shop';

const ROOT = path.resolve(import.meta.dirname, '../..');
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

describe('HTTP shell', () => {
  it('answers /healthz with 200 and JSON while the database answers', async () => {
    const response = await shop.request('/healthz');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('renders the home page on the server with the hero', async () => {
    const response = await shop.request('/');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Wear Your Faith');
    expect(html).toContain('Discover meaningful apparel that speaks to your heart and shares God&#x27;s love with the world');
    expect(html).toMatch(/<h1[^>]*>Wear Your Faith<\/h1>/);
  });

  it('sends security headers and a CSP nonce that the page scripts carry', async () => {
    // A page rendered per visitor (a session cookie); anonymous catalogue pages come from the
    // page cache with a hash-based policy (page-cache.test.ts).
    const signedIn = { headers: { cookie: 'better-auth.session_token=x' } };
    const response = await shop.request('/', signedIn);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A fresh nonce for every response.
    const again = await shop.request('/', signedIn);
    expect(again.headers.get('content-security-policy')).not.toBe(csp);
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    const response = await shop.request('/this/does/not/exist');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Oops! This page seems to have lost its way.');
    expect(html).toContain('Return to Home');
  });

  it('answers the API from its own route table and pages from theirs (decision 024)', async () => {
    const api = await shop.request('/api/product-cards?ids=');
    expect(api.status).toBe(200);
    expect(api.headers.get('content-type')).toContain('application/json');
    // An unknown address under /api/ still gets the not-found page.
    const unknown = await shop.request('/api/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Oops! This page seems to have lost its way.');
    // A page's manifest, and what route discovery answers, never name an API route.
    const html = await (await shop.request('/t-shirts', { headers: { cookie: 'better-auth.session_token=x' } })).text();
    expect(html).toContain('routes/t-shirts');
    expect(html).not.toContain('routes/api.');
    const version = /"version":\s*"([^"]+)"/.exec(html)?.[1];
    expect(version).toBeTruthy();
    const discovered = await shop.request(`/__manifest?version=${version}&paths=${encodeURIComponent('/api/cart/quote,/cart')}`);
    expect(discovered.status).toBe(200);
    const patches = await discovered.text();
    expect(patches).toContain('routes/cart');
    expect(patches).not.toContain('routes/api.');
  });

  it('has no page at the address of the module the collection pages share', async () => {
    expect((await shop.request('/collection-page')).status).toBe(404);
  });

  it('serves hashed assets with immutable caching', async () => {
    const html = await (await shop.request('/')).text();
    const asset = /\/assets\/[^"']+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await shop.request(asset!);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends hashed assets and public files precompressed by the build, brotli or gzip as asked, with file headers only', async () => {
    const html = await (await shop.request('/')).text();
    const asset = /\/assets\/framework-[^"']+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const file = path.join(ROOT, 'build/client', asset!);
    const plain = await shop.request(asset!);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(readFileSync(file))).toBe(true);
    for (const [accept, encoding, suffix] of [
      ['gzip, deflate', 'gzip', '.gz'],
      ['gzip, deflate, br, zstd', 'br', '.br'],
    ] as const) {
      const response = await shop.request(asset!, { headers: { 'accept-encoding': accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('content-type')).toContain('javascript');
      // The very bytes the build wrote, the smallest the format makes (not compressed per request).
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.equals(readFileSync(file + suffix))).toBe(true);
      const decoded = encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body);
      expect(decoded.equals(readFileSync(file))).toBe(true);
      // A script needs nosniff and its resource policy; a document's policy headers are not sent.
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(response.headers.get('content-security-policy')).toBeNull();
      expect(response.headers.get('x-frame-options')).toBeNull();
    }
    // The public folder's files too: file headers, brotli from the build; an SVG may run nothing.
    const logo = await shop.request('/images/logo.svg', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(logo.headers.get('x-frame-options')).toBeNull();
    expect(logo.headers.get('cache-control')).toBe('public, max-age=604800');
    expect(logo.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    // A picture may be embedded elsewhere: the order e-mails show the lines' pictures (issue 32).
    for (const picture of ['/images/products/simple-cross-tee-blue-480.webp', '/apple-touch-icon.png']) {
      const response = await shop.request(picture);
      expect(response.status, picture).toBe(200);
      expect(response.headers.get('cross-origin-resource-policy'), picture).toBe('cross-origin');
    }
    const icon = await shop.request('/favicon.ico', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(icon.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await icon.arrayBuffer())).equals(readFileSync(path.join(ROOT, 'build/client/favicon.ico')))).toBe(true);
    // The copies are sent in place of their file only, never by their own names.
    for (const copy of [`${asset}.br`, `${asset}.gz`, '/favicon.ico.gz']) expect((await shop.request(copy)).status).toBe(404);
    // A missing asset is the 404 page, with the page headers.
    const missing = await shop.request('/assets/missing-0000.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('writes a page whole: no Suspense placeholder swapped in by a script, for browsers and crawlers alike', async () => {
    for (const userAgent of [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
    ]) {
      // Signed in: rendered for this request (anonymous pages may come from the page cache).
      const response = await shop.request('/', { headers: { 'user-agent': userAgent, cookie: 'better-auth.session_token=x' } });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).not.toContain('<template id="B:');
      expect(html).not.toContain('$RC(');
      expect(html).toContain('streamController.close()');
      expect(html.trimEnd().endsWith('</html>')).toBe(true);
    }
  });

  it('compresses responses for clients that accept it', async () => {
    const response = await shop.request('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('says Vary: Accept-Encoding once on a rendered page, compressed or not', async () => {
    const signedIn = { cookie: 'better-auth.session_token=x' }; // rendered per visitor, not cached
    for (const headers of [signedIn, { ...signedIn, 'accept-encoding': 'gzip' }]) {
      const response = await shop.request('/t-shirts', { headers });
      expect(response.status).toBe(200);
      const vary = response.headers.get('vary') ?? '';
      expect(vary.match(/accept-encoding/gi)).toHaveLength(1);
    }
  });

  it('refuses API bodies over 64 KB with 413', async () => {
    const response = await shop.request('/api/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(70 * 1024) },
      body: 'x'.repeat(70 * 1024),
    });
    expect(response.status).toBe(413);
  });
});

describe('behind a reverse proxy', () => {
  const attempt = (target: TestShop, passcode: string, forwardedFor: string, clientIp = '10.0.0.2') =>
    target.request('/api/admin/session', {
      method: 'POST',
      body: JSON.stringify({ passcode }),
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
      clientIp,
    });

  it('with TRUST_PROXY=1 limits each forwarded client, not the proxy everyone comes through', async () => {
    const proxied = await createTestShop({ TRUST_PROXY: '1' });
    try {
      for (let index = 0; index < 5; index++) {
        // The client forges a first entry; the proxy appends the address it really saw.
        expect((await attempt(proxied, 'wrong', `192.0.2.${index}, 198.51.100.7`)).status).toBe(401);
      }
      expect((await attempt(proxied, TEST_ADMIN_PASSCODE, '198.51.100.7')).status).toBe(429);
      expect((await attempt(proxied, TEST_ADMIN_PASSCODE, '198.51.100.8')).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('without TRUST_PROXY ignores X-Forwarded-For: the socket address is the client', async () => {
    for (let index = 0; index < 5; index++) {
      expect((await attempt(shop, 'wrong', `198.51.100.${index}`, '10.0.0.3')).status).toBe(401);
    }
    expect((await attempt(shop, TEST_ADMIN_PASSCODE, '198.51.100.99', '10.0.0.3')).status).toBe(429);
  });
});

describe('health when the database is gone', () => {
  it('answers /healthz with 503', async () => {
    const broken = await createTestShop();
    await broken.database.close();
    const response = await broken.request('/healthz');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'unavailable' });
    await broken.close().catch(() => undefined);
  });
});
