/** Builds the shop and runs the production server (scripts/start.mjs) as a child process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { errorMessage, log, onCleanup, TimeoutError } from './util';

const OUTPUT_LIMIT = 64 * 1024;

/** Keeps the last OUTPUT_LIMIT characters of a child's output; hides the one-time admin passcode. */
class OutputTail {
  private text = '';
  append(chunk: Buffer | string): void {
    this.text = (this.text + chunk.toString()).slice(-OUTPUT_LIMIT);
  }
  toString(): string {
    return this.text.replace(/(Admin passcode[^:]*:\s*)\S+/g, '$1<hidden>');
  }
  tail(lines = 40): string {
    return this.toString().trimEnd().split('\n').slice(-lines).join('\n');
  }
}

function waitForExit(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** `react-router build`, output kept and shown only on failure. */
export async function buildShop(root: string, timeoutMs: number, cwd = root): Promise<{ ms: number }> {
  const started = Date.now();
  const output = new OutputTail();
  const child = spawn(path.join(root, 'node_modules/.bin/react-router'), ['build'], {
    cwd,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const unregister = onCleanup(
    'build process',
    async () => {
      child.kill('SIGKILL');
      await waitForExit(child);
    },
    child.pid ? { kind: 'process', pid: child.pid, group: false } : undefined,
  );
  child.stdout!.on('data', (chunk: Buffer) => output.append(chunk));
  child.stderr!.on('data', (chunk: Buffer) => output.append(chunk));
  const spawnError = new Promise<never>((_, reject) => child.once('error', reject));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  try {
    const { code, signal } = await Promise.race([waitForExit(child), spawnError]);
    if (signal === 'SIGKILL' && Date.now() - started >= timeoutMs)
      throw new TimeoutError('react-router build', timeoutMs);
    if (code !== 0) throw new Error(`react-router build failed (exit ${code ?? signal}):\n${output.tail()}`);
  } finally {
    clearTimeout(timer);
    unregister();
  }
  return { ms: Date.now() - started };
}

/** A free TCP port on 127.0.0.1 (the server binds it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  port: number;
  pid: number;
  startMs: number;
  /** SIGTERM, wait (SIGKILL after the grace period); resolves with the exit code (null if killed). */
  stop: () => Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
  output: () => string;
}

export interface StartOptions {
  root: string;
  dataDir: string;
  /** PostgreSQL URL; undefined runs the embedded PGlite database. */
  databaseUrl: string | undefined;
  startTimeoutMs: number;
  stopGraceMs: number;
  /** Script to run instead of scripts/start.mjs (relative to root), e.g. the yardstick's server. */
  script?: string;
  /** Further environment, e.g. PAGE_CACHE=off for the cold runs. */
  env?: Record<string, string>;
  /** Node options before the script, e.g. ['--import', 'tsx'] for the checkout floor (a .ts file). */
  nodeArgs?: string[];
}

/** The admin passcode of every shop the bench starts (scenarios sign in with it: bench/lib/shop-admin.ts). */
export const BENCH_ADMIN_PASSCODE = 'bench-admin-passcode';

/**
 * Starts `node scripts/start.mjs` bound to 127.0.0.1 on a free port and waits for "running at".
 * Integrations that would reach other hosts (Stripe, Shopify, SMTP) are switched off so that the
 * run only produces loopback traffic, and so that a local .env cannot change what is measured.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: options.dataDir,
    // Empty values count as unset for the shop and also stop dotenv from filling them from .env.
    DATABASE_URL: options.databaseUrl ?? '',
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    STRIPE_API_BASE: '',
    SHOPIFY_STORE_DOMAIN: '',
    SHOPIFY_STOREFRONT_TOKEN: '',
    SMTP_URL: '',
    SKIP_BUILD_CHECK: '1',
    LOG_LEVEL: 'warn',
    // The load comes from this machine: a scenario may name many clients in X-Forwarded-For
    // (checkouts are limited per client address); without the header, the socket's address.
    TRUST_PROXY: 'loopback',
    ADMIN_PASSCODE: BENCH_ADMIN_PASSCODE,
    ...options.env,
  };
  const started = Date.now();
  const output = new OutputTail();
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), path.join(options.root, options.script ?? 'scripts/start.mjs')],
    {
      cwd: options.root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = waitForExit(child);

  let stopping: Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      const t0 = Date.now();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => {
          log(`server pid ${child.pid} still running ${options.stopGraceMs / 1000} s after SIGTERM: SIGKILL`);
          child.kill('SIGKILL');
        }, options.stopGraceMs);
        await exited;
        clearTimeout(timer);
      }
      const { code, signal } = await exited;
      return { code, signal, ms: Date.now() - t0 };
    })();
    return stopping;
  };
  const unregister = onCleanup(
    `server pid ${child.pid}`,
    async () => {
      await stop();
    },
    child.pid ? { kind: 'process', pid: child.pid, group: false } : undefined,
  );

  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.append(chunk);
      if (output.toString().includes('running at')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => output.append(chunk));
    child.once('error', (error) => reject(new Error(`could not start the server: ${errorMessage(error)}`)));
    void exited.then(({ code, signal }) =>
      reject(new Error(`server exited before it was ready (exit ${code ?? signal}):\n${output.tail()}`)),
    );
  });

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server not ready within ${options.startTimeoutMs / 1000} s:\n${output.tail()}`)),
        options.startTimeoutMs,
      );
      ready.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  } catch (error) {
    await stop();
    unregister();
    throw error;
  }

  return {
    baseUrl,
    port,
    pid: child.pid!,
    startMs: Date.now() - started,
    stop: async () => {
      const result = await stop();
      unregister();
      return result;
    },
    output: () => output.toString(),
  };
}
