/**
 * Margins: the single source of how the admin's margin figures and health bands are computed.
 * SPEC §9: "Margin = (price - cost) / price x 100, with a missing cost treated as 0. The average
 * margin is rounded. Total profit potential is the sum of (price - cost). Bands at 50 and 25."
 * SPEC §4 Margin health bands: 50 or more Excellent (green); 25 to under 50 Good (yellow);
 * 0 to under 25 Low (orange); below 0 Loss (red). Bar width is clamped to 0 to 100.
 */
import type { Cents } from './money';

export const MARGIN_BANDS = ['excellent', 'good', 'low', 'loss'] as const;
export type MarginBand = (typeof MARGIN_BANDS)[number];
export type MarginColor = 'green' | 'yellow' | 'orange' | 'red';
export type MarginBandInfo = { band: MarginBand; label: string; color: MarginColor };

/** Lower bounds (inclusive) of the Excellent and Good bands, in percent. SPEC §9 */
export const MARGIN_EXCELLENT_FROM = 50;
export const MARGIN_GOOD_FROM = 25;

const BAND_INFO: Record<MarginBand, MarginBandInfo> = {
  excellent: { band: 'excellent', label: 'Excellent', color: 'green' },
  good: { band: 'good', label: 'Good', color: 'yellow' },
  low: { band: 'low', label: 'Low', color: 'orange' },
  loss: { band: 'loss', label: 'Loss', color: 'red' },
};

/**
 * Margin in percent (unrounded). A missing cost counts as 0. A price of 0 (or less) has no
 * meaningful margin and gives 0, rather than dividing by zero.
 */
export function marginPercent(priceCents: Cents, costCents: Cents | null | undefined): number {
  if (!(priceCents > 0)) return 0;
  return ((priceCents - (costCents ?? 0)) / priceCents) * 100;
}

/** Profit per unit: price minus cost, a missing cost counting as 0. SPEC §9 */
export function profitCents(priceCents: Cents, costCents: Cents | null | undefined): Cents {
  return priceCents - (costCents ?? 0);
}

/** The health band of a margin percent (NaN counts as a loss). SPEC §4 */
export function marginBand(percent: number): MarginBandInfo {
  if (percent >= MARGIN_EXCELLENT_FROM) return BAND_INFO.excellent;
  if (percent >= MARGIN_GOOD_FROM) return BAND_INFO.good;
  if (percent >= 0) return BAND_INFO.low;
  return BAND_INFO.loss;
}

/** Width of the margin bar in percent, clamped to 0..100 (NaN gives 0). SPEC §4 */
export function marginBarWidth(percent: number): number {
  if (Number.isNaN(percent)) return 0;
  return Math.min(100, Math.max(0, percent));
}

export type MarginProduct = { priceCents: Cents; costCents: Cents | null };

export type MarginSummary = {
  /** Mean of the products' margins, rounded with Math.round; 0 without products. */
  averageMarginPercent: number;
  /** Sum of (price - cost) over the products. */
  totalProfitPotentialCents: Cents;
  countByBand: Record<MarginBand, number>;
};

/** The Margins tab's summary cards. SPEC §2 Admin, SPEC §9 */
export function summarizeMargins(products: readonly MarginProduct[]): MarginSummary {
  const countByBand: Record<MarginBand, number> = { excellent: 0, good: 0, low: 0, loss: 0 };
  let marginSum = 0;
  let totalProfitPotentialCents = 0;
  for (const product of products) {
    const percent = marginPercent(product.priceCents, product.costCents);
    marginSum += percent;
    totalProfitPotentialCents += profitCents(product.priceCents, product.costCents);
    countByBand[marginBand(percent).band] += 1;
  }
  const averageMarginPercent = products.length === 0 ? 0 : Math.round(marginSum / products.length) + 0;
  return { averageMarginPercent, totalProfitPotentialCents, countByBand };
}
