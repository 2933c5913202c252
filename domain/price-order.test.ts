import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redemptionRateOf } from './loyalty';
import { priceOrder } from './price-order';

/** The step mechanics at 100 points per $1.00 (POINTS_PER_DOLLAR_OFF=100); the default is tested below. */
const STEP_100 = redemptionRateOf(100);

describe('priceOrder', () => {
  it('adds shipping below $50 and earns points on the total including shipping', () => {
    expect(priceOrder({ lines: [{ unitPriceCents: 1500, quantity: 2 }] })).toEqual({
      itemCount: 2,
      subtotalCents: 3000,
      couponCode: null,
      discountCents: 0,
      redeemablePoints: 0,
      pointsRedeemed: 0,
      pointsDiscountCents: 0,
      shippingCents: 599,
      totalCents: 3599,
      pointsEarned: 3599,
    });
  });

  it('pays shipping at exactly $50.00 and ships free at $50.01', () => {
    expect(priceOrder({ lines: [{ unitPriceCents: 5000, quantity: 1 }] }).shippingCents).toBe(599);
    expect(priceOrder({ lines: [{ unitPriceCents: 5001, quantity: 1 }] }).shippingCents).toBe(0);
  });

  it('decides shipping on the subtotal before the coupon', () => {
    const totals = priceOrder({ lines: [{ unitPriceCents: 5500, quantity: 1 }], couponCode: 'JESUS' });
    expect(totals.discountCents).toBe(550);
    expect(totals.shippingCents).toBe(0);
    expect(totals.totalCents).toBe(4950);
    expect(totals.pointsEarned).toBe(4950);
  });

  it('applies JESUS: (subtotal less discount) plus shipping (SPEC §9)', () => {
    const totals = priceOrder({ lines: [{ unitPriceCents: 1999, quantity: 1 }], couponCode: 'JESUS' });
    expect(totals.discountCents).toBe(200);
    expect(totals.totalCents).toBe(1999 - 200 + 599);
  });

  it('rounds half-cent coupon discounts up', () => {
    expect(priceOrder({ lines: [{ unitPriceCents: 1995, quantity: 1 }], couponCode: 'JESUS' }).discountCents).toBe(200);
    expect(priceOrder({ lines: [{ unitPriceCents: 1994, quantity: 1 }], couponCode: 'JESUS' }).discountCents).toBe(199);
  });

  it('is all zeros for an empty cart', () => {
    expect(priceOrder({ lines: [] })).toEqual({
      itemCount: 0,
      subtotalCents: 0,
      couponCode: null,
      discountCents: 0,
      redeemablePoints: 0,
      pointsRedeemed: 0,
      pointsDiscountCents: 0,
      shippingCents: 0,
      totalCents: 0,
      pointsEarned: 0,
    });
    expect(priceOrder({ lines: [], couponCode: 'JESUS', pointsToRedeem: 500 }).totalCents).toBe(0);
  });

  it('redeems points in steps of 100, capped at the subtotal after the coupon', () => {
    const lines = [{ unitPriceCents: 2000, quantity: 1 }];
    expect(priceOrder({ lines, pointsToRedeem: 250, pointsBalance: 10_000, redemptionRate: STEP_100 })).toMatchObject({
      pointsRedeemed: 200,
      pointsDiscountCents: 200,
      totalCents: 2000 - 200 + 599,
    });
    expect(priceOrder({ lines, couponCode: 'JESUS', pointsToRedeem: 100_000, pointsBalance: 100_000, redemptionRate: STEP_100 })).toMatchObject({
      couponCode: 'JESUS',
      discountCents: 200,
      redeemablePoints: 1800,
      pointsRedeemed: 1800,
      pointsDiscountCents: 1800,
      totalCents: 599,
      pointsEarned: 599,
    });
  });

  it('never redeems more than the balance when one is given', () => {
    const totals = priceOrder({
      lines: [{ unitPriceCents: 9000, quantity: 1 }],
      pointsToRedeem: 5000,
      pointsBalance: 1250,
      redemptionRate: STEP_100,
    });
    expect(totals.pointsRedeemed).toBe(1200);
    expect(totals.totalCents).toBe(7800);
  });

  it('ignores negative or fractional redemption requests safely', () => {
    const lines = [{ unitPriceCents: 2000, quantity: 1 }];
    expect(priceOrder({ lines, pointsToRedeem: -300, pointsBalance: 1000, redemptionRate: STEP_100 }).pointsRedeemed).toBe(0);
    expect(priceOrder({ lines, pointsToRedeem: 199.9, pointsBalance: 1000, redemptionRate: STEP_100 }).pointsRedeemed).toBe(100);
  });

  it('refuses invalid lines', () => {
    expect(() => priceOrder({ lines: [{ unitPriceCents: -1, quantity: 1 }] })).toThrow(RangeError);
    expect(() => priceOrder({ lines: [{ unitPriceCents: 10.5, quantity: 1 }] })).toThrow(RangeError);
    expect(() => priceOrder({ lines: [{ unitPriceCents: 100, quantity: 1.5 }] })).toThrow(RangeError);
    expect(() => priceOrder({ lines: [{ unitPriceCents: 100, quantity: -1 }] })).toThrow(RangeError);
  });

  const line = fc.record({
    unitPriceCents: fc.integer({ min: 0, max: 100_000 }),
    quantity: fc.integer({ min: 0, max: 99 }),
  });

  it('holds its invariants for any cart, coupon and redemption', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 20 }),
        fc.constantFrom(null, 'JESUS', 'jesus ', 'NOPE'),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (lines, couponCode, pointsToRedeem, pointsBalance) => {
          const totals = priceOrder({ lines, couponCode, pointsToRedeem, pointsBalance });
          expect(totals.subtotalCents).toBe(lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0));
          expect(totals.itemCount).toBe(lines.reduce((sum, l) => sum + l.quantity, 0));
          expect(totals.totalCents).toBe(
            totals.subtotalCents - totals.discountCents - totals.pointsDiscountCents + totals.shippingCents,
          );
          expect(totals.totalCents).toBeGreaterThanOrEqual(0);
          expect(totals.discountCents + totals.pointsDiscountCents).toBeLessThanOrEqual(totals.subtotalCents);
          expect(totals.pointsRedeemed % 100).toBe(0);
          expect(totals.pointsRedeemed).toBeLessThanOrEqual(pointsToRedeem);
          expect(totals.pointsRedeemed).toBeLessThanOrEqual(totals.redeemablePoints);
          expect(totals.redeemablePoints).toBeLessThanOrEqual(pointsBalance);
          expect(totals.pointsEarned).toBe(totals.totalCents);
          expect(Number.isInteger(totals.totalCents)).toBe(true);
        },
      ),
    );
  });
});

