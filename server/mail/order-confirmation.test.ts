import { describe, expect, it } from 'vitest';
import type { orderLines, orders } from '../db/schema';
import { confirmationHtml, confirmationText, orderConfirmationMessage } from './order-confirmation';

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

describe('order confirmation: where the parcel goes', () => {
  const shipped = paidOrder({
    shippingName: 'Ruth <b>Moabite</b> & Naomi',
    shippingLine1: '7 Field Lane',
    shippingLine2: 'Unit "2"',
    shippingCity: 'Bloomington',
    shippingRegion: 'IN',
    shippingPostalCode: '47401-1234',
    shippingCountry: 'US',
    shippingPhone: '+1 812 555 0199',
  });

  it('lists name, lines, city/region/postal code, country and phone in the text part', () => {
    const text = confirmationText(shipped, lines);
    expect(text).toContain(
      [
        'Shipping to:',
        'Ruth <b>Moabite</b> & Naomi',
        '7 Field Lane',
        'Unit "2"',
        'Bloomington, IN 47401-1234',
        'United States',
        'Phone: +1 812 555 0199',
      ].join('\n'),
    );
  });

  it('gives the same address, escaped, in the HTML part', () => {
    const { html } = orderConfirmationMessage({ ...shipped, email: 'buyer@example.com' }, lines);
    expect(html).toContain('Shipping to</h2>');
    expect(html).toContain(
      '<p>Ruth &lt;b&gt;Moabite&lt;/b&gt; &amp; Naomi<br>7 Field Lane<br>Unit &quot;2&quot;<br>Bloomington, IN 47401-1234<br>United States<br>Phone: +1 812 555 0199</p>',
    );
    expect(html).not.toContain('<b>Moabite');
    expect(html).toContain('Points earned: 8,999');
    expect(html).toContain('Classic Cross Hoodie (Black, M) x 1');
  });

  it('leaves the phone out when none was given, and the whole block when no address was collected', () => {
    expect(confirmationText({ ...shipped, shippingPhone: null }, lines)).not.toContain('Phone:');
    expect(confirmationText(paidOrder(), lines)).not.toContain('Shipping to');
    expect(confirmationHtml(paidOrder(), lines)).not.toContain('Shipping to');
  });
});
