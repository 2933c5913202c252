import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ShopProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs `npm start`'s script with the given environment (DATABASE_URL removed unless given). */
export function startShopProcess(env: Record<string, string | undefined>): ShopProcess {
  return spawnShop(process.execPath, ['scripts/start.mjs'], env);
}

/** Runs the compiled entry directly, as someone might without `npm start` (no NODE_ENV set for them). */
export function startCompiledEntry(env: Record<string, string | undefined>): ShopProcess {
  return spawnShop(process.execPath, ['build/node/main.js'], env);
}

/** Runs `npm start` itself: the child is npm, as a process manager would see it. */
export function startWithNpm(env: Record<string, string | undefined>): ShopProcess {
  return spawnShop('npm', ['start', '--silent'], env);
}

function spawnShop(command: string, args: string[], env: Record<string, string | undefined>): ShopProcess {
  const { DATABASE_URL: _ignored, npm_lifecycle_event: _event, npm_lifecycle_script: _script, ...inherited } = process.env;
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...inherited, LOG_LEVEL: 'warn', SKIP_BUILD_CHECK: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** Resolves when nothing listens on `port` any more (a listen there succeeds). */
export async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/** Resolves when the output contains `needle`; rejects if the process exits first. */
export async function waitForOutput(shop: ShopProcess, needle: string | RegExp, timeoutMs = 45_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const text = shop.output();
    if (typeof needle === 'string' ? text.includes(needle) : needle.test(text)) return text;
    if (shop.child.exitCode !== null) throw new Error(`process exited (${shop.child.exitCode}):\n${text}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${needle}:\n${shop.output()}`);
}
