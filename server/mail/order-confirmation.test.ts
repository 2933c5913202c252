import { describe, expect, it } from 'vitest';
import type { orderLines, orders } from '../db/schema';
import { confirmationHtml, confirmationText, orderConfirmationMessage } from './order-confirmation';
import type { OrderRecipient } from './order-recipient';

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

const CUSTOMER: OrderRecipient = { hasAccount: true, publicUrl: 'https://shop.example' };
const GUEST: OrderRecipient = { hasAccount: false, publicUrl: 'https://shop.example' };

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
    const text = confirmationText(paidOrder({ pointsRedeemed: 12000, pointsDiscountCents: 600 }), lines, CUSTOMER);
    expect(text).toContain('Points earned: 8,999');
    expect(text).toContain('Points redeemed (12,000): -$6.00');
    expect(text).not.toMatch(/\b8999\b/);
  });
});

describe('order confirmation: where the package goes', () => {
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
    const text = confirmationText(shipped, lines, GUEST);
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
    const { html } = orderConfirmationMessage({ ...shipped, email: 'buyer@example.com' }, lines, CUSTOMER);
    expect(html).toContain('Shipping to</h2>');
    expect(html).toContain(
      '<p>Ruth &lt;b&gt;Moabite&lt;/b&gt; &amp; Naomi<br>7 Field Lane<br>Unit &quot;2&quot;<br>Bloomington, IN 47401-1234<br>United States<br>Phone: +1 812 555 0199</p>',
    );
    expect(html).not.toContain('<b>Moabite');
    expect(html).toContain('Points earned: 8,999');
    expect(html).toContain('<strong>Classic Cross Hoodie</strong>');
    expect(html).toContain('Black · M · Qty 1');
  });

  it('leaves the phone out when none was given, and the whole block when no address was collected', () => {
    expect(confirmationText({ ...shipped, shippingPhone: null }, lines, CUSTOMER)).not.toContain('Phone:');
    expect(confirmationText(paidOrder(), lines, CUSTOMER)).not.toContain('Shipping to');
    expect(confirmationHtml(paidOrder(), lines, GUEST)).not.toContain('Shipping to');
  });
});

describe('order confirmation: signed-in customer or guest', () => {
  it("keeps a customer's points line and links their orders on /account", () => {
    const text = confirmationText(paidOrder({ customerId: '00000000-0000-4000-8000-000000000009' }), lines, CUSTOMER);
    expect(text).toContain('Points earned: 8,999\n');
    expect(text).toContain('Your orders: https://shop.example/account');
    expect(text).not.toContain('create an account');
    expect(text).not.toContain('hello@wearyourfaith.shop');
  });

  it('tells a guest that an account with this address collects the points, and where to write instead of /account', () => {
    const { text, html } = orderConfirmationMessage({ ...paidOrder(), email: 'buyer@example.com' }, lines, GUEST);
    expect(text).toContain(
      'Points earned: 8,999\nCreate an account with this email address to collect them: https://shop.example/auth',
    );
    expect(text).toContain('Questions about your order? Write to us at hello@wearyourfaith.shop with your order number, WYF-001042.');
    expect(text).not.toContain('/account');
    expect(html).toContain('Create an account with this email address to collect them: <a href="https://shop.example/auth"');
    expect(html).toContain('<a href="mailto:hello@wearyourfaith.shop"');
    expect(html).not.toContain('/account');
  });

  it('says nothing of points to a guest whose order earned none', () => {
    const text = confirmationText(paidOrder({ pointsEarned: 0 }), lines, GUEST);
    expect(text).not.toMatch(/points/i);
  });
});

describe('order confirmation: the HTML part looks like the shop (issue 32 item 12)', () => {
  const pictured: OrderLineRow[] = [
    { ...lines[0]!, name: 'Tee <img src=x onerror=alert(1)>', imageUrl: '/images/products/simple-cross-tee-blue-960.webp' },
    {
      ...lines[0]!,
      id: '00000000-0000-4000-8000-000000000003',
      name: 'Cap',
      imageUrl: 'https://cdn.example/products/cap-960.webp?x="1"',
      position: 1,
    },
  ];

  it('has the shop as its header, each line with its picture from PUBLIC_URL, and working links', () => {
    const { html, text } = orderConfirmationMessage({ ...paidOrder(), email: 'buyer@example.com' }, pictured, CUSTOMER);
    expect(html).toContain('<a href="https://shop.example/" style="text-decoration:none"><img src="https://shop.example/apple-touch-icon.png"');
    expect(html).toContain('>Wear Your Faith</span>');
    // The small variant of a stored image, absolute; an absolute one (S3) as it is, escaped.
    expect(html).toContain('<img src="https://shop.example/images/products/simple-cross-tee-blue-480.webp" alt="Tee &lt;img src=x onerror=alert(1)&gt;"');
    expect(html).toContain('<img src="https://cdn.example/products/cap-960.webp?x=&quot;1&quot;" alt="Cap"');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('Your orders: <a href="https://shop.example/account"');
    expect(html).toContain('<a href="https://shop.example/policies/terms-of-sale" style="color:#a9512d;text-decoration:underline">Terms of Sale</a>');
    // The text part stays text.
    expect(text).not.toContain('<a href');
    expect(text).not.toContain('<table');
    expect(text).toContain('Your orders: https://shop.example/account');
  });

  it('leaves the pictures and shop links out when there is no public address', () => {
    const { html } = orderConfirmationMessage({ ...paidOrder(), email: 'buyer@example.com' }, pictured, { hasAccount: false });
    expect(html).not.toContain('simple-cross-tee-blue');
    expect(html).toContain('https://cdn.example/products/cap-960.webp');
    expect(html).not.toContain('/policies/');
  });
});
