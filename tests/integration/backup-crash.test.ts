/**
 * Issue 28 item 5: the shop killed (SIGKILL) in the middle of a backup leaves each archive
 * complete or absent, never half-written: killed while the snapshot is copied, and while
 * the archive is being written; the next start takes the data folder over and backs up.
 * Runs the production build on the embedded database (the backup socket of `npm run backup`).
 */
import { watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isArchiveName } from '../../server/backup/archive-format';
import { requestBackupFromShop } from '../../server/backup/control-socket';
import { openArchive } from '../../server/backup/read-archive';
import { openDatabase } from '../../server/db/client';
import { freePort, startShopProcess, waitForOutput, type ShopProcess } from '../support/process';
import { usingPostgres } from '../support/test-database';

let dataDir: string;
const running: ShopProcess[] = [];

async function startShop(): Promise<ShopProcess> {
  const shop = startShopProcess({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    ADMIN_PASSCODE: 'crash-test-passcode',
    BACKUP_EVERY_HOURS: '0',
  });
  running.push(shop);
  await waitForOutput(shop, 'is running at', 120_000);
  return shop;
}

/** Every archive in the backups folder opens and proves whole (openArchive checks every file). */
async function archivesAreWhole(): Promise<number> {
  const names = (await readdir(path.join(dataDir, 'backups'))).filter(isArchiveName);
  for (const name of names) {
    const opened = await openArchive(path.join(dataDir, 'backups', name));
    await opened.close();
  }
  return names.length;
}

/** Asks the shop for a backup and kills it with SIGKILL when `moment` appears in the backups folder. */
async function killDuring(moment: (entry: string) => boolean) {
  const shop = await startShop();
  const folder = path.join(dataDir, 'backups');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const killed = new Promise<string>((resolve) => {
    const watcher = watch(folder, (_event, entry) => {
      if (entry && moment(entry)) {
        shop.child.kill('SIGKILL');
        watcher.close();
        resolve(entry);
      }
    });
  });
  const answer = requestBackupFromShop(dataDir).then(
    () => 'finished',
    () => 'broken off',
  );
  const entry = await killed;
  await shop.exited;
  expect(shop.child.signalCode).toBe('SIGKILL');
  return { entry, answer: await answer };
}

beforeAll(async () => {
  if (usingPostgres()) return;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-crash-'));
  // A first start creates the database; then enough rows that writing the archive takes a while.
  const first = await startShop();
  first.child.kill('SIGTERM');
  await first.exited;
  const database = await openDatabase({ dataDir });
  await database.db.execute(sql`
    insert into visitor_sessions (session_id, ip_address, user_agent, page_url)
    select 'visitor-' || i, '203.0.113.' || (i % 250), repeat('Mozilla/5.0 (X11; Linux x86_64) ', 4) || i, '/products/tee-' || i
    from generate_series(1, 60000) as i`);
  await database.close();
}, 240_000);

afterAll(async () => {
  for (const shop of running)
    if (shop.child.exitCode === null && shop.child.signalCode === null) shop.child.kill('SIGKILL');
  await Promise.all(running.map((shop) => shop.exited));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

// The embedded database's run (the PostgreSQL pass of CI would repeat it unchanged: the shop
// processes here always use DATA_DIR).
describe.skipIf(usingPostgres())('a shop killed during a backup', () => {
  it('while copying the snapshot: no archive', async () => {
    const { answer } = await killDuring((entry) => entry.startsWith('.staging-'));
    expect(answer).toBe('broken off');
    expect(await archivesAreWhole()).toBe(0);
  }, 240_000);

  it('while writing the archive: no archive, only a hidden partial file', async () => {
    const { entry, answer } = await killDuring((entry) => entry.endsWith('.partial'));
    expect(entry).toMatch(/^\.wyf-backup-.+\.tar\.gz\.partial$/);
    expect(answer).toBe('broken off');
    expect(await archivesAreWhole()).toBe(0);
  }, 240_000);

  it('the next start backs up whole, beside what the killed ones left', async () => {
    const shop = await startShop();
    const result = await requestBackupFromShop(dataDir);
    expect(result?.tables.find((table) => table.name === 'visitor_sessions')?.rows).toBe(60_000);
    expect(await archivesAreWhole()).toBe(1);
    shop.child.kill('SIGTERM');
    expect(await shop.exited).toBe(0);
  }, 240_000);
});
