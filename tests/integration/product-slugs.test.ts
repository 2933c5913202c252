/**
 * Issue 12 item 5: products with the same name written at once each get their own slug and
 * none answers 500 (the slug check and the insert are two statements; the unique index
 * decides, and the loser retries with the next free slug). On PostgreSQL the writes really
 * run in parallel on a pool of connections.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import { createTestShop, type TestShop } from '../support/test-shop';
import { passcodeSession } from '../support/staff';

let shop: TestShop;
let token: string;
beforeAll(async () => {
  shop = await createTestShop();
  token = await passcodeSession(shop);
});
afterAll(async () => {
  await shop?.close();
});

const send = (pathname: string, method: string, body: unknown) =>
  shop.request(pathname, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Admin-Session': token },
    body: JSON.stringify(body),
  });

const product = (name: string) => ({ name, priceCents: 2500, category: 't-shirts', colors: ['Black'], sizes: ['M'] });

describe('products with the same name at once', () => {
  it('creates all 10 concurrent "Grace Tee" products, each with its own slug', async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => send('/api/admin/products', 'POST', product('Grace Tee'))));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(201));
    const slugs = await Promise.all(responses.map(async (response) => ((await response.json()) as { product: { slug: string } }).product.slug));
    expect(new Set(slugs).size).toBe(10);
    expect(slugs).toContain('grace-tee');
    for (const slug of slugs) expect(slug).toMatch(/^grace-tee(-\d+)?$/);
  });

  it('renames 6 products to one name at once, each keeping a slug of its own', async () => {
    const created = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        const response = await send('/api/admin/products', 'POST', product(`Hope Tee ${index}`));
        return ((await response.json()) as { product: { id: string } }).product.id;
      }),
    );
    const responses = await Promise.all(created.map((id) => send(`/api/admin/products/${id}`, 'PUT', product('Faith Hoodie'))));
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(200));
    const rows = await shop.database.db.select({ slug: products.slug }).from(products).where(inArray(products.id, created));
    expect(new Set(rows.map((row) => row.slug)).size).toBe(6);
    for (const row of rows) expect(row.slug).toMatch(/^faith-hoodie(-\d+)?$/);
  });
});
