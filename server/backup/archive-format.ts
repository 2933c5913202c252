/**
 * What a backup archive holds (decision 028): a gzip tar with
 *   manifest.json                 this file's ManifestSchema, first entry
 *   database/data/<table>.copy    each table's rows as PostgreSQL COPY text, ordered by its key
 *   database/schema.sql           the migrations that made the schema, up to the archive's
 *   database/restore.psql         the same restore with psql alone (any PostgreSQL)
 *   uploads/<key>.webp            uploaded images (local storage), or their keys in the manifest (S3)
 *   secrets/auth-secret           the generated session secret, when AUTH_SECRET is not set
 * Every entry but the manifest is listed in `files` with its size and SHA-256, and nothing
 * else may be in the archive: a truncated, corrupted or altered archive is refused before a
 * restore writes anything.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ROOT } from '../paths';

export const ARCHIVE_FORMAT = 'wear-your-faith-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

/**
 * `wyf-backup-2026-11-27-043400.123-1a2b.tar.gz` (UTC): names sort by time to the millisecond,
 * which BACKUP_KEEP relies on; the suffix keeps two of one millisecond (two processes) apart.
 */
export const ARCHIVE_NAME_PATTERN = /^wyf-backup-\d{4}-\d{2}-\d{2}-\d{6}\.\d{3}-[0-9a-f]{4}\.tar\.gz$/;

export function archiveNameFor(date: Date, suffix: string): string {
  const iso = date.toISOString(); // 2026-11-27T04:34:00.123Z
  return `wyf-backup-${iso.slice(0, 10)}-${iso.slice(11, 19).replaceAll(':', '')}.${iso.slice(20, 23)}-${suffix}.tar.gz`;
}

export function isArchiveName(name: string): boolean {
  return ARCHIVE_NAME_PATTERN.test(name);
}

/** The shop's version (package.json): an archive from a newer one is refused. */
export const SHOP_VERSION: string = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

/** -1, 0 or 1 as version `a` is older, the same or newer than `b` (x.y.z, numerically). */
export function compareVersions(a: string, b: string): number {
  const parts = (version: string) =>
    version
      .split(/[.-]/)
      .slice(0, 3)
      .map((part) => Number.parseInt(part, 10) || 0);
  const [left, right] = [parts(a), parts(b)];
  for (let index = 0; index < 3; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** Table, column and sequence names go into SQL (quoted): only plain identifiers are accepted. */
const Identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/);
const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const ImageKey = z.string().regex(/^[a-z0-9-]+\.webp$/);
/** Every path an archive may hold: nothing absolute, no `..`, no other folder. */
export const ArchivePathSchema = z
  .string()
  .regex(
    /^(manifest\.json|database\/(schema\.sql|restore\.psql|data\/[A-Za-z0-9_]+\.copy)|uploads\/[a-z0-9-]+\.webp|secrets\/auth-secret)$/,
  );

export const ManifestTableSchema = z.object({
  name: Identifier,
  /** The columns in the COPY data, in order (generated columns are left out). */
  columns: z.array(Identifier).min(1),
  /** The primary key: rows are ordered by it (empty: by the whole row). */
  key: z.array(Identifier),
  rows: z.number().int().min(0),
  /** SHA-256 of the COPY data, which a restore recomputes from the restored table. */
  sha256: Sha256,
  file: ArchivePathSchema,
});
export type ManifestTable = z.infer<typeof ManifestTableSchema>;

export const ManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.literal(ARCHIVE_FORMAT_VERSION),
  shopVersion: z.string().regex(/^\d+\.\d+\.\d+/),
  createdAt: z.iso.datetime(),
  source: z.object({ kind: z.enum(['pglite', 'postgres']), serverVersion: z.string().max(1000) }),
  /** The last migration applied to the database (drizzle's journal `when` and SQL hash). */
  migration: z.object({ createdAt: z.number().int(), hash: z.string().max(200), tag: z.string().max(200).nullable() }),
  /** In load order: a table comes after the tables its foreign keys point at. */
  tables: z.array(ManifestTableSchema).min(1),
  sequences: z.array(
    z.object({ name: Identifier, lastValue: z.string().regex(/^-?\d{1,19}$/), isCalled: z.boolean() }),
  ),
  images: z.discriminatedUnion('storage', [
    z.object({ storage: z.literal('local'), keys: z.array(ImageKey) }),
    z.object({ storage: z.literal('s3'), bucket: z.string().max(200), keys: z.array(ImageKey) }),
  ]),
  hasAuthSecret: z.boolean(),
  files: z.record(ArchivePathSchema, z.object({ bytes: z.number().int().min(0), sha256: Sha256 })),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** Tables not backed up: the record of the backups themselves describes files where the old shop kept them. */
export const TABLES_LEFT_OUT = ['backup_runs'];

export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The one query whose COPY text is both the table's data in the archive and, run again on the
 * restored table, its check: the manifest's columns ordered by the key as text in the C
 * collation, so the order is the same on every server whatever its locale.
 */
export function tableSelect(table: Pick<ManifestTable, 'name' | 'columns' | 'key'>): string {
  const columns = table.columns.map(quoteIdentifier).join(', ');
  const order = table.key.length
    ? table.key.map((column) => `${quoteIdentifier(column)}::text collate "C"`).join(', ')
    : `row(${columns})::text collate "C"`;
  return `select ${columns} from public.${quoteIdentifier(table.name)} order by ${order}`;
}

export const tableDataPath = (table: string) => `database/data/${table}.copy`;
export const uploadPath = (key: string) => `uploads/${key}`;
export const AUTH_SECRET_PATH = 'secrets/auth-secret';
