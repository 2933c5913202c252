/**
 * What a person reads of a stored order: its lines and its totals as the server fixed them.
 * The sandbox page, /payment-success and the admin's order details show the same fields.
 */
export interface OrderLineSummary {
  name: string;
  color: string;
  size: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

export interface OrderTotalsSummary {
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  /** The delivery charge a free-shipping code waived (0 or absent: none). */
  shippingDiscountCents?: number;
  pointsRedeemed: number;
  pointsDiscountCents: number;
  shippingCents: number;
  /** SPEC §9's total (before tax). */
  totalCents: number;
  /** Sales tax charged (issue 25); absent or 0 where none was. */
  taxCents?: number;
  /** Its line's label, 'Sales tax (IN 7%)' (domain/tax.ts), when there is tax. */
  taxLabel?: string | null;
}

/** What was (or is to be) charged: the total plus its tax. */
export function amountChargedCents(totals: Pick<OrderTotalsSummary, 'totalCents' | 'taxCents'>): number {
  return totals.totalCents + (totals.taxCents ?? 0);
}
