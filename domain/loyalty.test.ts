import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  POINTS_PER_DOLLAR,
  DEFAULT_POINTS_PER_DOLLAR_OFF,
  REDEMPTION_RATE,
  formatSignedPoints,
  pointsBackFraction,
  redemptionRateOf,
  maxRedeemablePoints,
  pointsForTotal,
  pointsToCents,
  roundDownToRedemptionStep,
  signedPoints,
  summarizeLedger,
  pointsTakenBack,
} from './loyalty';

describe('constants', () => {
  it('earns 100 points per $1 and, by default, redeems 2,000 points for $1 (5% back)', () => {
    expect(POINTS_PER_DOLLAR).toBe(100);
    expect(DEFAULT_POINTS_PER_DOLLAR_OFF).toBe(2000);
    expect(REDEMPTION_RATE).toEqual({ points: 2000, cents: 100 });
    expect(pointsBackFraction()).toBeCloseTo(0.05);
    expect(pointsBackFraction(redemptionRateOf(100))).toBe(1);
    expect(pointsBackFraction(redemptionRateOf(1000))).toBeCloseTo(0.1);
  });
});

describe('pointsForTotal (SPEC §9)', () => {
  it('gives 100 points per dollar, i.e. one per cent', () => {
    expect(pointsForTotal(1234)).toBe(1234);
    expect(pointsForTotal(100)).toBe(100);
    expect(pointsForTotal(5599)).toBe(5599);
    expect(pointsForTotal(1)).toBe(1);
  });

  it('gives nothing for zero, negative or NaN totals', () => {
    expect(pointsForTotal(0)).toBe(0);
    expect(pointsForTotal(-500)).toBe(0);
    expect(pointsForTotal(Number.NaN)).toBe(0);
  });

  it('rounds fractional cents down', () => {
    expect(pointsForTotal(1234.99)).toBe(1234);
  });

  it('is a whole number never above the total in cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (total) => {
        const points = pointsForTotal(total);
        expect(Number.isInteger(points)).toBe(true);
        expect(points).toBe(total); // 100 points per $1 = 1 point per cent
      }),
    );
  });
});

/** The mechanics at a rate of 100 points per $1.00 (POINTS_PER_DOLLAR_OFF=100). */
const STEP_100 = redemptionRateOf(100);

describe('redemption at the default rate', () => {
  it('rounds to steps of 2,000 worth $1.00 each', () => {
    expect(roundDownToRedemptionStep(4500)).toBe(4000);
    expect(pointsToCents(4500)).toBe(200);
    expect(maxRedeemablePoints(10_000, 350)).toBe(6000);
  });
});

describe('redemption', () => {
  it('rounds requests down to steps of 100', () => {
    expect(roundDownToRedemptionStep(250, STEP_100)).toBe(200);
    expect(roundDownToRedemptionStep(99, STEP_100)).toBe(0);
    expect(roundDownToRedemptionStep(100, STEP_100)).toBe(100);
    expect(roundDownToRedemptionStep(-100, STEP_100)).toBe(0);
    expect(roundDownToRedemptionStep(Number.NaN, STEP_100)).toBe(0);
  });

  it('values 100 points at $1.00', () => {
    expect(pointsToCents(100, STEP_100)).toBe(100);
    expect(pointsToCents(250, STEP_100)).toBe(200);
    expect(pointsToCents(0, STEP_100)).toBe(0);
  });

  it('caps by balance and by the subtotal after the coupon', () => {
    expect(maxRedeemablePoints(1000, 5000, STEP_100)).toBe(1000);
    expect(maxRedeemablePoints(10_000, 1350, STEP_100)).toBe(1300);
    expect(maxRedeemablePoints(1050, 99_999, STEP_100)).toBe(1000);
    expect(maxRedeemablePoints(500, 99, STEP_100)).toBe(0);
    expect(maxRedeemablePoints(500, -10, STEP_100)).toBe(0);
    expect(maxRedeemablePoints(-5, 5000, STEP_100)).toBe(0);
  });

  it('never redeems more than the balance or the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (balance, amount) => {
          const points = maxRedeemablePoints(balance, amount, STEP_100);
          expect(points % 100).toBe(0);
          expect(points).toBeLessThanOrEqual(balance);
          expect(pointsToCents(points, STEP_100)).toBeLessThanOrEqual(amount);
          expect(points).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('ledger', () => {
  it('sums signed points and lifetime earned points', () => {
    expect(
      summarizeLedger([
        { type: 'earned', points: 1234 },
        { type: 'redeemed', points: -500 },
        { type: 'adjusted', points: -34 },
        { type: 'earned', points: 100 },
        { type: 'adjusted', points: 50 },
      ]),
    ).toEqual({ available: 850, lifetime: 1334 });
  });

  it('lifetime points leave out what a cancellation took back of its order (issue 32)', () => {
    // Order A earned 800 and redeemed 500; its cancellation returned the 500 and took back
    // 300 of the 800 (net +200): 500 of A's points stay earned.
    const entries = [
      { type: 'earned' as const, points: 1000 },
      { type: 'earned' as const, points: 800, orderId: 'a' },
      { type: 'redeemed' as const, points: -500, orderId: 'a' },
      { type: 'adjusted' as const, points: 200, orderId: 'a', orderRedeemed: -500 },
    ];
    expect(pointsTakenBack(entries[3]!)).toBe(300);
    expect(summarizeLedger(entries)).toEqual({ available: 1500, lifetime: 1500 });
    // Without a redemption the adjustment's negative net is all taken back.
    expect(
      summarizeLedger([
        { type: 'earned', points: 800, orderId: 'b' },
        { type: 'adjusted', points: -800, orderId: 'b' },
      ]),
    ).toEqual({ available: 0, lifetime: 0 });
    // An adjustment not tied to an order (the owner's correction) takes nothing from lifetime.
    expect(pointsTakenBack({ type: 'adjusted', points: -34 })).toBe(0);
  });

  it('treats redeemed entries as deductions whichever sign they were stored with', () => {
    expect(signedPoints({ type: 'redeemed', points: 500 })).toBe(-500);
    expect(signedPoints({ type: 'redeemed', points: -500 })).toBe(-500);
    expect(signedPoints({ type: 'earned', points: -20 })).toBe(20);
  });

  it('is zero for an empty ledger', () => {
    expect(summarizeLedger([])).toEqual({ available: 0, lifetime: 0 });
  });

  it('available never exceeds lifetime without positive adjustments', () => {
    const entry = fc.record({
      type: fc.constantFrom('earned' as const, 'redeemed' as const),
      points: fc.integer({ min: 0, max: 100_000 }),
    });
    fc.assert(
      fc.property(fc.array(entry), (entries) => {
        const summary = summarizeLedger(entries);
        expect(summary.available).toBeLessThanOrEqual(summary.lifetime);
        expect(summary.lifetime).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('formats signed points', () => {
    expect(formatSignedPoints(1234)).toBe('+1,234');
    expect(formatSignedPoints(-500)).toBe('-500');
    expect(formatSignedPoints(0)).toBe('0');
  });
});
