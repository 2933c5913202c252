import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { DEMO_PRODUCTS } from '../../server/db/demo-catalogue';
import { products } from '../../server/db/schema';
import { freePort, startShopProcess, waitForOutput } from '../support/process';

// `npm start` as an operator runs it: always the embedded database in a fresh DATA_DIR.
const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('npm start', () => {
  it('serves, refuses a second process on the same DATA_DIR, stops on SIGTERM and keeps its data', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-proc-'));
    folders.push(dataDir);
    const port = await freePort();
    const first = startShopProcess({ DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSCODE: '' });
    const banner = await waitForOutput(first, /Admin passcode \(shown once, only its hash is kept\): [a-z0-9-]{14}\n/);
    expect(banner).toContain(`running at http://localhost:${port}`);

    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    const home = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(home).toContain('Wear Your Faith');

    const second = startShopProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another running shop process');
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const again = startShopProcess({ DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSCODE: '' });
    const secondBanner = await waitForOutput(again, 'running at');
    expect(secondBanner).not.toContain('Admin passcode');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);

    const database = await openDatabase({ dataDir });
    const [row] = await database.db.select({ n: count() }).from(products);
    expect(Number(row!.n)).toBe(DEMO_PRODUCTS.length);
    await database.close();
  }, 120_000);

  it('stops with one line naming a bad setting', async () => {
    for (const [name, value] of [
      ['PORT', 'eighty'],
      ['PUBLIC_URL', 'not a url'],
      ['DATABASE_URL', 'mysql://nope'],
    ] as const) {
      const shop = startShopProcess({ [name]: value, DATA_DIR: path.join(os.tmpdir(), 'wyf-never-created') });
      expect(await shop.exited).toBe(1);
      const lines = shop.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(name);
    }
  }, 60_000);
});
