/**
 * Two processes, one shop (issue 15 item 5): two production processes (`node scripts/start.mjs`)
 * on one PostgreSQL database, behind a small round-robin proxy started here. A product edit
 * through one shows on the other's cached pages within a second (LISTEN/NOTIFY, decision 018);
 * a checkout started on one completes on the other; admin and customer sessions and rate
 * limits are shared; an image uploaded through one is in the S3 bucket (s3rver, started here)
 * that both link to, and deleting its product through the other removes the objects.
 *
 * PostgreSQL only (the embedded database is one process by its DATA_DIR lock): skipped
 * without DATABASE_URL; CI's PostgreSQL pass runs it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startShopProcess, waitForOutput, type ShopProcess } from '../support/process';
import { startS3Server, type S3TestServer } from '../support/s3-server';
import { sandboxFormBody, shownTotalOf } from '../support/sandbox';

const serverUrl = process.env.DATABASE_URL;
const PASSCODE = 'two-process-passcode-1';

interface Shop {
  /** Its index in the proxy's list (the `x-test-backend` header). */
  index: number;
  url: string;
  process: ShopProcess;
}

let databaseUrl = '';
let databaseName = '';
let dataDir = '';
let proxy: http.Server | undefined;
let proxyUrl = '';
let a: Shop;
let b: Shop;
let db: pg.Client;
let adminToken = '';
let s3: S3TestServer | undefined;

/**
 * Round robin over the two processes; the client's address is appended to X-Forwarded-For and
 * the Host is kept (as a load balancer does). A test picks a process with `x-test-backend: 0|1`.
 */
