/**
 * Pricing an order: the single source of how subtotal, discount code, points, shipping, total,
 * tax and points earned combine, how they are shared over the lines, and how many points an
 * order may redeem. The cart previews with it, the checkout decides the charged amount with it
 * (from database prices and the code's stored terms), the hosted page adds the tax of the
 * shipping address's place with it, and a server quote of the cart uses it too.
 * Vocabulary: `totalCents` is SPEC §9's total (what the cart shows, shipping included, before
 * tax); `amountDueCents` is what is charged (`totalCents` plus `taxCents`).
 * SPEC §9: "Cart total = (subtotal less discount) plus shipping." and "Loyalty: 100 points
 * per $1 of the total including shipping, rounded down."
 * SPEC §3 Cart state: "subtotal (sum of price times quantity)", "discount amount (subtotal
 * times discount fraction)".
 * Tax (issue 25): rate x (subtotal - code - points + shipping where shipping is taxed), rounded
 * half up; points are earned on the total, never on the tax.
 */
import { allocateCents } from './allocate';
import {
  maxRedeemablePoints,
  pointsForTotal,
  pointsToCents,
  REDEMPTION_RATE,
  roundDownToRedemptionStep,
  type RedemptionRate,
} from './loyalty';
import type { Cents } from './money';
import { shippingCents } from './shipping';

/** A line as priced: unit price, quantity, and its product's category (for category-limited codes). */
export type PriceLine = { unitPriceCents: Cents; quantity: number; category?: string | null | undefined };

/** What a discount code does (its conditions are checked before it gets here). */
export type DiscountKind = 'percent' | 'fixed' | 'free-shipping';

export interface DiscountTerms {
  /** The code as the shop writes it (upper case). */
  code: string;
  kind: DiscountKind;
  /** percent: whole percent 1..100 of the eligible merchandise; fixed: cents off it; free-shipping: 0. */
  value: number;
  /** Only lines of these categories count and get the discount; null or empty: all merchandise. */
  categories?: readonly string[] | null | undefined;
}

/** The sales tax of the shipping address's place (the tax table's row), or none. */
export interface TaxTerms {
  /** The rate in thousandths of a percent: 7% = 7000, 5.75% = 5750 (0..20000). */
  rateMilli: number;
  /** Whether the delivery charge is taxed there. */
  shippingTaxed: boolean;
}

export interface PriceOrderInput {
  lines: readonly PriceLine[];
  /** The code's terms, resolved and checked by the caller (domain/discount.ts); null or absent: none. */
  discount?: DiscountTerms | null | undefined;
  /** Points the shopper asks to redeem; rounded down to whole steps, capped at `redeemablePoints`. */
  pointsToRedeem?: number | undefined;
  /** The shopper's spendable points; without a balance nothing is redeemed. */
  pointsBalance?: number | null | undefined;
  /** How points turn into money (the shop's rate unless a setting says otherwise). */
  redemptionRate?: RedemptionRate | undefined;
  /** The tax of the shipping address's place; absent or null: no tax (the address is not known yet, or untaxed). */
  tax?: TaxTerms | null | undefined;
}

/** One line's share of the order's amounts (they add up to the order's figures exactly). */
export interface LinePrice {
  /** Unit price times quantity. */
  subtotalCents: Cents;
  /** Its share of the code's discount (0 for a line the code does not cover). */
  discountCents: Cents;
  /** Its share of the points taken off. */
  pointsDiscountCents: Cents;
  /** What it sells for: subtotal less its discount and points (what is taxed of it where tax applies). */
  netCents: Cents;
  /** Its share of the tax. */
  taxCents: Cents;
}

