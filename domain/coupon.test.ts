import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUPONS, couponDiscountCents, isBlankCoupon, isCouponCode, lookupCoupon, normalizeCouponCode } from './coupon';

describe('coupon table', () => {
  it('knows exactly one code, JESUS, worth 10% (SPEC §9)', () => {
    expect(COUPONS).toEqual({ JESUS: 0.1 });
  });
});

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

describe('lookupCoupon', () => {
  it('finds JESUS whatever the case and blanks', () => {
    expect(lookupCoupon('JESUS')).toEqual({ code: 'JESUS', fraction: 0.1 });
    expect(lookupCoupon('jesus ')).toEqual({ code: 'JESUS', fraction: 0.1 });
    expect(lookupCoupon('  jesus ')).toEqual({ code: 'JESUS', fraction: 0.1 });
  });

  it('returns null for blank and unknown codes', () => {
    expect(lookupCoupon('')).toBeNull();
    expect(lookupCoupon('   ')).toBeNull();
    expect(lookupCoupon(null)).toBeNull();
    expect(lookupCoupon('SAVE10')).toBeNull();
    expect(lookupCoupon('JESUS10')).toBeNull();
    expect(lookupCoupon('JE SUS')).toBeNull();
  });

  it('does not treat object prototype keys as codes', () => {
    expect(lookupCoupon('constructor')).toBeNull();
    expect(lookupCoupon('__proto__')).toBeNull();
    expect(lookupCoupon('toString')).toBeNull();
    expect(isCouponCode('CONSTRUCTOR')).toBe(false);
  });
});

describe('couponDiscountCents', () => {
  it('takes the fraction rounded to the nearest cent', () => {
    expect(couponDiscountCents(5000, 0.1)).toBe(500);
    expect(couponDiscountCents(1999, 0.1)).toBe(200); // 199.9
    expect(couponDiscountCents(1995, 0.1)).toBe(200); // 199.5 rounds up
    expect(couponDiscountCents(1994, 0.1)).toBe(199); // 199.4
    expect(couponDiscountCents(0, 0.1)).toBe(0);
    expect(couponDiscountCents(5000, 0)).toBe(0);
  });

  it('clamps the fraction to 0..1', () => {
    expect(couponDiscountCents(5000, 2)).toBe(5000);
    expect(couponDiscountCents(5000, -0.5)).toBe(0);
    expect(couponDiscountCents(5000, Number.NaN)).toBe(0);
  });

  it('is between 0 and the subtotal for any subtotal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (subtotal) => {
        const discount = couponDiscountCents(subtotal, COUPONS.JESUS);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(subtotal);
        expect(Math.abs(discount - subtotal / 10)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
