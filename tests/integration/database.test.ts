import { mkdtemp, readdir, readFile, writeFile, mkdir, copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureAdminPasscode, verifyPasscodeHash } from '../../server/staff/passcode';
import { MIGRATIONS_FOLDER, migrateDatabase, type DatabaseHandle } from '../../server/db/client';
import { DEMO_PRODUCTS } from '../../server/db/demo-catalogue';
import { appSettings, orders, products } from '../../server/db/schema';
import { seedDemoCatalogue } from '../../server/db/seed';
import { createTestDatabase } from '../support/test-database';

const opened: DatabaseHandle[] = [];
async function freshDatabase() {
  const handle = await createTestDatabase();
  opened.push(handle);
  return handle;
}
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
});

async function tableNames(handle: DatabaseHandle) {
  const result = await handle.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return result.rows.map((row) => row.table_name);
}

describe('migrations', () => {
  it('create every table of the product and can be applied twice', async () => {
    const handle = await freshDatabase();
    await migrateDatabase(handle);
    await migrateDatabase(handle);
    expect(await tableNames(handle)).toEqual(
      expect.arrayContaining([
        'products', 'product_images', 'orders', 'order_lines', 'customers', 'checkout_sessions',
        'payment_events', 'loyalty_ledger', 'donations', 'visitor_sessions', 'admin_sessions',
        'user', 'session', 'account', 'verification', 'email_outbox', 'app_settings',
      ]),
    );
  });

  it('leave the database as it was when one fails', async () => {
    const handle = await freshDatabase();
    await migrateDatabase(handle);
    const folder = await mkdtemp(path.join(os.tmpdir(), 'wyf-migrations-'));
    await mkdir(path.join(folder, 'meta'));
    for (const file of await readdir(MIGRATIONS_FOLDER)) {
      if (file.endsWith('.sql')) await copyFile(path.join(MIGRATIONS_FOLDER, file), path.join(folder, file));
    }
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
    const last = journal.entries.at(-1);
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_broken' });
    await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
    await writeFile(
      path.join(folder, '9999_broken.sql'),
      'CREATE TABLE "half_done" ("id" integer);\n--> statement-breakpoint\nSELECT * FROM "no_such_table";',
    );
    await expect(migrateDatabase(handle, folder)).rejects.toThrow();
    expect(await tableNames(handle)).not.toContain('half_done');
  });

  it("rename the '{product}' placement tag of existing products to 'chosen' (migration 0004)", async () => {
    const handle = await freshDatabase();
    // The migrations before the storefront one, then products as an older shop stored them.
    const folder = await mkdtemp(path.join(os.tmpdir(), 'wyf-migrations-'));
    await mkdir(path.join(folder, 'meta'));
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
    const storefront = journal.entries.findIndex((entry: { tag: string }) => entry.tag.endsWith('_storefront'));
    expect(storefront).toBeGreaterThan(0);
    for (const entry of journal.entries.slice(0, storefront)) {
      await copyFile(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    }
    await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, storefront) }));
    await migrateDatabase(handle, folder);
    const older = (slug: string, placement: string[]) => ({ slug, name: slug, priceCents: 1000, category: 't-shirts', placement });
    await handle.db.insert(products).values([
      older('tee-a', ['{product}', 'strength-in-christ']),
      older('tee-b', ['{product}', 'chosen']),
      older('tee-c', ['gracefully-chosen']),
    ]);

    await migrateDatabase(handle);
    const rows = await handle.db.select({ slug: products.slug, placement: products.placement }).from(products).orderBy(products.slug);
    expect(rows).toEqual([
      { slug: 'tee-a', placement: ['chosen', 'strength-in-christ'] },
      { slug: 'tee-b', placement: ['chosen'] },
      { slug: 'tee-c', placement: ['gracefully-chosen'] },
    ]);
  });

  it('number orders readably and refuse unknown statuses', async () => {
    const handle = await freshDatabase();
    await migrateDatabase(handle);
    const base = { subtotalCents: 1500, totalCents: 2099, paymentProvider: 'sandbox' };
    const [first] = await handle.db.insert(orders).values(base).returning();
    const [second] = await handle.db.insert(orders).values(base).returning();
    expect(first!.orderNumber).toMatch(/^WYF-\d{6}$/);
    expect(Number(second!.orderNumber.slice(4))).toBe(Number(first!.orderNumber.slice(4)) + 1);
    expect(first!.status).toBe('pending');
    await expect(handle.db.insert(orders).values({ ...base, status: 'lost' })).rejects.toThrow();
  });
});

