import { describe, expect, it } from 'vitest';
import {
  ADDRESS_FIELDS,
  formatAddressLines,
  isAddressFieldRequired,
  SHIPPING_COUNTRIES,
  SHIPPING_COUNTRY_CODES,
  validateShippingAddress,
} from './shipping-address';

const good = {
  name: ' Ruth  Moabite ',
  line1: '7 Field Lane',
  line2: '',
  city: 'Bloomington',
  region: 'IN',
  postalCode: '47401',
  country: 'US',
  phone: '',
};

describe('shipping countries', () => {
  it('lists the US first, each code once', () => {
    expect(SHIPPING_COUNTRIES[0]).toEqual({ code: 'US', name: 'United States' });
    expect(new Set(SHIPPING_COUNTRY_CODES).size).toBe(SHIPPING_COUNTRY_CODES.length);
    for (const code of SHIPPING_COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });
});

describe('validateShippingAddress', () => {
  it('accepts a complete US address, trimmed, with optional fields as null', () => {
    expect(validateShippingAddress(good)).toEqual({
      ok: true,
      address: { name: 'Ruth Moabite', line1: '7 Field Lane', line2: null, city: 'Bloomington', region: 'IN', postalCode: '47401', country: 'US', phone: null },
    });
  });

  it('takes 5-digit ZIPs and ZIP+4, refuses others', () => {
    expect(validateShippingAddress({ ...good, postalCode: '47401-1234' }).ok).toBe(true);
    for (const zip of ['4740', '474011', '47401-12', 'ABCDE', '47401 1234']) {
      expect(validateShippingAddress({ ...good, postalCode: zip })).toEqual({
        ok: false,
        errors: { postalCode: 'Enter a 5-digit ZIP code (or ZIP+4, 12345-6789)' },
      });
    }
  });

  it('names every missing field at once', () => {
    expect(validateShippingAddress({ country: 'US', name: 'x' })).toEqual({
      ok: false,
      errors: {
        line1: 'Enter your address line 1',
        city: 'Enter your city',
        postalCode: 'Enter your postal code',
        region: 'Enter your state',
      },
    });
  });

  it('needs no state and no US ZIP abroad, but a country we ship to', () => {
    expect(validateShippingAddress({ ...good, country: 'GB', region: '', postalCode: 'sw1a 1aa' })).toMatchObject({
      ok: true,
      address: { country: 'GB', region: null, postalCode: 'SW1A 1AA' },
    });
    expect(validateShippingAddress({ ...good, country: 'ZZ' })).toEqual({ ok: false, errors: { country: 'We do not ship to this country' } });
    expect(validateShippingAddress({ ...good, country: '' })).toEqual({ ok: false, errors: { country: 'Choose a country' } });
  });

  it('refuses a malformed phone and over-long fields', () => {
    expect(validateShippingAddress({ ...good, phone: 'call me' })).toEqual({ ok: false, errors: { phone: 'Enter a valid phone number' } });
    expect(validateShippingAddress({ ...good, city: 'x'.repeat(101) })).toEqual({
      ok: false,
      errors: { city: 'City is too long (at most 100 characters)' },
    });
  });

  it('refuses control and direction-override characters in any field, even a name made only of them', () => {
    expect(validateShippingAddress({ ...good, name: 'a\u0001\u001b' })).toEqual({
      ok: false,
      errors: { name: 'Full name has characters that cannot be printed: remove them' },
    });
    expect(validateShippingAddress({ ...good, line1: '1 Main St\u202E', city: 'Indy\u0000' })).toEqual({
      ok: false,
      errors: {
        line1: 'Address line 1 has characters that cannot be printed: remove them',
        city: 'City has characters that cannot be printed: remove them',
      },
    });
    // A tab or a line break is whitespace, folded into one space as before; accents stay.
    expect(validateShippingAddress({ ...good, name: 'José\tNúñez' })).toMatchObject({ ok: true, address: { name: 'José Núñez' } });
  });

  it('refuses a blank address (an order of goods always ships somewhere), naming every required field', () => {
    expect(validateShippingAddress({ country: 'US' })).toEqual({
      ok: false,
      errors: {
        name: 'Enter your full name',
        line1: 'Enter your address line 1',
        city: 'Enter your city',
        region: 'Enter your state',
        postalCode: 'Enter your postal code',
      },
    });
    expect(validateShippingAddress({})).toMatchObject({ ok: false, errors: { country: 'Choose a country' } });
  });

  it('names the required fields as the sandbox page marks them: the state only in the US', () => {
    const required = (country: string) => ADDRESS_FIELDS.filter((field) => isAddressFieldRequired(field, country));
    expect(required('US')).toEqual(['name', 'line1', 'city', 'region', 'postalCode', 'country']);
    expect(required('GB')).toEqual(['name', 'line1', 'city', 'postalCode', 'country']);
  });

  it('ignores values that are not text', () => {
    expect(validateShippingAddress({ ...good, name: 42 as unknown as string }).ok).toBe(false);
  });
});

describe('formatAddressLines', () => {
  it('prints name, street, city line and country', () => {
    const result = validateShippingAddress({ ...good, line2: 'Unit 2' });
    if (!result.ok || !result.address) throw new Error('expected an address');
    expect(formatAddressLines(result.address)).toEqual(['Ruth Moabite', '7 Field Lane', 'Unit 2', 'Bloomington, IN 47401', 'United States']);
  });
});
