/** The Customers tab (SPEC §2): newest first, searchable by name or e-mail, paged. */
import { ilike, or, desc, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminCustomerRow, AdminPage } from '../../domain/admin-contract';
import { customers } from '../db/schema';
import { AdminSearchQuerySchema, escapeLike, readAdminPage, type AdminListOptions } from '../db/admin-list-query';
import { readAdminCounters } from '../orders/read-admin-counters';

/**
 * The phone the admin shows: the account's own, else the one given with the customer's latest
 * order that had one (issue 32: not 'N/A' beside an order with a phone).
 */
// Written out: drizzle leaves column names unqualified inside sql``, and the subquery needs them.
export const customerPhone = sql<string | null>`coalesce("customers"."phone", (
  select o."shipping_phone" from "orders" o
  where (o."customer_id" = "customers"."id" or o."email" = "customers"."email")
    and o."shipping_phone" is not null and o."shipping_phone" <> ''
  order by o."created_at" desc limit 1))`;

/** The columns of a customer as the admin's list and the View Profile show them. */
export const adminCustomerColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  phone: customerPhone,
  createdAt: customers.createdAt,
};

export const CustomerFilterSchema = AdminSearchQuerySchema;
export type CustomerFilter = z.infer<typeof CustomerFilterSchema>;

export async function listCustomers(
  options: AdminListOptions<CustomerFilter>,
): Promise<AdminPage & { customers: AdminCustomerRow[] }> {
  const { db, filter } = options;
  const pattern = `${escapeLike(filter.q)}%`;
  const where = filter.q
    ? or(ilike(customers.email, pattern), ilike(customers.firstName, pattern), ilike(customers.lastName, pattern))
    : undefined;
  const { rows, ...page } = await readAdminPage({
    ...options,
    rows: db
      .select(adminCustomerColumns)
      .from(customers)
      .where(where)
      .orderBy(desc(customers.createdAt))
      .$dynamic(),
    total: where ? db.$count(customers, where) : readAdminCounters({ db }).then((counters) => counters.customers),
  });
  return { ...page, customers: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}
