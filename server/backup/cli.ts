/**
 * The three data commands of RUN-CONTRACT.md "Your data" (decision 028):
 *   npm run backup                                one archive; prints its path and each table's rows
 *   npm run restore -- ARCHIVE [--replace]        into DATA_DIR or DATABASE_URL, verified
 *   npm run move-to-postgres -- postgres://... [--replace]   the embedded shop into PostgreSQL
 * Each prints what it did and exits 1 on any refusal or mismatch (2 on a wrong command line).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import dotenv from 'dotenv';
import { pino } from 'pino';
import { formatBytes } from '../../domain/backups';
import { ConfigError, parseConfig, type Config } from '../config.server';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import { openDatabase } from '../db/client';
import { ROOT } from '../paths';
import { getBackupStorage } from './backup-storage';
import { requestBackupFromShop } from './control-socket';
import { createBackup, type BackupResult } from './create-backup';
import { NotAShopDatabaseError } from './describe-database';
import { ArchiveRefusedError } from './read-archive';
import {
  RestoreMismatchError,
  TargetNotEmptyError,
  restoreBackup,
  type RestoreResult,
  type TableCheck,
} from './restore-backup';

/** A refusal a person can act on: printed as one line, exit 1. */
class CommandError extends Error {}

const USAGE = [
  'usage:',
  '  npm run backup',
  '  npm run restore -- ARCHIVE [--replace]',
  '  npm run move-to-postgres -- postgres://user@host:5432/database [--replace]',
].join('\n');

const logger = pino({ level: 'error' }, pino.destination(2));
const print = (line = '') => process.stdout.write(`${line}\n`);

function loadConfig(overrides: Record<string, string> = {}): Config {
  dotenv.config({ path: path.join(ROOT, '.env'), quiet: true });
  return parseConfig({ ...process.env, ...overrides });
}

/** npm runs scripts in the project folder; a relative path means the caller's folder. */
const callerPath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

