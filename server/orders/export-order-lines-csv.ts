/**
 * The Orders tab's "order lines" CSV (issue 32 item 3): one row per line of every order that
 * matches the tab's filter, newest order first, lines in their order. Written by the shop's one
 * CSV writer (server/csv.ts); "paid" is isPaidOrder's answer (domain/order-status.ts).
 */
import { asc, desc, eq } from 'drizzle-orm';
import { centsToDecimalString } from '../../domain/money';
import { PAYMENT_STATE_LABELS, orderPaymentState } from '../../domain/order-status';
import { toCsv, type CsvValue } from '../csv';
import type { Executor } from '../db/client';
import { orderLines, orders } from '../db/schema';
import { orderFilterWhere, type OrderFilter } from './list-orders';

const BATCH = 5000;

export const ORDER_LINES_CSV_HEADER = [
  'order_number',
  'date',
  'status',
  'paid',
  'product',
  'color',
  'size',
  'quantity',
  'unit_price',
  'line_total',
];

export async function exportOrderLinesCsv(options: {
  db: Executor;
  filter: Pick<OrderFilter, 'q' | 'status' | 'payment'>;
}): Promise<string> {
  const where = orderFilterWhere(options.filter);
  const records: CsvValue[][] = [];
  for (let offset = 0; ; offset += BATCH) {
    const rows = await options.db
      .select({
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        status: orders.status,
        paidAt: orders.paidAt,
        refundedCents: orders.refundedCents,
        totalCents: orders.totalCents,
        name: orderLines.name,
        color: orderLines.color,
        size: orderLines.size,
        quantity: orderLines.quantity,
        unitPriceCents: orderLines.unitPriceCents,
        lineTotalCents: orderLines.lineTotalCents,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(where)
      .orderBy(desc(orders.createdAt), asc(orders.id), asc(orderLines.position), asc(orderLines.id))
      .limit(BATCH)
      .offset(offset);
    for (const row of rows) {
      records.push([
        row.orderNumber,
        row.createdAt.toISOString(),
        row.status,
        PAYMENT_STATE_LABELS[orderPaymentState(row)],
        row.name,
        row.color,
        row.size,
        row.quantity,
        centsToDecimalString(row.unitPriceCents),
        centsToDecimalString(row.lineTotalCents),
      ]);
    }
    if (rows.length < BATCH) break;
  }
  return toCsv(ORDER_LINES_CSV_HEADER, records);
}
