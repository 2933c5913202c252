/**
 * The sales tax a payment fixes on its order (issue 25 item 4): amount, rate, place, and each
 * line's share (for refunds), written in the payment's own transaction by the one completion
 * (server/orders/complete-checkout-session.ts): the order's columns (`paidTaxColumns`) with the
 * update that marks it paid when the tax is known before (the sandbox), and the lines' shares in
 * one statement (`storeLineTaxes`). The sandbox page brings the quote it showed;
 * for Stripe the tax is what Stripe charged (`total_details.amount_tax`), shared over the lines
 * and the shipping in proportion to the table's computation for the address (or, where the
 * table has no tax for it, to what each sold for), in whole cents adding up exactly.
 */
import { eq, sql } from 'drizzle-orm';
import { allocateCents } from '../../domain/allocate';
import type { ShippingAddress } from '../../domain/shipping-address';
import type { Executor } from '../db/client';
import { orderLines, orders } from '../db/schema';
import { tableRowOf } from '../db/table-row';
import { quoteTaxableAt, type OrderTaxQuote, type TaxableOrder } from './order-tax';

type OrderLineRow = typeof orderLines.$inferSelect;

export interface PaidTax {
  taxCents: number;
  shippingTaxCents: number;
  taxableCents: number;
  taxedShippingCents: number;
  /** Null when the provider decided the tax (Stripe Tax) at a rate the table does not say. */
  rateMilli: number | null;
  country: string;
  region: string;
  /** Per line, in the order of the lines' positions. */
  lineTaxCents: number[];
}

export function paidTaxOfQuote(quote: OrderTaxQuote): PaidTax {
  return {
    taxCents: quote.taxCents,
    shippingTaxCents: quote.shippingTaxCents,
    taxableCents: quote.taxableCents,
    taxedShippingCents: quote.taxedShippingCents,
    rateMilli: quote.rateMilli,
    country: quote.country,
    region: quote.region,
    lineTaxCents: quote.lineTaxCents,
  };
}

/**
 * The tax Stripe charged on an order, shared out (see the header); null when it charged none.
 * The order is the one the completion just marked paid, with its lines (`taxableOrderOf`).
 */
export async function paidTaxOfProvider(options: {
  db: Executor;
  order: TaxableOrder;
  taxCents: number;
  shipping: ShippingAddress | null;
}): Promise<PaidTax | null> {
  const { db, order, taxCents, shipping } = options;
  if (taxCents <= 0) return null;
  const address = { country: shipping?.country ?? '', region: shipping?.region ?? null };
  const quote = await quoteTaxableAt({ db, order, address });
  const lineCount = order.lineNetCents.length;
  // Shared as the table shares it where it taxes this place; else in proportion to what each sold for.
  const weights =
    quote && quote.taxCents > 0
      ? [...quote.lineTaxCents, quote.shippingTaxCents]
      : [...order.lineNetCents, order.shippingCents];
  const shares = allocateCents(taxCents, weights);
  const matchesTable = quote !== null && quote.taxCents === taxCents;
  return {
    taxCents,
    shippingTaxCents: shares[lineCount] ?? 0,
    taxableCents: quote
      ? quote.taxableCents
      : order.lineNetCents.reduce((sum, cents) => sum + cents, 0) + order.shippingCents,
    taxedShippingCents: quote ? quote.taxedShippingCents : order.shippingCents,
    rateMilli: matchesTable ? quote.rateMilli : null,
    country: address.country,
    region: quote?.region ?? (address.region ?? '').toUpperCase().slice(0, 3),
    lineTaxCents: shares.slice(0, lineCount),
  };
}

/** The order's columns that hold a payment's tax (set with the update that marks it paid, or by `storePaidTax`). */
export function paidTaxColumns(tax: PaidTax) {
  return {
    taxCents: tax.taxCents,
    shippingTaxCents: tax.shippingTaxCents,
    taxableCents: tax.taxableCents,
    taxedShippingCents: tax.taxedShippingCents,
    taxRateMilli: tax.rateMilli,
    taxCountry: tax.country,
    taxRegion: tax.region,
  };
}

/**
 * Writes each line's share of the tax, all lines in one statement (the share of the line at
 * position i is `lineTaxCents[i]`; a line beyond the list keeps its own), and returns the order's
 * lines as they now are, in position order: the confirmation lists them without reading again.
 */
export async function storeLineTaxes(options: {
  db: Executor;
  orderId: string;
  lineTaxCents: readonly number[];
}): Promise<OrderLineRow[]> {
  const { db, orderId, lineTaxCents } = options;
  // One int[] parameter, indexed by position (arrays count from 1), as the other array parameters.
  const shares = sql.param([...lineTaxCents]);
  // As SQL with plain parameters, and `returning *` read back through the columns (issue 31:
  // Drizzle's builder cost more to render than the statement to run).
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    update ${orderLines} set tax_cents = coalesce((${shares}::int[])[position + 1], tax_cents)
    where order_id = ${orderId} returning *`);
  return rows.map((row) => tableRowOf(orderLines, row)).sort((a, b) => a.position - b.position);
}

/**
 * Writes a payment's tax on its order and lines, in the payment's transaction, when it is known
 * only after the order was marked paid (Stripe's); returns the lines as `storeLineTaxes` does.
 */
export async function storePaidTax(options: { db: Executor; orderId: string; tax: PaidTax }): Promise<OrderLineRow[]> {
  const { db, orderId, tax } = options;
  await db.update(orders).set(paidTaxColumns(tax)).where(eq(orders.id, orderId));
  return storeLineTaxes({ db, orderId, lineTaxCents: tax.lineTaxCents });
}
