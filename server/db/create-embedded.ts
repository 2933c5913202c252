import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
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

/**
 * Creates, migrates and seeds the embedded database in `dataDir` in a child process and waits
 * for it to exit, so the creation's memory is not kept by the server (decision 019).
 * Resolves with the number of demo products seeded; rejects with the child's own error text.
 */
export function createEmbeddedDatabase(dataDir: string): Promise<{ seeded: number }> {
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
      else reject(new Error(`creating the embedded database failed (${signal ?? `exit ${code}`}):\n${errorText.trim()}`));
    });
  });
}
