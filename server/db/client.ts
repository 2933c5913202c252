/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL (node-postgres)
 * when DATABASE_URL is set. Both expose the same Drizzle API and run the same migrations.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ROOT } from '../paths';
import { isStalePlan, MAX_USES_PER_CONNECTION, NamedStatementClient } from './pg-named-statements';
import { preparedPglite } from './pglite-prepared';
import * as schema from './schema';

export type Schema = typeof schema;
/** PGlite's Drizzle database has the same query API; it is typed as the node-postgres one. */
export type Database = NodePgDatabase<Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything that can run queries: the database or a transaction inside it. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool (PostgreSQL only). */
  pgPool?: pg.Pool;
  /** The PGlite instance (embedded only): backups use its COPY to and from blobs (server/backup/). */
  pglite?: PGlite;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(ROOT, 'server/db/migrations');

export type OpenDatabaseOptions =
  { databaseUrl: string; maxConnections?: number } | { dataDir: string } | { memory: true };

/**
 * The embedded database's buffer cache, sized for a small shop (decision 019): PostgreSQL's
 * default of 128 MB stays resident in the WebAssembly memory; 16 MB measured -84 MB
 * resident with the same throughput on the demo catalogue. Its module will not start with
 * less than 128 MiB of WebAssembly memory in total, so `initialMemory` keeps its default.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

function pgliteOptions() {
  return {
    // pg_trgm: the shop search's typo matching (migration 0004 creates the extension).
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: 5_000,
      // Data statements are planned once per connection (pg-named-statements.ts, decision 036).
      Client: NamedStatementClient,
      maxUses: MAX_USES_PER_CONNECTION,
    });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on('error', (error) => console.error('[db] idle PostgreSQL client error:', error.message));
    const db = retryStalePlanTransactions(drizzlePg({ client: pool, schema }));
    return {
      db,
      kind: 'postgres',
      pgPool: pool,
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ('dataDir' in options) {
    const folder = path.join(options.dataDir, 'db');
    // PGlite creates only the last folder level (STACK-NOTES pitfall 2).
    await mkdir(options.dataDir, { recursive: true });
    client = await PGlite.create(folder, pgliteOptions());
  } else {
    client = await PGlite.create(pgliteOptions());
  }
  // Named statements, one entry into the engine per run (pglite-prepared.ts, decision 036).
  const db = drizzlePglite({ client: preparedPglite(client) as unknown as PGlite, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ping: () => ping(db),
    close: () => client.close(),
  };
}

/**
 * A transaction that met a plan another process's migration made stale was aborted and rolled
 * back (pg-named-statements.ts); it is run again once, with statements planned afresh. Its
 * function touches only the database (no network call runs inside a transaction), so running
 * it again is running it once.
 */
export function retryStalePlanTransactions(db: Database): Database {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (
    run: Parameters<Database['transaction']>[0],
    config?: Parameters<Database['transaction']>[1],
  ) => {
    try {
      return await transaction(run, config);
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      return transaction(run, config);
    }
  }) as Database['transaction'];
  return db;
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Arbitrary constant: serialises migrations when several app processes share one PostgreSQL. */
const MIGRATION_LOCK_ID = 727_411_2026;

/**
 * Applies pending migrations. Drizzle runs them all in one transaction, so a failed
 * migration leaves the database as it was. On PostgreSQL an advisory lock keeps two
 * starting processes from migrating at once.
 */
export async function migrateDatabase(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_FOLDER) {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder });
    return;
  }
  const client = await handle.pgPool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePg(handle.db, { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}
