/**
 * The sales tax a payment fixes on its order (issue 25 item 4): amount, rate, place, and each
 * line's share (for refunds), written in the payment's own transaction by the one completion
 * (server/payments/complete-checkout-session.ts). The sandbox page brings the quote it showed;
 * for Stripe the tax is what Stripe charged (`total_details.amount_tax`), shared over the lines
 * and the shipping in proportion to the table's computation for the address (or, where the
 * table has no tax for it, to what each sold for), in whole cents adding up exactly.
 */
import { and, eq } from 'drizzle-orm';
import { allocateCents } from '../../domain/allocate';
import type { ShippingAddress } from '../../domain/shipping-address';
import type { Executor } from '../db/client';
import { orderLines, orders } from '../db/schema';
import { quoteOrderTaxAt, type OrderTaxQuote } from './order-tax';

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

/** The tax Stripe charged on an order, shared out (see the header); null when it charged none. */
export async function paidTaxOfProvider(options: {
  db: Executor;
  orderId: string;
  taxCents: number;
  shipping: ShippingAddress | null;
}): Promise<PaidTax | null> {
  const { db, orderId, taxCents, shipping } = options;
  if (taxCents <= 0) return null;
  const address = { country: shipping?.country ?? '', region: shipping?.region ?? null };
  const found = await quoteOrderTaxAt({ db, orderId, address });
  if (!found) return null;
  const { order, quote } = found;
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

/** Writes a payment's tax on its order and lines, in the payment's transaction. */
export async function storePaidTax(options: { db: Executor; orderId: string; tax: PaidTax }): Promise<void> {
  const { db, orderId, tax } = options;
  await db
    .update(orders)
    .set({
      taxCents: tax.taxCents,
      shippingTaxCents: tax.shippingTaxCents,
      taxableCents: tax.taxableCents,
      taxedShippingCents: tax.taxedShippingCents,
      taxRateMilli: tax.rateMilli,
      taxCountry: tax.country,
      taxRegion: tax.region,
    })
    .where(eq(orders.id, orderId));
  for (const [position, cents] of tax.lineTaxCents.entries()) {
    if (cents === 0) continue;
    await db
      .update(orderLines)
      .set({ taxCents: cents })
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.position, position)));
  }
}
