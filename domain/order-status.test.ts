import { describe, expect, it } from 'vitest';
import { isPaidOrder, orderPaymentState, PAYMENT_STATE_LABELS, unpaidStatusQuestion } from './order-status';

describe('orderPaymentState (issue 32 item 1)', () => {
  const paidAt = new Date('2026-11-01T10:00:00Z');
  const order = { status: 'processing', paidAt, refundedCents: 0, totalCents: 2599 };

  it('reads paid, refunded, awaiting payment and not paid from paid_at and the refunds', () => {
    expect(orderPaymentState(order)).toBe('paid');
    expect(orderPaymentState({ ...order, status: 'cancelled', refundedCents: 2599 })).toBe('refunded');
    expect(orderPaymentState({ ...order, refundedCents: 1000 })).toBe('partly-refunded');
    expect(orderPaymentState({ ...order, status: 'pending', paidAt: null })).toBe('awaiting-payment');
    // Moved on by the admin without a payment: still awaiting it.
    expect(orderPaymentState({ ...order, status: 'shipped', paidAt: null })).toBe('awaiting-payment');
    expect(orderPaymentState({ ...order, status: 'cancelled', paidAt: null })).toBe('not-paid');
    expect(PAYMENT_STATE_LABELS['awaiting-payment']).toBe('Awaiting payment');
  });

  it('agrees with isPaidOrder on what counts as paid', () => {
    for (const status of ['pending', 'processing', 'shipped', 'delivered']) {
      for (const when of [paidAt, null]) {
        const row = { ...order, status, paidAt: when };
        expect(isPaidOrder(row)).toBe(orderPaymentState(row) === 'paid');
      }
    }
  });
});

describe('unpaidStatusQuestion', () => {
  it('asks before an unpaid order moves to processing, shipped or delivered, and only then', () => {
    const unpaid = { orderNumber: 'WYF-001001', paidAt: null };
    expect(unpaidStatusQuestion(unpaid, 'shipped')).toBe('WYF-001001 has not been paid. Mark it shipped anyway?');
    expect(unpaidStatusQuestion(unpaid, 'processing')).toBe('WYF-001001 has not been paid. Mark it processing anyway?');
    expect(unpaidStatusQuestion(unpaid, 'delivered')).toBe('WYF-001001 has not been paid. Mark it delivered anyway?');
    expect(unpaidStatusQuestion(unpaid, 'cancelled')).toBeNull();
    expect(unpaidStatusQuestion(unpaid, 'pending')).toBeNull();
    expect(unpaidStatusQuestion({ orderNumber: 'WYF-001002', paidAt: '2026-11-01T10:00:00Z' }, 'shipped')).toBeNull();
  });
});
