/**
 * Shipping addresses (issue 11 item 1): the countries the shop ships to (the US and a
 * worldwide list, kept here only: the Stripe Checkout Session and the sandbox page both read
 * it) and the rules of an address: required fields and US ZIP codes (5 digits or ZIP+4),
 * each problem named per field. Pure: the sandbox page's server action decides with it.
 */
import { hasUnprintable } from './printable';

/** ISO 3166-1 alpha-2 codes with their names, the US first (SPEC §2: "We ship domestically and worldwide"). */
export const SHIPPING_COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'MX', name: 'Mexico' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'IE', name: 'Ireland' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'ES', name: 'Spain' },
  { code: 'IT', name: 'Italy' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'BE', name: 'Belgium' },
  { code: 'CH', name: 'Switzerland' },
  { code: 'AT', name: 'Austria' },
  { code: 'SE', name: 'Sweden' },
  { code: 'NO', name: 'Norway' },
  { code: 'DK', name: 'Denmark' },
  { code: 'FI', name: 'Finland' },
  { code: 'PL', name: 'Poland' },
  { code: 'PT', name: 'Portugal' },
  { code: 'AU', name: 'Australia' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'JP', name: 'Japan' },
  { code: 'KR', name: 'South Korea' },
  { code: 'PH', name: 'Philippines' },
  { code: 'SG', name: 'Singapore' },
  { code: 'IN', name: 'India' },
  { code: 'BR', name: 'Brazil' },
  { code: 'ZA', name: 'South Africa' },
  { code: 'NG', name: 'Nigeria' },
  { code: 'KE', name: 'Kenya' },
] as const;

export type ShippingCountryCode = (typeof SHIPPING_COUNTRIES)[number]['code'];
export const SHIPPING_COUNTRY_CODES: ShippingCountryCode[] = SHIPPING_COUNTRIES.map((country) => country.code);

export function countryName(code: string | null | undefined): string {
  return SHIPPING_COUNTRIES.find((country) => country.code === code)?.name ?? code ?? '';
}

/** The US states and DC by their USPS / ISO 3166-2 codes (Stripe's `state`, without the country prefix). */
export const US_STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;

const US_STATE_BY_KEY = new Map<string, string>(
  US_STATES.flatMap((state) => [
    [state.code, state.code],
    [state.name.toUpperCase(), state.code],
  ]),
);

/** A US state's code from its code or name as typed ('in', 'Indiana' -> 'IN'); null when there is no such state. */
export function usStateCode(raw: string): string | null {
  return US_STATE_BY_KEY.get(raw.trim().replace(/\s+/g, ' ').toUpperCase()) ?? null;
}

export function usStateName(code: string): string | null {
  return US_STATES.find((state) => state.code === code)?.name ?? null;
}

export interface ShippingAddress {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  /** State, province or region; required for the US. */
  region: string | null;
  postalCode: string;
  country: string;
  phone: string | null;
}

export const ADDRESS_FIELDS = ['name', 'line1', 'line2', 'city', 'region', 'postalCode', 'country', 'phone'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The label of each field, the same on the sandbox page and in its messages. */
export const ADDRESS_LABELS: Record<AddressField, string> = {
  name: 'Full name',
  line1: 'Address line 1',
  line2: 'Address line 2',
  city: 'City',
  region: 'State / Region',
  postalCode: 'Postal code',
  country: 'Country',
  phone: 'Phone',
};

const MAX_LENGTH: Record<AddressField, number> = {
  name: 100,
  line1: 200,
  line2: 200,
  city: 100,
  region: 100,
  postalCode: 20,
  country: 2,
  phone: 30,
};

/** A US address whose state the US does not have (issue 25: the state decides the tax). */
export const UNKNOWN_US_STATE = 'Enter a US state, such as IN or Indiana';

const US_ZIP = /^\d{5}(?:-\d{4})?$/;

export type AddressResult =
  | { ok: true; address: ShippingAddress }
  | { ok: false; errors: Partial<Record<AddressField, string>> };

/**
 * The fields an address must have (the sandbox page marks them required): name, line 1, city,
 * postal code and country everywhere, and a state in the US (`isAddressFieldRequired`).
 */
const ALWAYS_REQUIRED: readonly AddressField[] = ['name', 'line1', 'city', 'postalCode', 'country'];

/** What a missing field says where 'Enter your <label>' would not read well. */
const MISSING_FIELD: Partial<Record<AddressField, string>> = { country: 'Choose a country', region: 'Enter your state' };

/** Whether the field must be filled for an address in `country` (the state: in the US). */
export function isAddressFieldRequired(field: AddressField, country: string): boolean {
  return ALWAYS_REQUIRED.includes(field) || (field === 'region' && country === 'US');
}

/**
 * Checks an address as typed (strings, trimmed). Required: name, line 1, city, postal code,
 * country (one we ship to); the US also needs a state and a 5-digit ZIP or ZIP+4. An order of
 * goods always needs one: the sandbox page asks for it as Stripe's page does (RUN-CONTRACT).
 */
export function validateShippingAddress(raw: Partial<Record<AddressField, unknown>>): AddressResult {
  const value = (field: AddressField) => {
    const entry = raw[field];
    return typeof entry === 'string' ? entry.trim().replace(/\s+/g, ' ') : '';
  };

  const errors: Partial<Record<AddressField, string>> = {};
  const country = value('country').toUpperCase();
  for (const field of ADDRESS_FIELDS) {
    if (isAddressFieldRequired(field, country) && value(field) === '') {
      errors[field] = MISSING_FIELD[field] ?? `Enter your ${ADDRESS_LABELS[field].toLowerCase()}`;
    }
  }
  if (country !== '' && !SHIPPING_COUNTRY_CODES.includes(country as ShippingCountryCode)) {
    errors.country = 'We do not ship to this country';
  }
  const postalCode = value('postalCode');
  if (postalCode !== '' && country === 'US' && !US_ZIP.test(postalCode)) {
    errors.postalCode = 'Enter a 5-digit ZIP code (or ZIP+4, 12345-6789)';
  }
  // Issue 25: the state decides the sales tax, so a US state must be one the US has (code or name).
  const typedRegion = value('region');
  const region = country === 'US' && typedRegion !== '' ? usStateCode(typedRegion) : typedRegion;
  if (region === null) errors.region = UNKNOWN_US_STATE;
  const phone = value('phone');
  if (phone !== '' && !/^\+?[\d\s().-]{6,}$/.test(phone)) errors.phone = 'Enter a valid phone number';
  for (const field of ADDRESS_FIELDS) {
    // Printed on the packing slip and in e-mails: no control or direction-override characters.
    if (!errors[field] && hasUnprintable(value(field))) {
      errors[field] = `${ADDRESS_LABELS[field]} has characters that cannot be printed: remove them`;
    }
    if (!errors[field] && value(field).length > MAX_LENGTH[field]) {
      errors[field] = `${ADDRESS_LABELS[field]} is too long (at most ${MAX_LENGTH[field]} characters)`;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    address: {
      name: value('name'),
      line1: value('line1'),
      line2: value('line2') || null,
      city: value('city'),
      region: region || null,
      postalCode: country === 'US' ? postalCode : postalCode.toUpperCase(),
      country,
      phone: phone || null,
    },
  };
}

/** The address as lines on a label or a page: name, street, city line, country. */
export function formatAddressLines(address: ShippingAddress): string[] {
  const cityLine = [address.city, [address.region, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.name, address.line1, address.line2, cityLine, countryName(address.country)].filter(
    (line): line is string => Boolean(line),
  );
}
