/**
 * The Orders tab (SPEC §2): newest first with the customer's name and e-mail, searchable by
 * order number or e-mail, filterable by status, paged on the server.
 */
import { and, eq, isNull, or, sql, type SQL, desc } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminOrderRow, AdminPage } from '../../domain/admin-contract';
import { ORDER_STATUSES, type OrderStatus } from '../../domain/order';
import { PAYMENT_FILTERS, orderPaymentState } from '../../domain/order-status';
import { paidOrderPredicate } from './paid-order';
import type { Executor } from '../db/client';
import { customers, orders } from '../db/schema';
import { AdminSearchQuerySchema, escapeLike, readAdminPage, type AdminListOptions } from '../db/admin-list-query';
import { readAdminCounters } from './read-admin-counters';

export const OrderFilterSchema = AdminSearchQuerySchema.extend({
  status: z
    .enum(ORDER_STATUSES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** `unpaid`: no payment arrived (paid_at unset); `paid`: isPaidOrder (issue 32 item 1). */
  payment: z
    .enum(PAYMENT_FILTERS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type OrderFilter = z.infer<typeof OrderFilterSchema>;

export function orderFilterWhere(filter: Pick<OrderFilter, 'q' | 'status' | 'payment'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.payment === 'unpaid') conditions.push(isNull(orders.paidAt));
  if (filter.payment === 'paid') conditions.push(paidOrderPredicate);
  if (filter.q) {
    // Prefix matches that the text_pattern_ops indexes serve (migration 0002): order numbers
    // are upper case ('WYF-001234'), e-mails compared lower-cased.
    const prefix = escapeLike(filter.q);
    conditions.push(
      or(
        sql`${orders.orderNumber} like ${`${prefix.toUpperCase()}%`}`,
        sql`lower(${orders.email}) like ${`${prefix.toLowerCase()}%`}`,
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export const orderRowColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  status: orders.status,
  paidAt: orders.paidAt,
  refundedCents: orders.refundedCents,
  totalCents: orders.totalCents,
  taxCents: orders.taxCents,
  createdAt: orders.createdAt,
  email: orders.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  customerEmail: customers.email,
};

/** Without a search the trigger-kept counters answer; a search counts its matches. */
async function countOrders(db: Executor, filter: Pick<OrderFilter, 'q' | 'status' | 'payment'>): Promise<number> {
  if (!filter.q) {
    const counters = await readAdminCounters({ db });
    const statuses: readonly OrderStatus[] = filter.status ? [filter.status] : ORDER_STATUSES;
    const count = (status: OrderStatus) => {
      const all = counters.ordersByStatus[status];
      const paid = counters.paidOrdersByStatus[status];
      if (filter.payment === 'unpaid') return all - paid;
      if (filter.payment === 'paid') return status === 'cancelled' ? 0 : paid;
      return all;
    };
    return statuses.reduce((sum, status) => sum + count(status), 0);
  }
  return db.$count(orders, orderFilterWhere(filter));
}

export async function listOrders(
  options: AdminListOptions<OrderFilter>,
): Promise<AdminPage & { orders: AdminOrderRow[] }> {
  const { db, filter } = options;
  const { rows, ...page } = await readAdminPage({
    ...options,
    rows: db
      .select(orderRowColumns)
      .from(orders)
      .leftJoin(customers, eq(customers.id, orders.customerId))
      .where(orderFilterWhere(filter))
      .orderBy(desc(orders.createdAt))
      .$dynamic(),
    total: countOrders(db, filter),
  });
  return {
    ...page,
    orders: rows.map((row) => ({
      id: row.id,
      orderNumber: row.orderNumber,
      status: row.status as OrderStatus,
      payment: orderPaymentState(row),
      paidAt: row.paidAt?.toISOString() ?? null,
      totalCents: row.totalCents,
      taxCents: row.taxCents,
      createdAt: row.createdAt.toISOString(),
      customerName: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
      email: row.customerEmail ?? row.email,
    })),
  };
}
