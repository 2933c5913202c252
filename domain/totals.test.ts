import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals, countItems, subtotalOf } from './totals';

describe('computeTotals', () => {
  it('adds shipping below $50 and earns points on the total including shipping', () => {
    expect(computeTotals({ lines: [{ unitPriceCents: 1500, quantity: 2 }] })).toEqual({
      itemCount: 2,
      subtotalCents: 3000,
      discountCents: 0,
      pointsRedeemed: 0,
      pointsDiscountCents: 0,
      shippingCents: 599,
      totalCents: 3599,
      pointsEarned: 3599,
    });
  });

  it('pays shipping at exactly $50.00 and ships free at $50.01', () => {
    expect(computeTotals({ lines: [{ unitPriceCents: 5000, quantity: 1 }] }).shippingCents).toBe(599);
    expect(computeTotals({ lines: [{ unitPriceCents: 5001, quantity: 1 }] }).shippingCents).toBe(0);
  });

  it('decides shipping on the subtotal before the coupon', () => {
    const totals = computeTotals({ lines: [{ unitPriceCents: 5500, quantity: 1 }], couponFraction: 0.1 });
    expect(totals.discountCents).toBe(550);
    expect(totals.shippingCents).toBe(0);
    expect(totals.totalCents).toBe(4950);
    expect(totals.pointsEarned).toBe(4950);
  });

  it('applies JESUS: (subtotal less discount) plus shipping (SPEC §9)', () => {
    const totals = computeTotals({ lines: [{ unitPriceCents: 1999, quantity: 1 }], couponFraction: 0.1 });
    expect(totals.discountCents).toBe(200);
    expect(totals.totalCents).toBe(1999 - 200 + 599);
  });

  it('rounds half-cent coupon discounts up', () => {
    expect(computeTotals({ lines: [{ unitPriceCents: 1995, quantity: 1 }], couponFraction: 0.1 }).discountCents).toBe(
      200,
    );
    expect(computeTotals({ lines: [{ unitPriceCents: 1994, quantity: 1 }], couponFraction: 0.1 }).discountCents).toBe(
      199,
    );
  });

  it('is all zeros for an empty cart', () => {
    expect(computeTotals({ lines: [] })).toEqual({
      itemCount: 0,
      subtotalCents: 0,
      discountCents: 0,
      pointsRedeemed: 0,
      pointsDiscountCents: 0,
      shippingCents: 0,
      totalCents: 0,
      pointsEarned: 0,
    });
    expect(computeTotals({ lines: [], couponFraction: 0.1, pointsToRedeem: 500 }).totalCents).toBe(0);
  });

  it('redeems points in steps of 100, capped at the subtotal after the coupon', () => {
    const lines = [{ unitPriceCents: 2000, quantity: 1 }];
    expect(computeTotals({ lines, pointsToRedeem: 250 })).toMatchObject({
      pointsRedeemed: 200,
      pointsDiscountCents: 200,
      totalCents: 2000 - 200 + 599,
    });
    expect(computeTotals({ lines, couponFraction: 0.1, pointsToRedeem: 100_000 })).toMatchObject({
      discountCents: 200,
      pointsRedeemed: 1800,
      pointsDiscountCents: 1800,
      totalCents: 599,
      pointsEarned: 599,
    });
  });

  it('never redeems more than the balance when one is given', () => {
    const totals = computeTotals({
      lines: [{ unitPriceCents: 9000, quantity: 1 }],
      pointsToRedeem: 5000,
      pointsBalance: 1250,
    });
    expect(totals.pointsRedeemed).toBe(1200);
    expect(totals.totalCents).toBe(7800);
  });

  it('ignores negative or fractional redemption requests safely', () => {
    const lines = [{ unitPriceCents: 2000, quantity: 1 }];
    expect(computeTotals({ lines, pointsToRedeem: -300 }).pointsRedeemed).toBe(0);
    expect(computeTotals({ lines, pointsToRedeem: 199.9 }).pointsRedeemed).toBe(100);
  });

  it('refuses invalid lines', () => {
    expect(() => computeTotals({ lines: [{ unitPriceCents: -1, quantity: 1 }] })).toThrow(RangeError);
    expect(() => computeTotals({ lines: [{ unitPriceCents: 10.5, quantity: 1 }] })).toThrow(RangeError);
    expect(() => computeTotals({ lines: [{ unitPriceCents: 100, quantity: 1.5 }] })).toThrow(RangeError);
    expect(() => computeTotals({ lines: [{ unitPriceCents: 100, quantity: -1 }] })).toThrow(RangeError);
  });

  const line = fc.record({
    unitPriceCents: fc.integer({ min: 0, max: 100_000 }),
    quantity: fc.integer({ min: 0, max: 99 }),
  });

  it('holds its invariants for any cart, coupon and redemption', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 20 }),
        fc.constantFrom(0, 0.1),
        fc.integer({ min: 0, max: 1_000_000 }),
        (lines, couponFraction, pointsToRedeem) => {
          const totals = computeTotals({ lines, couponFraction, pointsToRedeem });
          expect(totals.subtotalCents).toBe(lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0));
          expect(totals.itemCount).toBe(lines.reduce((sum, l) => sum + l.quantity, 0));
          expect(totals.totalCents).toBe(
            totals.subtotalCents - totals.discountCents - totals.pointsDiscountCents + totals.shippingCents,
          );
          expect(totals.totalCents).toBeGreaterThanOrEqual(0);
          expect(totals.discountCents + totals.pointsDiscountCents).toBeLessThanOrEqual(totals.subtotalCents);
          expect(totals.pointsRedeemed % 100).toBe(0);
          expect(totals.pointsRedeemed).toBeLessThanOrEqual(pointsToRedeem);
          expect(totals.pointsEarned).toBe(totals.totalCents);
          expect(Number.isInteger(totals.totalCents)).toBe(true);
        },
      ),
    );
  });
});

describe('countItems and subtotalOf', () => {
  it('sum quantities and price times quantity', () => {
    const lines = [
      { unitPriceCents: 1500, quantity: 2 },
      { unitPriceCents: 2599, quantity: 1 },
    ];
    expect(countItems(lines)).toBe(3);
    expect(subtotalOf(lines)).toBe(5599);
    expect(countItems([])).toBe(0);
    expect(subtotalOf([])).toBe(0);
  });
});
