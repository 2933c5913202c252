/**
 * The few things a backup and a restore ask of a database, written once for each driver so
 * the rest of server/backup/ is one code path (decision 028): plain queries, COPY text out of
 * a query, COPY text into a table, all inside one transaction.
 *
 * - PostgreSQL: a connection of the pool; COPY through pg-copy-streams, streamed.
 * - PGlite: its COPY to and from '/dev/blob'. PGlite is one session in this process, so its
 *   transaction holds the database for the others while it runs: a backup keeps that short
 *   (tables are copied out in memory, files are written after).
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { DatabaseHandle } from '../db/client';

export interface SqlSession {
  kind: DatabaseHandle['kind'];
  query<Row extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** The COPY text of `select` (one row a line), as chunks. */
  copyOut(select: string): AsyncIterable<Uint8Array>;
  /** Loads a COPY text file into `table (columns)`. */
  copyIn(target: string, file: string): Promise<void>;
}

/**
 * Fixed output settings, so the same rows give the same COPY text on either database and on
 * any server configuration: the row checksums of a manifest are compared across machines.
 */
const OUTPUT_SETTINGS = [
  "set local timezone = 'UTC'",
  "set local datestyle = 'ISO, MDY'",
  "set local intervalstyle = 'postgres'",
  'set local extra_float_digits = 1',
  "set local bytea_output = 'hex'",
  "set local client_encoding = 'UTF8'",
];

export type TransactionMode = 'snapshot' | 'write';

/**
 * Runs `work` in one transaction: `snapshot` is a read-only REPEATABLE READ transaction on
 * PostgreSQL (one consistent view that never blocks writers, as pg_dump takes), `write` a
 * read-write one that commits only when `work` resolves.
 */
export async function inTransaction<T>(
  handle: DatabaseHandle,
  mode: TransactionMode,
  work: (session: SqlSession) => Promise<T>,
): Promise<T> {
  if (handle.pglite) {
    return handle.pglite.transaction(async (tx) => {
      for (const statement of OUTPUT_SETTINGS) await tx.query(statement);
      return work(pgliteSession(tx));
    });
  }
  if (!handle.pgPool) throw new Error('the database handle has neither PGlite nor a PostgreSQL pool');
  const client = await handle.pgPool.connect();
  let failed = false;
  try {
    await client.query(mode === 'snapshot' ? 'begin isolation level repeatable read, read only' : 'begin');
    for (const statement of OUTPUT_SETTINGS) await client.query(statement);
    const result = await work(postgresSession(client));
    await client.query('commit');
    return result;
  } catch (error) {
    failed = true;
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    // A connection whose COPY broke off may be in any state: do not give it back to the pool.
    client.release(failed);
  }
}

function pgliteSession(tx: PgliteTransaction): SqlSession {
  return {
    kind: 'pglite',
    async query<Row extends Record<string, unknown>>(text: string, params?: unknown[]) {
      return (await tx.query<Row>(text, params)).rows;
    },
    async *copyOut(select) {
      const result = await tx.query(`copy (${select}) to '/dev/blob'`);
      // No blob: the query gave no rows (nothing was written to /dev/blob).
      if (!result.blob) return;
      yield new Uint8Array(await result.blob.arrayBuffer());
    },
    async copyIn(target, file) {
      const blob = new Blob([await readFile(file)]);
      await tx.query(`copy ${target} from '/dev/blob'`, [], { blob });
    },
  };
}

function postgresSession(client: pg.PoolClient): SqlSession {
  return {
    kind: 'postgres',
    async query<Row extends Record<string, unknown>>(text: string, params?: unknown[]) {
      return (await client.query<Row>(text, params)).rows;
    },
    copyOut(select) {
      return client.query(copyTo(`copy (${select}) to stdout`));
    },
    async copyIn(target, file) {
      await pipeline(createReadStream(file), client.query(copyFrom(`copy ${target} from stdin`)));
    },
  };
}