function startProxy(targets: string[], port: number): Promise<http.Server> {
  let next = 0;
  const server = http.createServer((request, response) => {
    const picked = Number(request.headers['x-test-backend']);
    const target = new URL(targets[Number.isInteger(picked) && targets[picked] ? picked : next++ % targets.length]!);
    const forwarded = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const { 'x-test-backend': _picked, ...headers } = request.headers;
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...headers, 'x-forwarded-for': forwarded },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function startShop(index: number, port: number, publicUrl: string): Promise<Shop> {
  const child = startShopProcess({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    ADMIN_PASSCODE: PASSCODE,
    AUTH_SECRET: 'two-processes-share-this-auth-secret-0123456789',
    TRUST_PROXY: 'loopback',
    ...s3!.env,
  });
  await waitForOutput(child, 'running at', 90_000);
  return { index, url: `http://127.0.0.1:${port}`, process: child };
}

/** A request through the proxy, to process `to` (or round robin), as from `clientIp`. */
function send(to: Shop | 'any', pathname: string, init: RequestInit & { clientIp?: string } = {}) {
  const { clientIp = '198.51.100.1', ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('x-forwarded-for', clientIp);
  if (to !== 'any') headers.set('x-test-backend', String(to.index));
  if (rest.method && rest.method !== 'GET') headers.set('origin', proxyUrl);
  return fetch(`${proxyUrl}${pathname}`, { ...rest, headers, redirect: 'manual' });
}

const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe.skipIf(!serverUrl)('two processes, one shop', () => {
  beforeAll(async () => {
    databaseName = `wyf_two_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query('select pg_advisory_lock(727411)');
    await admin.query(`create database "${databaseName}"`);
    await admin.query('select pg_advisory_unlock(727411)');
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    // One DATA_DIR for both, as a shared volume would be (uploads, the mail outbox).
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-two-'));
    // Images in a bucket both processes use (S3 mode, issue 15 item 4).
    s3 = await startS3Server();

    const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    // One after the other: the first start migrates and seeds.
    a = await startShop(0, portA, proxyUrl);
    b = await startShop(1, portB, proxyUrl);
    proxy = await startProxy([a.url, b.url], proxyPort);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();

    const login = await send(a, '/api/admin/session', { method: 'POST', ...json({ passcode: PASSCODE }) });
    expect(login.status).toBe(200);
    adminToken = ((await login.json()) as { sessionToken: string }).sessionToken;
  }, 180_000);

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
    for (const shop of [a, b]) {
      if (!shop) continue;
      shop.process.child.kill('SIGTERM');
      await shop.process.exited;
    }
    if (databaseName) {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${databaseName}" with (force)`);
      await dropper.end();
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await s3?.close();
  }, 60_000);

  const asAdmin = (to: Shop, pathname: string, method: string, body?: unknown) =>
    send(to, pathname, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      headers: { 'x-admin-session': adminToken, 'content-type': 'application/json' },
    });

  it('shows a product edit made through one process on the cached pages of the other within a second', async () => {
    const created = await asAdmin(a, '/api/admin/products', 'POST', {
      name: 'Two Process Hoodie',
      priceCents: 5100,
      category: 'hoodies',
      placement: ['strength-in-christ'],
    });
    expect(created.status).toBe(201);
    const product = ((await created.json()) as { product: { id: string; slug: string } }).product;
    const pages = [`/products/${product.slug}`, '/strength-in-christ', '/hoodies'];

    // Process B has the pages cached with the old price. The creation's own notice reaches B
    // a moment after A answered (NOTIFY goes out on the next turn of A's event loop), and drops
    // what B cached before it arrived: ask again until B serves the page from its cache.
    const createdAt = Date.now();
    for (const pathname of pages) {
      for (;;) {
        const cached = await send(b, pathname);
        const html = await cached.text();
        expect(html, pathname).toContain('$51.00');
        if (cached.headers.get('x-page-cache') === 'hit') break;
        expect(Date.now() - createdAt, `${pathname} is not kept in the other process's cache`).toBeLessThan(5_000);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }

    const edited = await asAdmin(a, `/api/admin/products/${product.id}`, 'PUT', {
      name: 'Two Process Hoodie',
      slug: product.slug,
      priceCents: 5275,
      category: 'hoodies',
      placement: ['strength-in-christ'],
    });
    expect(edited.status).toBe(200);
    const editedAt = Date.now();

    for (const pathname of pages) {
      for (;;) {
        const html = await (await send(b, pathname)).text();
        if (html.includes('$52.75')) break;
        expect(Date.now() - editedAt, `${pathname} still shows the old price on the other process`).toBeLessThan(1_000);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    expect(Date.now() - editedAt).toBeLessThan(1_000);
    // Through the proxy, both processes answer with the new price.
    for (let i = 0; i < 4; i++) expect(await (await send('any', pages[0]!)).text()).toContain('$52.75');
  });

  it('completes on one process a checkout started on the other', async () => {
    const { rows } = await db.query<{ id: string }>(`select id from products where slug = 'simple-cross-tee'`);
    const started = await send(a, '/api/checkout', {
      method: 'POST',
      ...json({
        items: [{ productId: rows[0]!.id, color: 'White', size: 'L', quantity: 1 }],
        email: 'two@example.com',
      }),
    });
    expect(started.status).toBe(200);
    const { sessionId } = (await started.json()) as { sessionId: string };
    expect(sessionId).toMatch(/^sbx_/);

    // Pay on the other process; the address's sales tax asks to confirm the taxed total, and
    // Pay again with the total the page then shows (issue 25, as the page without JavaScript).
    const pay = (extra = '') =>
      send(b, `/sandbox/checkout/${sessionId}`, {
        method: 'POST',
        body: `${sandboxFormBody()}${extra}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const first = await pay();
    expect(first.status).toBe(409);
    const shown = shownTotalOf(await first.text());
    expect(shown).not.toBeNull();
    const paid = await pay(`&shownTotalCents=${shown}`);
    expect(paid.status, await paid.clone().text()).toBe(302);
    expect(paid.headers.get('location')).toBe(`/payment-success?session_id=${sessionId}`);

    const success = await (await send(a, `/payment-success?session_id=${sessionId}`)).text();
    expect(success).toContain('Payment Successful!');
    const order = await db.query<{ status: string }>('select status from orders where payment_session_id = $1', [
      sessionId,
    ]);
    expect(order.rows[0]!.status).toBe('processing');
  });

  it('shares the uses of a discount code: 24 checkouts spread over both processes at once give a limit of 5 exactly 5 (issue 26)', async () => {
    const created = await asAdmin(a, '/api/admin/discounts', 'POST', {
      code: 'TWOPROC5',
      kind: 'fixed',
      value: 100,
      usageLimit: 5,
    });
    expect(created.status).toBe(201);
    const { rows } = await db.query<{ id: string }>(`select id from products where slug = 'simple-cross-tee'`);
    // Stock is not what is tested here: the variant is untracked.
    await db.query('delete from product_stock where product_id = $1', [rows[0]!.id]);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        send(index % 2 === 0 ? a : b, '/api/checkout', {
          method: 'POST',
          clientIp: `198.51.100.${100 + index}`,
          ...json({
            items: [{ productId: rows[0]!.id, color: 'White', size: 'L', quantity: 1 }],
            couponCode: 'TWOPROC5',
            email: `race${index}@example.com`,
          }),
        }).then(async (response) => ({ status: response.status, body: (await response.json()) as { error?: string } })),
      ),
    );
    const accepted = results.filter((result) => result.status === 200);
    const refused = results.filter((result) => result.status !== 200);
    expect(accepted).toHaveLength(5);
    for (const result of refused)
      expect(result).toEqual({
        status: 400,
        body: expect.objectContaining({ error: 'This code has been fully used' }),
      });
    const uses = await db.query<{ times_used: number; live: string }>(
      `select times_used, (select count(*) from discount_redemptions r where r.discount_id = d.id and r.state <> 'released') as live
         from discount_codes d where code = 'TWOPROC5'`,
    );
    expect(uses.rows[0]).toEqual({ times_used: 5, live: '5' });
    console.info(
      `[PostgreSQL, two processes] limit 5, 24 concurrent checkouts: ${accepted.length} accepted, ${refused.length} refused`,
    );
  });

  it('shares admin sessions and customer sign-ins between the processes', async () => {
    expect((await asAdmin(b, '/api/admin/session', 'GET')).status).toBe(200);
    expect((await send(b, '/api/admin/session', { headers: { 'x-admin-session': 'forged-token' } })).status).toBe(401);

    const email = 'shared.session@example.com';
    const password = 'shared-session-1';
    const signUp = await send(a, '/api/auth/sign-up/email', {
      method: 'POST',
      ...json({ email, password, name: 'Shared Session' }),
      clientIp: '198.51.100.20',
    });
    expect(signUp.status).toBe(200);
    // The confirmation link is the accounts tests' business: confirmed here directly.
    await db.query('update "user" set email_verified = true where email = $1', [email]);
    const signIn = await send(b, '/api/auth/sign-in/email', {
      method: 'POST',
      ...json({ email, password }),
      clientIp: '198.51.100.20',
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    expect(cookie).toContain('better-auth.session_token=');
    const session = await send(a, '/api/auth/get-session', { headers: { cookie } });
    expect(((await session.json()) as { user?: { email: string } }).user?.email).toBe(email);
    // A signed-in page on the other process is rendered for this shopper, never from the cache.
    const account = await send(a, '/account', { headers: { cookie } });
    expect(account.headers.get('cache-control')).toBe('private, no-store');
    expect(account.headers.get('x-page-cache')).toBeNull();
  });

  it('shares rate limits: wrong passcodes through the proxy lock the client out of both', async () => {
    const clientIp = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await send('any', '/api/admin/session', {
        method: 'POST',
        ...json({ passcode: 'wrong-passcode' }),
        clientIp,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    for (const shop of [a, b]) {
      const refused = await send(shop, '/api/admin/session', {
        method: 'POST',
        ...json({ passcode: PASSCODE }),
        clientIp,
      });
      expect(refused.status).toBe(429);
    }
  });

  it('serves an image uploaded through one process from the other', async () => {
    // S3 mode: the upload goes to the bucket, both processes link to it, and deleting the
    // product through the other process removes the objects.
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 90, g: 60, b: 200 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'two.png');
    const uploaded = await send(a, '/api/admin/uploads', {
      method: 'POST',
      body: form,
      headers: { 'x-admin-session': adminToken },
    });
    expect(uploaded.status).toBe(201);
    const { url, id } = (await uploaded.json()) as { url: string; id: string };
    expect(url).toBe(`${s3!.env.S3_PUBLIC_BASE_URL}/${id}-960.webp`);
    const created = await asAdmin(a, '/api/admin/products', 'POST', {
      name: 'Two Process Bucket Tee',
      priceCents: 2400,
      category: 't-shirts',
      imageUrls: [url],
    });
    expect(created.status).toBe(201);
    const product = ((await created.json()) as { product: { id: string; slug: string } }).product;
    expect(await (await send(b, `/products/${product.slug}`)).text()).toContain(`src="${url}"`);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');

    expect((await asAdmin(b, `/api/admin/products/${product.id}`, 'DELETE')).status).toBe(200);
    expect((await s3!.get(`${id}-960.webp`)).status).toBe(404);
    expect((await s3!.get(`${id}-480.webp`)).status).toBe(404);
  });
});
