/**
 * The tax report the owner files with (issue 25 item 5): per month (UTC, as every date the shop
 * shows: domain/dates.ts) and place, the taxable sales, the shipping taxed, the tax collected on
 * the orders paid that month, and the tax given back by the refunds made that month with the
 * taxable sales they gave back (a refund counts in the month it was made, as a return is
 * reported in the period it happens): taxable sales + shipping taxed - taxable refunded is what
 * the net tax is owed on. A partial refund gives back the taxable sales in the share of the
 * amount charged it gave back, as it gives back the tax (domain/tax.ts refundedTaxCents). Summed by the database from the amounts fixed on each paid order; the CSV is the
 * same rows.
 */
import { sql } from 'drizzle-orm';
import type { AdminTaxReport, AdminTaxReportRow } from '../../domain/admin-contract';
import { centsToDecimalString } from '../../domain/money';
import { taxPlaceName } from '../../domain/tax';
import type { Executor } from '../db/client';
import { toCsv } from '../csv';

type TaxReportRow = AdminTaxReportRow;
type TaxReport = AdminTaxReport;

type Aggregate = {
  month: string;
  country: string;
  region: string;
  orders: number;
  taxable: number;
  shipping: number;
  tax: number;
  refunded: number;
  refundedTaxable: number;
};

/** Months from `from` to `to` inclusive ('YYYY-MM'); all months when absent. */
export async function getTaxReport(options: { db: Executor; from?: string; to?: string }): Promise<TaxReport> {
  const { db } = options;
  const fromAt = options.from ? `${options.from}-01T00:00:00Z` : null;
  const toAt = options.to ? nextMonthStart(options.to) : null;
  const paidRange = sql`${fromAt ? sql`and paid_at >= ${fromAt}::timestamptz` : sql``} ${toAt ? sql`and paid_at < ${toAt}::timestamptz` : sql``}`;
  const refundRange = sql`${fromAt ? sql`and refunded_at >= ${fromAt}::timestamptz` : sql``} ${toAt ? sql`and refunded_at < ${toAt}::timestamptz` : sql``}`;
  const result = await db.execute<Aggregate>(sql`
    with sales as (
      select to_char(paid_at at time zone 'UTC', 'YYYY-MM') as month, coalesce(tax_country, '') as country,
             coalesce(tax_region, '') as region, count(*)::int as orders,
             sum(taxable_cents - taxed_shipping_cents)::bigint as taxable, sum(taxed_shipping_cents)::bigint as shipping,
             sum(tax_cents)::bigint as tax
        from orders
       where tax_cents > 0 and paid_at is not null ${paidRange}
       group by 1, 2, 3
    ), returns as (
      select to_char(refunded_at at time zone 'UTC', 'YYYY-MM') as month, coalesce(tax_country, '') as country,
             coalesce(tax_region, '') as region, sum(refunded_tax_cents)::bigint as refunded,
             -- The taxable amount's share of what was refunded, as domain/tax.ts refundedTaxCents
             -- takes the tax's share (of the amount charged, whole cents, halves up): the two agree.
             sum(case when refunded_cents >= total_cents + tax_cents then taxable_cents
                      else (taxable_cents::bigint * refunded_cents * 2 + total_cents + tax_cents)
                           / (2 * (total_cents + tax_cents)::bigint) end)::bigint as refunded_taxable
        from orders
       where tax_cents > 0 and paid_at is not null and refunded_tax_cents > 0 and refunded_at is not null ${refundRange}
       group by 1, 2, 3
    )
    select coalesce(s.month, r.month) as month, coalesce(s.country, r.country) as country,
           coalesce(s.region, r.region) as region, coalesce(s.orders, 0) as orders,
           coalesce(s.taxable, 0) as taxable, coalesce(s.shipping, 0) as shipping, coalesce(s.tax, 0) as tax,
           coalesce(r.refunded, 0) as refunded, coalesce(r.refunded_taxable, 0) as "refundedTaxable"
      from sales s
      full join returns r on r.month = s.month and r.country = s.country and r.region = s.region
     order by 1 desc, 2, 3`);
  const rows = result.rows.map((row): TaxReportRow => {
    const tax = Number(row.tax);
    const refunded = Number(row.refunded);
    return {
      month: row.month,
      country: row.country,
      region: row.region,
      place: taxPlaceName({ country: row.country, region: row.region || null }),
      orders: Number(row.orders),
      taxableSalesCents: Number(row.taxable),
      shippingTaxedCents: Number(row.shipping),
      taxableRefundedCents: Number(row.refundedTaxable),
      taxCollectedCents: tax,
      taxRefundedCents: refunded,
      netTaxCents: tax - refunded,
    };
  });
  const sum = (pick: (row: TaxReportRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    rows,
    totals: {
      orders: sum((row) => row.orders),
      taxableSalesCents: sum((row) => row.taxableSalesCents),
      shippingTaxedCents: sum((row) => row.shippingTaxedCents),
      taxableRefundedCents: sum((row) => row.taxableRefundedCents),
      taxCollectedCents: sum((row) => row.taxCollectedCents),
      taxRefundedCents: sum((row) => row.taxRefundedCents),
      netTaxCents: sum((row) => row.netTaxCents),
    },
  };
}

function nextMonthStart(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, monthNumber, 1));
  return next.toISOString();
}

export const TAX_REPORT_CSV_HEADER = [
  'month',
  'country',
  'region',
  'place',
  'orders',
  'taxable_sales',
  'shipping_taxed',
  'taxable_refunded',
  'tax_collected',
  'tax_refunded',
  'net_tax',
];

export function taxReportCsv(report: TaxReport): string {
  return toCsv(
    TAX_REPORT_CSV_HEADER,
    report.rows.map((row) => [
      row.month,
      row.country,
      row.region,
      row.place,
      row.orders,
      centsToDecimalString(row.taxableSalesCents),
      centsToDecimalString(row.shippingTaxedCents),
      centsToDecimalString(row.taxableRefundedCents),
      centsToDecimalString(row.taxCollectedCents),
      centsToDecimalString(row.taxRefundedCents),
      centsToDecimalString(row.netTaxCents),
    ]),
  );
}

/** The dashboard's "Tax collected": tax on paid orders less the tax refunded (partial index orders_taxed_paid_idx). */
export async function getTaxCollectedCents(options: { db: Executor }): Promise<number> {
  const result = await options.db.execute<{ cents: string | number }>(
    sql`select coalesce(sum(tax_cents - refunded_tax_cents), 0)::bigint as cents from orders where tax_cents > 0 and paid_at is not null`,
  );
  return Number(result.rows[0]?.cents ?? 0);
}
