/**
 * Sales tax (issue 25): the single source of where the shop collects it and what a person reads
 * about it. The owner keeps a table of places (country, and a state or region, with a rate and
 * whether shipping is taxed there); an address finds its place here (`findTaxRate`), and the
 * amounts are computed by `priceOrder` / `taxForOrder` (domain/price-order.ts) from the place's
 * `TaxTerms`. Rows are checked here (`parseTaxRateInput`), the same for the admin API and its
 * form; the label "Sales tax (IN 7%)" and the cart's note are built here. Pure: the browser
 * previews with it, the server decides with it.
 */
import { MAX_TAX_RATE_MILLI, type TaxTerms } from './price-order';
import {
  SHIPPING_COUNTRY_CODES,
  countryName,
  usStateCode,
  usStateName,
  type ShippingCountryCode,
} from './shipping-address';

export { US_STATES, usStateCode, usStateName } from './shipping-address';

export { MAX_TAX_RATE_MILLI };

/** One row of the tax table: a place (a whole country when `region` is '') and its rate. */
export interface TaxRateRow {
  /** ISO 3166-1 alpha-2, one the shop ships to. */
  country: string;
  /** The state (US: its code) or region code; '' for the whole country. */
  region: string;
  /** Thousandths of a percent: 7% = 7000 (0..MAX_TAX_RATE_MILLI). */
  rateMilli: number;
  shippingTaxed: boolean;
}

/** The demo shop's table (SPEC §2 footer: the shop is in Indiana; STACK-NOTES 15: 7%, delivery taxed). */
export const DEMO_TAX_RATES: readonly TaxRateRow[] = [
  { country: 'US', region: 'IN', rateMilli: 7000, shippingTaxed: true },
];

/** Stripe's product tax codes sent with Stripe Tax (`automatic_tax`): clothing and shipping (decision 031). */
export const STRIPE_TAX_CODES = { apparel: 'txcd_30011000', shipping: 'txcd_92010001' } as const;

/** How a Stripe Checkout Session collects tax: Stripe Tax, or the table's rates matched by the address. */
export const STRIPE_TAX_MODES = ['rates', 'automatic'] as const;
export type StripeTaxMode = (typeof STRIPE_TAX_MODES)[number];

export const TAX_MESSAGES = {
  /** Under the cart's total (issue 25 item 2). */
  cartNote: 'Taxes calculated at checkout',
  salesTax: 'Sales tax',
  tabTitle: 'Tax',
  rowSaved: 'Tax rate saved',
  rowRemoved: 'Tax rate removed',
  saveFailed: 'Failed to save the tax rate',
  fetchFailed: 'Failed to fetch tax rates',
  rowNotFound: 'This tax rate no longer exists',
  modeSaved: 'Stripe tax setting saved',
  confirmTitle: 'Please confirm your total',
  /** The confirm step (no JavaScript, or the table changed while the page was open). */
  confirmTotal: (label: string, amount: string) => `With ${label} your total is ${amount}. Pay to confirm it.`,
  confirmNoTax: (amount: string) => `No sales tax is due for this address: your total is ${amount}. Pay to confirm it.`,
} as const;