/** The backup of the configured database: by the running shop when it holds the data folder. */
async function backUp(config: Config): Promise<BackupResult> {
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, maxConnections: 2 });
    try {
      return await createBackup({ database, config, logger, kind: 'manual' });
    } finally {
      await database.close();
    }
  }
  const fromShop = await requestBackupFromShop(config.dataDir);
  if (fromShop) return fromShop;
  if (!existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) {
    throw new CommandError(`No shop database in DATA_DIR ${config.dataDir}: nothing to back up`);
  }
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(config.dataDir, () => process.exit(1));
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new CommandError(
        `The shop running on DATA_DIR ${config.dataDir} did not answer on its backup socket: use Back up now in the admin, or stop the shop and run this again`,
      );
    }
    throw error;
  }
  try {
    const database = await openDatabase({ dataDir: config.dataDir });
    try {
      return await createBackup({ database, config, logger, kind: 'manual' });
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
}

function printBackup(result: BackupResult) {
  print(`Backup written: ${result.where}`);
  print(`  ${formatBytes(result.bytes)}, ${result.images} images, database snapshot held ${result.snapshotMs} ms`);
  const width = Math.max(...result.tables.map((table) => table.name.length));
  for (const table of result.tables) print(`  ${table.name.padEnd(width)}  ${String(table.rows).padStart(9)} rows`);
  if (result.pruned.length)
    print(`Removed ${result.pruned.length} older backups (BACKUP_KEEP): ${result.pruned.join(', ')}`);
}

function printChecks(checks: TableCheck[]) {
  const width = Math.max(...checks.map((check) => check.name.length));
  print(`  ${'table'.padEnd(width)}  ${'archive'.padStart(9)}  ${'restored'.padStart(9)}  check`);
  for (const check of checks) {
    print(
      `  ${check.name.padEnd(width)}  ${String(check.archiveRows).padStart(9)}  ${String(check.restoredRows).padStart(9)}  ${check.matches ? 'ok' : 'MISMATCH'}`,
    );
  }
}

/** Prints a restore; true when everything matched. */
function printRestore(result: RestoreResult): boolean {
  if (result.replacedBackup) print(`What was there is backed up first: ${result.replacedBackup.where}`);
  print(
    `Restored the backup of ${result.manifest.createdAt} (shop ${result.manifest.shopVersion}) into ${result.target}:`,
  );
  printChecks(result.checks);
  print(`Every table's row count and SHA-256 match the manifest.`);
  if (result.migrationsApplied) print(`Applied ${result.migrationsApplied} newer migrations.`);
  const images = result.images;
  if (images.note) print(images.note);
  else print(`Images: ${images.restored} of ${images.restored + images.missing.length} restored and checked.`);
  if (images.missing.length) {
    print(`MISSING images: ${images.missing.slice(0, 10).join(', ')}${images.missing.length > 10 ? ' ...' : ''}`);
    return false;
  }
  return true;
}

function parseArguments(args: string[]): { positional: string[]; replace: boolean } {
  const positional: string[] = [];
  let replace = false;
  for (const argument of args) {
    if (argument === '--replace') replace = true;
    else if (argument.startsWith('--')) throw new UsageError(`unknown option ${argument}`);
    else positional.push(argument);
  }
  return { positional, replace };
}

class UsageError extends Error {}

async function restoreCommand(args: string[]): Promise<boolean> {
  const { positional, replace } = parseArguments(args);
  if (positional.length !== 1) throw new UsageError('restore takes one archive');
  const config = loadConfig();
  const result = await restoreBackup({ archive: callerPath(positional[0]!), config, replace, logger });
  return printRestore(result);
}

async function moveToPostgresCommand(args: string[]): Promise<boolean> {
  const { positional, replace } = parseArguments(args);
  if (positional.length !== 1) throw new UsageError('move-to-postgres takes one postgres:// address');
  const databaseUrl = positional[0]!;
  const source = loadConfig();
  if (source.databaseUrl) {
    throw new CommandError(
      'DATABASE_URL is already set: this shop runs on PostgreSQL. To copy it elsewhere, use npm run backup and npm run restore',
    );
  }
  let target: Config;
  try {
    target = loadConfig({ DATABASE_URL: databaseUrl });
  } catch (error) {
    // Not repeated back: an address may carry a password.
    if (error instanceof ConfigError) {
      throw new CommandError(
        'That is not a PostgreSQL address: it must look like postgres://user:password@host:5432/database',
      );
    }
    throw error;
  }
  const backup = await backUp(source);
  printBackup(backup);
  const { file, cleanup } = await localCopy(source, backup);
  try {
    const result = await restoreBackup({ archive: file, config: target, replace, logger });
    const matched = printRestore(result);
    print();
    print('The shop can now run on PostgreSQL. Set, in .env or the environment:');
    print(`  DATABASE_URL=${databaseUrl}`);
    print(`and start it as before (npm start). Keep DATA_DIR ${source.dataDir}: it still holds the uploaded images,`);
    print('the generated secrets and the backups.');
    print('To run more than one process: set AUTH_SECRET and ADMIN_PASSCODE (the same for all), and put images');
    print('in an S3 bucket (the six S3_* settings; copy DATA_DIR/uploads into it under the same names).');
    return matched;
  } finally {
    await cleanup();
  }
}

/** The archive as a local file (a backup in the bucket is fetched into a temporary folder). */
async function localCopy(
  config: Config,
  backup: BackupResult,
): Promise<{ file: string; cleanup: () => Promise<void> }> {
  if (backup.location === 'local') return { file: backup.where, cleanup: async () => undefined };
  const opened = await getBackupStorage(config).open(backup.name);
  if (!opened) throw new CommandError(`The backup ${backup.where} is gone from the bucket`);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'wyf-move-'));
  const file = path.join(folder, backup.name);
  await writeFile(file, '', { mode: 0o600 });
  await pipeline(opened.body, createWriteStream(file));
  return { file, cleanup: () => rm(folder, { recursive: true, force: true }) };
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  try {
    if (command === 'backup') {
      if (args.length) throw new UsageError('backup takes no arguments');
      printBackup(await backUp(loadConfig()));
      return 0;
    }
    if (command === 'restore') return (await restoreCommand(args)) ? 0 : 1;
    if (command === 'move-to-postgres') return (await moveToPostgresCommand(args)) ? 0 : 1;
    throw new UsageError(`unknown command ${command ?? ''}`.trim());
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`);
      return 2;
    }
    if (error instanceof RestoreMismatchError) {
      printChecks(error.checks);
      console.error(error.message);
      return 1;
    }
    const known = [
      CommandError,
      ConfigError,
      ArchiveRefusedError,
      TargetNotEmptyError,
      DataDirLockedError,
      NotAShopDatabaseError,
    ];
    if (known.some((type) => error instanceof type)) {
      console.error((error as Error).message);
      return 1;
    }
    console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

// Explicitly: an idle database pool or timer must not keep the command alive.
process.exit(await main());
