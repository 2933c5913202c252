/** "Paid" (domain/order-status.ts isPaidOrder) as an SQL predicate over the orders table. */
import { sql, type SQL } from 'drizzle-orm';
import { orders } from '../db/schema';

export const paidOrderPredicate: SQL = sql`(${orders.paidAt} is not null and ${orders.status} <> 'cancelled')`;
