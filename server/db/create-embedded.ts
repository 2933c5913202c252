import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../paths';

/**
 * The script that creates the embedded database: compiled beside the server bundle in
 * production (scripts/build-server.mjs), the TypeScript source through tsx otherwise.
 */
function creatorScript(): { script: string; execArgv: string[] } {
  const compiled = fileURLToPath(new URL('./create-embedded.js', import.meta.url));
  if (existsSync(compiled)) return { script: compiled, execArgv: [] };
  return { script: path.join(ROOT, 'server/db/create-embedded-cli.ts'), execArgv: ['--import', 'tsx'] };
}

/** Folders a creation works in; a finished database is moved out of its own. */
const STAGING_PREFIX = '.creating-';

/**
 * Creates, migrates and seeds the embedded database `dataDir/db` in a child process and waits
 * for it to exit, so the creation's memory is not kept by the server (decision 019). The child
 * builds it in a folder of its own (`dataDir/.creating-<pid>`) and only a finished database is
 * moved into place, so a crash in the middle leaves nothing a later start would open: that
 * start clears the leftovers and begins again. A creator orphaned by a killed server stops at
 * its next turn of the event loop (initdb itself cannot be interrupted); until then it writes
 * only into its own folder, never into the next start's.
 * Resolves with the number of demo products seeded; rejects with the child's own error text.
 * Call it only when `dataDir/db` holds no database (no `PG_VERSION`).
 */
export async function createEmbeddedDatabase(dataDir: string): Promise<{ seeded: number }> {
  await mkdir(dataDir, { recursive: true });
  for (const entry of await readdir(dataDir)) {
    if (entry.startsWith(STAGING_PREFIX)) await rm(path.join(dataDir, entry), { recursive: true, force: true });
  }
  const staging = path.join(dataDir, `${STAGING_PREFIX}${process.pid}`);
  await mkdir(staging);
  const created = await runCreator(staging);
  // A `db` folder without PG_VERSION is what an older version left when it died creating one.
  await rm(path.join(dataDir, 'db'), { recursive: true, force: true });
  await rename(path.join(staging, 'db'), path.join(dataDir, 'db'));
  await rm(staging, { recursive: true, force: true });
  return created;
}

function runCreator(dataDir: string): Promise<{ seeded: number }> {
  const { script, execArgv } = creatorScript();
  return new Promise((resolve, reject) => {
    const child = fork(script, [dataDir], { cwd: ROOT, execArgv, stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
    let seeded = 0;
    let errorText = '';
    child.on('message', (message) => {
      const count = (message as { seeded?: unknown }).seeded;
      if (typeof count === 'number') seeded = count;
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      // Bounded: only the end of a failure's text is worth repeating.
      errorText = (errorText + chunk.toString()).slice(-4_000);
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve({ seeded });
      else
        reject(new Error(`creating the embedded database failed (${signal ?? `exit ${code}`}):\n${errorText.trim()}`));
    });
  });
}
