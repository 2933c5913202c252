/**
 * Issue 28 (decision 028): a populated shop (products and stock, paid, refunded and pending
 * orders, customers with points and favorites, an uploaded image) is backed up through the
 * admin, restored into a fresh embedded database and, with DATABASE_URL, into a fresh
 * PostgreSQL database, and every table is compared row by row with the shop it came from.
 * Bad archives (truncated, corrupted, altered, from a newer shop) are refused before the
 * target is touched; a non-empty target needs --replace, which backs it up first; two
 * processes never make one period's backup twice; a full disk leaves earlier backups intact;
 * BACKUP_KEEP prunes; BACKUP_S3_PREFIX puts archives in the bucket; the admin endpoints
 * require the admin session.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { create as createTar, extract as extractTar } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBackups } from '../../domain/backups';
import { parseConfig } from '../../server/config.server';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { backupRuns, favorites, loyaltyLedger, orders, productImages, products, refunds } from '../../server/db/schema';
import { MANIFEST_FILE, isArchiveName, quoteIdentifier, type Manifest } from '../../server/backup/archive-format';
import { createBackupService } from '../../server/backup/backup-service';
import { createBackupS3Client, createS3BackupStorage } from '../../server/backup/backup-storage';
import { createBackup } from '../../server/backup/create-backup';
import { ArchiveRefusedError, openArchive } from '../../server/backup/read-archive';
import { TargetNotEmptyError, restoreBackup } from '../../server/backup/restore-backup';
import { inTransaction } from '../../server/backup/sql-session';
import { createConfirmedCustomer, postJson } from '../support/accounts';
import { payOnSandbox } from '../support/sandbox';
import { startS3Server } from '../support/s3-server';
import { usingPostgres } from '../support/test-database';
import { createTestShop, TEST_ADMIN_PASSCODE, type TestShop } from '../support/test-shop';
import { passcodeSession } from '../support/staff';

const LAST_MIGRATION_TAG = (
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../server/db/migrations/meta/_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[];
  }
).entries.at(-1)!.tag;

let shop: TestShop;
let token: string;
let archive: string;
let manifest: Manifest;
/** Every table of the shop as it was when the archive was made. */
let sourceRows: Map<string, string[]>;
const scratch: string[] = [];

async function scratchFolder(prefix: string) {
  const folder = await mkdtemp(path.join(os.tmpdir(), prefix));
  scratch.push(folder);
  return folder;
}

function admin(pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('X-Admin-Session', token);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  return shop.request(pathname, { ...init, headers });
}

const silentConfig = (env: Record<string, string>) =>
  parseConfig({ LOG_LEVEL: 'silent', ADMIN_PASSCODE: TEST_ADMIN_PASSCODE, BACKUP_EVERY_HOURS: '0', ...env });

/** A table's rows as JSON text, in one order on any server (independent of the backup's own queries). */
async function rowsOf(handle: DatabaseHandle, tables: string[]): Promise<Map<string, string[]>> {
  return inTransaction(handle, 'snapshot', async (session) => {
    const result = new Map<string, string[]>();
    for (const table of tables) {
      const rows = await session.query<{ row: string }>(
        `select row_to_json(t)::text as row from public.${quoteIdentifier(table)} t order by row_to_json(t)::text collate "C"`,
      );
      result.set(
        table,
        rows.map((row) => row.row),
      );
    }
    return result;
  });
}

async function checkout(
  items: { productId: string; color: string; size: string; quantity: number }[],
  init: { email?: string; cookie?: string },
) {
  const response = await shop.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) },
    body: JSON.stringify({ items, email: init.email }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const { sessionId } = (await response.json()) as { sessionId: string };
  const [order] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
  return { sessionId, order: order! };
}

