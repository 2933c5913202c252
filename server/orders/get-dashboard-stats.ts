/**
 * The dashboard's cards and recent activity (SPEC §2 Admin Dashboard). Every figure is
 * computed by the database: revenue sums the paid orders (paid_at set, not cancelled), kept
 * as running totals by triggers (admin_counters) so the dashboard stays fast at 100,000s of orders.
 */
import { eq, desc } from 'drizzle-orm';
import type { DashboardStats } from '../../domain/admin-contract';
import type { OrderStatus } from '../../domain/order';
import type { Executor } from '../db/client';
import { customers, orders, products } from '../db/schema';
import { readAdminCounters } from './read-admin-counters';
import { countVisitors } from '../visitors/count-visitors';
import { listLowStock } from '../stock/product-stock';
import { countFailedEmails } from '../mail/list-mail-problems';

export const RECENT_ACTIVITY_LIMIT = 5;
/** Low-stock variants listed on the dashboard card. */
export const LOW_STOCK_LIST_LIMIT = 12;

export async function getDashboardStats(options: { db: Executor; now?: Date }): Promise<DashboardStats> {
  const { db } = options;
  const [counts, visitors, recent, lowStock, failedEmails] = await Promise.all([
    Promise.all([readAdminCounters({ db }), db.$count(products, eq(products.isActive, true))]),
    countVisitors({ db, now: options.now }),
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        createdAt: orders.createdAt,
        firstName: customers.firstName,
      })
      .from(orders)
      .leftJoin(customers, eq(customers.id, orders.customerId))
      .orderBy(desc(orders.createdAt))
      .limit(RECENT_ACTIVITY_LIMIT),
    listLowStock({ db, limit: LOW_STOCK_LIST_LIMIT }),
    countFailedEmails({ db }),
  ]);
  const [counters, activeProducts] = counts;
  return {
    totalProducts: activeProducts,
    totalOrders: counters.totalOrders,
    revenueCents: counters.revenueCents,
    customers: counters.customers,
    onlineNow: visitors.onlineNow,
    totalVisitors: visitors.totalVisitors,
    recentOrders: recent.map((order) => ({
      ...order,
      status: order.status as OrderStatus,
      createdAt: order.createdAt.toISOString(),
    })),
    lowStock,
    failedEmails,
  };
}
