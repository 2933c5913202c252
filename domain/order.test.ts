import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_MAX_QUANTITY,
  CheckoutRequestSchema,
  ORDER_STATUSES,
  formatOrderNumber,
  isOrderStatus,
  orderStatusBadgeVariant,
  orderStatusLabel,
} from './order';

const productId = '7b0e8f2c-3b5e-4f57-9a43-0d2f6c1e9a10';
const line = { productId, color: 'Pink', size: 'M', quantity: 1 };

describe('order statuses (SPEC §4)', () => {
  it('lists the five statuses', () => {
    expect(ORDER_STATUSES).toEqual(['pending', 'processing', 'shipped', 'delivered', 'cancelled']);
    expect(isOrderStatus('shipped')).toBe(true);
    expect(isOrderStatus('Shipped')).toBe(false);
    expect(isOrderStatus(3)).toBe(false);
  });

  it('maps badge variants', () => {
    expect(orderStatusBadgeVariant('pending')).toBe('default');
    expect(orderStatusBadgeVariant('processing')).toBe('default');
    expect(orderStatusBadgeVariant('shipped')).toBe('secondary');
    expect(orderStatusBadgeVariant('delivered')).toBe('outline');
    expect(orderStatusBadgeVariant('cancelled')).toBe('default');
  });

  it('labels statuses', () => {
    expect(orderStatusLabel('cancelled')).toBe('Cancelled');
  });
});

describe('formatOrderNumber', () => {
  it('pads to six digits and grows beyond', () => {
    expect(formatOrderNumber(123)).toBe('WYF-000123');
    expect(formatOrderNumber(0)).toBe('WYF-000000');
    expect(formatOrderNumber(999_999)).toBe('WYF-999999');
    expect(formatOrderNumber(1_234_567)).toBe('WYF-1234567');
  });

  it('refuses negative or fractional sequences', () => {
    expect(() => formatOrderNumber(-1)).toThrow(RangeError);
    expect(() => formatOrderNumber(1.5)).toThrow(RangeError);
  });

  it('is unique and reversible for any sequence', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e12 }), (sequence) => {
        const number = formatOrderNumber(sequence);
        expect(number).toMatch(/^WYF-\d{6,}$/);
        expect(Number(number.slice(4))).toBe(sequence);
      }),
    );
  });
});

describe('CheckoutRequestSchema', () => {
  it('accepts the minimal request', () => {
    expect(CheckoutRequestSchema.parse({ items: [line] })).toEqual({ items: [line] });
  });

  it('strips prices and discounts sent by the browser', () => {
    const parsed = CheckoutRequestSchema.parse({
      items: [{ ...line, price: 0.01, priceCents: 1, name: 'x' }],
      couponDiscount: 1,
      total: 0,
    });
    expect(parsed).toEqual({ items: [line] });
  });

  it('normalizes coupon and e-mail, treating blanks as absent', () => {
    expect(
      CheckoutRequestSchema.parse({ items: [line], couponCode: '  jesus ', email: '  Jane@Example.COM ' }),
    ).toEqual({ items: [line], couponCode: 'JESUS', email: 'jane@example.com' });
    expect(CheckoutRequestSchema.parse({ items: [line], couponCode: '   ', email: '' })).toEqual({ items: [line] });
    expect(CheckoutRequestSchema.parse({ items: [line], couponCode: null, email: null })).toEqual({ items: [line] });
  });

  it('refuses an empty cart (SPEC §5) and too many lines', () => {
    expect(CheckoutRequestSchema.safeParse({ items: [] }).success).toBe(false);
    expect(CheckoutRequestSchema.safeParse({}).success).toBe(false);
    expect(CheckoutRequestSchema.safeParse({ items: Array.from({ length: 51 }, () => line) }).success).toBe(false);
    expect(CheckoutRequestSchema.safeParse({ items: Array.from({ length: 50 }, () => line) }).success).toBe(true);
  });

  it('refuses bad lines', () => {
    for (const bad of [
      { ...line, productId: 'not-a-uuid' },
      { ...line, quantity: 0 },
      { ...line, quantity: CHECKOUT_MAX_QUANTITY + 1 },
      { ...line, quantity: 1.5 },
      { ...line, color: '' },
      { ...line, size: 'x'.repeat(41) },
    ]) {
      expect(CheckoutRequestSchema.safeParse({ items: [bad] }).success).toBe(false);
    }
  });

  it('refuses bad e-mail, long coupons and negative points', () => {
    expect(CheckoutRequestSchema.safeParse({ items: [line], email: 'nope' }).success).toBe(false);
    expect(CheckoutRequestSchema.safeParse({ items: [line], couponCode: 'X'.repeat(41) }).success).toBe(false);
    expect(CheckoutRequestSchema.safeParse({ items: [line], pointsToRedeem: -1 }).success).toBe(false);
    expect(CheckoutRequestSchema.safeParse({ items: [line], pointsToRedeem: 1.5 }).success).toBe(false);
    expect(CheckoutRequestSchema.parse({ items: [line], pointsToRedeem: 500 }).pointsToRedeem).toBe(500);
  });

  it('accepts every quantity from 1 to 99', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 200 }), (quantity) => {
        const ok = CheckoutRequestSchema.safeParse({ items: [{ ...line, quantity }] }).success;
        expect(ok).toBe(quantity >= 1 && quantity <= 99);
      }),
    );
  });
});
