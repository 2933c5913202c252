/**
 * A fresh, empty database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of DATABASE_URL (created here, dropped on close).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';

export const usingPostgres = () => Boolean(process.env.DATABASE_URL);

/** On PostgreSQL, `url` names the database, for a second process of the same shop. */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ memory: true });
  const name = `wyf_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Concurrent CREATE DATABASE calls collide on template1: one at a time.
    await admin.query('select pg_advisory_lock(727411)');
    await admin.query(`create database "${name}"`);
    await admin.query('select pg_advisory_unlock(727411)');
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), maxConnections: 5 });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
