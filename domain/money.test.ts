import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  formatCountOf,
  centsToDecimalString,
  centsToDollars,
  dollarsToCents,
  formatCents,
  formatCount,
  isCents,
  parsePriceToCents,
  percentOf,
  roundHalfAwayFromZero,
} from './money';

describe('parsePriceToCents', () => {
  it.each([
    ['$25.00', 2500],
    ['25', 2500],
    ['25.5', 2550],
    [' $1,234.56 ', 123456],
    ['28.0', 2800],
    ['0', 0],
    ['0.01', 1],
    ['.5', 50],
    ['$ 15', 1500],
    ['1,000,000.00', 100000000],
  ])('parses %j to %i cents', (input, cents) => {
    expect(parsePriceToCents(input)).toBe(cents);
  });

  it.each([
    '',
    '   ',
    '$',
    '.',
    'abc',
    '25.505',
    '1.001',
    '-5',
    '-$5',
    '$-5',
    '1,23',
    '12,34.00',
    '1e3',
    '25.',
    'NaN',
    '0x10',
    '25 dollars',
  ])('rejects %j', (input) => {
    expect(parsePriceToCents(input)).toBeNull();
  });

  it('parses numbers as dollars and rounds to the cent', () => {
    expect(parsePriceToCents(25.5)).toBe(2550);
    expect(parsePriceToCents(19.99)).toBe(1999);
    expect(parsePriceToCents(0)).toBe(0);
    expect(Object.is(parsePriceToCents(-0), 0)).toBe(true);
    expect(parsePriceToCents(1.005)).toBe(101);
  });

  it('rejects negative and non-finite numbers', () => {
    expect(parsePriceToCents(-1)).toBeNull();
    expect(parsePriceToCents(-0.01)).toBeNull();
    expect(parsePriceToCents(Number.NaN)).toBeNull();
    expect(parsePriceToCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parsePriceToCents(1e300)).toBeNull();
  });

  it('rejects strings too large for safe integer cents', () => {
    expect(parsePriceToCents('99999999999999999999')).toBeNull();
  });
});

describe('formatCents', () => {
  it('formats en-US dollars', () => {
    expect(formatCents(2500)).toBe('$25.00');
    expect(formatCents(-150)).toBe('-$1.50');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(-0)).toBe('$0.00');
    expect(formatCents(1)).toBe('$0.01');
  });

  it('writes what Intl en-US USD writes, for any safe integer of cents', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const cents of [99, 100, 99_999, 100_000, 99_999_999, 100_000_000, -100_000_000, 123_456_789_012]) {
      expect(formatCents(cents)).toBe(intl.format(cents / 100));
    }
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(formatCents(cents)).toBe(intl.format(cents / 100 + 0));
      }),
    );
    // Above 2^53 cents Intl's answer is the only one there is.
    expect(formatCents(Number.MAX_SAFE_INTEGER * 4)).toBe(intl.format((Number.MAX_SAFE_INTEGER * 4) / 100));
    expect(formatCents(12.5)).toBe(intl.format(0.125));
  });

  it('starts no Intl formatter for whole cents (ICU costs a page ~45 ms to load)', async () => {
    vi.resetModules();
    const spy = vi.spyOn(Intl, 'NumberFormat');
    try {
      const fresh = await import('./money');
      expect(fresh.formatCents(123456)).toBe('$1,234.56');
      expect(fresh.formatCentsCompact(5000)).toBe('$50');
      expect(fresh.formatCount(1234567)).toBe('1,234,567');
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('round-trips with parsePriceToCents for any cents 0..10^9', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (cents) => {
        expect(parsePriceToCents(formatCents(cents))).toBe(cents);
      }),
    );
  });
});

describe('formatCount', () => {
  it('groups digits as toLocaleString en-US does', () => {
    expect(formatCount(-0)).toBe('0'); // toLocaleString writes '-0'
    for (const n of [0, 7, 999, 1000, -1000, 12_345, 1_000_000, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
    expect(formatCount(1234.5)).toBe((1234.5).toLocaleString('en-US'));
  });
});

describe('centsToDecimalString', () => {
  it('writes two decimals without symbol or separators', () => {
    expect(centsToDecimalString(2500)).toBe('25.00');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(centsToDecimalString(-150)).toBe('-1.50');
    expect(centsToDecimalString(123456)).toBe('1234.56');
  });

  it('rejects fractional cents', () => {
    expect(() => centsToDecimalString(1.5)).toThrow(RangeError);
  });

  it('round-trips with parsePriceToCents and agrees with centsToDollars', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (cents) => {
        const text = centsToDecimalString(cents);
        expect(parsePriceToCents(text)).toBe(cents);
        expect(Number(text)).toBe(centsToDollars(cents));
      }),
    );
  });
});

describe('dollarsToCents', () => {
  it('is safe against binary noise', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(2.675)).toBe(268);
    expect(dollarsToCents(0.285)).toBe(29);
    expect(dollarsToCents(47.99)).toBe(4799);
  });

  it('rounds half away from zero', () => {
    expect(dollarsToCents(0.005)).toBe(1);
    expect(dollarsToCents(0.004)).toBe(0);
    expect(dollarsToCents(-0.005)).toBe(-1);
    expect(dollarsToCents(-1.5)).toBe(-150);
  });

  it('throws for non-finite or unsafe amounts', () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => dollarsToCents(1e20)).toThrow(RangeError);
  });

  it('inverts centsToDollars for any integer cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
    );
  });

  it('always returns integer cents within half a cent of the amount', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (dollars) => {
        const cents = dollarsToCents(dollars);
        expect(Number.isInteger(cents)).toBe(true);
        expect(Math.abs(cents - dollars * 100)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });
});

describe('roundHalfAwayFromZero', () => {
  it('rounds halves away from zero', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(2.4999)).toBe(2);
    expect(Object.is(roundHalfAwayFromZero(-0.4), 0)).toBe(true);
  });

  it('throws for NaN', () => {
    expect(() => roundHalfAwayFromZero(Number.NaN)).toThrow(RangeError);
  });
});

describe('percentOf', () => {
  it('rounds to the nearest cent, halves up', () => {
    expect(percentOf(2345, 0.1)).toBe(235);
    expect(percentOf(2344, 0.1)).toBe(234);
    expect(percentOf(5, 0.1)).toBe(1);
    expect(percentOf(4, 0.1)).toBe(0);
    expect(percentOf(35, 0.1)).toBe(4);
    expect(percentOf(1000, 0)).toBe(0);
    expect(percentOf(1000, 1)).toBe(1000);
    expect(percentOf(0, 0.1)).toBe(0);
  });

  it('never exceeds the amount for fractions 0..1', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (cents, fraction) => {
          const part = percentOf(cents, fraction);
          expect(Number.isInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(0);
          expect(part).toBeLessThanOrEqual(cents);
        },
      ),
    );
  });
});

describe('isCents', () => {
  it('accepts safe integers only', () => {
    expect(isCents(0)).toBe(true);
    expect(isCents(-5)).toBe(true);
    expect(isCents(1.5)).toBe(false);
    expect(isCents('5')).toBe(false);
    expect(isCents(Number.NaN)).toBe(false);
  });
});

describe('formatCountOf', () => {
  it('says one thing in the singular, any other count in the plural, grouped', () => {
    expect(formatCountOf(1, 'use')).toBe('1 use');
    expect(formatCountOf(0, 'use')).toBe('0 uses');
    expect(formatCountOf(1200, 'paid order')).toBe('1,200 paid orders');
    expect(formatCountOf(3, 'category', 'categories')).toBe('3 categories');
  });
});
