/**
 * Images on object storage (issue 15 item 4): with the S3_* settings, uploads and their WebP
 * variants go to the bucket (here s3rver, started by the test), pages link to
 * S3_PUBLIC_BASE_URL + key and the bucket serves them; deleting the product removes the
 * objects; a partial set of settings is refused at start with one line naming what is missing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShopProcess } from '../support/process';
import { startS3Server, type S3TestServer } from '../support/s3-server';
import { createTestShop, TEST_ADMIN_PASSCODE, type TestShop } from '../support/test-shop';
import { passcodeSession } from '../support/staff';

let s3: S3TestServer;
let shop: TestShop;
let token: string;

beforeAll(async () => {
  s3 = await startS3Server();
  shop = await createTestShop(s3.env);
  token = await passcodeSession(shop);
});
afterAll(async () => {
  await shop?.close();
  await s3?.close();
});

function admin(pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('X-Admin-Session', token);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  return shop.request(pathname, { ...init, headers });
}

async function uploadOne(): Promise<{ url: string; id: string }> {
  const png = await sharp({ create: { width: 800, height: 1000, channels: 3, background: { r: 30, g: 120, b: 90 } } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const response = await admin('/api/admin/uploads', { method: 'POST', body: form });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { url: string; id: string };
}

describe('images on object storage', () => {
  it('stores both WebP variants in the bucket, links pages to them, and removes them with the product', async () => {
    const { url, id } = await uploadOne();
    expect(url).toBe(`${s3.env.S3_PUBLIC_BASE_URL}/${id}-960.webp`);
    // Nothing in the local folder: the bucket holds the variants and serves them.
    expect(existsSync(path.join(shop.dataDir, 'uploads', `${id}-960.webp`))).toBe(false);
    for (const width of [480, 960]) {
      const object = await s3.get(`${id}-${width}.webp`);
      expect(object.status).toBe(200);
      expect(object.headers.get('content-type')).toBe('image/webp');
      expect(await sharp(Buffer.from(await object.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width });
    }
    // The shop does not serve it itself.
    expect((await shop.request(`/uploads/${id}-960.webp`)).status).toBe(404);

    const created = await admin('/api/admin/products', {
      method: 'POST',
      body: JSON.stringify({ name: 'Bucket Hoodie', priceCents: 3900, category: 'hoodies', imageUrls: [url] }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const product = ((await created.json()) as { product: { id: string; slug: string } }).product;

    const page = await shop.request(`/products/${product.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`src="${url}"`);
    expect(html).toContain(`${s3.env.S3_PUBLIC_BASE_URL}/${id}-480.webp 480w`);
    // The policy lets the browser load images from the (plain http) bucket.
    expect(page.headers.get('content-security-policy')).toMatch(new RegExp(`img-src [^;]*${s3.url.replace(/[.:/]/g, '\\$&')}`));

    expect((await admin(`/api/admin/products/${product.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await s3.get(`${id}-480.webp`)).status).toBe(404);
    expect((await s3.get(`${id}-960.webp`)).status).toBe(404);
  });

  it('removes the objects of an image an edit drops', async () => {
    const [kept, dropped] = [await uploadOne(), await uploadOne()];
    const created = await admin('/api/admin/products', {
      method: 'POST',
      body: JSON.stringify({ name: 'Two Image Tee', priceCents: 2500, category: 't-shirts', imageUrls: [kept.url, dropped.url] }),
    });
    expect(created.status).toBe(201);
    const product = ((await created.json()) as { product: { id: string; slug: string } }).product;
    const edited = await admin(`/api/admin/products/${product.id}`, {
      method: 'PUT',
      body: JSON.stringify({ name: 'Two Image Tee', slug: product.slug, priceCents: 2500, category: 't-shirts', imageUrls: [kept.url] }),
    });
    expect(edited.status).toBe(200);
    expect((await s3.get(`${dropped.id}-960.webp`)).status).toBe(404);
    expect((await s3.get(`${dropped.id}-480.webp`)).status).toBe(404);
    expect((await s3.get(`${kept.id}-960.webp`)).status).toBe(200);
    expect((await admin(`/api/admin/products/${product.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('answers a clear 4xx and records nothing when the bucket refuses the keys', async () => {
    const refusing = await createTestShop({ ...s3.env, S3_ACCESS_KEY_ID: 'WRONG', S3_SECRET_ACCESS_KEY: 'WRONG' });
    try {
      const login = await refusing.request('/api/admin/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ passcode: TEST_ADMIN_PASSCODE }),
      });
      const { sessionToken } = (await login.json()) as { sessionToken: string };
      const png = await sharp({ create: { width: 100, height: 100, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
      const response = await refusing.request('/api/admin/uploads', { method: 'POST', body: form, headers: { 'X-Admin-Session': sessionToken } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/^Failed to upload image: /);
      const rows = await refusing.database.db.execute<{ count: number }>('select count(*)::int as count from product_images' as never);
      expect(rows.rows[0]!.count).toBe(0);
    } finally {
      await refusing.close();
    }
  });

  it('refuses to start with part of the S3 settings, naming what is missing', async () => {
    const { S3_SECRET_ACCESS_KEY: _secret, S3_PUBLIC_BASE_URL: _base, ...partial } = s3.env;
    const started = startShopProcess({ ...partial, DATA_DIR: path.join(shop.dataDir, 'refused'), PORT: '0', HOST: '127.0.0.1' });
    expect(await started.exited).not.toBe(0);
    const lines = started.output().trim().split('\n');
    expect(lines.some((line) => /Invalid setting S3_SECRET_ACCESS_KEY: .*missing S3_SECRET_ACCESS_KEY, S3_PUBLIC_BASE_URL/.test(line))).toBe(true);
  });
});
