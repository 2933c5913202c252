/** A stored order's lines and totals in the shape the pages read (domain/order-summary.ts). */
import type { OrderLineSummary, OrderTotalsSummary } from '../../domain/order-summary';
import { storedTaxLabel } from '../../domain/tax';
import type { orderLines, orders } from '../db/schema';

export function orderTotalsOf(order: typeof orders.$inferSelect): OrderTotalsSummary {
  return {
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    couponCode: order.couponCode,
    shippingDiscountCents: order.shippingDiscountCents,
    pointsRedeemed: order.pointsRedeemed,
    pointsDiscountCents: order.pointsDiscountCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    taxCents: order.taxCents,
    taxLabel: order.taxCents > 0 ? storedTaxLabel(order) : null,
  };
}

export function orderLineOf(line: typeof orderLines.$inferSelect): OrderLineSummary {
  return {
    name: line.name,
    color: line.color,
    size: line.size,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    lineTotalCents: line.lineTotalCents,
  };
}
