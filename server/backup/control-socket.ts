/**
 * `npm run backup` beside a running shop on the embedded database: only one process may
 * open the data folder (decision 001), so the command asks the shop to make the backup over
 * a Unix socket in DATA_DIR (owner-only), and prints what the shop answers. One request a
 * connection: a JSON line in, a JSON line out.
 */
import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import type { BackupResult } from './create-backup';

export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'shop.sock');

/** Unix socket paths are limited (108 bytes on Linux): a deeper DATA_DIR gets no socket. */
const MAX_SOCKET_PATH = 100;

type Answer = { ok: true; result: BackupResult } | { ok: false; error: string };

/** Listens while the shop runs (the caller holds the DATA_DIR lock, so a leftover socket file is a dead shop's). */
export async function startControlSocket(options: {
  dataDir: string;
  backUpNow: () => Promise<BackupResult>;
  logger: Logger;
}): Promise<{ close(): Promise<void> } | null> {
  const socketPath = controlSocketPath(options.dataDir);
  if (socketPath.length > MAX_SOCKET_PATH) {
    options.logger.warn(
      { socketPath },
      'DATA_DIR is too deep for the backup socket: `npm run backup` needs the shop stopped',
    );
    return null;
  }
  await rm(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > 1_000) socket.destroy();
      if (!received.includes('\n')) return;
      let command: unknown;
      try {
        command = (JSON.parse(received.slice(0, received.indexOf('\n'))) as { command?: unknown }).command;
      } catch {
        command = undefined;
      }
      const reply = (answer: Answer) => socket.end(`${JSON.stringify(answer)}\n`);
      if (command !== 'backup') return reply({ ok: false, error: 'unknown command' });
      options.backUpNow().then(
        (result) => reply({ ok: true, result }),
        (error: unknown) => reply({ ok: false, error: error instanceof Error ? error.message : String(error) }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  await chmod(socketPath, 0o600);
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/** Asks the shop running on `dataDir` for a backup; null when no shop listens there. */
export async function requestBackupFromShop(dataDir: string): Promise<BackupResult | null> {
  const socketPath = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let received = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ command: 'backup' })}\n`));
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (['ENOENT', 'ECONNREFUSED', 'ENAMETOOLONG'].includes(error.code ?? '')) resolve(null);
      else reject(error);
    });
    socket.on('end', () => {
      try {
        const answer = JSON.parse(received) as Answer;
        if (answer.ok) resolve(answer.result);
        else reject(new Error(`The running shop could not make the backup: ${answer.error}`));
      } catch {
        reject(new Error('The running shop gave no answer to the backup request'));
      }
    });
  });
}
