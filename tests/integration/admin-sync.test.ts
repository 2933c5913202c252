import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPaymentSync, products } from '../../server/db/schema';
import { startFakeStripeServer, type FakeStripeServer } from '../../tools/fakes/stripe-server';
import { createTestShop, TEST_ADMIN_PASSCODE, type TestShop } from '../support/test-shop';

let fake: FakeStripeServer;
let shop: TestShop;
let keyless: TestShop;

async function tokenFor(target: TestShop) {
  const response = await target.request('/api/admin/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ passcode: TEST_ADMIN_PASSCODE }) });
  return ((await response.json()) as { sessionToken: string }).sessionToken;
}

beforeAll(async () => {
  fake = await startFakeStripeServer();
  shop = await createTestShop({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_API_BASE: fake.url });
  keyless = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
  await keyless?.close();
  await fake?.close();
});

describe('Stripe product sync', () => {
  it('says so when no Stripe key is configured', async () => {
    const token = await tokenFor(keyless);
    const status = await keyless.request('/api/admin/sync', { headers: { 'X-Admin-Session': token } });
    expect(await status.json()).toEqual({ configured: false });
    const run = await keyless.request('/api/admin/sync', { method: 'POST', headers: { 'X-Admin-Session': token } });
    expect(run.status).toBe(400);
    expect(((await run.json()) as { error: string }).error).toMatch(/No Stripe key is configured/);
  });

  it('creates a product and price per variant, remembers them, and updates on a re-run', async () => {
    const token = await tokenFor(shop);
    const db = shop.database.db;
    const [failing] = await db.select().from(products).limit(1);
    await db.update(products).set({ name: `${failing!.name} STRIPE-FAIL` }).where(eq(products.id, failing!.id));
    const active = await db.select().from(products).where(eq(products.isActive, true));

    const first = await shop.request('/api/admin/sync', { method: 'POST', headers: { 'X-Admin-Session': token } });
    expect(first.status).toBe(200);
    const { results } = (await first.json()) as { results: { product_name: string; status: string; variants_count: number; error: string | null }[] };
    expect(results).toHaveLength(active.length);
    for (const product of active) {
      const result = results.find((entry) => entry.product_name === product.name)!;
      expect(result.variants_count).toBe(Math.max(1, product.colors.length) * Math.max(1, product.sizes.length));
      if (product.id === failing!.id) expect(result).toMatchObject({ status: 'error', error: expect.stringContaining('Cannot sync') });
      else expect(result).toMatchObject({ status: 'success', error: null });
    }
    const synced = await db.select().from(productPaymentSync);
    const expectedVariants = results.filter((r) => r.status === 'success').reduce((sum, r) => sum + r.variants_count, 0);
    expect(synced).toHaveLength(expectedVariants);
    expect(fake.products.size).toBe(expectedVariants);
    expect(fake.requests.every((request) => request.authorization === 'Bearer sk_test_fake')).toBe(true);

    // A price change makes one new Price per variant of that product; nothing is duplicated.
    const changed = active.find((product) => product.id !== failing!.id)!;
    await db.update(products).set({ priceCents: changed.priceCents + 100 }).where(eq(products.id, changed.id));
    const pricesBefore = fake.prices.size;
    await shop.request('/api/admin/sync', { method: 'POST', headers: { 'X-Admin-Session': token } });
    expect(fake.products.size).toBe(expectedVariants);
    const changedVariants = Math.max(1, changed.colors.length) * Math.max(1, changed.sizes.length);
    expect(fake.prices.size).toBe(pricesBefore + changedVariants);
    expect(await db.select().from(productPaymentSync)).toHaveLength(expectedVariants);
  });
});