export interface OrderPrice {
  itemCount: number;
  subtotalCents: Cents;
  /** The code that applied (took money off or made shipping free), or null. */
  couponCode: string | null;
  /** The code's discount on the merchandise. */
  discountCents: Cents;
  /** The shipping a free-shipping code waived (for reports; already out of `shippingCents`). */
  shippingDiscountCents: Cents;
  /** The most points this order may redeem (balance and amount, whole steps). */
  redeemablePoints: number;
  pointsRedeemed: number;
  pointsDiscountCents: Cents;
  /** Shipping charged. */
  shippingCents: Cents;
  /** SPEC §9's total: subtotal less code and points, plus shipping; never negative. Before tax. */
  totalCents: Cents;
  /** Earned on `totalCents` (shipping included, tax never). */
  pointsEarned: number;
  /** What the tax is computed on: the lines' net amounts plus shipping where it is taxed (0 without tax terms). */
  taxableCents: Cents;
  /** Sales tax: rate x taxable amount, rounded half up (0 without tax terms). */
  taxCents: Cents;
  /** The part of `taxCents` that is the delivery charge's. */
  shippingTaxCents: Cents;
  /** What is charged: `totalCents` plus `taxCents`. */
  amountDueCents: Cents;
  /** Per line, in the order of the input. */
  lines: LinePrice[];
}

/** Highest tax rate the shop accepts, in thousandths of a percent (20%). */
export const MAX_TAX_RATE_MILLI = 20_000;

function assertLine(line: PriceLine): void {
  if (!Number.isSafeInteger(line.unitPriceCents) || line.unitPriceCents < 0) {
    throw new RangeError(`Unit price must be non-negative integer cents: ${String(line.unitPriceCents)}`);
  }
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) {
    throw new RangeError(`Quantity must be a non-negative integer: ${String(line.quantity)}`);
  }
}

function assertTax(tax: TaxTerms): void {
  if (!Number.isSafeInteger(tax.rateMilli) || tax.rateMilli < 0 || tax.rateMilli > MAX_TAX_RATE_MILLI) {
    throw new RangeError(`Tax rate must be whole thousandths of a percent from 0 to ${MAX_TAX_RATE_MILLI}: ${String(tax.rateMilli)}`);
  }
}

/** Tax on an amount at a rate in thousandths of a percent, rounded to the cent, halves up: 2099 at 7% -> 147. */
export function taxOn(amountCents: Cents, rateMilli: number): Cents {
  if (amountCents <= 0 || rateMilli <= 0) return 0;
  const scaled = BigInt(amountCents) * BigInt(rateMilli);
  return Number((scaled + 50_000n) / 100_000n);
}

export interface OrderTax {
  taxableCents: Cents;
  taxCents: Cents;
  shippingTaxCents: Cents;
  /** Per line, in the order of `lineNetCents`; with `shippingTaxCents` they add up to `taxCents`. */
  lineTaxCents: Cents[];
}

/**
 * The tax step of `priceOrder`, on its own for an order already priced (the sandbox page adds
 * the tax of the address's place to a stored order with it): rate x (the lines' net amounts +
 * shipping where it is taxed), rounded half up, shared over the lines and the shipping in
 * proportion, in whole cents adding up exactly. No terms (or a 0% place): no tax.
 */
export function taxForOrder(input: {
  lineNetCents: readonly Cents[];
  shippingCents: Cents;
  tax?: TaxTerms | null | undefined;
}): OrderTax {
  const { tax } = input;
  if (tax) assertTax(tax);
  input.lineNetCents.forEach((cents) => assertLine({ unitPriceCents: cents, quantity: 1 }));
  const taxedShipping = tax?.shippingTaxed ? input.shippingCents : 0;
  const taxableCents = tax ? input.lineNetCents.reduce((sum, cents) => sum + cents, 0) + taxedShipping : 0;
  const taxCents = tax ? taxOn(taxableCents, tax.rateMilli) : 0;
  const shares = allocateCents(taxCents, [...input.lineNetCents, taxedShipping]);
  return {
    taxableCents,
    taxCents,
    shippingTaxCents: shares[input.lineNetCents.length] ?? 0,
    lineTaxCents: input.lineNetCents.map((_, index) => shares[index] ?? 0),
  };
}

