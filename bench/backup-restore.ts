/**
 * Backup and restore on the demo shop plus N real orders (issue 28's closing figures), on the
 * embedded database and, when a PostgreSQL server is given, on PostgreSQL:
 *   npx tsx bench/backup-restore.ts [postgres://postgres@127.0.0.1:5432/postgres] [orders=1000]
 * The orders go through the shop's own checkout and sandbox payment (in process, over
 * app.request; needs the production build), a third of them by signed-in customers (points).
 * Prints the archive size, the backup time (and how long the snapshot was held) and the restore
 * time for each database. Leaves nothing behind (temporary folders, databases it created).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq, gte } from 'drizzle-orm';
import pg from 'pg';
import type { ServerBuild } from 'react-router';
import { createBackup } from '../server/backup/create-backup';
import { restoreBackup } from '../server/backup/restore-backup';
import { createLogger, prepareShop } from '../server/bootstrap';
import { parseConfig } from '../server/config.server';
import { openDatabase } from '../server/db/client';
import { products, productStock } from '../server/db/schema';
import { createHttpApp } from '../server/http/create-app';
import { ROOT } from '../server/paths';

const serverUrl = process.argv.find((argument) => argument.startsWith('postgres'));
const orderCount = Number(process.argv.find((argument) => /^\d+$/.test(argument)) ?? 1000);
const cleanups: (() => Promise<unknown>)[] = [];

const configFor = (env: Record<string, string>) =>
  parseConfig({
    LOG_LEVEL: 'silent',
    ADMIN_PASSCODE: 'bench-passcode',
    BACKUP_EVERY_HOURS: '0',
    PUBLIC_URL: 'http://shop.bench',
    ...env,
  });

/** BENCH_KEEP=1 keeps the populated shop's data folder (its path is printed) for other measurements. */
async function folder(prefix: string, keepable = false) {
  const made = await mkdtemp(path.join(os.tmpdir(), prefix));
  if (keepable && process.env.BENCH_KEEP === '1') console.log(`keeping ${made}`);
  else cleanups.push(() => rm(made, { recursive: true, force: true }));
  return made;
}

async function createDatabase(name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.query(`create database "${name}"`);
  await client.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  });
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function populate(dataDir: string) {
  const config = configFor({ DATA_DIR: dataDir, NODE_ENV: 'production' });
  const shop = await prepareShop({ config, logger: createLogger(config) });
  const build = (await import(pathToFileURL(path.join(ROOT, 'build/server/index.js')).href)) as ServerBuild;
  const app = createHttpApp({
    services: shop.services,
    database: shop.database,
    build,
    clientDir: path.join(ROOT, 'build/client'),
    uploadsDir: path.join(dataDir, 'uploads'),
    mode: 'production',
  });
  const request = (pathname: string, init: RequestInit = {}) =>
    Promise.resolve(
      app.request(new URL(pathname, 'http://shop.bench').toString(), init, {
        // A different client address per order: the checkout's rate limit counts per address.
        incoming: {
          socket: { remoteAddress: `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
        },
      } as never),
    );
  const catalogue = await shop.database.db.select().from(products).where(eq(products.category, 't-shirts'));
  // Enough stock for every order (the demo catalogue seeds a few units per variant).
  await shop.database.db.update(productStock).set({ quantity: 100_000 }).where(gte(productStock.quantity, 0));
  shop.services.invalidateCatalogue(['*']);
  const started = performance.now();
  let made = 0;
  const worker = async () => {
    while (made < orderCount) {
      const index = made++;
      const product = catalogue[index % catalogue.length]!;
      const answer = await request('/api/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://shop.bench' },
        body: JSON.stringify({
          items: [
            {
              productId: product.id,
              color: product.colors[0],
              size: product.sizes[index % product.sizes.length],
              quantity: 1,
            },
          ],
          email: `bench-${index}@example.com`,
        }),
      });
      const { sessionId, error } = (await answer.json()) as { sessionId?: string; error?: string };
      if (!sessionId) throw new Error(`checkout ${index} refused: ${error}`);
      await request(`/sandbox/checkout/${sessionId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.bench' },
        body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242' }).toString(),
        redirect: 'manual',
      });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  console.log(`${orderCount} orders made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return shop;
}

const rows: string[][] = [];
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

try {
  const dataDir = await folder('wyf-bench-backup-', true);
  const shop = await populate(dataDir);
  let started = performance.now();
  const embedded = await createBackup({ database: shop.database, config: shop.services.config, kind: 'manual' });
  const embeddedBackupMs = performance.now() - started;
  await shop.close();
  const orders = embedded.tables.find((table) => table.name === 'orders')?.rows;
  console.log(`archive of the embedded shop: ${embedded.where} (${orders} orders)`);

  started = performance.now();
  await restoreBackup({
    archive: embedded.where,
    config: configFor({ DATA_DIR: path.join(await folder('wyf-bench-restore-'), 'data') }),
    replace: false,
  });
  rows.push([
    'embedded',
    `${(embedded.bytes / 1024).toFixed(1)} kB`,
    seconds(embeddedBackupMs),
    `${embedded.snapshotMs} ms`,
    seconds(performance.now() - started),
  ]);

  if (serverUrl) {
    const source = await createDatabase('wyf_bench_backup_source');
    const sourceDataDir = await folder('wyf-bench-pg-');
    await restoreBackup({
      archive: embedded.where,
      config: configFor({ DATA_DIR: sourceDataDir, DATABASE_URL: source }),
      replace: false,
    });
    const database = await openDatabase({ databaseUrl: source });
    started = performance.now();
    const fromPostgres = await createBackup({
      database,
      config: configFor({ DATA_DIR: sourceDataDir, DATABASE_URL: source }),
      kind: 'manual',
    });
    const postgresBackupMs = performance.now() - started;
    await database.close();
    const target = await createDatabase('wyf_bench_backup_target');
    started = performance.now();
    await restoreBackup({
      archive: fromPostgres.where,
      config: configFor({ DATA_DIR: await folder('wyf-bench-pg-target-'), DATABASE_URL: target }),
      replace: false,
    });
    rows.push([
      'PostgreSQL',
      `${(fromPostgres.bytes / 1024).toFixed(1)} kB`,
      seconds(postgresBackupMs),
      `${fromPostgres.snapshotMs} ms`,
      seconds(performance.now() - started),
    ]);
  }
  console.log('\ndatabase    archive    backup    snapshot held   restore (verified)');
  for (const row of rows)
    console.log(
      `${row[0]!.padEnd(11)} ${row[1]!.padStart(8)}  ${row[2]!.padStart(8)}  ${row[3]!.padStart(12)}   ${row[4]}`,
    );
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
