/**
 * What the sandbox page's Pay needs of its session, in ONE read (issue 31): the session's state,
 * its order's state and taxable figures (its lines' net amounts, shipping, total), and the tax
 * table's row for the address's place (the region's row, else the whole country's: domain/tax.ts
 * `findTaxRate`). Before, Pay read the page's whole view of the session (every column of the
 * session, its order and its donation), then the lines, then the whole tax table.
 * A pure read: the completion re-checks everything under its locks (complete-checkout-session.ts).
 */
import { sql } from 'drizzle-orm';
import type { TaxPlaceKey, TaxRateRow } from '../../domain/tax';
import type { Executor } from '../db/client';
import { taxableOrderOf, type TaxableOrder } from '../tax/order-tax';
import { MAX_SESSION_ID_LENGTH } from './get-hosted-session';

export interface SessionToPay {
  id: string;
  provider: string;
  purpose: 'order' | 'donation';
  /** 'expired' also for an open session past its expiry that the sweep has not reached yet. */
  status: 'open' | 'complete' | 'expired';
  totalCents: number;
  /** The session's order (null for a donation). */
  order: null | { status: string; taxable: TaxableOrder };
  /** The tax row of the place asked for (null: none asked, or the shop collects none there). */
  taxRate: TaxRateRow | null;
}

type Row = {
  id: string;
  provider: string;
  purpose: string;
  status: string;
  past_expiry: boolean;
  amount_total_cents: number;
  order_status: string | null;
  order_total_cents: number | null;
  shipping_cents: number | null;
  net_cents: number | null;
  line_total_cents: number | null;
  has_line: boolean;
  tax_country: string | null;
  tax_region: string | null;
  rate_milli: number | null;
  shipping_taxed: boolean | null;
};

export async function readSessionToPay(options: {
  db: Executor;
  sessionId: string;
  /** The address's place, as `taxPlaceOf` keys it; null reads no tax row. */
  place: TaxPlaceKey | null;
  now?: Date;
}): Promise<SessionToPay | null> {
  const { db, sessionId, place } = options;
  if (sessionId.length > MAX_SESSION_ID_LENGTH) return null;
  const now = (options.now ?? new Date()).toISOString();
  // One row per line of the order (one row for a donation); the tax row rides on each.
  const { rows } = await db.execute<Row>(sql`
    select s.id, s.provider, s.purpose, s.status, s.expires_at < ${now}::timestamptz as past_expiry,
      s.amount_total_cents, o.status as order_status, o.total_cents as order_total_cents, o.shipping_cents,
      l.net_cents, l.line_total_cents, l.id is not null as has_line,
      r.country as tax_country, r.region as tax_region, r.rate_milli, r.shipping_taxed
    from checkout_sessions s
      left join orders o on o.id = s.order_id
      left join order_lines l on l.order_id = o.id
      left join lateral (
        select t.country, t.region, t.rate_milli, t.shipping_taxed from tax_rates t
        where t.country = ${place?.country ?? null}::text and t.region in (${place?.region ?? ''}::text, '')
        order by t.region desc limit 1
      ) r on true
    where s.id = ${sessionId}
    order by l.position`);
  const first = rows[0];
  if (!first) return null;
  const status = first.status === 'open' && first.past_expiry ? 'expired' : (first.status as SessionToPay['status']);
  return {
    id: first.id,
    provider: first.provider,
    purpose: first.purpose === 'donation' ? 'donation' : 'order',
    status,
    totalCents: first.amount_total_cents,
    order:
      first.order_status === null
        ? null
        : {
            status: first.order_status,
            taxable: taxableOrderOf(
              { totalCents: first.order_total_cents ?? 0, shippingCents: first.shipping_cents ?? 0 },
              rows
                .filter((row) => row.has_line)
                .map((row) => ({ netCents: row.net_cents, lineTotalCents: row.line_total_cents ?? 0 })),
            ),
          },
    taxRate:
      first.tax_country === null
        ? null
        : {
            country: first.tax_country,
            region: first.tax_region ?? '',
            rateMilli: first.rate_milli ?? 0,
            shippingTaxed: first.shipping_taxed === true,
          },
  };
}
