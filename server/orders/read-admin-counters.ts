/**
 * The trigger-kept totals (admin_counters): order counts per status, paid orders and paid revenue per status,
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
  /** Orders with paid_at set, per status (migration 0012_owner). */
  paidOrdersByStatus: Record<OrderStatus, number>;
  /** Paid orders that are not cancelled (isPaidOrder): the dashboard's Total Orders. */
  paidOrders: number;
  customers: number;
}

export async function readAdminCounters(options: { db: Executor }): Promise<AdminCounters> {
  const rows = await options.db.select().from(adminCounters);
  const value = new Map(rows.map((row) => [row.key, Number(row.value)]));
  const ordersByStatus = Object.fromEntries(
    ORDER_STATUSES.map((status) => [status, value.get(`orders:${status}`) ?? 0]),
  ) as Record<OrderStatus, number>;
  const paidOrdersByStatus = Object.fromEntries(
    ORDER_STATUSES.map((status) => [status, value.get(`paid_orders:${status}`) ?? 0]),
  ) as Record<OrderStatus, number>;
  return {
    ordersByStatus,
    paidOrdersByStatus,
    paidOrders: PAID_ORDER_STATUSES.reduce((sum, status) => sum + paidOrdersByStatus[status], 0),
    totalOrders: ORDER_STATUSES.reduce((sum, status) => sum + ordersByStatus[status], 0),
    revenueCents: PAID_ORDER_STATUSES.reduce((sum, status) => sum + (value.get(`paid_revenue:${status}`) ?? 0), 0),
    customers: value.get('customers') ?? 0,
  };
}
