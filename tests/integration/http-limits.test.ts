/**
 * Issue 30 items 2, 3 and 6 through a real socket (the server main.ts runs, create-server.ts):
 * every method the shop does not serve is 405 with Allow on every kind of path; a client that
 * hangs up mid-body is one info line; connections beyond MAX_CONNECTIONS get 503; a body that
 * trickles in is cut at the request deadline; /healthz answers 503 naming what cannot write.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopServer, type ServerLimits } from '../../server/http/create-server';
import { ROOT } from '../support/process';
import { usingPostgres } from '../support/test-database';
import { createTestShop } from '../support/test-shop';

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A test shop behind the process's own HTTP server, its log lines kept. */
async function serveShop(
  limits: ServerLimits = { maxConnections: 1000, requestTimeoutMs: 60_000 },
  env: Record<string, string> = {},
) {
  const lines: LogLine[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  const shop = await createTestShop(env, { services: { logger } });
  const server = createShopServer({ fetch: shop.app.fetch, limits, logger });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    shop,
    port,
    lines,
    errors: () => lines.filter((line) => line.level >= 50),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => (server as Server).close(() => resolve()));
      await shop.close();
    },
  };
}

function send(port: number, method: string, pathname: string): Promise<{ status: number; allow: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: pathname, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, allow: response.headers.allow }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Sends `head` on a raw socket and resolves with everything the server answers until it closes. */
function rawExchange(
  port: number,
  head: string,
  keepSending?: (socket: net.Socket) => void,
): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      keepSending?.(socket);
    });
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
    socket.on('error', (error) => (answer ? undefined : reject(error)));
  });
}

describe('methods, aborted bodies', () => {
  let served: Awaited<ReturnType<typeof serveShop>>;
  beforeAll(async () => {
    served = await serveShop();
  });
  afterAll(async () => {
    await served?.close();
  });

  const asset = `/assets/${readdirSync(path.join(ROOT, 'build/client/assets')).find((name) => name.endsWith('.js'))}`;
  const PATHS: [string, string][] = [
    ['/', 'GET, HEAD, POST'],
    ['/products/faith-over-fear-tee', 'GET, HEAD, POST'],
    ['/favicon.ico', 'GET, HEAD'],
    [asset, 'GET, HEAD'],
    ['/api/auth/get-session', 'GET, HEAD, POST, PUT, PATCH, DELETE'],
    ['/api/auth/sign-in/email', 'GET, HEAD, POST, PUT, PATCH, DELETE'],
    ['/api/cart/quote', 'GET, HEAD, POST, PUT, PATCH, DELETE'],
    ['/no-such-page', 'GET, HEAD, POST'],
  ];

  it('answers TRACE, OPTIONS and PROPFIND 405 with Allow on pages, files and the API, logging no error', async () => {
    for (const method of ['TRACE', 'OPTIONS', 'PROPFIND']) {
      for (const [pathname, allow] of PATHS) {
        expect({ method, pathname, ...(await send(served.port, method, pathname)) }).toEqual({
          method,
          pathname,
          status: 405,
          allow,
        });
      }
    }
    // The methods it serves still work.
    expect((await send(served.port, 'GET', '/favicon.ico')).status).toBe(200);
    expect((await send(served.port, 'HEAD', '/')).status).toBe(200);
    expect(served.errors()).toEqual([]);
  });

  it('logs a client that hangs up mid-body once, at info level, for 30 such requests', async () => {
    const before = served.lines.length;
    const targets = ['/api/cart/quote', '/api/auth/sign-in/email', '/auth'];
    for (let index = 0; index < 30; index++) {
      const target = targets[index % targets.length]!;
      const type = target === '/auth' ? 'application/x-www-form-urlencoded' : 'application/json';
      await new Promise<void>((resolve) => {
        const socket = net.connect(served.port, '127.0.0.1', () => {
          socket.write(
            `POST ${target} HTTP/1.1\r\nHost: shop.test\r\nOrigin: http://shop.test\r\nContent-Type: ${type}\r\nContent-Length: 1000\r\n\r\n{"email":"a`,
          );
          setTimeout(() => socket.destroy(), 30);
        });
        socket.on('close', () => resolve());
      });
    }
    await expect
      .poll(() => served.lines.slice(before).filter((line) => line.msg.startsWith('client closed')).length)
      .toBe(30);
    const lines = served.lines.slice(before);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.filter((line) => line.msg.startsWith('client closed')).every((line) => line.level === 30)).toBe(true);
    expect(lines).toHaveLength(30);
  });
});

