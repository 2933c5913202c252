/**
 * The admin's Discounts tab (issue 26 item 1): every live code with its state, uses and what
 * it did (paid orders, discount given, their revenue); create, edit, pause (an edit of
 * `isActive`) and delete. Fields are checked by domain/discount.ts `validateDiscountInput`;
 * a duplicate in any case is refused by name. Deleting a code that orders used retires it
 * (their records keep it); an unused one is erased. At most one code is featured (the promo
 * dialog's): featuring one un-features the others in the same transaction.
 */
import { writeAuditEntry, type AuditActor } from '../audit/audit-log';
import { changeSentence } from '../audit/describe-changes';
import type { AuditChange } from '../../domain/audit';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { discountState, type AdminDiscount } from '../../domain/discount';
import { DISCOUNT_ERRORS, validateDiscountInput, type DiscountValues } from '../../domain/discount-form';
import type { ProductCategory } from '../../domain/categories';
import { AppError, badRequest, notFound } from '../app-error';
import type { Database, Executor } from '../db/client';
import { discountCodes, discountRedemptions, orders } from '../db/schema';
import { toDiscountCode, type DiscountRow } from './find-discount';
import { UNIQUE_VIOLATION, violatesConstraint } from '../db/database-error';

interface CodeStats {
  pendingUses: number;
  orders: number;
  discountGivenCents: number;
  revenueCents: number;
}

function toAdminDiscount(row: DiscountRow, stats: CodeStats | undefined, now: Date): AdminDiscount {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: toDiscountCode(row).kind,
    value: row.value,
    minSubtotalCents: row.minSubtotalCents,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    newCustomersOnly: row.newCustomersOnly,
    categories: row.categories as ProductCategory[],
    isActive: row.isActive,
    isFeatured: row.isFeatured,
    state: discountState(toDiscountCode(row), now),
    timesUsed: row.timesUsed,
    pendingUses: stats?.pendingUses ?? 0,
    orders: stats?.orders ?? 0,
    discountGivenCents: stats?.discountGivenCents ?? 0,
    revenueCents: stats?.revenueCents ?? 0,
  };
}

