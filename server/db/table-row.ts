/**
 * A table's row as Drizzle's own select gives it (its field names, each value through its
 * column's mapping: a timestamp becomes a Date, and so on), from a raw row of the table's
 * columns, such as a statement's `returning *` read with `execute`.
 *
 * Issue 31 (decision 035, fourth round): Drizzle renders a RETURNING list of every column again
 * on each run, one qualified name per column; a paid order's update spent most of its 0.44 ms of
 * query building there. `returning *` costs nothing to build, and this gives back the same row.
 */
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

const columnsOf = new WeakMap<PgTable, ReadonlyMap<string, PgColumn>>();

/** A table's columns by field name, read once per table (`getTableColumns` copies them on each call). */
export function tableColumnsOf(table: PgTable): ReadonlyMap<string, PgColumn> {
  let columns = columnsOf.get(table);
  if (!columns) {
    columns = new Map(Object.entries(getTableColumns(table) as Record<string, PgColumn>));
    columnsOf.set(table, columns);
  }
  return columns;
}

export function tableRowOf<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [field, column] of tableColumnsOf(table)) {
    if (!(column.name in raw)) throw new Error(`tableRowOf: the row has no column ${column.name}`);
    const value = raw[column.name];
    row[field] = value === null ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
