import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceOrder, taxForOrder } from './price-order';
import { validateShippingAddress } from './shipping-address';
import {
  DEMO_TAX_RATES,
  findTaxRate,
  formatTaxRate,
  parseTaxRateInput,
  refundedTaxCents,
  TAX_RATE_ERRORS,
  taxLabel,
  taxPlaceName,
  taxTermsOf,
  type TaxRateRow,
} from './tax';

const indiana: TaxRateRow = { country: 'US', region: 'IN', rateMilli: 7000, shippingTaxed: true };
const ohio: TaxRateRow = { country: 'US', region: 'OH', rateMilli: 5750, shippingTaxed: true };
const britain: TaxRateRow = { country: 'GB', region: '', rateMilli: 20000, shippingTaxed: false };

describe('the tax table rows', () => {
  it('reads rates with up to three decimals, 0 to 20 percent', () => {
    const row = (rate: unknown) => parseTaxRateInput({ country: 'US', region: 'oh', rate, shippingTaxed: true });
    expect(row('5.75')).toEqual({
      ok: true,
      row: { country: 'US', region: 'OH', rateMilli: 5750, shippingTaxed: true },
    });
    expect(row('7.125%')).toMatchObject({ ok: true, row: { rateMilli: 7125 } });
    expect(row(7)).toMatchObject({ ok: true, row: { rateMilli: 7000 } });
    expect(row('0')).toMatchObject({ ok: true, row: { rateMilli: 0 } });
    expect(row('20')).toMatchObject({ ok: true, row: { rateMilli: 20000 } });
    for (const bad of ['20.001', '21', '-1', '7.1234', 'seven', '', null, Number.NaN, '1e1']) {
      expect(row(bad)).toEqual({ ok: false, field: 'rate', message: TAX_RATE_ERRORS.rate });
    }
  });

  it('names the field of a bad place: unknown US state, country not shipped to, odd region', () => {
    expect(parseTaxRateInput({ country: 'US', region: 'XX', rate: '5', shippingTaxed: true })).toEqual({
      ok: false,
      field: 'region',
      message: TAX_RATE_ERRORS.regionUs,
    });
    expect(parseTaxRateInput({ country: 'US', region: 'Ohio', rate: '5', shippingTaxed: true })).toMatchObject({
      ok: true,
      row: { region: 'OH' },
    });
    expect(parseTaxRateInput({ country: 'ZZ', region: '', rate: '5', shippingTaxed: true })).toMatchObject({
      field: 'country',
    });
    expect(parseTaxRateInput({ country: 'CA', region: 'Quebec!', rate: '5', shippingTaxed: true })).toMatchObject({
      field: 'region',
    });
    expect(parseTaxRateInput({ country: 'GB', rate: '20', shippingTaxed: 'yes' })).toMatchObject({
      field: 'shippingTaxed',
    });
    expect(parseTaxRateInput({ country: 'GB', rate: '20', shippingTaxed: false })).toMatchObject({
      ok: true,
      row: { region: '' },
    });
  });

  it('writes rates and places as people read them', () => {
    expect(formatTaxRate(7000)).toBe('7%');
    expect(formatTaxRate(5750)).toBe('5.75%');
    expect(formatTaxRate(7125)).toBe('7.125%');
    expect(formatTaxRate(0)).toBe('0%');
    expect(taxLabel({ country: 'US', region: 'IN' }, 7000)).toBe('Sales tax (IN 7%)');
    expect(taxLabel({ country: 'GB', region: null }, 20000)).toBe('Sales tax (GB 20%)');
    expect(taxPlaceName({ country: 'US', region: 'IN' })).toBe('Indiana (US-IN)');
    expect(taxPlaceName({ country: 'GB', region: null })).toBe('United Kingdom (GB)');
  });

  it('starts the demo shop with Indiana at 7%, shipping taxed', () => {
    expect(DEMO_TAX_RATES).toEqual([indiana]);
  });
});

describe('findTaxRate', () => {
  const table = [indiana, ohio, britain];
  it('finds the state, else the whole country; places not in the table pay none', () => {
    expect(findTaxRate(table, { country: 'US', region: 'IN' })).toBe(indiana);
    expect(findTaxRate(table, { country: 'US', region: 'indiana' })).toBe(indiana);
    expect(findTaxRate(table, { country: 'US', region: 'OR' })).toBeNull();
    expect(findTaxRate(table, { country: 'GB', region: 'London' })).toBe(britain);
    expect(findTaxRate(table, { country: 'CA', region: 'ON' })).toBeNull();
  });

  it('gives no terms for a zero-rate place', () => {
    expect(taxTermsOf({ ...ohio, rateMilli: 0 })).toBeNull();
    expect(taxTermsOf(null)).toBeNull();
    expect(taxTermsOf(ohio)).toEqual({ rateMilli: 5750, shippingTaxed: true });
  });
});

