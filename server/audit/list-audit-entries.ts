/** The Activity tab: the audit log newest first, filtered by person, action and day, paged. */
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, describeChange, type AuditFilter, type AuditPage } from '../../domain/audit';
import { toCsv, type CsvValue } from '../csv';
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';
import { toAuditEntryView } from './audit-log';

const DAY_MS = 24 * 60 * 60 * 1000;

function auditWhere(filter: Omit<AuditFilter, 'page'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.actor) conditions.push(eq(auditLog.actor, filter.actor));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  // Days are the shop's days (UTC, domain/dates.ts); `to` includes its whole day.
  if (filter.from) conditions.push(gte(auditLog.at, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) conditions.push(lt(auditLog.at, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + DAY_MS)));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listAuditEntries(options: { db: Executor; filter: AuditFilter }): Promise<AuditPage> {
  const { db, filter } = options;
  const where = auditWhere(filter);
  const [rows, [total], actors] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((filter.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ value: count() }).from(auditLog).where(where),
    db.selectDistinct({ actor: auditLog.actor }).from(auditLog).orderBy(auditLog.actor).limit(500),
  ]);
  return {
    entries: rows.map(toAuditEntryView),
    total: total?.value ?? 0,
    page: filter.page,
    pageSize: AUDIT_PAGE_SIZE,
    actors: actors.map((row) => row.actor),
  };
}

export const AUDIT_CSV_HEADER = ['at', 'person', 'role', 'action', 'target', 'summary', 'changes', 'reason'];
const BATCH = 2000;

/** Every entry matching the filter as CSV (RFC 4180 quoting, formula cells defused), newest first. */
export async function exportAuditCsv(options: { db: Executor; filter: Omit<AuditFilter, 'page'> }): Promise<string> {
  const where = auditWhere(options.filter);
  const records: CsvValue[][] = [];
  for (let offset = 0; ; offset += BATCH) {
    const rows = await options.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(BATCH)
      .offset(offset);
    for (const row of rows) {
      records.push(
        [
          row.at.toISOString(),
          row.actor,
          row.actorRole,
          row.action,
          row.target,
          row.summary,
          row.changes.map(describeChange).join('; '),
          row.reason,
        ],
      );
    }
    if (rows.length < BATCH) break;
  }
  return toCsv(AUDIT_CSV_HEADER, records);
}
