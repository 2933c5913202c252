/** Every order matching the Orders tab's filter as CSV (server/csv.ts: the one writer, formulas guarded), newest first. */
import { eq, desc } from 'drizzle-orm';
import { centsToDecimalString } from '../../domain/money';
import { amountChargedCents } from '../../domain/order-summary';
import { formatTaxRate } from '../../domain/tax';
import { toCsv, type CsvValue } from '../csv';
import type { Executor } from '../db/client';
import { customers, orders } from '../db/schema';
import { orderFilterWhere, type OrderFilter } from './list-orders';

const BATCH = 5000;

export const ORDER_CSV_HEADER = [
  'order_number',
  'status',
  'customer_name',
  'email',
  'subtotal',
  'discount',
  'coupon',
  'points_redeemed',
  // What the points took off, in dollars: subtotal - discount - points_discount + shipping = total.
  'points_discount',
  'shipping',
  'total',
  // Issue 25: the sales tax charged, its place and rate, and what was charged in all.
  'tax',
  'tax_place',
  'tax_rate',
  // Empty for an order never paid (pending, or cancelled before payment): nothing was charged.
  'amount_charged',
  // What was given back of it (a cancellation's refund, or one made in the provider's dashboard).
  'refunded',
  'paid_at',
  'created_at',
  'shipping_name',
  'shipping_line1',
  'shipping_line2',
  'shipping_city',
  'shipping_region',
  'shipping_postal_code',
  'shipping_country',
  'shipping_phone',
];

export async function exportOrdersCsv(options: { db: Executor; filter: Pick<OrderFilter, 'q' | 'status' | 'payment'> }): Promise<string> {
  const where = orderFilterWhere(options.filter);
  const records: CsvValue[][] = [];
  for (let offset = 0; ; offset += BATCH) {
    const rows = await options.db
      .select({ order: orders, firstName: customers.firstName, lastName: customers.lastName, customerEmail: customers.email })
      .from(orders)
      .leftJoin(customers, eq(customers.id, orders.customerId))
      .where(where)
      .orderBy(desc(orders.createdAt))
      .limit(BATCH)
      .offset(offset);
    for (const { order, firstName, lastName, customerEmail } of rows) {
      records.push(
        [
          order.orderNumber,
          order.status,
          [firstName, lastName].filter(Boolean).join(' '),
          customerEmail ?? order.email,
          centsToDecimalString(order.subtotalCents),
          centsToDecimalString(order.discountCents),
          order.couponCode,
          order.pointsRedeemed,
          centsToDecimalString(order.pointsDiscountCents),
          centsToDecimalString(order.shippingCents),
          centsToDecimalString(order.totalCents),
          centsToDecimalString(order.taxCents),
          order.taxCountry ? [order.taxCountry, order.taxRegion].filter(Boolean).join('-') : '',
          order.taxRateMilli === null ? '' : formatTaxRate(order.taxRateMilli),
          order.paidAt ? centsToDecimalString(amountChargedCents(order)) : '',
          centsToDecimalString(order.refundedCents),
          order.paidAt?.toISOString(),
          order.createdAt.toISOString(),
          order.shippingName,
          order.shippingLine1,
          order.shippingLine2,
          order.shippingCity,
          order.shippingRegion,
          order.shippingPostalCode,
          order.shippingCountry,
          order.shippingPhone,
        ],
      );
    }
    if (rows.length < BATCH) break;
  }
  return toCsv(ORDER_CSV_HEADER, records);
}