describe('taxForOrder (the tax step of priceOrder)', () => {
  it('is the tax priceOrder adds, for any lines, code, points and place', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ unitPriceCents: fc.integer({ min: 1, max: 20_000 }), quantity: fc.integer({ min: 1, max: 5 }) }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        fc.integer({ min: 0, max: 20_000 }),
        fc.boolean(),
        fc.option(fc.constant({ code: 'JESUS', kind: 'percent', value: 10 } as const), { nil: null }),
        fc.integer({ min: 0, max: 3000 }),
        (lines, rateMilli, shippingTaxed, discount, points) => {
          const tax = { rateMilli, shippingTaxed };
          const priced = priceOrder({ lines, discount, pointsToRedeem: points, pointsBalance: points, tax });
          const alone = taxForOrder({
            lineNetCents: priced.lines.map((line) => line.netCents),
            shippingCents: priced.shippingCents,
            tax,
          });
          expect(alone.taxCents).toBe(priced.taxCents);
          expect(alone.shippingTaxCents).toBe(priced.shippingTaxCents);
          expect(alone.lineTaxCents).toEqual(priced.lines.map((line) => line.taxCents));
          // The shares add up exactly, and shipping carries tax only where it is taxed.
          expect(alone.lineTaxCents.reduce((sum, cents) => sum + cents, 0) + alone.shippingTaxCents).toBe(
            alone.taxCents,
          );
          if (!shippingTaxed) expect(alone.shippingTaxCents).toBe(0);
          // Points are earned on SPEC's total, never on the tax.
          expect(priced.pointsEarned).toBe(
            priceOrder({ lines, discount, pointsToRedeem: points, pointsBalance: points }).pointsEarned,
          );
          expect(priced.amountDueCents).toBe(priced.totalCents + priced.taxCents);
        },
      ),
    );
  });

  it('rounds halves up and shares 7% of three lines and shipping exactly', () => {
    // 3 x $3.33 + $5.99 shipping: 7% of $15.98 = 111.86 -> 112 cents.
    const result = taxForOrder({
      lineNetCents: [333, 333, 333],
      shippingCents: 599,
      tax: { rateMilli: 7000, shippingTaxed: true },
    });
    expect(result).toEqual({ taxableCents: 1598, taxCents: 112, shippingTaxCents: 42, lineTaxCents: [24, 23, 23] });
    // 5.75% of $10.00 = 57.5 -> 58 (half up).
    expect(
      taxForOrder({ lineNetCents: [1000], shippingCents: 0, tax: { rateMilli: 5750, shippingTaxed: false } }).taxCents,
    ).toBe(58);
  });
});

describe('refundedTaxCents', () => {
  it('returns tax in proportion to what is refunded, all of it on a full refund', () => {
    expect(refundedTaxCents({ refundedCents: 2246, chargedCents: 2246, taxCents: 147 })).toBe(147);
    expect(refundedTaxCents({ refundedCents: 1123, chargedCents: 2246, taxCents: 147 })).toBe(74);
    expect(refundedTaxCents({ refundedCents: 0, chargedCents: 2246, taxCents: 147 })).toBe(0);
    expect(refundedTaxCents({ refundedCents: 5000, chargedCents: 2246, taxCents: 147 })).toBe(147);
    expect(refundedTaxCents({ refundedCents: 100, chargedCents: 2099, taxCents: 0 })).toBe(0);
  });
});

describe('shipping address states (issue 25: the state decides the tax)', () => {
  const address = { name: 'Ruth', line1: '1 Main St', city: 'Indianapolis', postalCode: '46204', country: 'US' };
  it('keeps a US state by its code and refuses one the US does not have', () => {
    expect(validateShippingAddress({ ...address, region: 'indiana' })).toMatchObject({
      ok: true,
      address: { region: 'IN' },
    });
    expect(validateShippingAddress({ ...address, region: 'in' })).toMatchObject({
      ok: true,
      address: { region: 'IN' },
    });
    expect(validateShippingAddress({ ...address, region: 'Atlantis' })).toMatchObject({
      ok: false,
      errors: { region: 'Enter a US state, such as IN or Indiana' },
    });
  });
});
