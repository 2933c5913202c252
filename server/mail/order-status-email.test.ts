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

describe('order status e-mails: the HTML part looks like the shop (issue 32 item 12)', () => {
  const lines = [
    { name: 'Simple Cross Tee', color: 'Blue', size: 'M', quantity: 2, lineTotalCents: 3000, imageUrl: '/images/products/simple-cross-tee-blue-960.webp' },
  ];

  it.each(STATUSES)('%s: the shop as header, the lines with their pictures, working links; the text part stays', (status) => {
    const { html, text } = orderStatusMessage(order, status, { hasAccount: true, publicUrl, lines, refundedCents: 3000 });
    expect(html).toContain('>Wear Your Faith</span>');
    expect(html).toContain('<img src="https://shop.example/images/products/simple-cross-tee-blue-480.webp" alt="Simple Cross Tee"');
    expect(html).toContain('Blue · M · Qty 2');
    expect(html).toContain('Your orders: <a href="https://shop.example/account"');
    expect(text).toContain('- Simple Cross Tee (Blue, M) x 2');
    expect(text).not.toContain('<a href');
  });

  it('links the tracking number to the carrier, escaped', () => {
    const { html, text } = orderStatusMessage(order, 'shipped', { hasAccount: false, publicUrl, lines });
    expect(html).toContain(
      'Track your package: <a href="https://www.ups.com/track?tracknum=1Z999AA10123456784" style="color:#a9512d;text-decoration:underline">1Z999AA10123456784</a>',
    );
    expect(text).toContain('Track your package: https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(html).toContain('<a href="mailto:hello@wearyourfaith.shop"');
    const odd = orderStatusMessage({ ...order, orderNumber: 'WYF-<b>1</b>', trackingNumber: 'AB "12"', shippingCarrier: 'Other' }, 'shipped', {
      hasAccount: false,
      publicUrl,
    });
    expect(odd.html).toContain('WYF-&lt;b&gt;1&lt;/b&gt;');
    expect(odd.html).toContain('Tracking number: AB &quot;12&quot;');
    expect(odd.html).not.toContain('<b>1</b>');
  });
});