async function statsByCode(db: Executor, discountId?: string): Promise<Map<string, CodeStats>> {
  const rows = await db
    .select({
      discountId: discountRedemptions.discountId,
      pendingUses: sql<number>`count(*) filter (where ${discountRedemptions.state} = 'reserved')::int`,
      orders: sql<number>`count(*) filter (where ${discountRedemptions.state} = 'used')::int`,
      discountGivenCents: sql<number>`coalesce(sum(${orders.discountCents} + ${orders.shippingDiscountCents}) filter (where ${discountRedemptions.state} = 'used'), 0)::int`,
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${discountRedemptions.state} = 'used'), 0)::int`,
    })
    .from(discountRedemptions)
    .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .where(discountId ? eq(discountRedemptions.discountId, discountId) : undefined)
    .groupBy(discountRedemptions.discountId);
  return new Map(rows.map((row) => [row.discountId, row]));
}

export async function listDiscounts(options: { db: Database; now?: Date }): Promise<AdminDiscount[]> {
  const now = options.now ?? new Date();
  const rows = await options.db
    .select()
    .from(discountCodes)
    .where(isNull(discountCodes.retiredAt))
    .orderBy(sql`${discountCodes.createdAt} desc`, discountCodes.code);
  const stats = await statsByCode(options.db);
  return rows.map((row) => toAdminDiscount(row, stats.get(row.id), now));
}

function columns(values: DiscountValues) {
  return {
    code: values.code,
    description: values.description,
    kind: values.kind,
    value: values.value,
    minSubtotalCents: values.minSubtotalCents,
    startsAt: values.startsAt,
    endsAt: values.endsAt,
    usageLimit: values.usageLimit,
    perCustomerLimit: values.perCustomerLimit,
    newCustomersOnly: values.newCustomersOnly,
    categories: values.categories,
    isActive: values.isActive,
    isFeatured: values.isFeatured,
  };
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  return violatesConstraint(error, UNIQUE_VIOLATION, constraint);
}

async function assertCodeFree(tx: Executor, code: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(
      and(
        sql`upper(${discountCodes.code}) = ${code}`,
        isNull(discountCodes.retiredAt),
        exceptId ? ne(discountCodes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken)
    throw new AppError('duplicate-code', {
      message: DISCOUNT_ERRORS.duplicate(code),
      details: { field: 'code' },
    });
}

async function unfeatureOthers(tx: Executor, exceptId: string) {
  await tx
    .update(discountCodes)
    .set({ isFeatured: false })
    .where(and(eq(discountCodes.isFeatured, true), ne(discountCodes.id, exceptId)));
}

function invalid(result: { field: string; message: string }): AppError {
  return new AppError('invalid-discount', { message: result.message, details: { field: result.field } });
}

export async function createDiscount(options: {
  db: Database;
  input: unknown;
  actor: AuditActor;
}): Promise<AdminDiscount> {
  const checked = validateDiscountInput(options.input);
  if (!checked.ok) throw invalid(checked);
  try {
    const row = await options.db.transaction(async (tx) => {
      await assertCodeFree(tx, checked.values.code);
      const [created] = await tx.insert(discountCodes).values(columns(checked.values)).returning();
      if (checked.values.isFeatured) await unfeatureOthers(tx, created!.id);
      await writeAuditEntry(tx, options.actor, {
        action: 'discount.created',
        target: created!.code,
        summary: `added the discount code ${created!.code}`,
        changes: discountChanges(null, created!),
      });
      return created!;
    });
    return toAdminDiscount(row, undefined, new Date());
  } catch (error) {
    if (isUniqueViolation(error, 'discount_codes_code_unique')) {
      throw new AppError('duplicate-code', {
        message: DISCOUNT_ERRORS.duplicate(checked.values.code),
        details: { field: 'code' },
      });
    }
    throw error;
  }
}

export async function updateDiscount(options: {
  db: Database;
  id: string;
  input: unknown;
  actor: AuditActor;
}): Promise<AdminDiscount> {
  try {
    const row = await options.db.transaction(async (tx) => {
      // The row is locked: a checkout reserving a use waits, so the limit is checked against the final count.
      const [current] = await tx
        .select()
        .from(discountCodes)
        .where(and(eq(discountCodes.id, options.id), isNull(discountCodes.retiredAt)))
        .for('update');
      if (!current) throw notFound(DISCOUNT_ERRORS.notFound);
      const checked = validateDiscountInput(options.input, { timesUsed: current.timesUsed });
      if (!checked.ok) throw invalid(checked);
      await assertCodeFree(tx, checked.values.code, current.id);
      if (checked.values.isFeatured) await unfeatureOthers(tx, current.id);
      const [updated] = await tx
        .update(discountCodes)
        .set({ ...columns(checked.values), updatedAt: new Date() })
        .where(eq(discountCodes.id, current.id))
        .returning();
      const changes = discountChanges(current, updated!);
      await writeAuditEntry(tx, options.actor, {
        action: 'discount.updated',
        target: updated!.code,
        summary: `changed the discount code ${updated!.code}${changes.length ? `: ${changeSentence(changes)}` : ''}`,
        changes,
      });
      return updated!;
    });
    const stats = await statsByCode(options.db, row.id);
    return toAdminDiscount(row, stats.get(row.id), new Date());
  } catch (error) {
    if (isUniqueViolation(error, 'discount_codes_code_unique'))
      throw badRequest('Code: already exists', 'duplicate-code');
    throw error;
  }
}

/** Erases an unused code; retires (hides, keeps) one that orders used. */
export async function deleteDiscount(options: {
  db: Database;
  id: string;
  actor: AuditActor;
}): Promise<{ retired: boolean }> {
  return options.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: discountCodes.id, code: discountCodes.code })
      .from(discountCodes)
      .where(and(eq(discountCodes.id, options.id), isNull(discountCodes.retiredAt)))
      .for('update');
    if (!current) throw notFound(DISCOUNT_ERRORS.notFound);
    await writeAuditEntry(tx, options.actor, {
      action: 'discount.deleted',
      target: current.code,
      summary: `deleted the discount code ${current.code}`,
    });
    const [used] = await tx
      .select({ id: discountRedemptions.id })
      .from(discountRedemptions)
      .where(eq(discountRedemptions.discountId, current.id))
      .limit(1);
    if (used) {
      await tx
        .update(discountCodes)
        .set({ retiredAt: new Date(), isActive: false, isFeatured: false })
        .where(eq(discountCodes.id, current.id));
      return { retired: true };
    }
    await tx.delete(discountCodes).where(eq(discountCodes.id, current.id));
    return { retired: false };
  });
}

/** What the Activity tab shows of a code's change: its terms and conditions, old and new. */
function discountChanges(
  before: typeof discountCodes.$inferSelect | null,
  after: typeof discountCodes.$inferSelect,
): AuditChange[] {
  const fields = [
    'code',
    'kind',
    'value',
    'minSubtotalCents',
    'startsAt',
    'endsAt',
    'usageLimit',
    'perCustomerLimit',
    'isActive',
  ] as const;
  const text = (value: unknown) =>
    value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value);
  return fields
    .filter((field) => field in after)
    .map((field) => ({
      field,
      from: before ? text((before as Record<string, unknown>)[field]) : null,
      to: text((after as Record<string, unknown>)[field]),
    }))
    .filter((change) => change.from !== change.to);
}

/** The code the promo dialog offers: the featured one, if it is live and active; null otherwise. */
export async function getFeaturedDiscount(options: { db: Executor; now?: Date }) {
  const [row] = await options.db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.isFeatured, true), isNull(discountCodes.retiredAt)))
    .limit(1);
  if (!row || discountState(toDiscountCode(row), options.now ?? new Date()) !== 'active') return null;
  return toDiscountCode(row);
}
