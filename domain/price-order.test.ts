import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redemptionRateOf } from './loyalty';
import { priceOrder, taxOn, type DiscountTerms } from './price-order';

/** SPEC §9's code as its seeded row's terms (domain/discount.ts SEED_DISCOUNT). */
const JESUS: DiscountTerms = { code: 'JESUS', kind: 'percent', value: 10 };

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
      shippingDiscountCents: 0,
      totalCents: 3599,
      pointsEarned: 3599,
      taxableCents: 0,
      taxCents: 0,
      shippingTaxCents: 0,
      amountDueCents: 3599,
      lines: [{ subtotalCents: 3000, discountCents: 0, pointsDiscountCents: 0, netCents: 3000, taxCents: 0 }],
    });
  });

  it('pays shipping at exactly $50.00 and ships free at $50.01', () => {
    expect(priceOrder({ lines: [{ unitPriceCents: 5000, quantity: 1 }] }).shippingCents).toBe(599);
    expect(priceOrder({ lines: [{ unitPriceCents: 5001, quantity: 1 }] }).shippingCents).toBe(0);
  });

  it('decides shipping on the subtotal before the coupon', () => {
    const totals = priceOrder({ lines: [{ unitPriceCents: 5500, quantity: 1 }], discount: JESUS });
    expect(totals.discountCents).toBe(550);
    expect(totals.shippingCents).toBe(0);
    expect(totals.totalCents).toBe(4950);
    expect(totals.pointsEarned).toBe(4950);
  });

  it('applies JESUS: (subtotal less discount) plus shipping (SPEC §9)', () => {
    const totals = priceOrder({ lines: [{ unitPriceCents: 1999, quantity: 1 }], discount: JESUS });
    expect(totals.discountCents).toBe(200);
    expect(totals.totalCents).toBe(1999 - 200 + 599);
  });

  it('rounds half-cent coupon discounts up', () => {
    expect(priceOrder({ lines: [{ unitPriceCents: 1995, quantity: 1 }], discount: JESUS }).discountCents).toBe(200);
    expect(priceOrder({ lines: [{ unitPriceCents: 1994, quantity: 1 }], discount: JESUS }).discountCents).toBe(199);
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
      shippingDiscountCents: 0,
      totalCents: 0,
      pointsEarned: 0,
      taxableCents: 0,
      taxCents: 0,
      shippingTaxCents: 0,
      amountDueCents: 0,
      lines: [],
    });
    expect(priceOrder({ lines: [], discount: JESUS, pointsToRedeem: 500 }).totalCents).toBe(0);
  });

  it('redeems points in steps of 100, capped at the subtotal after the coupon', () => {
    const lines = [{ unitPriceCents: 2000, quantity: 1 }];
    expect(priceOrder({ lines, pointsToRedeem: 250, pointsBalance: 10_000, redemptionRate: STEP_100 })).toMatchObject({
      pointsRedeemed: 200,
      pointsDiscountCents: 200,
      totalCents: 2000 - 200 + 599,
    });
    expect(priceOrder({ lines, discount: JESUS, pointsToRedeem: 100_000, pointsBalance: 100_000, redemptionRate: STEP_100 })).toMatchObject({
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
        fc.constantFrom<DiscountTerms | null>(
          null,
          JESUS,
          { code: 'FAIR5', kind: 'fixed', value: 500 },
          { code: 'FREESHIP', kind: 'free-shipping', value: 0 },
        ),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (lines, discount, pointsToRedeem, pointsBalance) => {
          const totals = priceOrder({ lines, discount, pointsToRedeem, pointsBalance });
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
    expect(priceOrder({ lines, discount: JESUS, pointsBalance: 99_999, redemptionRate: STEP_100 }).redeemablePoints).toBe(1800);
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

  it('takes nothing off without terms', () => {
    expect(priceOrder({ lines, discount: null })).toMatchObject({ couponCode: null, discountCents: 0 });
    expect(priceOrder({ lines, discount: JESUS })).toMatchObject({ couponCode: 'JESUS', discountCents: 200 });
  });
});

describe('priceOrder with discount terms', () => {
  const tee = { unitPriceCents: 1500, quantity: 1, category: 't-shirts' };
  const hoodie = { unitPriceCents: 4999, quantity: 1, category: 'hoodies' };

  it('takes a fixed amount off the merchandise, never more than it', () => {
    const fair = { code: 'FAIR5', kind: 'fixed', value: 500 } as const;
    expect(priceOrder({ lines: [tee, tee], discount: fair })).toMatchObject({
      discountCents: 500,
      couponCode: 'FAIR5',
      totalCents: 3000 - 500 + 599,
    });
    expect(priceOrder({ lines: [{ ...tee, unitPriceCents: 300 }], discount: fair })).toMatchObject({
      discountCents: 300,
      totalCents: 599,
    });
  });

  it('waives shipping with a free-shipping code and reports what it waived', () => {
    const price = priceOrder({ lines: [tee], discount: { code: 'FREESHIP', kind: 'free-shipping', value: 0 } });
    expect(price).toMatchObject({ couponCode: 'FREESHIP', discountCents: 0, shippingCents: 0, shippingDiscountCents: 599, totalCents: 1500 });
    const overFifty = priceOrder({ lines: [hoodie, tee], discount: { code: 'FREESHIP', kind: 'free-shipping', value: 0 } });
    expect(overFifty).toMatchObject({ shippingCents: 0, shippingDiscountCents: 0 });
  });

  it('takes a percentage of the covered categories only, and shares it over those lines', () => {
    const price = priceOrder({
      lines: [tee, hoodie],
      discount: { code: 'TEES20', kind: 'percent', value: 20, categories: ['t-shirts'] },
    });
    expect(price.discountCents).toBe(300);
    expect(price.lines.map((line) => line.discountCents)).toEqual([300, 0]);
  });

  it('gives nothing, and names no code, when no line is covered', () => {
    const price = priceOrder({ lines: [hoodie], discount: { code: 'TEES20', kind: 'percent', value: 20, categories: ['t-shirts'] } });
    expect(price).toMatchObject({ discountCents: 0, couponCode: null });
  });

  it('takes 100% at most, and never a negative percentage', () => {
    expect(priceOrder({ lines: [tee], discount: { code: 'ALL', kind: 'percent', value: 100 } }).discountCents).toBe(1500);
    expect(priceOrder({ lines: [tee], discount: { code: 'X', kind: 'percent', value: 150 } }).discountCents).toBe(1500);
    expect(priceOrder({ lines: [tee], discount: { code: 'X', kind: 'percent', value: -5 } }).discountCents).toBe(0);
    expect(priceOrder({ lines: [tee], discount: JESUS }).discountCents).toBe(150);
  });
});

describe('priceOrder with tax', () => {
  const indiana = { rateMilli: 7000, shippingTaxed: true };
  const tee = { unitPriceCents: 1500, quantity: 1 };

  it('taxes a $15 tee shipped to Indiana with its delivery: 7% of $20.99 is $1.47', () => {
    expect(priceOrder({ lines: [tee], tax: indiana })).toMatchObject({
      totalCents: 2099,
      taxableCents: 2099,
      taxCents: 147,
      shippingTaxCents: 42,
      amountDueCents: 2246,
      pointsEarned: 2099,
      lines: [{ netCents: 1500, taxCents: 105 }],
    });
  });

  it('leaves shipping untaxed where the place does not tax it, and charges no tax without terms', () => {
    expect(priceOrder({ lines: [tee], tax: { rateMilli: 7000, shippingTaxed: false } })).toMatchObject({
      taxableCents: 1500,
      taxCents: 105,
      shippingTaxCents: 0,
      amountDueCents: 2204,
    });
    expect(priceOrder({ lines: [tee] })).toMatchObject({ taxCents: 0, taxableCents: 0, amountDueCents: 2099 });
    expect(priceOrder({ lines: [tee], tax: { rateMilli: 0, shippingTaxed: true } })).toMatchObject({ taxCents: 0, amountDueCents: 2099 });
  });

  it('taxes what is left after the code and the points, rounding halves up', () => {
    const price = priceOrder({
      lines: [{ unitPriceCents: 5500, quantity: 1 }],
      discount: JESUS,
      pointsToRedeem: 2000,
      pointsBalance: 2000,
      tax: { rateMilli: 5750, shippingTaxed: true },
    });
    // 5500 - 550 - 100 + 0 shipping = 4850; 5.75% = 278.875 -> 279
    expect(price).toMatchObject({ totalCents: 4850, taxableCents: 4850, taxCents: 279, amountDueCents: 5129 });
    expect(taxOn(10, 5000)).toBe(1); // 0.5 cent rounds up
    expect(taxOn(9, 5000)).toBe(0); // 0.45 cent rounds down
  });

  it('refuses a rate outside 0..20%', () => {
    expect(() => priceOrder({ lines: [tee], tax: { rateMilli: 20_001, shippingTaxed: true } })).toThrow(RangeError);
    expect(() => priceOrder({ lines: [tee], tax: { rateMilli: -1, shippingTaxed: true } })).toThrow(RangeError);
    expect(() => priceOrder({ lines: [tee], tax: { rateMilli: 7000.5, shippingTaxed: true } })).toThrow(RangeError);
  });

  const line = fc.record({
    unitPriceCents: fc.integer({ min: 0, max: 100_000 }),
    quantity: fc.integer({ min: 0, max: 20 }),
    category: fc.constantFrom('t-shirts', 'hoodies', 'accessories'),
  });
  const discount = fc.option(
    fc.oneof(
      fc.record({ code: fc.constant('P'), kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 100 }), categories: fc.option(fc.subarray(['t-shirts', 'hoodies', 'accessories'])) }),
      fc.record({ code: fc.constant('F'), kind: fc.constant('fixed' as const), value: fc.integer({ min: 1, max: 100_000 }) }),
      fc.record({ code: fc.constant('S'), kind: fc.constant('free-shipping' as const), value: fc.constant(0) }),
    ),
  );

  it('shares discount, points and tax over the lines adding up exactly, for any order', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 12 }),
        discount,
        fc.integer({ min: 0, max: 200_000 }),
        fc.option(fc.record({ rateMilli: fc.integer({ min: 0, max: 20_000 }), shippingTaxed: fc.boolean() })),
        (lines, terms, points, tax) => {
          const price = priceOrder({ lines, discount: terms, pointsToRedeem: points, pointsBalance: points, tax, redemptionRate: STEP_100 });
          const sum = (pick: (l: (typeof price.lines)[number]) => number) => price.lines.reduce((s, l) => s + pick(l), 0);
          expect(sum((l) => l.discountCents)).toBe(price.discountCents);
          expect(sum((l) => l.pointsDiscountCents)).toBe(price.pointsDiscountCents);
          expect(sum((l) => l.taxCents) + price.shippingTaxCents).toBe(price.taxCents);
          expect(sum((l) => l.netCents)).toBe(price.subtotalCents - price.discountCents - price.pointsDiscountCents);
          price.lines.forEach((l) => expect(l.netCents).toBeGreaterThanOrEqual(0));
          expect(price.discountCents).toBeLessThanOrEqual(price.subtotalCents);
          expect(price.totalCents).toBe(price.subtotalCents - price.discountCents - price.pointsDiscountCents + price.shippingCents);
          expect(price.amountDueCents).toBe(price.totalCents + price.taxCents);
          expect(price.pointsEarned).toBe(price.totalCents);
          const taxable = tax ? price.totalCents - (tax.shippingTaxed ? 0 : price.shippingCents) : 0;
          expect(price.taxableCents).toBe(taxable);
          expect(price.taxCents).toBe(tax ? Math.floor((taxable * tax.rateMilli + 50_000) / 100_000) : 0);
        },
      ),
    );
  });
});
