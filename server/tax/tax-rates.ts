/**
 * The tax table (issue 25, domain/tax.ts): listing, adding, changing and removing the places
 * where the shop collects sales tax. Every row is checked by `parseTaxRateInput`; each change is
 * one transaction with its audit entry (issue 27), so two admins editing at once leave one whole row or the other, never a mix,
 * and the unique place key (tax_rates_place_unique) turns a second row for the same place into
 * the same clear refusal as the check before it.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import {
  duplicateTaxPlace,
  formatTaxRate,
  parseTaxRateInput,
  TAX_MESSAGES,
  taxPlaceName,
  type TaxRateRow,
} from '../../domain/tax';
import { AppError, notFound } from '../app-error';
import type { Executor } from '../db/client';
import { taxRates } from '../db/schema';
import { writeAuditEntry, type AuditActor } from '../audit/audit-log';
import { UNIQUE_VIOLATION, violatesConstraint } from '../db/database-error';

export type StoredTaxRate = TaxRateRow & { id: string; updatedAt: Date };

const COLUMNS = {
  id: taxRates.id,
  country: taxRates.country,
  region: taxRates.region,
  rateMilli: taxRates.rateMilli,
  shippingTaxed: taxRates.shippingTaxed,
  updatedAt: taxRates.updatedAt,
};

export async function listTaxRates(options: { db: Executor }): Promise<StoredTaxRate[]> {
  return options.db.select(COLUMNS).from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.region));
}

function refusal(field: string, message: string): AppError {
  return new AppError('invalid-tax-rate', { message, details: { field } });
}

function checkedRow(input: unknown): TaxRateRow {
  const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const parsed = parseTaxRateInput(body);
  if (!parsed.ok) throw refusal(parsed.field, parsed.message);
  return parsed.row;
}

function isPlaceTaken(error: unknown): boolean {
  return violatesConstraint(error, UNIQUE_VIOLATION, 'tax_rates_place_unique');
}

async function refuseTakenPlace(db: Executor, row: TaxRateRow, exceptId?: string): Promise<void> {
  const place = and(eq(taxRates.country, row.country), eq(taxRates.region, row.region));
  const clash = await db
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(exceptId ? and(place, ne(taxRates.id, exceptId)) : place)
    .limit(1);
  if (clash.length > 0) {
    const duplicate = duplicateTaxPlace(row);
    throw refusal(duplicate.field, duplicate.message);
  }
}

/** Runs one write; a place taken meanwhile (a concurrent add) is refused as a duplicate. */
async function writeRow<T>(db: Executor, row: TaxRateRow, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isPlaceTaken(error)) throw error;
    const duplicate = duplicateTaxPlace(row);
    throw refusal(duplicate.field, duplicate.message);
  }
}

/** The Activity tab's words for a row: "IN, US at 7% (shipping taxed)". */
function describeRow(row: TaxRateRow): string {
  return `${taxPlaceName({ country: row.country, region: row.region || null })} at ${formatTaxRate(row.rateMilli)}${row.shippingTaxed ? ' (shipping taxed)' : ''}`;
}

export async function createTaxRate(options: {
  db: Executor;
  input: unknown;
  actor: AuditActor;
}): Promise<StoredTaxRate> {
  const row = checkedRow(options.input);
  return options.db.transaction(async (db) => {
    await refuseTakenPlace(db, row);
    const [created] = await writeRow(db, row, () => db.insert(taxRates).values(row).returning(COLUMNS));
    await writeAuditEntry(db, options.actor, {
      action: 'tax.rate-added',
      target: taxPlaceName({ country: row.country, region: row.region || null }),
      summary: `added the tax place ${describeRow(row)}`,
      changes: [{ field: 'rate', from: null, to: describeRow(row) }],
    });
    return created!;
  });
}

/** Changes a row as a whole (place, rate, shipping); a changed rate drops its Stripe Tax Rate. */
export async function updateTaxRate(options: {
  db: Executor;
  id: string;
  input: unknown;
  actor: AuditActor;
}): Promise<StoredTaxRate> {
  const { id } = options;
  const row = checkedRow(options.input);
  return options.db.transaction(async (db) => {
    await refuseTakenPlace(db, row, id);
    const [before] = await db.select(COLUMNS).from(taxRates).where(eq(taxRates.id, id)).for('update');
    if (!before) throw notFound(TAX_MESSAGES.rowNotFound);
    const [updated] = await writeRow(db, row, () =>
      db
        .update(taxRates)
        .set({ ...row, updatedAt: new Date() })
        .where(eq(taxRates.id, id))
        .returning(COLUMNS),
    );
    if (!updated) throw notFound(TAX_MESSAGES.rowNotFound);
    await writeAuditEntry(db, options.actor, {
      action: 'tax.rate-changed',
      target: taxPlaceName({ country: row.country, region: row.region || null }),
      summary: `changed the tax place ${describeRow(before)} to ${describeRow(row)}`,
      changes: [{ field: 'rate', from: describeRow(before), to: describeRow(row) }],
    });
    return updated;
  });
}

export async function deleteTaxRate(options: { db: Executor; id: string; actor: AuditActor }): Promise<void> {
  await options.db.transaction(async (db) => {
    const deleted = await db.delete(taxRates).where(eq(taxRates.id, options.id)).returning(COLUMNS);
    if (deleted.length === 0) throw notFound(TAX_MESSAGES.rowNotFound);
    await writeAuditEntry(db, options.actor, {
      action: 'tax.rate-removed',
      target: taxPlaceName({ country: deleted[0]!.country, region: deleted[0]!.region || null }),
      summary: `removed the tax place ${describeRow(deleted[0]!)}`,
      changes: [{ field: 'rate', from: describeRow(deleted[0]!), to: null }],
    });
  });
}
