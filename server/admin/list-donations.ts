/**
 * The admin's Donations tab (issue 11 item 7): every donation, newest first, with its amount,
 * date, e-mail and status, filterable by status and paged, and the total raised (paid ones).
 * Donations live in their own table: they never count as orders or revenue.
 */
import { count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminDonationsPage } from '../../domain/order-lifecycle';
import type { Executor } from '../db/client';
import { donations } from '../db/schema';
import { ADMIN_PAGE_SIZE } from './list-orders';

export const DONATION_STATUSES = ['pending', 'paid', 'cancelled'] as const;

export const DonationFilterSchema = z.object({
  status: z.enum(DONATION_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export type DonationFilter = z.infer<typeof DonationFilterSchema>;

export async function listDonations(options: {
  db: Executor;
  filter: DonationFilter;
  pageSize?: number;
}): Promise<AdminDonationsPage> {
  const { db, filter } = options;
  const pageSize = options.pageSize ?? ADMIN_PAGE_SIZE;
  const where = filter.status ? eq(donations.status, filter.status) : undefined;
  const [rows, [totals], [raised]] = await Promise.all([
    db
      .select({
        id: donations.id,
        amountCents: donations.amountCents,
        status: donations.status,
        email: donations.email,
        createdAt: donations.createdAt,
        paidAt: donations.paidAt,
      })
      .from(donations)
      .where(where)
      .orderBy(desc(donations.createdAt))
      .limit(pageSize)
      .offset((filter.page - 1) * pageSize),
    db.select({ total: count() }).from(donations).where(where),
    db
      .select({
        cents: sql<string>`coalesce(sum(${donations.amountCents}), 0)`,
        count: count(),
      })
      .from(donations)
      .where(eq(donations.status, 'paid')),
  ]);
  return {
    total: Number(totals?.total ?? 0),
    page: filter.page,
    pageSize,
    raisedCents: Number(raised?.cents ?? 0),
    paidCount: Number(raised?.count ?? 0),
    donations: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
  };
}
