/**
 * Harness side of the safety net (see reaper-process.mjs): a detached process that cleans up what
 * the harness leaves behind if it dies without running its own clean-up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type ReapSpec =
  | { kind: 'process'; pid: number; group: boolean }
  | { kind: 'dir'; path: string }
  | { kind: 'database'; adminUrl: string; name: string; root: string };

let reaper: ChildProcess | null = null;

function send(message: object): void {
  if (!reaper?.stdin || reaper.stdin.destroyed) return;
  reaper.stdin.write(`${JSON.stringify(message)}\n`);
}

export function startReaper(): void {
  if (reaper) return;
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'reaper-process.mjs');
  reaper = spawn(process.execPath, [script], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  reaper.on('error', () => {
    reaper = null; // the harness still cleans up in-process
  });
  reaper.stdin?.on('error', () => {
    // reaper gone: nothing to tell it any more
  });
  // Neither the process nor its pipe may keep the harness alive.
  reaper.unref();
  if (reaper.stdin instanceof Socket) reaper.stdin.unref();
}

export function reaperAdd(id: number, spec: ReapSpec): void {
  send({ op: 'add', id, spec });
}

export function reaperRemove(id: number): void {
  send({ op: 'remove', id });
}
