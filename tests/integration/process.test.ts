import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { DEMO_PRODUCTS } from '../../server/db/demo-catalogue';
import { products } from '../../server/db/schema';
import { freePort, isPortFree, startCompiledEntry, startShopProcess, startWithNpm, waitForOutput } from '../support/process';

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

  // Issue 12 item 9: a process manager (systemd, Docker) signals the process it started,
  // which is npm; the shop must stop, free its port and its data folder, and exit 0.
  it.each(['SIGTERM', 'SIGINT'] as const)('stops on %s sent to the npm process itself', async (signal) => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-signal-'));
    folders.push(dataDir);
    const port = await freePort();
    const npm = startWithNpm({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForOutput(npm, 'running at');
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    npm.child.kill(signal);
    expect(await npm.exited).toBe(0);
    expect(await isPortFree(port)).toBe(true);
    expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);
  }, 120_000);

  // Issue 12 item 10: after kill -9 the lock's holder is dead; the next start takes over at
  // once, and a live holder is still refused.
  it('restarts at once after kill -9, and still refuses a second process while it runs', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-kill-'));
    folders.push(dataDir);
    const crashed = startShopProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    await waitForOutput(crashed, 'running at');
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(true);

    const port = await freePort();
    const restarted = startShopProcess({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForOutput(restarted, 'running at');
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    const second = startShopProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another running shop process');
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  }, 120_000);

  it('says so when started without NODE_ENV=production (React would render its development build)', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-devbuild-'));
    folders.push(dataDir);
    const direct = startCompiledEntry({ DATA_DIR: dataDir, PORT: String(await freePort()), NODE_ENV: 'development' });
    await waitForOutput(direct, 'running at');
    expect(direct.output()).toContain('NODE_ENV is not \\"production\\"');
    direct.child.kill('SIGTERM');
    expect(await direct.exited).toBe(0);

    const started = startShopProcess({ DATA_DIR: dataDir, PORT: String(await freePort()), NODE_ENV: 'development' });
    await waitForOutput(started, 'running at');
    expect(started.output()).not.toContain('NODE_ENV is not');
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
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
