/**
 * What a Stripe Checkout Session is told about sales tax (issue 25 item 3), from the owner's
 * setting: Stripe Tax (`automatic_tax`), or the tax table as Stripe Tax Rates that Checkout
 * matches to the shipping address (`dynamic_tax_rates`). A row's Tax Rate is made once per rate
 * (Stripe's percentages cannot change) and remembered on the row; the conditional update keeps
 * a row edited meanwhile from being given the old rate's id. The sandbox needs none of this.
 */
import { and, eq } from 'drizzle-orm';
import { TAX_MESSAGES } from '../../domain/tax';
import type { Executor } from '../db/client';
import { taxRates } from '../db/schema';
import type { HostedSessionTax, PaymentProvider } from '../payments/payment-provider';
import { getStripeTaxMode } from './tax-settings';

export async function stripeCheckoutTax(options: {
  db: Executor;
  provider: PaymentProvider;
}): Promise<HostedSessionTax | null> {
  const { db, provider } = options;
  if (provider.name !== 'stripe') return null;
  if ((await getStripeTaxMode({ db })) === 'automatic') return { mode: 'automatic' };
  const rows = await db.select().from(taxRates);
  const lineTaxRateIds: string[] = [];
  const shippingTaxRateIds: string[] = [];
  for (const row of rows) {
    if (row.rateMilli <= 0) continue;
    let stripeId = row.stripeRateMilli === row.rateMilli ? row.stripeTaxRateId : null;
    if (!stripeId) {
      stripeId = await provider.createTaxRate({
        country: row.country,
        region: row.region,
        rateMilli: row.rateMilli,
        displayName: TAX_MESSAGES.salesTax,
        idempotencyKey: `tax-rate-${row.id}-${row.rateMilli}`,
      });
      await db
        .update(taxRates)
        .set({ stripeTaxRateId: stripeId, stripeRateMilli: row.rateMilli })
        .where(and(eq(taxRates.id, row.id), eq(taxRates.rateMilli, row.rateMilli)));
    }
    lineTaxRateIds.push(stripeId);
    if (row.shippingTaxed) shippingTaxRateIds.push(stripeId);
  }
  return { mode: 'rates', lineTaxRateIds, shippingTaxRateIds };
}