describe('demo catalogue seed', () => {
  it('inserts every demo product once, and never again after an admin removed them', async () => {
    const handle = await freshDatabase();
    await migrateDatabase(handle);
    expect((await seedDemoCatalogue(handle.db)).inserted).toBe(DEMO_PRODUCTS.length);
    expect((await seedDemoCatalogue(handle.db)).inserted).toBe(0);
    const [row] = await handle.db.select({ n: count() }).from(products);
    expect(Number(row!.n)).toBe(DEMO_PRODUCTS.length);
    await handle.db.delete(products).where(eq(products.category, 'accessories'));
    await seedDemoCatalogue(handle.db);
    const accessories = await handle.db.select().from(products).where(eq(products.category, 'accessories'));
    expect(accessories).toHaveLength(0);
  });

  it('stores the Simple Cross Tee as the spec describes it', async () => {
    const handle = await freshDatabase();
    await migrateDatabase(handle);
    await seedDemoCatalogue(handle.db);
    const [tee] = await handle.db.select().from(products).where(eq(products.slug, 'simple-cross-tee'));
    expect(tee).toMatchObject({
      name: 'Simple Cross Tee',
      priceCents: 1500,
      originalPriceCents: 2000,
      colors: ['Pink', 'Yellow', 'Blue', 'White'],
      sizes: ['XS', 'S', 'M', 'L', 'XL'],
    });
    expect(tee!.imageUrl).toMatch(/^\/images\/products\/.+\.webp$/);
  });

  it('gives every collection page something to show', async () => {
    const handle = await freshDatabase();
    await migrateDatabase(handle);
    await seedDemoCatalogue(handle.db);
    const all = await handle.db.select().from(products);
    for (const tag of ['chosen', 'strength-in-christ', 'gracefully-chosen']) {
      expect(all.filter((p) => p.placement.includes(tag)).length, tag).toBeGreaterThan(0);
    }
    expect(all.filter((p) => p.isNewArrival).length).toBeGreaterThan(0);
    for (const category of ['t-shirts', 'hoodies', 'accessories']) {
      expect(all.filter((p) => p.category === category).length, category).toBeGreaterThan(0);
    }
    expect(all.every((p) => !/^https?:/.test(p.imageUrl ?? ''))).toBe(true);
  });
});

describe('admin passcode', () => {
  it('is generated once, kept only as a hash, and verified in constant time', async () => {
    const handle = await freshDatabase();
    await migrateDatabase(handle);
    const first = await ensureAdminPasscode({ db: handle.db, configuredPasscode: undefined });
    expect(first.generatedPasscode).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
    const second = await ensureAdminPasscode({ db: handle.db, configuredPasscode: undefined });
    expect(second.generatedPasscode).toBeUndefined();
    const stored = await handle.db.select().from(appSettings);
    expect(JSON.stringify(stored)).not.toContain(first.generatedPasscode!);
    expect(await verifyPasscodeHash(first.generatedPasscode!, second.hash)).toBe(true);
    expect(await verifyPasscodeHash('wrong', second.hash)).toBe(false);
  });

  it('uses ADMIN_PASSCODE when it is set', async () => {
    const handle = await freshDatabase();
    await migrateDatabase(handle);
    const result = await ensureAdminPasscode({ db: handle.db, configuredPasscode: 'letmein-please' });
    expect(result.generatedPasscode).toBeUndefined();
    expect(await verifyPasscodeHash('letmein-please', result.hash)).toBe(true);
  });
});
