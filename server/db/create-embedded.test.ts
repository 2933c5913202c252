import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { createEmbeddedDatabase } from './create-embedded';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function tempDataDir() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-create-'));
  folders.push(dataDir);
  return dataDir;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pids of creator processes working in `staging`. */
function creatorPids(staging: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', `create-embedded-cli.ts ${staging}`], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

async function productCount(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await database.db.execute(sql`select count(*)::int as n from products`);
    return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
  } finally {
    await database.close();
  }
}

describe('creating the embedded database in a child process', () => {
  it(
    'leaves a migrated, seeded database in place, and clears what an unfinished one left',
    { timeout: 90_000 },
    async () => {
      const dataDir = await tempDataDir();
      await mkdir(path.join(dataDir, '.creating-1', 'db'), { recursive: true });
      await writeFile(path.join(dataDir, '.creating-1', 'db', 'half-written'), 'x');
      await mkdir(path.join(dataDir, 'db'));
      await writeFile(path.join(dataDir, 'db', 'postmaster.opts'), 'x'); // an older version's crash
      const created = await createEmbeddedDatabase(dataDir);
      expect(created.seeded).toBeGreaterThan(0);
      expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
      expect((await readdir(dataDir)).sort()).toEqual(['db']);
      expect(await productCount(dataDir)).toBe(created.seeded);
    },
  );

  it(
    'a creation killed in the middle leaves no database, says so, and the next one starts over',
    { timeout: 120_000 },
    async () => {
      const dataDir = await tempDataDir();
      const staging = path.join(dataDir, `.creating-${process.pid}`);
      const creating = createEmbeddedDatabase(dataDir);
      let settled = false;
      const failure = creating.then(
        () => null,
        (error: unknown) => error as Error,
      );
      void failure.finally(() => (settled = true));
      // initdb has written its first file: the child is mid-way.
      while (!settled && !existsSync(path.join(staging, 'db', 'PG_VERSION'))) await sleep(20);
      expect(settled).toBe(false);
      process.kill(creatorPids(staging)[0]!, 'SIGKILL');
      expect((await failure)?.message).toMatch(/^creating the embedded database failed \(SIGKILL\)/);
      expect(existsSync(path.join(dataDir, 'db'))).toBe(false);

      const again = await createEmbeddedDatabase(dataDir);
      expect(await productCount(dataDir)).toBe(again.seeded);
      expect(await readdir(dataDir)).toEqual(['db']);
    },
  );

  it('refuses a DATA_DIR that is not a folder, creating nothing', async () => {
    const parent = await tempDataDir();
    const blocker = path.join(parent, 'not-a-folder');
    await writeFile(blocker, 'x');
    await expect(createEmbeddedDatabase(blocker)).rejects.toThrow(/ENOTDIR|EEXIST/);
  });
});
