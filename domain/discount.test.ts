import { describe, expect, it } from 'vitest';
import {
  checkDiscount,
  couponAppliedDescription,
  describeConditions,
  discountLabel,
  discountState,
  formatShopDay,
  instantToShopTime,
  normalizeDiscountEmail,
  SEED_DISCOUNT,
  shopTimeToInstant,
  type DiscountCode,
  type DiscountContext,
} from './discount';
import { validateDiscountInput } from './discount-form';
import { priceOrder } from './price-order';

const code = (overrides: Partial<DiscountCode> = {}): DiscountCode => ({
  code: 'FAIR5',
  description: '',
  kind: 'fixed',
  value: 500,
  minSubtotalCents: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  newCustomersOnly: false,
  categories: [],
  isActive: true,
  timesUsed: 0,
  ...overrides,
});

const tee = { unitPriceCents: 1500, quantity: 1, category: 't-shirts' };
const hoodie = { unitPriceCents: 4999, quantity: 1, category: 'hoodies' };
const context = (overrides: Partial<DiscountContext> = {}): DiscountContext => ({
  now: new Date('2026-12-05T15:00:00Z'),
  lines: [tee, tee],
  identified: true,
  customerUses: 0,
  hasPaidOrder: false,
  ...overrides,
});

describe('the shop time zone (America/Indiana/Indianapolis)', () => {
  it('reads wall-clock times as instants in winter (UTC-5) and summer (UTC-4)', () => {
    expect(shopTimeToInstant('2026-12-01T00:00')?.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(shopTimeToInstant('2026-07-04T12:30')?.toISOString()).toBe('2026-07-04T16:30:00.000Z');
    // The autumn change: 01:30 happens twice; the spring change: 02:30 does not exist.
    expect(shopTimeToInstant('2026-11-01T01:30')).not.toBeNull();
    expect(shopTimeToInstant('2026-03-08T02:30')).not.toBeNull();
  });

  it('refuses what is not a date and time', () => {
    for (const bad of ['', '2026-02-30T10:00', '2026-13-01T00:00', '2026-12-01', 'tomorrow', '2026-12-01T24:00']) {
      expect(shopTimeToInstant(bad), bad).toBeNull();
    }
  });

  it('shows instants on the shop clock, round trip', () => {
    expect(instantToShopTime(new Date('2026-12-01T05:00:00Z'))).toBe('2026-12-01T00:00');
    expect(instantToShopTime(shopTimeToInstant('2026-07-04T09:15')!)).toBe('2026-07-04T09:15');
    // 3 AM UTC on Dec 1 is still Nov 30 in Indianapolis.
    expect(formatShopDay(new Date('2026-12-01T03:00:00Z'))).toBe('Nov 30');
    expect(formatShopDay(new Date('2026-12-01T05:00:00Z'))).toBe('Dec 1');
  });
});

describe('discountState', () => {
  const now = new Date('2026-12-05T15:00:00Z');
  it('is off, expired, used up, scheduled or active, in that order', () => {
    expect(discountState(code({ isActive: false, endsAt: new Date(0) }), now)).toBe('off');
    expect(discountState(code({ endsAt: now }), now)).toBe('expired');
    expect(discountState(code({ endsAt: new Date(now.getTime() + 1) }), now)).toBe('active');
    expect(discountState(code({ usageLimit: 5, timesUsed: 5 }), now)).toBe('used-up');
    expect(discountState(code({ usageLimit: 5, timesUsed: 4 }), now)).toBe('active');
    expect(discountState(code({ startsAt: new Date(now.getTime() + 1) }), now)).toBe('scheduled');
    expect(discountState(code({ startsAt: now }), now)).toBe('active');
  });
});

describe('checkDiscount: each condition and its sentence (issue 26)', () => {
  it('applies a code without conditions, with terms priceOrder takes', () => {
    const result = checkDiscount(code(), context());
    expect(result).toEqual({ ok: true, terms: { code: 'FAIR5', kind: 'fixed', value: 500, categories: null } });
    if (result.ok) expect(priceOrder({ lines: [tee, tee], discount: result.terms }).discountCents).toBe(500);
  });

  it('refuses before the start with the day on the shop clock, and from the end on', () => {
    const startsAt = shopTimeToInstant('2026-12-01T00:00')!;
    expect(checkDiscount(code({ startsAt }), context({ now: new Date(startsAt.getTime() - 1) }))).toMatchObject({
      ok: false,
      message: 'This code starts on Dec 1',
    });
    expect(checkDiscount(code({ startsAt }), context({ now: startsAt })).ok).toBe(true);
    const endsAt = shopTimeToInstant('2026-12-07T23:59')!;
    expect(checkDiscount(code({ endsAt }), context({ now: new Date(endsAt.getTime() - 1) })).ok).toBe(true);
    expect(checkDiscount(code({ endsAt }), context({ now: endsAt }))).toMatchObject({
      message: 'This code has expired',
    });
  });

  it('takes a minimum met exactly, and says what is missing below it', () => {
    expect(checkDiscount(code({ minSubtotalCents: 3000 }), context({ lines: [tee, tee] })).ok).toBe(true);
    expect(
      checkDiscount(code({ minSubtotalCents: 3000 }), context({ lines: [{ ...tee, unitPriceCents: 2550 }] })),
    ).toMatchObject({
      ok: false,
      reason: 'minimum',
      message: 'Spend $30.00 or more to use this code (add $4.50 more)',
    });
  });

  it('refuses at the total limit and at the customer limit, and asks for an e-mail first', () => {
    expect(checkDiscount(code({ usageLimit: 100, timesUsed: 99 }), context()).ok).toBe(true);
    expect(checkDiscount(code({ usageLimit: 100, timesUsed: 100 }), context())).toMatchObject({
      message: 'This code has been fully used',
    });
    expect(checkDiscount(code({ perCustomerLimit: 1 }), context({ customerUses: 0 })).ok).toBe(true);
    expect(checkDiscount(code({ perCustomerLimit: 1 }), context({ customerUses: 1 }))).toMatchObject({
      message: 'You have already used this code',
    });
    expect(checkDiscount(code({ perCustomerLimit: 2 }), context({ customerUses: 1 })).ok).toBe(true);
    expect(checkDiscount(code({ perCustomerLimit: 1 }), context({ identified: false }))).toMatchObject({
      message: 'Enter your email to use this code',
    });
  });

  it('keeps first-order codes to shoppers without a paid order', () => {
    expect(checkDiscount(code({ newCustomersOnly: true }), context()).ok).toBe(true);
    expect(checkDiscount(code({ newCustomersOnly: true }), context({ hasPaidOrder: true }))).toMatchObject({
      message: 'This code is for first orders only',
    });
  });

  it('limits to categories: the minimum counts the covered lines; no covered line refuses', () => {
    const hoodies = code({ categories: ['hoodies'], minSubtotalCents: 4000 });
    expect(checkDiscount(hoodies, context({ lines: [tee] }))).toMatchObject({
      message: 'This code is for hoodies only',
    });
    expect(checkDiscount(hoodies, context({ lines: [tee, tee, tee] }))).toMatchObject({ reason: 'categories' });
    expect(checkDiscount(hoodies, context({ lines: [tee, hoodie] })).ok).toBe(true);
  });

  it('says a paused code is not active', () => {
    expect(checkDiscount(code({ isActive: false }), context())).toMatchObject({
      reason: 'off',
      message: 'This code is not active right now',
    });
  });
});

describe('the sentences of SPEC §8, generalised', () => {
  it("keeps JESUS's exact text and words the other kinds", () => {
    expect(
      couponAppliedDescription({ code: SEED_DISCOUNT.code, kind: SEED_DISCOUNT.kind, value: SEED_DISCOUNT.value }),
    ).toBe('JESUS - 10% off your order');
    expect(couponAppliedDescription({ code: 'FAIR5', kind: 'fixed', value: 500 })).toBe('FAIR5 - $5.00 off your order');
    expect(couponAppliedDescription({ code: 'FREESHIP', kind: 'free-shipping', value: 0 })).toBe(
      'FREESHIP - free shipping',
    );
    expect(discountLabel({ kind: 'percent', value: 20, categories: ['hoodies', 'accessories'] })).toBe(
      '20% off hoodies and accessories',
    );
  });

  it('describes conditions for the admin', () => {
    expect(
      describeConditions({
        minSubtotalCents: 3000,
        startsAt: null,
        endsAt: null,
        usageLimit: 100,
        perCustomerLimit: 1,
        newCustomersOnly: true,
        categories: [],
      }),
    ).toBe('Min $30.00 · 100 uses · 1 per customer · First orders only');
  });
});

describe('normalizeDiscountEmail', () => {
  it('counts one person once however they write their address', () => {
    expect(normalizeDiscountEmail(' Grace.Shopper+fair@Gmail.com ')).toBe('graceshopper@gmail.com');
    expect(normalizeDiscountEmail('grace.shopper@googlemail.com')).toBe('graceshopper@gmail.com');
    expect(normalizeDiscountEmail('Grace.Shopper+x@example.org')).toBe('grace.shopper@example.org');
  });
});

describe('validateDiscountInput (every field named)', () => {
  const fair5 = {
    code: ' fair5 ',
    kind: 'fixed',
    value: 500,
    minSubtotalCents: 3000,
    startsAt: '2026-12-05T00:00',
    endsAt: '2026-12-07T23:59',
    usageLimit: 100,
  };

  it('accepts FAIR5 and normalises it', () => {
    const result = validateDiscountInput(fair5);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.values).toMatchObject({
      code: 'FAIR5',
      kind: 'fixed',
      value: 500,
      usageLimit: 100,
      isActive: true,
      categories: [],
    });
    expect(result.values.startsAt?.toISOString()).toBe('2026-12-05T05:00:00.000Z');
  });

  it.each([
    [{ code: 'FAIR 5' }, 'code', 'Code: use 1 to 40 letters, digits and dashes'],
    [{ kind: 'bogo' }, 'kind', 'Kind: choose percentage off, amount off or free shipping'],
    [{ kind: 'percent', value: 101 }, 'value', 'Percentage: a whole number from 1 to 100'],
    [{ kind: 'percent', value: 0 }, 'value', 'Percentage: a whole number from 1 to 100'],
    [{ value: -500 }, 'value', 'Amount off: from $0.01 to $100,000.00'],
    [{ value: 5.5 }, 'value', 'Amount off: from $0.01 to $100,000.00'],
    [{ minSubtotalCents: -1 }, 'minSubtotalCents', 'Minimum subtotal: from $0.00 to $100,000.00'],
    [{ endsAt: '2026-12-04T00:00' }, 'endsAt', 'Ends at: must be after Starts at'],
    [{ startsAt: 'soon' }, 'startsAt', 'Starts at: enter a date and time between 2000 and 2999'],
    // 9999-12-31 23:00 in Indianapolis is year 10000 in UTC, which the database cannot store;
    // year 0050 was read by Date.UTC as 1950.
    [{ endsAt: '9999-12-31T23:00' }, 'endsAt', 'Ends at: enter a date and time between 2000 and 2999'],
    [{ startsAt: '0050-06-01T00:00' }, 'startsAt', 'Starts at: enter a date and time between 2000 and 2999'],
    [{ startsAt: '1999-12-31T23:59' }, 'startsAt', 'Starts at: enter a date and time between 2000 and 2999'],
    [{ usageLimit: 0 }, 'usageLimit', 'Total uses: a whole number from 1 to 1,000,000'],
    [{ perCustomerLimit: -1 }, 'perCustomerLimit', 'Uses per customer: a whole number from 1 to 1,000,000'],
    [{ categories: ['shoes'] }, 'categories', 'Categories: choose from t-shirts, hoodies, accessories'],
    [{ newCustomersOnly: 'yes' }, 'newCustomersOnly', 'New customers only: yes or no'],
  ])('refuses %j naming %s', (change, field, message) => {
    expect(validateDiscountInput({ ...fair5, ...change })).toEqual({ ok: false, field, message });
  });

  it('does not let a limit go below the uses already made', () => {
    expect(validateDiscountInput({ ...fair5, usageLimit: 6 }, { timesUsed: 7 })).toEqual({
      ok: false,
      field: 'usageLimit',
      message: 'Total uses: cannot be below the 7 uses already made',
    });
    expect(validateDiscountInput({ ...fair5, usageLimit: 7 }, { timesUsed: 7 }).ok).toBe(true);
  });

  it('stores 0 as the value of a free-shipping code', () => {
    const result = validateDiscountInput({ code: 'FREESHIP', kind: 'free-shipping', value: 999 });
    expect(result.ok && result.values.value).toBe(0);
  });
});
