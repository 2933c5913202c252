import { describe, expect, it } from 'vitest';
import type { orderLines, orders } from '../db/schema';
import { confirmationText } from './order-confirmation';

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/** A paid order of $89.99 (points earned 8,999), as the completion reads it back. */
function paidOrder(overrides: Partial<OrderRow> = {}): OrderRow {
  const now = new Date('2025-03-01T12:00:00Z');
  return {
    id: '00000000-0000-4000-8000-000000000001',
    orderNumber: 'WYF-001042',
    status: 'processing',
    customerId: null,
    email: 'buyer@example.com',
    subtotalCents: 8999,
    discountCents: 0,
    couponCode: null,
    pointsRedeemed: 0,
    pointsDiscountCents: 0,
    shippingCents: 0,
    totalCents: 8999,
    pointsEarned: 8999,
    currency: 'usd',
    paymentProvider: 'sandbox',
    paymentSessionId: 'sbx_1',
    paymentReference: 'sbx_ch_1',
    paidAt: now,
    cancelledAt: null,
    shippingCarrier: null,
    trackingNumber: null,
    shippedAt: null,
    deliveredAt: null,
    refundedCents: 0,
    refundedAt: null,
    shippingName: null,
    shippingLine1: null,
    shippingLine2: null,
    shippingCity: null,
    shippingRegion: null,
    shippingPostalCode: null,
    shippingCountry: null,
    shippingPhone: null,
    stockState: 'committed',
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

const lines: OrderLineRow[] = [
  {
    id: '00000000-0000-4000-8000-000000000002',
    orderId: '00000000-0000-4000-8000-000000000001',
    productId: null,
    name: 'Classic Cross Hoodie',
    unitPriceCents: 8999,
    color: 'Black',
    size: 'M',
    quantity: 1,
    lineTotalCents: 8999,
    imageUrl: null,
    position: 0,
    reservedQuantity: 1,
  },
];

describe('order confirmation', () => {
  it('writes points with digit groups, as every other page of the shop does', () => {
    const text = confirmationText(paidOrder({ pointsRedeemed: 12000, pointsDiscountCents: 600 }), lines);
    expect(text).toContain('Points earned: 8,999');
    expect(text).toContain('Points redeemed (12,000): -$6.00');
    expect(text).not.toMatch(/\b8999\b/);
  });
});
