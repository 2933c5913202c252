/**
 * `npm run db:migrate`: applies the migrations (server/db/migrations) to the configured database
 * (DATABASE_URL, else the embedded one in DATA_DIR/db, created when missing) and exits. The
 * server does the same at every start; this runs it ahead of one (a deploy step, or after
 * `npm run db:generate` to try a new migration). The demo catalogue is not seeded here.
 */
import path from 'node:path';
import dotenv from 'dotenv';
import { ConfigError, parseConfig } from '../config.server';
import { ROOT } from '../paths';
import { migrateDatabase, openDatabase } from './client';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

async function main(): Promise<void> {
  dotenv.config({ path: path.join(ROOT, '.env'), quiet: true });
  const config = parseConfig(process.env);
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, maxConnections: 1 });
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
    process.stdout.write('Migrations applied to the PostgreSQL database (DATABASE_URL).\n');
    return;
  }
  // The running shop holds DATA_DIR; it migrates at start, so there is nothing to do beside it.
  const release = await lockDataDir(config.dataDir, () => process.exit(1));
  try {
    const database = await openDatabase({ dataDir: config.dataDir });
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
  process.stdout.write(`Migrations applied to the embedded database in ${path.join(config.dataDir, 'db')}.\n`);
}

try {
  await main();
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  throw error;
}
