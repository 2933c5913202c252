/**
 * What a backup reads from the database's catalogue inside its snapshot: the shop's tables
 * (columns, primary key, foreign keys for the load order), its sequences, the last migration.
 * Read from the catalogue rather than from schema.ts, so a table added by a later migration is
 * backed up without anyone remembering to list it.
 */
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../db/client';
import { TABLES_LEFT_OUT, quoteIdentifier } from './archive-format';
import type { SqlSession } from './sql-session';

export interface TableShape {
  name: string;
  columns: string[];
  key: string[];
}

export interface DatabaseShape {
  /** In load order (parents first). */
  tables: TableShape[];
  sequences: string[];
  migration: { createdAt: number; hash: string; tag: string | null };
  serverVersion: string;
}

export class NotAShopDatabaseError extends Error {}

export async function describeDatabase(session: SqlSession): Promise<DatabaseShape> {
  const [migrationsTable] = await session.query<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!migrationsTable?.present)
    throw new NotAShopDatabaseError('this database holds no shop (no migrations were ever applied)');
  const [last] = await session.query<{ hash: string; created_at: string }>(
    'select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  if (!last) throw new NotAShopDatabaseError('this database holds no shop (no migrations were ever applied)');
  const createdAt = Number(last.created_at);

  const columns = await session.query<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const keys = await session.query<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
       cross join lateral unnest(i.indkey) with ordinality as k(attnum, position)
       join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
      where i.indisprimary and n.nspname = 'public'
      order by c.relname, k.position`,
  );
  const references = await session.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint f
       join pg_class c on c.oid = f.conrelid
       join pg_class p on p.oid = f.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where f.contype = 'f' and n.nspname = 'public'`,
  );
  const sequenceNames = await session.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and n.nspname = 'public' order by c.relname`,
  );
  const sequences = sequenceNames.map((row) => row.name);
  const [version] = await session.query<{ version: string }>('select version() as version');

  const byTable = new Map<string, TableShape>();
  for (const row of columns) {
    if (TABLES_LEFT_OUT.includes(row.table)) continue;
    const table = byTable.get(row.table) ?? { name: row.table, columns: [], key: [] };
    table.columns.push(row.column);
    byTable.set(row.table, table);
  }
  for (const row of keys) byTable.get(row.table)?.key.push(row.column);

  return {
    tables: loadOrder([...byTable.values()], references),
    sequences,
    migration: { createdAt, hash: last.hash, tag: migrationTag(createdAt) },
    serverVersion: version?.version ?? 'unknown',
  };
}

/** The last migration applied: a backup checks inside its snapshot that the schema it described is still the one. */
export async function lastMigrationCreatedAt(session: SqlSession): Promise<number> {
  const [row] = await session.query<{ created_at: string }>(
    'select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  return Number(row?.created_at);
}

/** Where each sequence stands (read inside the snapshot; a sequence may run ahead of it, never behind). */
export async function readSequences(session: SqlSession, names: string[]) {
  const states = [];
  for (const name of names) {
    const [state] = await session.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from public.${quoteIdentifier(name)}`,
    );
    states.push({ name, lastValue: state!.last_value, isCalled: state!.is_called });
  }
  return states;
}

/** Parents before children (Kahn), alphabetical among equals; a cycle keeps the rest alphabetical. */
export function loadOrder<T extends { name: string }>(
  tables: T[],
  references: { child: string; parent: string }[],
): T[] {
  const names = new Set(tables.map((table) => table.name));
  const parents = new Map(tables.map((table) => [table.name, new Set<string>()]));
  for (const { child, parent } of references) {
    if (child !== parent && names.has(child) && names.has(parent)) parents.get(child)!.add(parent);
  }
  const ordered: T[] = [];
  const remaining = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (remaining.length) {
    const placed = new Set(ordered.map((table) => table.name));
    const index = remaining.findIndex((table) => [...parents.get(table.name)!].every((parent) => placed.has(parent)));
    ordered.push(...remaining.splice(index === -1 ? 0 : index, 1));
  }
  return ordered;
}

/** The code's migrations (drizzle's reading of the folder), each with its journal tag. */
export function codeMigrations(migrationsFolder = MIGRATIONS_FOLDER) {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return readMigrationFiles({ migrationsFolder }).map((migration) => ({
    ...migration,
    tag: journal.entries.find((entry) => entry.when === migration.folderMillis)?.tag ?? null,
  }));
}

function migrationTag(createdAt: number): string | null {
  return codeMigrations().find((migration) => migration.folderMillis === createdAt)?.tag ?? null;
}

/**
 * The tables a backup of this database holds: every ordinary table of the shop's schema but
 * TABLES_LEFT_OUT. A restore compares it with the archive's manifest once the archive's
 * migrations have made the schema (a manifest that leaves one out would restore it empty).
 */
export async function backedUpTableNames(session: SqlSession): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  return rows.map((row) => row.name).filter((name) => !TABLES_LEFT_OUT.includes(name));
}
