import { describe, expect, it } from 'vitest';
import { orderStatusMessage, type LifecycleEmailStatus } from './order-status-email';

const order = {
  id: '00000000-0000-4000-8000-000000000001',
  orderNumber: 'WYF-001042',
  email: 'buyer@example.com',
  shippingCarrier: 'UPS',
  trackingNumber: '1Z999AA10123456784',
};
const STATUSES: LifecycleEmailStatus[] = ['shipped', 'delivered', 'cancelled'];
const publicUrl = 'https://shop.example';

describe('order status e-mails: signed-in customer or guest', () => {
  it.each(STATUSES)('%s: a customer gets the /account link', (status) => {
    const { text, subject } = orderStatusMessage(order, status, { hasAccount: true, publicUrl });
    expect(subject).toContain('WYF-001042');
    expect(text).toContain('Order number: WYF-001042');
    expect(text).toContain('Your orders: https://shop.example/account');
    expect(text).not.toContain('hello@wearyourfaith.shop');
  });

  it.each(STATUSES)('%s: a guest gets the order number and the contact e-mail, never /account', (status) => {
    const { text } = orderStatusMessage(order, status, { hasAccount: false, publicUrl, refundedCents: 1200 });
    expect(text).toContain('Order number: WYF-001042');
    expect(text).toContain('Questions about your order? Write to us at hello@wearyourfaith.shop with your order number, WYF-001042.');
    expect(text).not.toContain('/account');
    expect(text).not.toMatch(/points/i);
  });
});