describe('connections and deadlines', () => {
  it('answers a connection beyond MAX_CONNECTIONS 503 with Retry-After, and serves again once one closes', async () => {
    const served = await serveShop({ maxConnections: 3, requestTimeoutMs: 60_000 });
    const idle: net.Socket[] = [];
    try {
      for (let index = 0; index < 3; index++) {
        const socket = net.connect(served.port, '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        idle.push(socket);
      }
      const refused = await rawExchange(served.port, 'GET /healthz HTTP/1.1\r\nHost: shop.test\r\n\r\n');
      expect(refused.answer).toMatch(/^HTTP\/1\.1 503 /);
      expect(refused.answer).toMatch(/^Retry-After: \d+\r$/m);
      expect(served.lines.some((line) => line.msg.includes('MAX_CONNECTIONS') && line.level === 40)).toBe(true);
      idle.pop()!.destroy();
      await expect
        .poll(async () => (await send(served.port, 'GET', '/healthz').catch(() => ({ status: 0 }))).status)
        .toBe(200);
    } finally {
      idle.forEach((socket) => socket.destroy());
      await served.close();
    }
  });

  it('cuts a body that trickles in at the request deadline with 408', async () => {
    const served = await serveShop({ maxConnections: 100, requestTimeoutMs: 1_000 });
    try {
      let timer: NodeJS.Timeout | undefined;
      const slow = await rawExchange(
        served.port,
        'POST /api/cart/quote HTTP/1.1\r\nHost: shop.test\r\nOrigin: http://shop.test\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{',
        (socket) => {
          timer = setInterval(() => socket.write(' '), 100);
          socket.on('close', () => clearInterval(timer));
        },
      );
      expect(slow.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(slow.ms).toBeLessThan(5_000);
    } finally {
      await served.close();
    }
  });
});

describe('/healthz tells whether the shop can write', () => {
  it('answers 503 naming the database when it refuses writes, and 200 again when it accepts them', async () => {
    const served = await serveShop();
    const db = served.shop.database.db;
    const readOnly = async (on: boolean) => {
      if (!usingPostgres()) {
        await db.execute(
          on ? sql`set default_transaction_read_only = on` : sql`set default_transaction_read_only = off`,
        );
        return;
      }
      const name = (await db.execute<{ name: string }>(sql`select current_database() as name`)).rows[0]!.name;
      await db.execute(sql.raw(`alter database "${name}" set default_transaction_read_only = ${on ? 'on' : 'off'}`));
      // Every pooled connection ends (from a connection of its own, outside the pool) and comes back read-only.
      const outside = new pg.Client({
        connectionString: (served.shop.database.pgPool!.options as { connectionString: string }).connectionString,
      });
      await outside.connect();
      try {
        await outside.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
      } finally {
        await outside.end();
      }
    };
    try {
      expect((await send(served.port, 'GET', '/healthz')).status).toBe(200);
      await readOnly(true);
      // On PostgreSQL the pool's connections end and come back read-only: awaited, not assumed.
      await expect.poll(async () => (await served.shop.request('/healthz')).status, { timeout: 10_000 }).toBe(503);
      const response = await served.shop.request('/healthz');
      expect(response.status).toBe(503);
      const body = (await response.json()) as { status: string; failed: string[]; checks: Record<string, string> };
      expect(body).toMatchObject({ status: 'unavailable', failed: ['database'], checks: { dataDir: 'ok' } });
      expect(body.checks.database).toMatch(/read-only/);
      if (!usingPostgres()) {
        await readOnly(false);
        expect((await served.shop.request('/healthz')).status).toBe(200);
      }
    } finally {
      await served.close().catch(() => undefined);
    }
  });

  const canMount = (() => {
    try {
      return process.getuid?.() === 0 && execFileSync('which', ['mount']).length > 0;
    } catch {
      return false;
    }
  })();

  // A full disk needs a small file system of its own: a 1 MB tmpfs, which only root can mount.
  it.runIf(canMount)(
    'answers 503 naming DATA_DIR when its disk is full, and 200 again when there is room',
    async () => {
      const mountPoint = await mkdtemp(path.join(os.tmpdir(), 'wyf-full-disk-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mountPoint]);
      let served: Awaited<ReturnType<typeof serveShop>> | undefined;
      try {
        const dataDir = path.join(mountPoint, 'data');
        await mkdir(dataDir);
        served = await serveShop(undefined, { DATA_DIR: dataDir });
        expect((await served.shop.request('/healthz')).status).toBe(200);
        const filler = path.join(mountPoint, 'filler');
        await writeFile(filler, Buffer.alloc(2 * 1024 * 1024)).catch(() => undefined);
        const response = await served.shop.request('/healthz');
        expect(response.status).toBe(503);
        const body = (await response.json()) as { failed: string[]; checks: Record<string, string> };
        expect(body.failed).toEqual(['dataDir']);
        expect(body.checks.dataDir).toMatch(/ENOSPC|no space/i);
        await rm(filler);
        expect((await served.shop.request('/healthz')).status).toBe(200);
      } finally {
        await served?.close().catch(() => undefined);
        execFileSync('umount', ['-l', mountPoint]);
        await rm(mountPoint, { recursive: true, force: true });
      }
    },
  );
});
