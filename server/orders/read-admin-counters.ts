/**
 * The trigger-kept totals (admin_counters): order counts per status, paid revenue per status,
 * customers. One primary-key scan of a dozen rows instead of counting the orders table.
 */
import { ORDER_STATUSES, type OrderStatus } from '../../domain/order';
import { PAID_ORDER_STATUSES } from '../../domain/order-status';
import type { Executor } from '../db/client';
import { adminCounters } from '../db/schema';

export interface AdminCounters {
  ordersByStatus: Record<OrderStatus, number>;
  totalOrders: number;
  /** Paid orders (paid_at set) that are not cancelled: the dashboard's Revenue. */
  revenueCents: number;
  customers: number;
}

export async function readAdminCounters(options: { db: Executor }): Promise<AdminCounters> {
  const rows = await options.db.select().from(adminCounters);
  const value = new Map(rows.map((row) => [row.key, Number(row.value)]));
  const ordersByStatus = Object.fromEntries(
    ORDER_STATUSES.map((status) => [status, value.get(`orders:${status}`) ?? 0]),
  ) as Record<OrderStatus, number>;
  return {
    ordersByStatus,
    totalOrders: ORDER_STATUSES.reduce((sum, status) => sum + ordersByStatus[status], 0),
    revenueCents: PAID_ORDER_STATUSES.reduce((sum, status) => sum + (value.get(`paid_revenue:${status}`) ?? 0), 0),
    customers: value.get('customers') ?? 0,
  };
}
