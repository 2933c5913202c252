import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
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

describe('creating the embedded database in a child process', () => {
  it('leaves a migrated, seeded database the server then opens', { timeout: 90_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-create-'));
    folders.push(dataDir);
    const created = await createEmbeddedDatabase(dataDir);
    expect(created.seeded).toBeGreaterThan(0);
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.execute(sql`select count(*)::int as n from products`);
      const count = (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
      expect(count).toBe(created.seeded);
    } finally {
      await database.close();
    }
  });

  it("fails with the child's own error when the folder cannot be made", { timeout: 60_000 }, async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'wyf-create-'));
    folders.push(parent);
    const blocker = path.join(parent, 'not-a-folder');
    await writeFile(blocker, 'x');
    await expect(createEmbeddedDatabase(blocker)).rejects.toThrow(/creating the embedded database failed \(exit 1\):\n.*(EEXIST|ENOTDIR)/s);
  });
});
