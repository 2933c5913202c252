/**
 * The two SQL files that make an archive readable by any PostgreSQL without the shop:
 * database/schema.sql (the shop's migrations up to the archive's, and drizzle's record of
 * them) and database/restore.psql (schema, rows, sequences, with psql's \copy).
 */
import { quoteIdentifier, type Manifest } from './archive-format';
import { codeMigrations } from './describe-database';

export function schemaSql(migrationCreatedAt: number): string {
  const migrations = codeMigrations().filter((migration) => migration.folderMillis <= migrationCreatedAt);
  const lines = [
    '-- The schema of Wear Your Faith: its own migrations, in order (server/db/migrations),',
    "-- then drizzle's record of them, so the shop started on this database applies only newer ones.",
    '',
  ];
  for (const migration of migrations) {
    lines.push(`-- migration ${migration.tag ?? migration.folderMillis}`);
    for (const statement of migration.sql) {
      const text = statement.trim();
      if (text) lines.push(text.endsWith(';') ? text : `${text};`);
    }
    lines.push('');
  }
  lines.push(
    'CREATE SCHEMA IF NOT EXISTS drizzle;',
    'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint);',
    ...migrations.map(
      (migration) =>
        `INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('${migration.hash}', ${migration.folderMillis});`,
    ),
    '',
  );
  return lines.join('\n');
}

export function restorePsql(manifest: Pick<Manifest, 'tables' | 'sequences'>): string {
  const tables = manifest.tables.map((table) => `public.${quoteIdentifier(table.name)}`);
  const lines = [
    '-- Restores this archive into an empty PostgreSQL database with psql alone:',
    '--   mkdir backup && tar -xzf wyf-backup-....tar.gz -C backup && cd backup',
    '--   psql "postgres://user@host:5432/database" --single-transaction -f database/restore.psql',
    '-- (`npm run restore -- ARCHIVE` does the same and checks every table against the manifest.)',
    '\\set ON_ERROR_STOP on',
    '\\ir schema.sql',
    "-- Migrations seed a few rows (admin counters): the archive's rows replace them.",
    `TRUNCATE ${tables.join(', ')};`,
    '-- The rows are already what the triggers would make of them.',
    ...tables.map((table) => `ALTER TABLE ${table} DISABLE TRIGGER USER;`),
    ...manifest.tables.map(
      (table) =>
        `\\copy public.${quoteIdentifier(table.name)} (${table.columns.map(quoteIdentifier).join(', ')}) from '${table.file}'`,
    ),
    ...manifest.sequences.map(
      (sequence) =>
        `SELECT setval('public.${quoteIdentifier(sequence.name)}', ${sequence.lastValue}, ${sequence.isCalled});`,
    ),
    ...tables.map((table) => `ALTER TABLE ${table} ENABLE TRIGGER USER;`),
    '',
  ];
  return lines.join('\n');
}
