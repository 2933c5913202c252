/**
 * Shipping addresses (issue 11 item 1): the countries the shop ships to (the US and a
 * worldwide list, kept here only: the Stripe Checkout Session and the sandbox page both read
 * it) and the rules of an address: required fields and US ZIP codes (5 digits or ZIP+4),
 * each problem named per field. Pure: the sandbox page's server action decides with it.
 */

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

const US_ZIP = /^\d{5}(?:-\d{4})?$/;

/**
 * Whether the sandbox page insists on an address. RUN-CONTRACT.md's sandbox flow (a "Card
 * number" field and a "Pay" button) does not fill one, so a page left entirely blank still
 * pays and the order is flagged as having no address; any field filled makes every required
 * field required (docs/decisions/015). Set to 'required' once the contract names the fields.
 */
export const SANDBOX_ADDRESS_POLICY: 'required' | 'all-or-nothing' = 'all-or-nothing';

export type AddressResult =
  | { ok: true; address: ShippingAddress | null }
  | { ok: false; errors: Partial<Record<AddressField, string>> };

/**
 * Checks an address as typed (strings, trimmed). Required: name, line 1, city, postal code,
 * country (one we ship to); the US also needs a state and a 5-digit ZIP or ZIP+4.
 * `policy` 'all-or-nothing': an entirely blank address is accepted as no address.
 */
export function validateShippingAddress(
  raw: Partial<Record<AddressField, unknown>>,
  policy: 'required' | 'all-or-nothing' = 'required',
): AddressResult {
  const value = (field: AddressField) => {
    const entry = raw[field];
    return typeof entry === 'string' ? entry.trim().replace(/\s+/g, ' ') : '';
  };
  const typed = ADDRESS_FIELDS.filter((field) => field !== 'country' && value(field) !== '');
  if (policy === 'all-or-nothing' && typed.length === 0) return { ok: true, address: null };

  const errors: Partial<Record<AddressField, string>> = {};
  const required = (field: AddressField) => {
    if (value(field) === '') errors[field] = `Enter your ${ADDRESS_LABELS[field].toLowerCase()}`;
  };
  required('name');
  required('line1');
  required('city');
  const country = value('country').toUpperCase();
  if (!SHIPPING_COUNTRY_CODES.includes(country as ShippingCountryCode)) {
    errors.country = country === '' ? 'Choose a country' : 'We do not ship to this country';
  }
  const postalCode = value('postalCode');
  if (postalCode === '') errors.postalCode = 'Enter your postal code';
  else if (country === 'US' && !US_ZIP.test(postalCode)) {
    errors.postalCode = 'Enter a 5-digit ZIP code (or ZIP+4, 12345-6789)';
  }
  if (country === 'US' && value('region') === '') errors.region = 'Enter your state';
  const phone = value('phone');
  if (phone !== '' && !/^\+?[\d\s().-]{6,}$/.test(phone)) errors.phone = 'Enter a valid phone number';
  for (const field of ADDRESS_FIELDS) {
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
      region: value('region') || null,
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
