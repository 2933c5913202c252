/** Paid revenue per UTC day for the dashboard chart (last 30 days, empty days as 0). */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { paidOrderPredicate } from './paid-order';

export const REVENUE_CHART_DAYS = 30;

export async function getRevenueByDay(options: { db: Executor; days?: number; now?: Date }) {
  const days = options.days ?? REVENUE_CHART_DAYS;
  const now = options.now ?? new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(today.getTime() - (days - 1) * 86_400_000);
  const result = await options.db.execute<{ day: string; revenue: string }>(sql`
    select to_char(date_trunc('day', paid_at at time zone 'UTC'), 'YYYY-MM-DD') as day, sum(total_cents) as revenue
    from orders
    where ${paidOrderPredicate} and paid_at >= ${from.toISOString()}::timestamptz
    group by 1`);
  const byDay = new Map(result.rows.map((row) => [row.day, Number(row.revenue)]));
  return Array.from({ length: days }, (_, index) => {
    const day = new Date(from.getTime() + index * 86_400_000).toISOString().slice(0, 10);
    return { day, revenueCents: byDay.get(day) ?? 0 };
  });
}
