/**
 * `npm run db:migrate` (issue 29: it pointed at a file that did not exist): on a fresh DATA_DIR it
 * creates the embedded database with every migration applied, and a second run changes nothing.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';

const ROOT = path.resolve(import.meta.dirname, '../..');
const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

function migrate(dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return spawnSync('npm', ['run', '--silent', 'db:migrate'], { cwd: ROOT, env, encoding: 'utf8', timeout: 90_000 });
}

describe('npm run db:migrate', () => {
  it('migrates a fresh DATA_DIR, and a second run is a no-op', { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-migrate-'));
    folders.push(dataDir);
    const first = migrate(dataDir);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`Migrations applied to the embedded database in ${path.join(dataDir, 'db')}`);
    expect(migrate(dataDir).status).toBe(0);

    const migrations = readdirSync(path.join(ROOT, 'server/db/migrations')).filter((file) => file.endsWith('.sql'));
    const database = await openDatabase({ dataDir });
    try {
      const applied = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied.rows[0]!.n).toBe(migrations.length);
      const tables = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from information_schema.tables where table_name in ('orders', 'products', 'refunds')`,
      );
      expect(tables.rows[0]!.n).toBe(3);
    } finally {
      await database.close();
    }
  });
});
