/**
 * The admin's Donations tab (issue 11 item 7): every donation, newest first, with its amount,
 * date, e-mail and status, filterable by status and paged, and the total raised (paid ones).
 * Donations live in their own table: they never count as orders or revenue.
 */
import { count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminDonationsPage } from '../../domain/order-lifecycle';
import { donations } from '../db/schema';
import { AdminListQuerySchema, readAdminPage, type AdminListOptions } from '../db/admin-list-query';

export const DONATION_STATUSES = ['pending', 'paid', 'cancelled'] as const;

export const DonationFilterSchema = AdminListQuerySchema.extend({ status: z.enum(DONATION_STATUSES).optional() });
export type DonationFilter = z.infer<typeof DonationFilterSchema>;

export async function listDonations(options: AdminListOptions<DonationFilter>): Promise<AdminDonationsPage> {
  const { db, filter } = options;
  const where = filter.status ? eq(donations.status, filter.status) : undefined;
  const [{ rows, ...page }, [raised]] = await Promise.all([
    readAdminPage({
      ...options,
      rows: db
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
        .$dynamic(),
      total: db.$count(donations, where),
    }),
    db
      .select({
        cents: sql<string>`coalesce(sum(${donations.amountCents}), 0)`,
        count: count(),
      })
      .from(donations)
      .where(eq(donations.status, 'paid')),
  ]);
  return {
    ...page,
    raisedCents: Number(raised?.cents ?? 0),
    paidCount: Number(raised?.count ?? 0),
    donations: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
  };
}
