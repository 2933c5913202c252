/**
 * The dashboard's cards and recent activity (SPEC §2 Admin Dashboard). Every figure is
 * computed by the database: revenue sums the paid orders (paid_at set, not cancelled), kept
 * as running totals by triggers (admin_counters) so the dashboard stays fast at 100,000s of orders.
 */
import { eq, desc } from 'drizzle-orm';
import { ORDER_STATUSES, orderPaymentState } from '../../domain/order-status';
import type { DashboardStats } from '../../domain/admin-contract';
import type { OrderStatus } from '../../domain/order';
import type { Executor } from '../db/client';
import { customers, orders, products } from '../db/schema';
import { readAdminCounters } from './read-admin-counters';
import { paidOrderPredicate } from './paid-order';
import { countVisitors } from '../visitors/count-visitors';
import { listLowStock } from '../stock/product-stock';
import { getTaxCollectedCents } from '../tax/tax-report';
import { countFailedEmails } from '../mail/list-mail-problems';

export const RECENT_ACTIVITY_LIMIT = 5;
/** Low-stock variants listed on the dashboard card. */
export const LOW_STOCK_LIST_LIMIT = 12;

export async function getDashboardStats(options: { db: Executor; now?: Date }): Promise<DashboardStats> {
  const { db } = options;
  const [counts, visitors, recent, lowStock, taxCollectedCents, failedEmails] = await Promise.all([
    Promise.all([readAdminCounters({ db }), db.$count(products, eq(products.isActive, true))]),
    countVisitors({ db, now: options.now }),
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        refundedCents: orders.refundedCents,
        totalCents: orders.totalCents,
        firstName: customers.firstName,
      })
      .from(orders)
      .leftJoin(customers, eq(customers.id, orders.customerId))
      // Recent Activity lists paid orders (issue 32 item 1); abandoned checkouts are counted apart.
      .where(paidOrderPredicate)
      .orderBy(desc(orders.createdAt))
      .limit(RECENT_ACTIVITY_LIMIT),
    listLowStock({ db, limit: LOW_STOCK_LIST_LIMIT }),
    getTaxCollectedCents({ db }),
    countFailedEmails({ db }),
  ]);
  const [counters, activeProducts] = counts;
  return {
    totalProducts: activeProducts,
    totalOrders: counters.paidOrders,
    abandonedCheckouts: counters.ordersByStatus.cancelled - counters.paidOrdersByStatus.cancelled,
    awaitingPayment: ORDER_STATUSES.filter((status) => status !== 'cancelled').reduce(
      (sum, status) => sum + counters.ordersByStatus[status] - counters.paidOrdersByStatus[status],
      0,
    ),
    revenueCents: counters.revenueCents,
    taxCollectedCents,
    customers: counters.customers,
    onlineNow: visitors.onlineNow,
    totalVisitors: visitors.totalVisitors,
    recentOrders: recent.map((order) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      firstName: order.firstName,
      status: order.status as OrderStatus,
      createdAt: order.createdAt.toISOString(),
      payment: orderPaymentState(order),
    })),
    lowStock,
    failedEmails,
  };
}