beforeAll(async () => {
  shop = await createTestShop({ BACKUP_EVERY_HOURS: '0' });
  token = await passcodeSession(shop);
  const db = shop.database.db;
  const [tee] = await db.select().from(products).where(eq(products.slug, 'simple-cross-tee'));
  const [hoodie] = await db.select().from(products).where(eq(products.category, 'hoodies')).limit(1);
  const line = (product: typeof tee, quantity: number) => ({
    productId: product!.id,
    color: product!.colors[0]!,
    size: product!.sizes[0]!,
    quantity,
  });

  // An uploaded image (two WebP variants in DATA_DIR/uploads).
  const png = await sharp({ create: { width: 600, height: 750, channels: 3, background: { r: 90, g: 40, b: 20 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  expect((await admin('/api/admin/uploads', { method: 'POST', body: form })).status).toBe(201);

  // Customers with points and favorites; paid, refunded and pending orders.
  const ruth = await createConfirmedCustomer(shop, { email: 'ruth@example.com', firstName: 'Ruth' });
  const boaz = await createConfirmedCustomer(shop, { email: 'boaz@example.com', firstName: 'Boaz' });
  expect((await postJson(shop, '/api/favorites', { productId: tee!.id, saved: true }, { cookie: ruth })).status).toBe(
    200,
  );
  expect(
    (await postJson(shop, '/api/favorites', { productId: hoodie!.id, saved: true }, { cookie: boaz })).status,
  ).toBe(200);
  for (const [cookie, items] of [
    [ruth, [line(tee, 2)]],
    [boaz, [line(hoodie, 1), line(tee, 1)]],
  ] as const) {
    const { sessionId } = await checkout([...items], { cookie });
    expect((await payOnSandbox(shop, sessionId)).status).toBe(302);
  }
  const refunded = await checkout([line(tee, 1)], { email: 'guest@example.com' });
  expect((await payOnSandbox(shop, refunded.sessionId)).status).toBe(302);
  const cancel = await admin(`/api/admin/orders/${refunded.order.id}`, {
    method: 'PATCH',
    body: JSON.stringify({ status: 'cancelled', reason: 'Customer asked' }),
  });
  expect(cancel.status, await cancel.clone().text()).toBe(200);
  await checkout([line(tee, 1)], { email: 'pending@example.com' });
  await shop.shop.services.mail.deliverNow();

  expect(await db.select().from(favorites)).toHaveLength(2);
  expect((await db.select().from(loyaltyLedger)).length).toBeGreaterThanOrEqual(2);
  expect(await db.select().from(refunds)).toHaveLength(1);
  expect(await db.select().from(productImages)).toHaveLength(1);

  // The checkouts' counts per address are shared with the database once a second
  // (batched-rate-limit.ts): shared now, so no row lands between the backup and the snapshot below.
  await shop.shop.services.paymentStartLimit.flush();
  // Back up now, through the admin.
  const made = await admin('/api/admin/backups', { method: 'POST' });
  expect(made.status, await made.clone().text()).toBe(200);
  const { backup } = (await made.json()) as { backup: { name: string } };
  archive = path.join(shop.dataDir, 'backups', backup.name);
  const opened = await openArchive(archive);
  manifest = opened.manifest;
  await opened.close();
  sourceRows = await rowsOf(
    shop.database,
    manifest.tables.map((table) => table.name),
  );
}, 120_000);

afterAll(async () => {
  await shop?.close();
  for (const folder of scratch) await rm(folder, { recursive: true, force: true });
});

async function expectSameRows(restored: DatabaseHandle) {
  const restoredRows = await rowsOf(
    restored,
    manifest.tables.map((table) => table.name),
  );
  for (const [table, rows] of sourceRows) {
    expect(restoredRows.get(table), `rows of ${table}`).toEqual(rows);
  }
}

describe('the archive', () => {
  it('holds every table, the images and a manifest, owner-only, and the admin lists it', async () => {
    expect(isArchiveName(path.basename(archive))).toBe(true);
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(archive))).mode & 0o777).toBe(0o700);
    const tables = new Map(manifest.tables.map((table) => [table.name, table.rows]));
    expect(tables.get('orders')).toBe(4);
    expect(tables.get('customers')).toBe(2);
    expect(tables.get('favorites')).toBe(2);
    expect(tables.get('refunds')).toBe(1);
    expect(tables.has('backup_runs')).toBe(false);
    expect(manifest.images).toEqual({
      storage: 'local',
      keys: expect.arrayContaining([expect.stringMatching(/-960\.webp$/)]),
    });
    expect(manifest.images.keys).toHaveLength(2);
    expect(manifest.hasAuthSecret).toBe(true);
    // The last migration the shop has, whichever it is.
    expect(manifest.migration.tag).toBe(LAST_MIGRATION_TAG);
    // Parents before children: a restore loads them in this order with foreign keys on.
    const order = manifest.tables.map((table) => table.name);
    expect(order.indexOf('orders')).toBeLessThan(order.indexOf('order_lines'));
    expect(order.indexOf('user')).toBeLessThan(order.indexOf('customers'));

    const list = (await (await admin('/api/admin/backups')).json()) as AdminBackups;
    expect(list.backups[0]).toMatchObject({
      name: path.basename(archive),
      kind: 'manual',
      location: 'local',
      counts: { orders: 4, customers: 2, products: tables.get('products') },
    });
    expect(list.isStale).toBe(false);
  });
});

describe('restore', () => {
  it('into a fresh embedded database: every table equal row by row, images and the secret back', async () => {
    const dataDir = path.join(await scratchFolder('wyf-restored-'), 'data');
    const result = await restoreBackup({ archive, config: silentConfig({ DATA_DIR: dataDir }), replace: false });
    expect(result.checks.every((check) => check.matches)).toBe(true);
    expect(result.checks).toHaveLength(manifest.tables.length);
    expect(result.images).toEqual({ restored: 2, missing: [] });
    for (const key of manifest.images.keys) {
      expect(await readFile(path.join(dataDir, 'uploads', key))).toEqual(
        await readFile(path.join(shop.dataDir, 'uploads', key)),
      );
    }
    expect(await readFile(path.join(dataDir, 'auth-secret'), 'utf8')).toBe(
      await readFile(path.join(shop.dataDir, 'auth-secret'), 'utf8'),
    );
    expect((await stat(path.join(dataDir, 'auth-secret'))).mode & 0o777).toBe(0o600);
    const restored = await openDatabase({ dataDir });
    try {
      await expectSameRows(restored);
      // The order numbers go on from where they were.
      const [next] = (await restored.db.execute(sql`select nextval('order_number_seq')::int as next`)).rows as {
        next: number;
      }[];
      const [last] = (await shop.database.db.execute(sql`select last_value::int as last from order_number_seq`))
        .rows as { last: number }[];
      expect(next!.next).toBe(last!.last + 1);
    } finally {
      await restored.close();
    }

    // Restoring again into the same folder: refused without --replace, nothing changed.
    await expect(
      restoreBackup({ archive, config: silentConfig({ DATA_DIR: dataDir }), replace: false }),
    ).rejects.toThrow(TargetNotEmptyError);
    // --replace backs up what is there first, then restores.
    const replaced = await restoreBackup({ archive, config: silentConfig({ DATA_DIR: dataDir }), replace: true });
    expect(replaced.checks.every((check) => check.matches)).toBe(true);
    expect(replaced.replacedBackup?.where).toMatch(new RegExp(`^${dataDir}/backups/wyf-backup-`));
    expect(existsSync(replaced.replacedBackup!.where)).toBe(true);
    expect((await readdir(dataDir)).filter((entry) => entry.startsWith('.restoring-'))).toEqual([]);
  }, 120_000);

  it.runIf(usingPostgres())(
    'into a fresh PostgreSQL database: every table equal row by row',
    async () => {
      const server = process.env.DATABASE_URL!;
      const name = `wyf_restore_${Date.now().toString(36)}`;
      const adminClient = new pg.Client({ connectionString: server });
      await adminClient.connect();
      await adminClient.query('select pg_advisory_lock(727411)');
      await adminClient.query(`create database "${name}"`);
      await adminClient.query('select pg_advisory_unlock(727411)');
      const url = new URL(server);
      url.pathname = `/${name}`;
      const dataDir = await scratchFolder('wyf-restored-pg-');
      try {
        const config = silentConfig({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
        const result = await restoreBackup({ archive, config, replace: false });
        expect(result.checks.every((check) => check.matches)).toBe(true);
        const restored = await openDatabase({ databaseUrl: url.toString(), maxConnections: 2 });
        try {
          await expectSameRows(restored);
        } finally {
          await restored.close();
        }
        await expect(restoreBackup({ archive, config, replace: false })).rejects.toThrow(TargetNotEmptyError);
        const replaced = await restoreBackup({ archive, config, replace: true });
        expect(replaced.checks.every((check) => check.matches)).toBe(true);
        expect(replaced.replacedBackup).toBeDefined();
      } finally {
        await adminClient.query(`drop database if exists "${name}" with (force)`);
        await adminClient.end();
      }
    },
    120_000,
  );
});

describe('bad archives are refused before anything is written', () => {
  /** Unpacks the archive, lets `change` edit the folder, packs it again. */
  async function altered(change: (folder: string) => Promise<void>): Promise<string> {
    const folder = await scratchFolder('wyf-altered-');
    await extractTar({ file: archive, cwd: folder });
    await change(folder);
    const file = path.join(await scratchFolder('wyf-altered-archive-'), 'altered.tar.gz');
    const entries = await readdir(folder);
    await createTar({ gzip: true, cwd: folder, file }, [
      MANIFEST_FILE,
      ...entries.filter((entry) => entry !== MANIFEST_FILE),
    ]);
    return file;
  }

  async function expectRefused(file: string, message: RegExp) {
    const dataDir = path.join(await scratchFolder('wyf-refused-'), 'data');
    const refusal = restoreBackup({ archive: file, config: silentConfig({ DATA_DIR: dataDir }), replace: false });
    await expect(refusal).rejects.toThrow(ArchiveRefusedError);
    await expect(refusal).rejects.toThrow(message);
    expect(existsSync(dataDir)).toBe(false);
  }

  it('a truncated archive', async () => {
    const bytes = await readFile(archive);
    const file = path.join(await scratchFolder('wyf-truncated-'), 'truncated.tar.gz');
    await writeFile(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expectRefused(file, /damaged or incomplete/);
  });

  it('a corrupted archive', async () => {
    const bytes = Buffer.from(await readFile(archive));
    for (let index = 200; index < 260; index += 1) bytes[index] = bytes[index]! ^ 0xff;
    const file = path.join(await scratchFolder('wyf-corrupted-'), 'corrupted.tar.gz');
    await writeFile(file, bytes);
    await expectRefused(file, /damaged or incomplete|Checksum mismatch/);
  });

  it('an altered row (checksum mismatch)', async () => {
    const file = await altered(async (folder) => {
      const data = path.join(folder, 'database/data/orders.copy');
      const text = await readFile(data, 'utf8');
      await writeFile(
        data,
        text.replace(/\t(\d{3,})\t/, (_match, cents: string) => `\t${Number(cents) - 100}\t`),
      );
    });
    await expectRefused(file, /Checksum mismatch in database\/data\/orders\.copy/);
  });

  it('a file its manifest does not list, or a missing one', async () => {
    await expectRefused(
      await altered((folder) => writeFile(path.join(folder, 'uploads', 'intruder-960.webp'), 'x')),
      /does not list/,
    );
    await expectRefused(
      await altered((folder) => rm(path.join(folder, 'database/data/refunds.copy'))),
      /lacks database\/data\/refunds\.copy/,
    );
  });

  it('a manifest that leaves out a table (it came back empty, and the restore said every table matched)', async () => {
    const file = await altered(async (folder) => {
      const manifest = JSON.parse(await readFile(path.join(folder, MANIFEST_FILE), 'utf8')) as {
        tables: { name: string }[];
        files: Record<string, unknown>;
      };
      manifest.tables = manifest.tables.filter((table) => table.name !== 'audit_log');
      delete manifest.files['database/data/audit_log.copy'];
      await writeFile(path.join(folder, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
      await rm(path.join(folder, 'database/data/audit_log.copy'));
    });
    // Refused once the archive's schema is made in the staging database: no database is left.
    const dataDir = path.join(await scratchFolder('wyf-refused-'), 'data');
    const refusal = restoreBackup({ archive: file, config: silentConfig({ DATA_DIR: dataDir }), replace: false });
    await expect(refusal).rejects.toThrow(ArchiveRefusedError);
    await expect(refusal).rejects.toThrow(/lists no rows for audit_log, which its database version has/);
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
    expect((await readdir(dataDir).catch(() => [] as string[])).filter((entry) => !entry.startsWith('.'))).toEqual([]);
  });

  it('an entry that unpacks far larger than its manifest says, refused from its header before it is written', async () => {
    // A small archive that unpacks into much more (here 64 MB of zeros, a few hundred kB packed)
    // in place of an image the manifest lists at its own size: once a "Checksum mismatch" after
    // every byte was on the disk.
    const file = await altered(async (folder) => {
      const [image] = (await readdir(path.join(folder, 'uploads'))).sort();
      await writeFile(path.join(folder, 'uploads', image!), Buffer.alloc(64 * 1024 * 1024));
    });
    await expectRefused(file, /which its manifest does not list at that size/);
  });

  it("an entry outside the archive's folders", async () => {
    const file = await altered((folder) => writeFile(path.join(folder, 'evil.sh'), 'rm -rf /'));
    await expectRefused(file, /entries a backup never has/);
  });

  it('an archive from a newer version of the shop', async () => {
    const file = await altered(async (folder) => {
      const text = await readFile(path.join(folder, MANIFEST_FILE), 'utf8');
      await writeFile(
        path.join(folder, MANIFEST_FILE),
        text.replace(/"shopVersion": "[^"]+"/, '"shopVersion": "99.0.0"'),
      );
    });
    await expectRefused(file, /newer version of the shop \(99\.0\.0/);
  });

  it("a manifest whose migration has this shop's name but another date (it was called a newer shop, naming the same version twice)", async () => {
    const file = await altered(async (folder) => {
      const text = await readFile(path.join(folder, MANIFEST_FILE), 'utf8');
      await writeFile(
        path.join(folder, MANIFEST_FILE),
        text.replace(/"createdAt": (\d{13})/, (_match, millis: string) => `"createdAt": ${Number(millis) + 1000}`),
      );
    });
    await expectRefused(file, /is dated otherwise than this shop's migration of that name/);
  });

  it('something that is not an archive at all, or no file', async () => {
    const file = path.join(await scratchFolder('wyf-not-'), 'notes.tar.gz');
    await writeFile(file, 'just some text');
    await expectRefused(file, /damaged or incomplete/);
    await expectRefused(path.join(os.tmpdir(), 'no-such-archive.tar.gz'), /No backup archive at/);
  });
});

describe('making backups', () => {
  it('two processes claiming one period make one backup; a failed period is taken over once, later', async () => {
    const config = silentConfig({ DATA_DIR: shop.dataDir });
    const services = Array.from({ length: 4 }, () =>
      createBackupService({ config, logger: shop.shop.services.logger, database: shop.database }),
    );
    const slot = `scheduled:test-${Date.now()}`;
    const made = await Promise.all(services.map((service) => service.backUpSlot(slot)));
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(await services[0]!.backUpSlot(slot)).toBeNull();
    // A failed attempt is tried again only once it is half an hour old, by one process.
    await shop.database.db
      .update(backupRuns)
      .set({ status: 'failed', finishedAt: sql`now() - interval '31 minutes'` })
      .where(eq(backupRuns.slot, slot));
    const again = await Promise.all(services.map((service) => service.backUpSlot(slot)));
    expect(again.filter(Boolean)).toHaveLength(1);
    const rows = await shop.database.db.select().from(backupRuns).where(eq(backupRuns.slot, slot));
    expect(rows).toMatchObject([{ status: 'done', kind: 'scheduled' }]);
  }, 60_000);

  it('a full disk fails the backup, logs and records it, and leaves earlier archives as they were', async () => {
    const folder = path.join(shop.dataDir, 'backups');
    const before = await readdir(folder);
    const config = silentConfig({ DATA_DIR: shop.dataDir });
    await expect(
      createBackup({ database: shop.database, config, kind: 'manual', openArchiveFile: () => open('/dev/full', 'w') }),
    ).rejects.toThrow(/ENOSPC|no space/i);
    expect(await readdir(folder)).toEqual(before);
    const list = (await (await admin('/api/admin/backups')).json()) as AdminBackups;
    expect(list.lastFailure?.error).toMatch(/ENOSPC|no space/i);
  });

  it('fails, naming the folder, when the uploaded images the database lists are not in its DATA_DIR', async () => {
    // A backup of the shop's database run with another DATA_DIR (a cron job elsewhere, after a
    // move to PostgreSQL) wrote an archive of no images and called it a success.
    const elsewhere = await scratchFolder('wyf-elsewhere-');
    const config = silentConfig({ DATA_DIR: elsewhere });
    await expect(createBackup({ database: shop.database, config, kind: 'manual' })).rejects.toThrow(
      /uploaded product images are not in .*wyf-elsewhere-.*uploads .*back up with the DATA_DIR the shop uses/,
    );
    expect((await readdir(path.join(elsewhere, 'backups'))).filter((name) => name.endsWith('.tar.gz'))).toEqual([]);
  });

  it('keeps the newest BACKUP_KEEP archives', async () => {
    const dataDir = await scratchFolder('wyf-keep-');
    // The shop's images with it: a backup refuses a DATA_DIR without the images its database lists.
    await cp(path.join(shop.dataDir, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });
    const config = silentConfig({ DATA_DIR: dataDir, BACKUP_KEEP: '2' });
    const names = [];
    for (let index = 0; index < 3; index += 1) {
      names.push((await createBackup({ database: shop.database, config, kind: 'manual' })).name);
    }
    expect((await readdir(path.join(dataDir, 'backups'))).filter(isArchiveName).sort()).toEqual(names.slice(1).sort());
    const [first] = await shop.database.db.select().from(backupRuns).where(eq(backupRuns.name, names[0]!));
    expect(first?.removedAt).toBeInstanceOf(Date);
  }, 60_000);

  it('with BACKUP_S3_PREFIX, into the bucket: listed, downloadable, restorable', async () => {
    const s3 = await startS3Server('wyf-backups-test');
    try {
      const config = silentConfig({
        DATA_DIR: await scratchFolder('wyf-s3-'),
        ...s3.env,
        BACKUP_S3_PREFIX: 'shop/backups',
      });
      const made = await createBackup({ database: shop.database, config, kind: 'manual' });
      expect(made.where).toBe(`s3://wyf-backups-test/shop/backups/${made.name}`);
      const storage = createS3BackupStorage('wyf-backups-test', 'shop/backups', createBackupS3Client(config.s3!));
      expect((await storage.list()).map((archive) => archive.name)).toEqual([made.name]);
      const file = path.join(await scratchFolder('wyf-s3-download-'), made.name);
      const body = (await storage.open(made.name))!.body;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      await writeFile(file, Buffer.concat(chunks));
      const opened = await openArchive(file);
      // The images here are local ones; with S3 image storage the manifest lists the bucket's keys.
      expect(opened.manifest.images.storage).toBe('s3');
      expect(opened.manifest.tables.find((table) => table.name === 'orders')?.rows).toBe(4);
      await opened.close();
    } finally {
      await s3.close();
    }
  }, 60_000);
});

describe('the admin endpoints', () => {
  it('require the admin session, serve only kept archives, and download the bytes', async () => {
    const name = path.basename(archive);
    expect((await shop.request('/api/admin/backups')).status).toBe(401);
    expect(
      (await shop.request('/api/admin/backups', { method: 'POST', headers: { Origin: 'http://shop.test' } })).status,
    ).toBe(401);
    expect((await shop.request(`/api/admin/backups/${name}`)).status).toBe(401);
    const download = await admin(`/api/admin/backups/${name}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(await readFile(archive));
    for (const other of ['wyf-backup-2020-01-01-000000.000-abcd.tar.gz', '..%2F..%2Fauth-secret', 'manifest.json']) {
      const answer = await admin(`/api/admin/backups/${other}`);
      expect(answer.status, other).toBe(404);
    }
  });
});
