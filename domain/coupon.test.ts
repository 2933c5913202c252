import { describe, expect, it } from 'vitest';
import { formatPercent, isBlankCoupon, isCouponCodeShape, normalizeCouponCode } from './coupon';

describe('normalizeCouponCode', () => {
  it('trims and upper-cases', () => {
    expect(normalizeCouponCode('  jesus ')).toBe('JESUS');
    expect(normalizeCouponCode('JeSuS')).toBe('JESUS');
    expect(normalizeCouponCode('')).toBe('');
  });
});

describe('isBlankCoupon', () => {
  it('is true for empty, blank and missing codes', () => {
    expect(isBlankCoupon('')).toBe(true);
    expect(isBlankCoupon('   \t')).toBe(true);
    expect(isBlankCoupon(null)).toBe(true);
    expect(isBlankCoupon(undefined)).toBe(true);
    expect(isBlankCoupon(' j ')).toBe(false);
  });
});

describe('isCouponCodeShape', () => {
  it('takes letters, digits and inner dashes, up to 40 characters', () => {
    expect(isCouponCodeShape('JESUS')).toBe(true);
    expect(isCouponCodeShape('FAIR-5')).toBe(true);
    expect(isCouponCodeShape('X'.repeat(40))).toBe(true);
    expect(isCouponCodeShape('X'.repeat(41))).toBe(false);
    expect(isCouponCodeShape('')).toBe(false);
    expect(isCouponCodeShape('-FAIR')).toBe(false);
    expect(isCouponCodeShape('FAIR 5')).toBe(false);
    expect(isCouponCodeShape('jesus')).toBe(false); // normalised first
    expect(isCouponCodeShape('__PROTO__')).toBe(false);
  });
});

describe('formatPercent', () => {
  it('reads a fraction as a percentage', () => {
    expect(formatPercent(0.1)).toBe('10%');
    expect(formatPercent(0.125)).toBe('12.5%');
  });
});
