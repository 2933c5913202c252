/**
 * An INSERT of rows as a piece of SQL, for a statement that stores several tables' rows at
 * once (issue 31: a checkout's order, lines, code use and session are one statement, a
 * data-modifying `WITH`). Values are given by the table's own field names, each sent as a
 * parameter through its column (so a Date, say, reaches the driver as Drizzle would send it)
 * and cast to the column's type; a value may instead be SQL, such as the id the statement's
 * first row returned (`sql\`(select id from o)\``). Every row names the same fields.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

export function insertRowsSql<T extends PgTable>(
  table: T,
  rows: ReadonlyArray<Partial<Record<keyof T['$inferInsert'], unknown>>>,
): SQL {
  const columns = getTableColumns(table) as Record<string, T['_']['columns'][string]>;
  const fields = Object.keys(rows[0] ?? {});
  if (rows.length === 0 || fields.length === 0) throw new Error('insertRowsSql needs at least one row and one field');
  const names = sql.join(
    fields.map((field) => sql.identifier(columns[field]!.name)),
    sql`, `,
  );
  const tuples = rows.map((row) => {
    const values = fields.map((field) => {
      const value = (row as Record<string, unknown>)[field];
      if (value instanceof Object && 'getSQL' in value) return value as SQL;
      const column = columns[field]!;
      return sql`${value === null || value === undefined ? null : sql.param(value, column)}::${sql.raw(column.getSQLType())}`;
    });
    return sql`(${sql.join(values, sql`, `)})`;
  });
  return sql`insert into ${table} (${names}) values ${sql.join(tuples, sql`, `)}`;
}
