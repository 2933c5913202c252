/**
 * Payment keeps the reserved units: 'reserved' becomes 'committed' (the count already went
 * down at checkout; no stock row changes). The column value is set by the payment completion's
 * own update of the order (the one from 'pending' to paid, decision 004), so committing costs no
 * statement of its own, and it stays conditional: an order in any other state ('none' for older
 * orders, 'released' when it was given back first) keeps it.
 */
import { sql } from 'drizzle-orm';
import { orders } from '../db/schema';

/** The order's columns that commit its reserved stock, for the update that marks it paid. */
export function commitOrderStockColumns() {
  return {
    stockState: sql<string>`case when ${orders.stockState} = 'reserved' then 'committed' else ${orders.stockState} end`,
  };
}