/** '7%', '5.75%', '7.125%': a rate in thousandths of a percent as people write it. */
export function formatTaxRate(rateMilli: number): string {
  const whole = Math.floor(rateMilli / 1000);
  const fraction = String(rateMilli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}

/** The rate as the admin's form shows it: '7', '5.75'. */
export function taxRateInputValue(rateMilli: number): string {
  return formatTaxRate(rateMilli).slice(0, -1);
}

/** The place's short name: the state or region code, else the country code ('IN', 'GB'). */
export function taxPlaceCode(place: { country: string; region: string | null }): string {
  return place.region ? place.region : place.country;
}

/** The place as the admin reads it: 'Indiana (US-IN)', 'United Kingdom (GB)'. */
export function taxPlaceName(place: { country: string; region: string | null }): string {
  if (!place.region) return `${countryName(place.country)} (${place.country})`;
  const name = place.country === 'US' ? usStateName(place.region) : null;
  return `${name ?? place.region} (${place.country}-${place.region})`;
}

/** The checkout's line: 'Sales tax (IN 7%)'. */
export function taxLabel(place: { country: string; region: string | null }, rateMilli: number): string {
  return `${TAX_MESSAGES.salesTax} (${taxPlaceCode(place)} ${formatTaxRate(rateMilli)})`;
}

/** The label of the tax stored on an order: 'Sales tax (IN 7%)', or 'Sales tax (IN)' when Stripe Tax set the rate. */
export function storedTaxLabel(order: {
  taxCountry: string | null;
  taxRegion: string | null;
  taxRateMilli: number | null;
}): string {
  if (!order.taxCountry) return TAX_MESSAGES.salesTax;
  const place = { country: order.taxCountry, region: order.taxRegion || null };
  return order.taxRateMilli === null
    ? `${TAX_MESSAGES.salesTax} (${taxPlaceCode(place)})`
    : taxLabel(place, order.taxRateMilli);
}

/** The region of an address as the table keys it: US states by code, others upper-cased; '' when none. */
export function normaliseTaxRegion(country: string, region: string | null | undefined): string {
  const typed = (region ?? '').trim().replace(/\s+/g, ' ');
  if (typed === '') return '';
  if (country === 'US') return usStateCode(typed) ?? typed.toUpperCase();
  return typed.toUpperCase();
}

/** An address's place as the table keys it: the country's code upper-cased, the region normalised ('' when none). */
export function taxPlaceOf(address: { country: string; region: string | null | undefined }): TaxPlaceKey {
  const country = address.country.trim().toUpperCase();
  return { country, region: normaliseTaxRegion(country, address.region) };
}

export type TaxPlaceKey = { country: string; region: string };

/**
 * The row that taxes an address: the one for its country and region, else the one for its whole
 * country; null where the shop collects no tax (places not in the table pay none).
 */
export function findTaxRate<Row extends TaxRateRow>(
  rows: readonly Row[],
  address: { country: string; region: string | null | undefined },
): Row | null {
  const { country, region } = taxPlaceOf(address);
  return (
    (region ? rows.find((row) => row.country === country && row.region === region) : undefined) ??
    rows.find((row) => row.country === country && row.region === '') ??
    null
  );
}

/** The terms `priceOrder` takes for a row (none for a 0% place). */
export function taxTermsOf(row: TaxRateRow | null): TaxTerms | null {
  if (!row || row.rateMilli <= 0) return null;
  return { rateMilli: row.rateMilli, shippingTaxed: row.shippingTaxed };
}

export type TaxRateField = 'country' | 'region' | 'rate' | 'shippingTaxed';

export type TaxRateInputResult = { ok: true; row: TaxRateRow } | { ok: false; field: TaxRateField; message: string };

/** A percentage with up to three decimals: '7', '5.75', '7.125', '0'. */
const RATE_PATTERN = /^(\d{1,2})(?:\.(\d{1,3}))?$/;

export const TAX_RATE_ERRORS = {
  country: 'Country: choose a country the shop ships to',
  regionUs: 'State: enter a US state code such as IN or OH',
  regionFormat: 'State / Region: use its code, 1 to 3 letters or digits (or leave it empty for the whole country)',
  rate: `Rate: enter a percentage from 0 to ${MAX_TAX_RATE_MILLI / 1000}, with up to 3 decimals`,
  shippingTaxed: 'Shipping taxed: answer yes or no',
  duplicate: (place: string) => `State / Region: ${place} is already in the table`,
} as const;

/**
 * Checks a row as the admin typed it: a country the shop ships to; a state the US has (by code
 * or name) or, elsewhere, a short region code or nothing (the whole country); a rate from 0 to
 * 20% with up to 3 decimals (as a string or a number); shipping taxed yes or no. The first
 * problem is named by its field; nothing else is checked here (duplicates: `duplicateTaxPlace`).
 */
export function parseTaxRateInput(raw: {
  country?: unknown;
  region?: unknown;
  rate?: unknown;
  shippingTaxed?: unknown;
}): TaxRateInputResult {
  const country = typeof raw.country === 'string' ? raw.country.trim().toUpperCase() : '';
  if (!SHIPPING_COUNTRY_CODES.includes(country as ShippingCountryCode)) {
    return { ok: false, field: 'country', message: TAX_RATE_ERRORS.country };
  }
  if (raw.region !== undefined && raw.region !== null && typeof raw.region !== 'string') {
    return {
      ok: false,
      field: 'region',
      message: country === 'US' ? TAX_RATE_ERRORS.regionUs : TAX_RATE_ERRORS.regionFormat,
    };
  }
  const typedRegion = typeof raw.region === 'string' ? raw.region.trim() : '';
  let region = '';
  if (typedRegion !== '') {
    if (country === 'US') {
      const code = usStateCode(typedRegion);
      if (!code) return { ok: false, field: 'region', message: TAX_RATE_ERRORS.regionUs };
      region = code;
    } else {
      if (!/^[A-Za-z0-9]{1,3}$/.test(typedRegion)) {
        return { ok: false, field: 'region', message: TAX_RATE_ERRORS.regionFormat };
      }
      region = typedRegion.toUpperCase();
    }
  }
  const rateText =
    typeof raw.rate === 'number' && Number.isFinite(raw.rate)
      ? String(raw.rate)
      : typeof raw.rate === 'string'
        ? raw.rate.trim().replace(/%$/, '').trim()
        : '';
  const match = RATE_PATTERN.exec(rateText);
  if (!match) return { ok: false, field: 'rate', message: TAX_RATE_ERRORS.rate };
  const rateMilli = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0') || 0);
  if (rateMilli > MAX_TAX_RATE_MILLI) return { ok: false, field: 'rate', message: TAX_RATE_ERRORS.rate };
  if (typeof raw.shippingTaxed !== 'boolean') {
    return { ok: false, field: 'shippingTaxed', message: TAX_RATE_ERRORS.shippingTaxed };
  }
  return { ok: true, row: { country, region, rateMilli, shippingTaxed: raw.shippingTaxed } };
}

/** The refusal of a row whose place another row already has (the database's unique key decides; this names it). */
export function duplicateTaxPlace(row: { country: string; region: string }): { field: 'region'; message: string } {
  return { field: 'region', message: TAX_RATE_ERRORS.duplicate(taxPlaceName(row)) };
}

/**
 * The tax part of an amount given back: a refund of `refundedCents` of a payment of
 * `chargedCents` that included `taxCents` returns tax in proportion, in whole cents, halves up
 * (a full refund returns all of it, nothing more).
 */
export function refundedTaxCents(options: { refundedCents: number; chargedCents: number; taxCents: number }): number {
  const { refundedCents, chargedCents, taxCents } = options;
  if (taxCents <= 0 || refundedCents <= 0 || chargedCents <= 0) return 0;
  if (refundedCents >= chargedCents) return taxCents;
  return Number((BigInt(taxCents) * BigInt(refundedCents) * 2n + BigInt(chargedCents)) / (2n * BigInt(chargedCents)));
}
