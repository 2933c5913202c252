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
  totalCents: number;
}
