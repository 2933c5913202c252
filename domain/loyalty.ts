/**
 * Loyalty points: the single source of how points are earned, redeemed and totalled.
 * SPEC §9: "Loyalty: 100 points per $1 of the total including shipping, rounded down."
 * SPEC §2 Loyalty: Available Points ('Ready to use'), Lifetime Points ('Total earned').
 *
 * Redemption is our extension (the spec's auth panel promises "redeem points" without
 * a rate): whole steps of `REDEMPTION_RATE.points` points, each taking `REDEMPTION_RATE.cents`
 * off. Every function and sentence about redemption takes the rate from there (or as an
 * argument, for a rate that becomes a setting).
 */
import { formatCount, type Cents } from './money';

/** Points earned per whole dollar of the order total. SPEC §9 */
export const POINTS_PER_DOLLAR = 100;

/** How points turn into money: each whole step of `points` points takes `cents` off. */
export interface RedemptionRate {
  points: number;
  cents: Cents;
}

/**
 * Default of the POINTS_PER_DOLLAR_OFF setting: 2,000 points take $1.00 off. With
 * `POINTS_PER_DOLLAR` earned per dollar that pays back 5% of what was spent (issue 13: the
 * former 100 points per $1.00 paid back 100%).
 */
export const DEFAULT_POINTS_PER_DOLLAR_OFF = 2000;

/** The rate of a shop where `pointsPerDollarOff` points take $1.00 off. */
export function redemptionRateOf(pointsPerDollarOff: number): RedemptionRate {
  return { points: pointsPerDollarOff, cents: 100 };
}

/** The shop's default redemption rate (the server passes the configured one). */
export const REDEMPTION_RATE: RedemptionRate = redemptionRateOf(DEFAULT_POINTS_PER_DOLLAR_OFF);

/** What points pay back of the money spent to earn them, as a fraction: 0.05 at the default. */
export function pointsBackFraction(rate: RedemptionRate = REDEMPTION_RATE): number {
  return (POINTS_PER_DOLLAR * rate.cents) / (100 * rate.points);
}

export const LOYALTY_TRANSACTION_TYPES = ['earned', 'redeemed', 'adjusted'] as const;

export type LoyaltyTransactionType = (typeof LOYALTY_TRANSACTION_TYPES)[number];

/**
 * One ledger row. `orderRedeemed` is, for an 'adjusted' row a cancellation wrote for an order,
 * the points that order redeemed (its 'redeemed' row): the adjustment returned those and took
 * back the rest of its (negative) part from what the order earned.
 */
export type LoyaltyLedgerEntry = {
  type: LoyaltyTransactionType;
  points: number;
  orderId?: string | null | undefined;
  orderRedeemed?: number | null | undefined;
};

export type LoyaltySummary = { available: number; lifetime: number };

/**
 * Points earned for an order total (shipping included), rounded down:
 * $12.34 -> 1234 points. Integer math only; non-positive totals earn nothing. SPEC §9
 */
export function pointsForTotal(totalCents: Cents): number {
  if (!(totalCents > 0)) return 0;
  return Math.floor((Math.floor(totalCents) * POINTS_PER_DOLLAR) / 100);
}

/** Rounds a requested number of points down to a whole redemption step (250 -> 200). */
export function roundDownToRedemptionStep(points: number, rate: RedemptionRate = REDEMPTION_RATE): number {
  if (!(points > 0)) return 0;
  return Math.floor(points / rate.points) * rate.points;
}

/** What a number of points is worth when redeemed (whole steps only): 250 -> 200 cents. */
export function pointsToCents(points: number, rate: RedemptionRate = REDEMPTION_RATE): Cents {
  return (roundDownToRedemptionStep(points, rate) / rate.points) * rate.cents;
}

/**
 * The most points an order may redeem: limited by the balance and by the subtotal
 * after the coupon (points never take an order below zero), in whole steps.
 */
export function maxRedeemablePoints(
  balance: number,
  subtotalAfterCouponCents: Cents,
  rate: RedemptionRate = REDEMPTION_RATE,
): number {
  const stepsAffordable = Math.floor(Math.max(0, subtotalAfterCouponCents) / rate.cents);
  const byAmount = stepsAffordable * rate.points;
  return Math.min(roundDownToRedemptionStep(balance, rate), byAmount);
}

/** The redemption choices of an order: 0 and every whole step up to `maxPoints`. */
export function redemptionSteps(maxPoints: number, rate: RedemptionRate = REDEMPTION_RATE): number[] {
  const steps: number[] = [];
  for (let points = 0; points <= maxPoints; points += rate.points) steps.push(points);
  return steps;
}

/**
 * The signed effect of a ledger entry on the balance. Earned points always add and
 * redeemed points always subtract, whichever sign they were stored with; adjustments
 * keep their own sign.
 */
export function signedPoints(entry: LoyaltyLedgerEntry): number {
  switch (entry.type) {
    case 'earned':
      return Math.abs(entry.points);
    case 'redeemed':
      return -Math.abs(entry.points);
    case 'adjusted':
      return entry.points;
  }
}

/**
 * The points a cancellation's adjustment took back of what its order earned: it returned the
 * order's redeemed points and its net is returned - taken back (planPointsReversal), so taken
 * back = redeemed - net. Other rows take nothing back.
 */
export function pointsTakenBack(entry: LoyaltyLedgerEntry): number {
  if (entry.type !== 'adjusted' || !entry.orderId) return 0;
  return Math.max(0, Math.abs(entry.orderRedeemed ?? 0) - entry.points);
}

/**
 * Available points (sum of signed entries, never shown below 0: points a refund took back after
 * they were spent are owed, planPointsReversal) and lifetime points: every point earned, less
 * what a refund took back (issue 32: the lifetime figure and the ledger agree). SPEC §2 Loyalty
 * The SQL twin is server/loyalty/ledger.ts getPointsTotals.
 */
export function summarizeLedger(entries: readonly LoyaltyLedgerEntry[]): LoyaltySummary {
  let available = 0;
  let lifetime = 0;
  for (const entry of entries) {
    available += signedPoints(entry);
    if (entry.type === 'earned') lifetime += Math.abs(entry.points);
    lifetime -= pointsTakenBack(entry);
  }
  return { available: Math.max(0, available), lifetime: Math.max(0, lifetime) };
}

/** Points as shown in Recent Activity: '+1,234', '-500', '0'. SPEC §2 Loyalty */
export function formatSignedPoints(points: number): string {
  const magnitude = formatCount(Math.abs(points));
  if (points > 0) return `+${magnitude}`;
  if (points < 0) return `-${magnitude}`;
  return '0';
}
