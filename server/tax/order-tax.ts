/**
 * The sales tax of a stored order at a shipping address (issue 25): the tax table's row for the
 * address's place (domain/tax.ts `findTaxRate`) applied to the order's lines as priced at
 * checkout and its shipping, by `taxForOrder` (the tax step of domain/price-order.ts). The
 * sandbox page shows it before Pay (one quote per place of the table, so the browser only
 * picks the one of the chosen state) and the payment charges exactly it.
 */
import { asc, eq } from 'drizzle-orm';
import { allocateCents } from '../../domain/allocate';
import { taxForOrder, type OrderTax } from '../../domain/price-order';
import { findTaxRate, taxLabel, taxTermsOf, type TaxRateRow } from '../../domain/tax';
import type { Executor } from '../db/client';
import { checkoutSessions, orderLines, orders } from '../db/schema';
import { listTaxRates } from './tax-rates';

/** The figures an order needs for its tax: its lines' net amounts, shipping and SPEC's total. */
export interface TaxableOrder {
  totalCents: number;
  shippingCents: number;
  lineNetCents: number[];
}

/** An order's tax at one place of the table: what the page shows and the payment stores. */
export interface OrderTaxQuote extends OrderTax {
  country: string;
  /** '' for a whole country. */
  region: string;
  rateMilli: number;
  shippingTaxed: boolean;
  /** 'Sales tax (IN 7%)'. */
  label: string;
  /** The shipping inside `taxableCents` (0 where shipping is not taxed). */
  taxedShippingCents: number;
  /** What is charged: the order's total plus this tax. */
  amountDueCents: number;
}

/** The taxable figures of an order's row and its lines (lines in position order). */
export function taxableOrderOf(
  order: { totalCents: number; shippingCents: number },
  lines: readonly { netCents: number | null; lineTotalCents: number }[],
): TaxableOrder {
  // Orders stored before issue 25 have no net amounts: their merchandise total is shared over
  // the lines in proportion (domain/allocate.ts), as priceOrder shares a discount.
  const lineNetCents = lines.every((line) => line.netCents !== null)
    ? lines.map((line) => line.netCents!)
    : allocateCents(
        Math.max(0, order.totalCents - order.shippingCents),
        lines.map((line) => line.lineTotalCents),
      );
  return { totalCents: order.totalCents, shippingCents: order.shippingCents, lineNetCents };
}

export async function loadTaxableOrder(options: { db: Executor; orderId: string }): Promise<TaxableOrder | null> {
  const { db, orderId } = options;
  const [order] = await db
    .select({ totalCents: orders.totalCents, shippingCents: orders.shippingCents })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await db
    .select({ netCents: orderLines.netCents, lineTotalCents: orderLines.lineTotalCents })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  return taxableOrderOf(order, lines);
}

/** The order's tax at a row's place (a 0% row: no tax, labelled all the same). */
export function quoteTaxAt(order: TaxableOrder, row: TaxRateRow): OrderTaxQuote {
  const tax = taxForOrder({
    lineNetCents: order.lineNetCents,
    shippingCents: order.shippingCents,
    tax: taxTermsOf(row),
  });
  return {
    ...tax,
    country: row.country,
    region: row.region,
    rateMilli: row.rateMilli,
    shippingTaxed: row.shippingTaxed,
    label: taxLabel({ country: row.country, region: row.region || null }, row.rateMilli),
    taxedShippingCents: tax.taxCents > 0 && row.shippingTaxed ? order.shippingCents : 0,
    amountDueCents: order.totalCents + tax.taxCents,
  };
}

/** One quote per place of the table, for the page to show the one of the chosen state at once. */
export async function quoteOrderTaxes(options: { db: Executor; orderId: string }): Promise<OrderTaxQuote[]> {
  const order = await loadTaxableOrder(options);
  if (!order) return [];
  const rows = await listTaxRates({ db: options.db });
  return rows.map((row) => quoteTaxAt(order, row));
}

/**
 * An already loaded order's tax at an address: one read of the table (issue 31), for the sandbox's
 * Pay and for the order a Stripe payment just marked paid (paid-tax.ts).
 */
export async function quoteTaxableAt(options: {
  db: Executor;
  order: TaxableOrder;
  address: { country: string; region: string | null };
}): Promise<OrderTaxQuote | null> {
  const row = findTaxRate(await listTaxRates({ db: options.db }), options.address);
  return row && row.rateMilli > 0 ? quoteTaxAt(options.order, row) : null;
}

/** The quotes of a hosted session's order (none for a donation or an unknown session). */
export async function quoteSessionTaxes(options: { db: Executor; sessionId: string }): Promise<OrderTaxQuote[]> {
  const [session] = await options.db
    .select({ orderId: checkoutSessions.orderId })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, options.sessionId));
  if (!session?.orderId) return [];
  return quoteOrderTaxes({ db: options.db, orderId: session.orderId });
}
