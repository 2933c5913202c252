/**
 * Issue 30 item 1: a process killed (SIGKILL) while it writes an .eml file into the outbox
 * never leaves an empty or cut-off message there. The writer is killed the moment a message
 * file appears in the folder, five times over.
 */
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT } from '../support/process';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-outbox-kill-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts the writer and kills it with SIGKILL when an .eml name appears in the outbox. */
async function killWhenAMessageAppears(outbox: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/outbox-writer.ts', dataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  const before = new Set(await readdir(outbox));
  await new Promise<void>((resolve, reject) => {
    const watcher = watch(outbox, (_event, entry) => {
      if (entry && entry.endsWith('.eml') && !before.has(entry)) {
        child.kill('SIGKILL');
        watcher.close();
        resolve();
      }
    });
    void exited.then(() => reject(new Error(`the writer stopped on its own:\n${errors}`)));
  });
  expect(await exited).toBe('SIGKILL');
}

it('leaves only whole .eml files when the writer is killed mid-write', { timeout: 120_000 }, async () => {
  const outbox = path.join(dataDir, 'outbox');
  await mkdir(outbox, { recursive: true });
  for (let round = 0; round < 5; round++) await killWhenAMessageAppears(outbox);
  const messages = (await readdir(outbox)).filter((name) => name.endsWith('.eml'));
  expect(messages.length).toBeGreaterThanOrEqual(5);
  for (const name of messages) {
    const text = await readFile(path.join(outbox, name), 'utf8');
    expect({ name, whole: text.trimEnd().endsWith('END-OF-MESSAGE') }).toEqual({ name, whole: true });
  }
});
