import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { marginBand, marginBarWidth, marginPercent, profitCents, summarizeMargins } from './margin';

describe('marginPercent (SPEC §9)', () => {
  it('is (price - cost) / price x 100', () => {
    expect(marginPercent(2000, 800)).toBe(60);
    expect(marginPercent(2000, 1500)).toBe(25);
    expect(marginPercent(1000, 1500)).toBe(-50);
  });

  it('treats a missing cost as 0', () => {
    expect(marginPercent(2000, null)).toBe(100);
    expect(marginPercent(2000, undefined)).toBe(100);
  });

  it('is 0 for a price of 0 instead of dividing by zero', () => {
    expect(marginPercent(0, 500)).toBe(0);
    expect(marginPercent(0, null)).toBe(0);
  });
});

describe('profitCents', () => {
  it('is price minus cost', () => {
    expect(profitCents(2000, 800)).toBe(1200);
    expect(profitCents(2000, null)).toBe(2000);
  });
});

describe('marginBand (SPEC §4)', () => {
  it.each([
    [50, 'excellent', 'Excellent', 'green'],
    [100, 'excellent', 'Excellent', 'green'],
    [49.999, 'good', 'Good', 'yellow'],
    [25, 'good', 'Good', 'yellow'],
    [24.99, 'low', 'Low', 'orange'],
    [0, 'low', 'Low', 'orange'],
    [-0.01, 'loss', 'Loss', 'red'],
    [-500, 'loss', 'Loss', 'red'],
    [Number.NaN, 'loss', 'Loss', 'red'],
  ])('%f is %s', (percent, band, label, color) => {
    expect(marginBand(percent)).toEqual({ band, label, color });
  });

  it('bands by the thresholds 50, 25 and 0 for any percent', () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), (percent) => {
        const expected = percent >= 50 ? 'excellent' : percent >= 25 ? 'good' : percent >= 0 ? 'low' : 'loss';
        expect(marginBand(percent).band).toBe(expected);
      }),
    );
  });
});

describe('marginBarWidth (SPEC §4)', () => {
  it('clamps to 0..100', () => {
    expect(marginBarWidth(-20)).toBe(0);
    expect(marginBarWidth(42.5)).toBe(42.5);
    expect(marginBarWidth(150)).toBe(100);
    expect(marginBarWidth(Number.NaN)).toBe(0);
    expect(marginBarWidth(Number.NEGATIVE_INFINITY)).toBe(0);
  });

  it('is always within 0..100 and equal to the percent inside it', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (percent) => {
        const width = marginBarWidth(percent);
        expect(width).toBeGreaterThanOrEqual(0);
        expect(width).toBeLessThanOrEqual(100);
        if (percent >= 0 && percent <= 100) expect(width === percent).toBe(true); // -0 and 0 alike
      }),
    );
  });
});

describe('summarizeMargins (SPEC §9)', () => {
  it('averages, rounds, sums profit and counts bands', () => {
    expect(
      summarizeMargins([
        { priceCents: 2000, costCents: 800 }, // 60
        { priceCents: 2000, costCents: null }, // 100
        { priceCents: 1500, costCents: 1200 }, // 20
        { priceCents: 1000, costCents: 1100 }, // -10
        { priceCents: 3000, costCents: 2000 }, // 33.33
      ]),
    ).toEqual({
      averageMarginPercent: 41, // 203.33 / 5 = 40.67
      totalProfitPotentialCents: 1200 + 2000 + 300 - 100 + 1000,
      countByBand: { excellent: 2, good: 1, low: 1, loss: 1 },
    });
  });

  it('is zero for no products', () => {
    expect(summarizeMargins([])).toEqual({
      averageMarginPercent: 0,
      totalProfitPotentialCents: 0,
      countByBand: { excellent: 0, good: 0, low: 0, loss: 0 },
    });
  });

  it('rounds the average with Math.round', () => {
    // 12.5% margin rounds up to 13
    expect(summarizeMargins([{ priceCents: 800, costCents: 700 }]).averageMarginPercent).toBe(13);
  });

  it('counts every product in exactly one band', () => {
    const product = fc.record({
      priceCents: fc.integer({ min: 0, max: 1_000_000 }),
      costCents: fc.option(fc.integer({ min: 0, max: 2_000_000 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(product, { maxLength: 30 }), (products) => {
        const summary = summarizeMargins(products);
        const counted = Object.values(summary.countByBand).reduce((a, b) => a + b, 0);
        expect(counted).toBe(products.length);
        expect(Number.isInteger(summary.averageMarginPercent)).toBe(true);
      }),
    );
  });
});
