/**
 * `npm run restore -- ARCHIVE`: loads a proven archive (read-archive.ts) into the configured
 * database, an embedded one in DATA_DIR or DATABASE_URL's, and proves the result.
 *
 * The load is one transaction: the schema from the shop's own migrations up to the archive's,
 * the rows by COPY (user triggers off: the rows already hold what they would compute), the
 * sequences, and then every table's row count and SHA-256 recomputed from the restored table
 * and compared with the manifest. Any difference rolls it all back. Newer migrations run
 * after, then the images go back. An embedded database is built in a folder of its own and
 * moved into DATA_DIR only once it is proven, so a failure leaves DATA_DIR as it was.
 *
 * A target with data is refused unless `replace`, which first backs it up.
 */
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import type { Logger } from 'pino';
import type { Config } from '../config.server';
import { lockDataDir } from '../db/data-dir-lock';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../db/client';
import { createS3Client } from '../media/s3-image-storage';
import {
  AUTH_SECRET_PATH,
  SHOP_VERSION,
  compareVersions,
  quoteIdentifier,
  tableSelect,
  uploadPath,
  type Manifest,
} from './archive-format';
import { createBackup, type BackupResult } from './create-backup';
import { backedUpTableNames, codeMigrations } from './describe-database';
import { digest, digestFile } from './digest';
import { ArchiveRefusedError, openArchive, type OpenedArchive } from './read-archive';
import { inTransaction, type SqlSession } from './sql-session';

export interface TableCheck {
  name: string;
  archiveRows: number;
  restoredRows: number;
  matches: boolean;
}

export interface RestoreResult {
  target: string;
  manifest: Manifest;
  checks: TableCheck[];
  /** Backup of what the target held, made before it was replaced. */
  replacedBackup?: BackupResult;
  migrationsApplied: number;
  images: { restored: number; missing: string[]; note?: string };
}

/** The restored tables differ from the manifest: everything was rolled back. */
export class RestoreMismatchError extends Error {
  constructor(readonly checks: TableCheck[]) {
    const bad = checks.filter((check) => !check.matches).map((check) => check.name);
    super(`The restored data differs from the archive's manifest in ${bad.join(', ')}; nothing was kept`);
    this.name = 'RestoreMismatchError';
  }
}

export interface RestoreOptions {
  archive: string;
  config: Config;
  replace: boolean;
  logger?: Logger;
}

/** Refuses an archive this code cannot restore: a newer shop, or a migration it does not have. */
export function checkCompatible(manifest: Manifest, migrations = codeMigrations()) {
  // A migration this shop has, by its name, but dated otherwise: not a newer shop (that message
  // named the same version twice) but an edited manifest or another build's archive.
  const tag = manifest.migration.tag;
  const namesake = tag ? migrations.find((migration) => migration.tag === tag) : undefined;
  if (namesake && namesake.folderMillis !== manifest.migration.createdAt) {
    throw new ArchiveRefusedError(
      `This archive's database migration ${tag} is dated otherwise than this shop's migration of that name: ` +
        'the manifest was edited, or the archive comes from another build; nothing was restored',
    );
  }
  const newest = migrations.at(-1);
  const isNewerShop = compareVersions(manifest.shopVersion, SHOP_VERSION) > 0;
  const isNewerSchema = newest !== undefined && manifest.migration.createdAt > newest.folderMillis;
  if (isNewerShop || isNewerSchema) {
    throw new ArchiveRefusedError(
      `This archive comes from a newer version of the shop (${manifest.shopVersion}, database migration ` +
        `${manifest.migration.tag ?? manifest.migration.createdAt}) than this one (${SHOP_VERSION}, ` +
        `${newest?.tag ?? 'no migrations'}): update the shop first, then restore; nothing was restored`,
    );
  }
  if (!migrations.some((migration) => migration.folderMillis === manifest.migration.createdAt)) {
    throw new ArchiveRefusedError(
      `This archive's database migration (${manifest.migration.tag ?? manifest.migration.createdAt}) is not one ` +
        'this version of the shop has; nothing was restored',
    );
  }
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const archive = await openArchive(options.archive);
  try {
    checkCompatible(archive.manifest);
    return options.config.databaseUrl
      ? await restoreIntoPostgres(archive, options, options.config.databaseUrl)
      : await restoreIntoEmbedded(archive, options);
  } finally {
    await archive.close();
  }
}

/** The target holds data and no `--replace` was given: refused, nothing written. */
export class TargetNotEmptyError extends Error {
  constructor(what: string) {
    super(
      `${what} already holds a shop's data; restore into an empty one, or add --replace to back it up and replace it`,
    );
    this.name = 'TargetNotEmptyError';
  }
}