describe('priceOrder with points', () => {
  const lines = [{ unitPriceCents: 2000, quantity: 1 }];

  it('redeems nothing without a balance, whatever is asked', () => {
    expect(priceOrder({ lines, pointsToRedeem: 1000 })).toMatchObject({ redeemablePoints: 0, pointsRedeemed: 0 });
    expect(priceOrder({ lines, pointsToRedeem: 1000, pointsBalance: null }).pointsRedeemed).toBe(0);
  });

  it('tells how many points the order may redeem: the balance or the amount, whichever is less', () => {
    expect(priceOrder({ lines, pointsBalance: 750, redemptionRate: STEP_100 }).redeemablePoints).toBe(700);
    expect(priceOrder({ lines, pointsBalance: 99_999, redemptionRate: STEP_100 }).redeemablePoints).toBe(2000);
    expect(priceOrder({ lines, couponCode: 'JESUS', pointsBalance: 99_999, redemptionRate: STEP_100 }).redeemablePoints).toBe(1800);
  });

  it('redeems at the default rate (2,000 points per $1.00) without a rate given', () => {
    expect(priceOrder({ lines, pointsToRedeem: 5000, pointsBalance: 9000 })).toMatchObject({
      redeemablePoints: 8000,
      pointsRedeemed: 4000,
      pointsDiscountCents: 200,
    });
  });

  it('follows another redemption rate when one is given (2,000 points per $1.00)', () => {
    const rate = { points: 2000, cents: 100 };
    expect(priceOrder({ lines, pointsToRedeem: 5000, pointsBalance: 9000, redemptionRate: rate })).toMatchObject({
      redeemablePoints: 8000,
      pointsRedeemed: 4000,
      pointsDiscountCents: 200,
      totalCents: 2000 - 200 + 599,
    });
  });

  it('ignores unknown and blank coupon codes', () => {
    expect(priceOrder({ lines, couponCode: 'FREESTUFF' })).toMatchObject({ couponCode: null, discountCents: 0 });
    expect(priceOrder({ lines, couponCode: '  ' })).toMatchObject({ couponCode: null, discountCents: 0 });
    expect(priceOrder({ lines, couponCode: ' jesus ' })).toMatchObject({ couponCode: 'JESUS', discountCents: 200 });
  });
});
