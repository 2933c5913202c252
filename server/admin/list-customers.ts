/** The Customers tab (SPEC §2): newest first, searchable by name or e-mail, paged. */
import { count, ilike, or, type SQL, desc } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminCustomerRow, AdminPage } from '../../domain/admin-contract';
import type { Executor } from '../db/client';
import { customers } from '../db/schema';
import { ADMIN_PAGE_SIZE, escapeLike } from './list-orders';
import { readAdminCounters } from './read-admin-counters';

export const CustomerFilterSchema = z.object({
  q: z.string().trim().max(200).optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export type CustomerFilter = z.infer<typeof CustomerFilterSchema>;

export async function listCustomers(options: {
  db: Executor;
  filter: CustomerFilter;
  pageSize?: number;
}): Promise<AdminPage & { customers: AdminCustomerRow[] }> {
  const { db, filter } = options;
  const pageSize = options.pageSize ?? ADMIN_PAGE_SIZE;
  let where: SQL | undefined;
  if (filter.q) {
    const pattern = `${escapeLike(filter.q)}%`;
    where = or(ilike(customers.email, pattern), ilike(customers.firstName, pattern), ilike(customers.lastName, pattern));
  }
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        phone: customers.phone,
        createdAt: customers.createdAt,
      })
      .from(customers)
      .where(where)
      .orderBy(desc(customers.createdAt))
      .limit(pageSize)
      .offset((filter.page - 1) * pageSize),
    where
      ? db.select({ total: count() }).from(customers).where(where).then((rows) => Number(rows[0]?.total ?? 0))
      : readAdminCounters({ db }).then((counters) => counters.customers),
  ]);
  return {
    total: totals,
    page: filter.page,
    pageSize,
    customers: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
