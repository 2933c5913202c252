/**
 * The SET list of an UPDATE, from values by the table's field names as Drizzle's `set` takes
 * them: each value a parameter through its column's own mapping (a Date as the column stores
 * it) and cast to the column's type, an SQL value as it is, and a column with an `$onUpdate`
 * that the values leave out set by it, as Drizzle's update does.
 *
 * Issue 31 (decision 035, fourth round): Drizzle renders every value of a `set` through a chain
 * of class checks, about 15 us a column; a paid order's update sets twenty, on every payment.
 * Here the text between the values is plain text and each value a plain parameter, which
 * Drizzle renders at once.
 */
import { SQL, StringChunk } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { tableColumnsOf } from './table-row';

export function setListSql<T extends PgTable>(
  table: T,
  values: Partial<Record<keyof T['$inferInsert'], unknown>>,
): SQL {
  const columns = tableColumnsOf(table);
  const assigned = new Map<PgColumn, unknown>();
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const column = columns.get(field);
    if (!column) throw new Error(`setListSql: ${field} is not a column of the table`);
    assigned.set(column, value);
  }
  for (const column of columns.values()) {
    if (!assigned.has(column) && column.onUpdateFn) assigned.set(column, column.onUpdateFn());
  }
  if (assigned.size === 0) throw new Error('setListSql needs at least one value');
  const chunks: unknown[] = [];
  let text = '';
  for (const [column, value] of assigned) {
    text += `${chunks.length || text ? ', ' : ''}"${column.name.replaceAll('"', '""')}" = `;
    if (value instanceof SQL) {
      chunks.push(new StringChunk(text), value);
      text = '';
    } else {
      chunks.push(new StringChunk(text), value === null ? null : column.mapToDriverValue(value));
      text = `::${column.getSQLType()}`;
    }
  }
  if (text) chunks.push(new StringChunk(text));
  return new SQL(chunks as ConstructorParameters<typeof SQL>[0]);
}
