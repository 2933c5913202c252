/**
 * Makes one backup archive (archive-format.ts) of a live shop:
 * 1. claims a row in backup_runs (a scheduled backup has claimed its slot before);
 * 2. copies every table out inside one snapshot (sql-session.ts): one consistent view; on
 *    PostgreSQL it never blocks a writer, on PGlite it holds the database for the copy only;
 * 3. adds the uploaded images (or their keys in the bucket), the generated session secret,
 *    schema.sql and restore.psql, and a manifest with every file's size and SHA-256;
 * 4. writes the gzip tar to a temporary name (owner-only), flushes it to disk, and only then
 *    gives it its name (a rename, or one S3 PUT): a crash leaves the archive whole or absent;
 * 5. removes archives beyond BACKUP_KEEP, only after this one is safe.
 * A failure (a full disk) removes what this backup wrote, records it and leaves every earlier
 * archive as it was.
 */
import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, readFile, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Logger } from 'pino';
import { create as createTar } from 'tar';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.server';
import type { DatabaseHandle } from '../db/client';
import { createS3Client } from '../media/s3-image-storage';
import { isImageStorageKey } from '../media/image-storage';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  AUTH_SECRET_PATH,
  MANIFEST_FILE,
  SHOP_VERSION,
  archiveNameFor,
  tableDataPath,
  tableSelect,
  uploadPath,
  type Manifest,
} from './archive-format';
import { failRun, finishRun, markRemoved, startRun, type BackupKind } from './backup-registry';
import { ensureBackupsFolder, getBackupStorage, type BackupStorage } from './backup-storage';
import { describeDatabase, lastMigrationCreatedAt, readSequences, type TableShape } from './describe-database';
import { digest, digestFile, type Digest } from './digest';
import { restorePsql, schemaSql } from './psql-files';
import { inTransaction } from './sql-session';

export type BackupConfig = Pick<Config, 'dataDir' | 's3' | 'backup' | 'authSecret'>;

export interface BackupResult {
  name: string;
  location: 'local' | 's3';
  /** A path, or s3://bucket/key. */
  where: string;
  bytes: number;
  createdAt: string;
  tables: { name: string; rows: number }[];
  images: number;
  /** How long the database snapshot was open (on PGlite: how long other queries waited at most). */
  snapshotMs: number;
  /** Archives removed by BACKUP_KEEP. */
  pruned: string[];
}

export interface CreateBackupOptions {
  database: DatabaseHandle;
  config: BackupConfig;
  logger?: Logger;
  kind: BackupKind;
  /** The claimed run of a scheduled backup (backup-registry.ts claimSlot). */
  runId?: string;
  storage?: BackupStorage;
  now?: () => Date;
  /** Opens the archive's temporary file (tests: a full disk). */
  openArchiveFile?: (file: string) => Promise<FileHandle>;
}

/** Temporary entries of a backup in the backups folder; older than this, they are a dead process's. */
const LEFTOVER_AFTER_MS = 60 * 60 * 1000;
const STAGING_PREFIX = '.staging-';
const PARTIAL_SUFFIX = '.partial';