async function restoreIntoPostgres(
  archive: OpenedArchive,
  options: RestoreOptions,
  databaseUrl: string,
): Promise<RestoreResult> {
  const target = await openDatabase({ databaseUrl, maxConnections: 2 });
  try {
    const isEmpty = await isPostgresEmpty(target);
    let replacedBackup: BackupResult | undefined;
    if (!isEmpty) {
      if (!options.replace) throw new TargetNotEmptyError('The database of DATABASE_URL');
      replacedBackup = await createBackup({
        database: target,
        config: options.config,
        logger: options.logger,
        kind: 'before-restore',
      });
    }
    const checks = await load(target, archive, { dropFirst: !isEmpty });
    const migrationsApplied = await applyNewerMigrations(target, archive.manifest);
    const images = await restoreImages(archive, options.config);
    await restoreAuthSecret(archive, options.config, options.replace);
    return {
      target: 'the PostgreSQL database of DATABASE_URL',
      manifest: archive.manifest,
      checks,
      replacedBackup,
      migrationsApplied,
      images,
    };
  } finally {
    await target.close();
  }
}

async function isPostgresEmpty(handle: DatabaseHandle): Promise<boolean> {
  return inTransaction(handle, 'snapshot', async (session) => {
    const [row] = await session.query<{ relations: number; has_drizzle: boolean }>(
      `select (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S')) as relations,
              to_regnamespace('drizzle') is not null as has_drizzle`,
    );
    return row!.relations === 0 && !row!.has_drizzle;
  });
}

const STAGING_PREFIX = '.restoring-';

async function restoreIntoEmbedded(archive: OpenedArchive, options: RestoreOptions): Promise<RestoreResult> {
  const { dataDir } = options.config;
  const release = await lockDataDir(dataDir, (error) => {
    options.logger?.fatal({ err: error }, 'lost the DATA_DIR lock during a restore');
    process.exit(1);
  });
  try {
    for (const entry of await readdir(dataDir)) {
      if (entry.startsWith(STAGING_PREFIX)) await rm(path.join(dataDir, entry), { recursive: true, force: true });
    }
    const live = path.join(dataDir, 'db');
    let replacedBackup: BackupResult | undefined;
    if (existsSync(path.join(live, 'PG_VERSION'))) {
      if (!options.replace) throw new TargetNotEmptyError(`DATA_DIR ${dataDir}`);
      const current = await openDatabase({ dataDir });
      try {
        replacedBackup = await createBackup({
          database: current,
          config: options.config,
          logger: options.logger,
          kind: 'before-restore',
        });
      } finally {
        await current.close();
      }
    }
    const staging = path.join(dataDir, `${STAGING_PREFIX}${process.pid}`);
    await mkdir(staging);
    let checks: TableCheck[];
    let migrationsApplied: number;
    const fresh = await openDatabase({ dataDir: staging });
    try {
      checks = await load(fresh, archive, { dropFirst: false });
      migrationsApplied = await applyNewerMigrations(fresh, archive.manifest);
    } catch (error) {
      await fresh.close().catch(() => undefined);
      await rm(staging, { recursive: true, force: true });
      throw error;
    }
    await fresh.close();
    // Proven: it takes the place of what was there (kept in the backup made above).
    const old = path.join(dataDir, `${STAGING_PREFIX}old-${process.pid}`);
    if (existsSync(live)) await rename(live, old);
    await rename(path.join(staging, 'db'), live);
    await rm(old, { recursive: true, force: true });
    await rm(staging, { recursive: true, force: true });
    const images = await restoreImages(archive, options.config);
    await restoreAuthSecret(archive, options.config, options.replace);
    return {
      target: `the embedded database in ${dataDir}`,
      manifest: archive.manifest,
      checks,
      replacedBackup,
      migrationsApplied,
      images,
    };
  } finally {
    await release();
  }
}

