import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DONATION_CUSTOM_INPUT,
  DONATION_MAX_CENTS,
  DONATION_MIN_CENTS,
  DONATION_PRESETS,
  DonationRequestSchema,
  isDonationPreset,
  validateDonationAmount,
} from './donation';

const presetMessage = 'Please enter a donation amount of at least $1.';
const customMessage = 'Please enter a valid donation amount of at least $1.';
const limitMessage = 'Donations are limited to $10,000.00 per gift.';

describe('donation constants (SPEC §9)', () => {
  it('offers the spec presets and input attributes', () => {
    expect(DONATION_PRESETS).toEqual([10, 25, 50, 100, 250]);
    expect(DONATION_CUSTOM_INPUT).toEqual({ min: 1, step: 0.01 });
    expect(DONATION_MIN_CENTS).toBe(100);
    expect(DONATION_MAX_CENTS).toBe(1_000_000);
    expect(isDonationPreset(25)).toBe(true);
    expect(isDonationPreset(30)).toBe(false);
  });
});

describe('validateDonationAmount (SPEC §5, §8)', () => {
  it('accepts every preset', () => {
    for (const preset of DONATION_PRESETS) {
      expect(validateDonationAmount(preset, 'preset')).toEqual({ ok: true, cents: preset * 100 });
    }
  });

  it('accepts custom amounts with up to two decimals', () => {
    expect(validateDonationAmount('1', 'custom')).toEqual({ ok: true, cents: 100 });
    expect(validateDonationAmount('12.5', 'custom')).toEqual({ ok: true, cents: 1250 });
    expect(validateDonationAmount(' $12.34 ', 'custom')).toEqual({ ok: true, cents: 1234 });
    expect(validateDonationAmount(19.99, 'custom')).toEqual({ ok: true, cents: 1999 });
    expect(validateDonationAmount('10000', 'custom')).toEqual({ ok: true, cents: 1_000_000 });
  });

  it('refuses below $1 with the message of the path', () => {
    expect(validateDonationAmount(0.99, 'preset')).toEqual({
      ok: false,
      title: 'Invalid Amount',
      message: presetMessage,
    });
    expect(validateDonationAmount('0.99', 'custom')).toEqual({
      ok: false,
      title: 'Invalid Amount',
      message: customMessage,
    });
    expect(validateDonationAmount(0, 'preset')).toMatchObject({ message: presetMessage });
  });

  it('refuses non-numeric, empty, negative and over-precise input with the custom message', () => {
    for (const input of ['', '  ', 'ten', '5.001', '-5', 'NaN']) {
      expect(validateDonationAmount(input, 'custom')).toMatchObject({ ok: false, message: customMessage });
    }
    expect(validateDonationAmount(5.001, 'custom')).toMatchObject({ ok: false, message: customMessage });
    expect(validateDonationAmount(Number.NaN, 'preset')).toMatchObject({ ok: false, message: customMessage });
    expect(validateDonationAmount(-10, 'custom')).toMatchObject({ ok: false, message: customMessage });
  });

  it('refuses more than $10,000.00 with a clear message', () => {
    expect(validateDonationAmount('10000.01', 'custom')).toEqual({
      ok: false,
      title: 'Invalid Amount',
      message: limitMessage,
    });
    expect(validateDonationAmount(1e6, 'custom')).toMatchObject({ message: limitMessage });
  });

  it('accepts exactly the whole cents from $1.00 to $10,000.00', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000 }), (cents) => {
        const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        const result = validateDonationAmount(text, 'custom');
        expect(result.ok).toBe(cents >= 100 && cents <= 1_000_000);
        if (result.ok) expect(result.cents).toBe(cents);
        const asNumber = validateDonationAmount(cents / 100, 'custom');
        expect(asNumber.ok).toBe(result.ok);
      }),
    );
  });
});

describe('DonationRequestSchema', () => {
  it('accepts integer cents from 100 to 1,000,000', () => {
    expect(DonationRequestSchema.parse({ amountCents: 100 })).toEqual({ amountCents: 100 });
    expect(DonationRequestSchema.parse({ amountCents: 1_000_000, extra: 1 })).toEqual({ amountCents: 1_000_000 });
  });

  it('refuses anything else', () => {
    for (const amountCents of [99, 1_000_001, 150.5, '500', null, Number.NaN]) {
      expect(DonationRequestSchema.safeParse({ amountCents }).success).toBe(false);
    }
    expect(DonationRequestSchema.safeParse({}).success).toBe(false);
  });

  it('explains a too-large amount', () => {
    const result = DonationRequestSchema.safeParse({ amountCents: 2_000_000 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(limitMessage);
  });
});
