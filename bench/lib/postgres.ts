/** A throw-away PostgreSQL database (wyf_bench_<random>) on the server of DATABASE_URL. */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { isLoopbackHost, log, onCleanup } from '../../tools/measure/util';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

/** Hides the password of a URL for logs and results. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return '<invalid URL>';
  }
}

async function withClient<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: adminUrl,
    connectionTimeoutMillis: 10_000,
    statement_timeout: 60_000,
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const parsed = new URL(adminUrl);
  const socketHost = parsed.searchParams.get('host');
  const loopback =
    parsed.hostname === '' ? socketHost === null || socketHost.startsWith('/') : isLoopbackHost(parsed.hostname);
  if (!loopback && process.env.BENCH_ALLOW_REMOTE_DB !== '1') {
    throw new Error(
      `DATABASE_URL points at ${parsed.hostname}; the benchmark only talks to this machine (set BENCH_ALLOW_REMOTE_DB=1 to override)`,
    );
  }
  const name = `wyf_bench_${randomBytes(4).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  log(`created database ${name} on ${redactUrl(adminUrl)}`);
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    await withClient(adminUrl, async (client) => {
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } catch {
        // PostgreSQL < 13 has no WITH (FORCE); the server is stopped by now anyway.
        await client.query(`DROP DATABASE IF EXISTS "${name}"`);
      }
    });
    dropped = true;
    log(`dropped database ${name}`);
  };
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const unregister = onCleanup(`database ${name}`, drop, { kind: 'database', adminUrl, name, root });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    drop: async () => {
      await drop();
      unregister();
    },
  };
}

/** True when the PostgreSQL server of adminUrl answers within a couple of seconds. */
export async function postgresReachable(adminUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