export async function createBackup(options: CreateBackupOptions): Promise<BackupResult> {
  const { database, config, logger } = options;
  const db = database.db;
  const now = options.now ?? (() => new Date());
  const storage = options.storage ?? getBackupStorage(config);
  const runId = options.runId ?? (await startRun(db, options.kind));
  const folder = await ensureBackupsFolder(config.dataDir);
  await removeLeftovers(folder, now());
  const createdAt = now();
  const name = archiveNameFor(createdAt, randomBytes(2).toString('hex'));
  const staging = path.join(folder, `${STAGING_PREFIX}${randomBytes(6).toString('hex')}`);
  const partial = path.join(folder, `.${name}${PARTIAL_SUFFIX}`);
  try {
    await mkdir(staging, { mode: 0o700 });
    const files: Manifest['files'] = {};
    // The schema only changes when a process starts and migrates: described before the
    // snapshot (the embedded database is held only for the copies), checked again inside it.
    const shape = await inTransaction(database, 'snapshot', describeDatabase);
    const started = performance.now();
    // PGlite's COPY hands each table over whole in memory: those are written after the
    // transaction, so the embedded database waits for the copies only, not for the disk.
    const heldInMemory: { table: TableShape; chunks: Uint8Array[] }[] = [];
    const snapshot = await inTransaction(database, 'snapshot', async (session) => {
      if ((await lastMigrationCreatedAt(session)) !== shape.migration.createdAt) {
        throw new Error('the database was migrated while the backup started; back up again');
      }
      const written = new Map<string, Digest>();
      for (const table of shape.tables) {
        const rows = session.copyOut(tableSelect(table));
        if (session.kind === 'pglite') {
          const chunks: Uint8Array[] = [];
          for await (const chunk of rows) chunks.push(chunk);
          heldInMemory.push({ table, chunks });
        } else written.set(table.name, await writeStaged(staging, tableDataPath(table.name), rows));
      }
      return { written, sequences: await readSequences(session, shape.sequences) };
    });
    const snapshotMs = Math.round(performance.now() - started);
    for (const { table, chunks } of heldInMemory) {
      snapshot.written.set(table.name, await writeStaged(staging, tableDataPath(table.name), chunks));
    }
    const tables: Manifest['tables'] = shape.tables.map((table) => {
      const written = snapshot.written.get(table.name)!;
      const file = tableDataPath(table.name);
      files[file] = { bytes: written.bytes, sha256: written.sha256 };
      return { ...table, rows: written.lines, sha256: written.sha256, file };
    });

    const images = await stageImages(config, staging, files);
    if (images.storage === 'local') await expectEveryImage(db, config.dataDir, images.keys);
    const hasAuthSecret = await stageAuthSecret(config, staging, files);
    const manifestBase = { tables, sequences: snapshot.sequences };
    for (const [file, text] of [
      ['database/schema.sql', schemaSql(shape.migration.createdAt)],
      ['database/restore.psql', restorePsql(manifestBase)],
    ] as const) {
      const { sha256, bytes } = await writeStaged(staging, file, [Buffer.from(text)]);
      files[file] = { sha256, bytes };
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      shopVersion: SHOP_VERSION,
      createdAt: createdAt.toISOString(),
      source: { kind: database.kind, serverVersion: shape.serverVersion },
      migration: shape.migration,
      ...manifestBase,
      images,
      hasAuthSecret,
      files,
    };
    await writeFile(path.join(staging, MANIFEST_FILE), JSON.stringify(manifest, null, 2), { mode: 0o600 });

    const entries = [
      MANIFEST_FILE,
      'database',
      ...(images.storage === 'local' && images.keys.length ? ['uploads'] : []),
    ];
    if (hasAuthSecret) entries.push('secrets');
    const archive = await (options.openArchiveFile ?? ((file) => open(file, 'wx', 0o600)))(partial);
    try {
      for await (const chunk of createTar(
        { gzip: true, cwd: staging, portable: true },
        entries,
      ) as AsyncIterable<Buffer>) {
        await archive.write(chunk);
      }
      // On the disk before it gets its name: a crash after the rename finds it whole.
      await archive.sync();
    } finally {
      await archive.close();
    }
    const bytes = (await stat(partial)).size;
    await storage.store(partial, name);

    const counts = Object.fromEntries(tables.map((table) => [table.name, table.rows]));
    await finishRun(db, runId, { name, location: storage.location, bytes, counts });
    const pruned = await prune(db, storage, config.backup.keep, logger);
    const result: BackupResult = {
      name,
      location: storage.location,
      where: storage.describe(name),
      bytes,
      createdAt: manifest.createdAt,
      tables: tables.map((table) => ({ name: table.name, rows: table.rows })),
      images: images.keys.length,
      snapshotMs,
      pruned,
    };
    logger?.info({ backup: name, where: result.where, bytes, snapshotMs, kind: options.kind }, 'backup made');
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger?.error({ err: error, backup: name, kind: options.kind }, 'backup failed; earlier backups are untouched');
    await rm(partial, { force: true }).catch(() => undefined);
    await failRun(db, runId, message).catch(() => undefined);
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** Writes chunks to `staging/relative` (owner-only), hashing and counting lines as they pass. */
async function writeStaged(
  staging: string,
  relative: string,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
) {
  const file = path.join(staging, relative);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const handle = await open(file, 'wx', 0o600);
  try {
    return await digest(chunks, (chunk) => handle.write(chunk));
  } finally {
    await handle.close();
  }
}

/**
 * Local images are linked into the staging folder (same disk: no copy), taken after the
 * snapshot: an image is never removed while a product row in the snapshot still names it,
 * except by a deletion in these milliseconds, which then leaves it out. With S3, the bucket
 * keeps the images and the manifest lists their keys.
 */
async function stageImages(
  config: BackupConfig,
  staging: string,
  files: Manifest['files'],
): Promise<Manifest['images']> {
  if (config.s3) {
    const client = createS3Client(config.s3);
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: config.s3.bucket, Delimiter: '/', ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key && isImageStorageKey(object.Key)) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return { storage: 's3', bucket: config.s3.bucket, keys: keys.sort() };
  }
  const uploads = path.join(config.dataDir, 'uploads');
  const names = (await readdir(uploads).catch(() => [] as string[])).filter(isImageStorageKey).sort();
  const keys: string[] = [];
  if (names.length) await mkdir(path.join(staging, 'uploads'), { mode: 0o700 });
  for (const key of names) {
    const target = path.join(staging, uploadPath(key));
    try {
      await link(path.join(uploads, key), target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === 'EXDEV' || error.code === 'EPERM') await copyFile(path.join(uploads, key), target);
        else throw error;
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const { sha256, bytes } = await digestFile(target);
    files[uploadPath(key)] = { sha256, bytes };
    keys.push(key);
  }
  return { storage: 'local', keys };
}

/**
 * Every uploaded image the database lists must be in DATA_DIR/uploads: a backup run with another
 * DATA_DIR (after a move to PostgreSQL, from a cron job elsewhere) found no files there and
 * wrote an archive of no images, reported as a success; its restore gave a shop whose images
 * were all missing. Such a backup fails, naming the folder.
 */
async function expectEveryImage(db: DatabaseHandle['db'], dataDir: string, staged: string[]): Promise<void> {
  const { rows } = await db.execute<{ key: string }>(
    sql`select storage_key as key from product_images where storage_key is not null`,
  );
  const have = new Set(staged);
  const missing = rows.map((row) => row.key).filter((key) => !have.has(key));
  if (missing.length === 0) return;
  throw new Error(
    `${missing.length} of the ${rows.length} uploaded product images are not in ${path.join(dataDir, 'uploads')} ` +
      `(${missing[0]}${missing.length > 1 ? ', …' : ''}): back up with the DATA_DIR the shop uses, or put the files back; no archive was written`,
  );
}

/** The generated secret that signs sessions: without it, a restored shop signs everyone out. */
async function stageAuthSecret(config: BackupConfig, staging: string, files: Manifest['files']): Promise<boolean> {
  if (config.authSecret) return false;
  let secret: Buffer;
  try {
    secret = await readFile(path.join(config.dataDir, 'auth-secret'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const { sha256, bytes } = await writeStaged(staging, AUTH_SECRET_PATH, [secret]);
  files[AUTH_SECRET_PATH] = { sha256, bytes };
  return true;
}

/** Keeps the newest `keep` archives; runs only after a new archive is safely stored. */
async function prune(
  db: DatabaseHandle['db'],
  storage: BackupStorage,
  keep: number,
  logger?: Logger,
): Promise<string[]> {
  const archives = await storage.list();
  const removed: string[] = [];
  for (const archive of archives.slice(keep)) {
    try {
      await storage.remove(archive.name);
      removed.push(archive.name);
    } catch (error) {
      logger?.warn({ err: error, backup: archive.name }, 'could not remove an old backup');
    }
  }
  await markRemoved(db, removed);
  return removed;
}

/** Staging folders and partial archives a killed backup left behind (an hour old: not another's). */
async function removeLeftovers(folder: string, now: Date) {
  for (const entry of await readdir(folder)) {
    if (!entry.startsWith(STAGING_PREFIX) && !entry.endsWith(PARTIAL_SUFFIX)) continue;
    const full = path.join(folder, entry);
    const info: Stats | null = await stat(full).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > LEFTOVER_AFTER_MS) await rm(full, { recursive: true, force: true });
  }
}