/** The code's discount on the eligible merchandise: never more than it. */
function discountOn(eligibleCents: Cents, terms: DiscountTerms): Cents {
  if (eligibleCents <= 0) return 0;
  if (terms.kind === 'percent') {
    const percent = Math.min(100, Math.max(0, terms.value));
    // Halves up, as SPEC §3's "subtotal times discount fraction" rounds to the cent.
    return Math.min(eligibleCents, Number((BigInt(eligibleCents) * BigInt(Math.round(percent * 100)) + 5_000n) / 10_000n));
  }
  if (terms.kind === 'fixed') return Math.min(eligibleCents, Math.max(0, Math.floor(terms.value)));
  return 0;
}

function covers(terms: DiscountTerms, line: PriceLine): boolean {
  if (!terms.categories || terms.categories.length === 0) return true;
  return line.category != null && terms.categories.includes(line.category);
}

/**
 * Prices an order. Order of application: the code on the merchandise it covers, then points
 * (capped at what is left after the code and at the balance), then shipping (decided on the
 * subtotal before discounts, waived by a free-shipping code), then tax on what is left
 * (SPEC's total, less shipping where shipping is not taxed). The code's discount is shared
 * over the lines it covers, points over every line, and tax over the lines and shipping,
 * each in proportion and in whole cents adding up exactly (domain/allocate.ts). Throws a
 * RangeError for a line with a negative or fractional price or quantity, or a bad tax rate.
 */
export function priceOrder(input: PriceOrderInput): OrderPrice {
  input.lines.forEach(assertLine);
  if (input.tax) assertTax(input.tax);
  const rate = input.redemptionRate ?? REDEMPTION_RATE;
  const lines = input.lines;
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  const lineSubtotals = lines.map((line) => line.unitPriceCents * line.quantity);
  const subtotalCents = lineSubtotals.reduce((sum, cents) => sum + cents, 0);

  const terms = input.discount ?? null;
  const eligibleWeights = lines.map((line, index) => (terms && covers(terms, line) ? lineSubtotals[index]! : 0));
  const eligibleCents = eligibleWeights.reduce((sum, cents) => sum + cents, 0);
  const discountCents = terms ? discountOn(eligibleCents, terms) : 0;
  const lineDiscounts = allocateCents(discountCents, eligibleWeights);

  const afterCoupon = lineSubtotals.map((cents, index) => cents - lineDiscounts[index]!);
  const subtotalAfterCouponCents = subtotalCents - discountCents;
  const redeemablePoints = maxRedeemablePoints(input.pointsBalance ?? 0, subtotalAfterCouponCents, rate);
  const pointsRedeemed = Math.min(roundDownToRedemptionStep(input.pointsToRedeem ?? 0, rate), redeemablePoints);
  const pointsDiscountCents = pointsToCents(pointsRedeemed, rate);
  const linePoints = allocateCents(pointsDiscountCents, afterCoupon);

  const baseShipping = shippingCents(subtotalCents, itemCount);
  const waivesShipping = terms?.kind === 'free-shipping' && itemCount > 0;
  const shippingDiscountCents = waivesShipping ? baseShipping : 0;
  const shipping = baseShipping - shippingDiscountCents;
  const totalCents = Math.max(0, subtotalAfterCouponCents - pointsDiscountCents + shipping);

  const net = afterCoupon.map((cents, index) => cents - linePoints[index]!);
  const { taxableCents, taxCents, shippingTaxCents, lineTaxCents } = taxForOrder({
    lineNetCents: net,
    shippingCents: shipping,
    tax: input.tax,
  });

  return {
    itemCount,
    subtotalCents,
    couponCode: terms && (discountCents > 0 || waivesShipping) ? terms.code : null,
    discountCents,
    shippingDiscountCents,
    redeemablePoints,
    pointsRedeemed,
    pointsDiscountCents,
    shippingCents: shipping,
    totalCents,
    pointsEarned: pointsForTotal(totalCents),
    taxableCents,
    taxCents,
    shippingTaxCents,
    amountDueCents: totalCents + taxCents,
    lines: lines.map((_, index) => ({
      subtotalCents: lineSubtotals[index]!,
      discountCents: lineDiscounts[index]!,
      pointsDiscountCents: linePoints[index]!,
      netCents: net[index]!,
      taxCents: lineTaxCents[index]!,
    })),
  };
}