/** Schema, rows, sequences and the check, in one transaction (module comment). */
async function load(
  handle: DatabaseHandle,
  archive: OpenedArchive,
  options: { dropFirst: boolean },
): Promise<TableCheck[]> {
  const { manifest } = archive;
  return inTransaction(handle, 'write', async (session) => {
    if (options.dropFirst) {
      await session.query('drop schema if exists drizzle cascade');
      await session.query('drop schema public cascade');
      await session.query('create schema public');
    }
    await createSchema(session, manifest.migration.createdAt);
    // Every table the archive's version of the schema has must be in its manifest: an edited
    // manifest that leaves one out restored it empty, and the check below saw only the listed ones.
    const listed = new Set(manifest.tables.map((table) => table.name));
    const unlisted = (await backedUpTableNames(session)).filter((name) => !listed.has(name));
    if (unlisted.length > 0) {
      throw new ArchiveRefusedError(
        `The archive's manifest lists no rows for ${unlisted.join(', ')}, which its database version has: the archive is incomplete or was edited. Nothing was restored.`,
      );
    }
    const tables = manifest.tables.map((table) => `public.${quoteIdentifier(table.name)}`);
    await session.query(`truncate ${tables.join(', ')}`);
    for (const table of tables) await session.query(`alter table ${table} disable trigger user`);
    for (const table of manifest.tables) {
      await session.copyIn(
        `public.${quoteIdentifier(table.name)} (${table.columns.map(quoteIdentifier).join(', ')})`,
        archive.pathOf(table.file),
      );
    }
    for (const sequence of manifest.sequences) {
      await session.query(`select setval('public.${quoteIdentifier(sequence.name)}', $1::bigint, $2)`, [
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    for (const table of tables) await session.query(`alter table ${table} enable trigger user`);
    const checks = await checkTables(session, manifest);
    if (checks.some((check) => !check.matches)) throw new RestoreMismatchError(checks);
    return checks;
  });
}

/** The shop's migrations up to the archive's, and drizzle's record of them, as drizzle writes it. */
async function createSchema(session: SqlSession, upTo: number) {
  const migrations = codeMigrations().filter((migration) => migration.folderMillis <= upTo);
  await session.query('create schema if not exists drizzle');
  await session.query(
    'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  for (const migration of migrations) {
    for (const statement of migration.sql) if (statement.trim()) await session.query(statement);
    await session.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      migration.hash,
      migration.folderMillis,
    ]);
  }
}

/** Every table's rows as the archive wrote them (tableSelect), counted and hashed again. */
export async function checkTables(session: SqlSession, manifest: Pick<Manifest, 'tables'>): Promise<TableCheck[]> {
  const checks: TableCheck[] = [];
  for (const table of manifest.tables) {
    const restored = await digest(session.copyOut(tableSelect(table)));
    checks.push({
      name: table.name,
      archiveRows: table.rows,
      restoredRows: restored.lines,
      matches: restored.lines === table.rows && restored.sha256 === table.sha256,
    });
  }
  return checks;
}

async function applyNewerMigrations(handle: DatabaseHandle, manifest: Manifest): Promise<number> {
  await migrateDatabase(handle);
  return codeMigrations().filter((migration) => migration.folderMillis > manifest.migration.createdAt).length;
}

/**
 * Images go back where their stored URLs point: local ones into DATA_DIR/uploads (each
 * checked after the copy); an archive of a bucket's images lists keys, which are looked up
 * in the bucket when the S3 settings name it.
 */
async function restoreImages(archive: OpenedArchive, config: Config): Promise<RestoreResult['images']> {
  const { images } = archive.manifest;
  if (images.storage === 's3') {
    if (!config.s3 || config.s3.bucket !== images.bucket) {
      return {
        restored: 0,
        missing: [],
        note: `The ${images.keys.length} images stay in the bucket ${images.bucket}: set the S3_* settings for it to serve them`,
      };
    }
    const client = createS3Client(config.s3);
    const missing: string[] = [];
    for (const key of images.keys) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: images.bucket, Key: key }));
      } catch {
        missing.push(key);
      }
    }
    return { restored: images.keys.length - missing.length, missing };
  }
  const uploads = path.join(config.dataDir, 'uploads');
  await mkdir(uploads, { recursive: true });
  const missing: string[] = [];
  for (const key of images.keys) {
    const entry = uploadPath(key);
    const target = path.join(uploads, key);
    await copyFile(archive.pathOf(entry), target);
    const copied = await digestFile(target);
    if (copied.sha256 !== archive.manifest.files[entry]!.sha256) missing.push(key);
  }
  return { restored: images.keys.length - missing.length, missing };
}

/** The archive's generated session secret, where the target has none (or is being replaced). */
async function restoreAuthSecret(archive: OpenedArchive, config: Config, replace: boolean) {
  if (!archive.manifest.hasAuthSecret || config.authSecret) return;
  const file = path.join(config.dataDir, 'auth-secret');
  if (existsSync(file) && !replace) return;
  await mkdir(config.dataDir, { recursive: true });
  await copyFile(archive.pathOf(AUTH_SECRET_PATH), file);
  await chmod(file, 0o600);
}
