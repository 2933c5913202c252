/**
 * Donations: the single source of which donation amounts are valid and why not.
 * SPEC §9: "Donation: presets 10/25/50/100/250, minimum $1, step 0.01."
 * SPEC §5: "Donation: at least $1. ... Custom input is a number with min 1 and step 0.01.
 * Non-numeric custom input is also invalid."
 * SPEC §8: 'Invalid Amount' / 'Please enter a donation amount of at least $1.' (preset path),
 * 'Please enter a valid donation amount of at least $1.' (custom path or non-numeric).
 * Ours: a single gift is capped at $10,000.00 so a slip of the finger cannot charge a fortune.
 */
import { DONATION_MAX_CENTS, DONATION_MIN_CENTS, DONATION_PRESETS, type DonationPreset } from './donation-limits';
import * as MESSAGES from './messages';
import { parsePriceToCents, type Cents } from './money';

export * from './donation-limits';

export type DonationSource = 'preset' | 'custom';

export type DonationValidation =
  { ok: true; cents: Cents } | { ok: false; title: typeof MESSAGES.invalidAmountTitle; message: string };

function invalid(message: string): DonationValidation {
  return { ok: false, title: MESSAGES.invalidAmountTitle, message };
}

/** True when `dollars` is one of the preset amounts. */
export function isDonationPreset(dollars: number): dollars is DonationPreset {
  return (DONATION_PRESETS as readonly number[]).includes(dollars);
}

/** Parses dollars, refusing more than two decimals for numbers as well as strings. */
function donationCents(input: string | number): Cents | null {
  const cents = parsePriceToCents(input);
  if (cents === null) return null;
  if (typeof input === 'number' && Math.abs(input * 100 - cents) > 1e-6) return null;
  return cents;
}

/**
 * Validates a donation in dollars ('25', '12.50', 100). Non-numeric input, negatives and
 * more than two decimals get the custom-path message; below $1 gets the message of the path
 * it came from; over $10,000.00 gets the limit message. SPEC §5, SPEC §8
 */
export function validateDonationAmount(input: string | number, source: DonationSource): DonationValidation {
  const cents = donationCents(input);
  if (cents === null) return invalid(MESSAGES.donationInvalidCustom);
  if (cents < DONATION_MIN_CENTS) {
    return invalid(source === 'preset' ? MESSAGES.donationInvalidPreset : MESSAGES.donationInvalidCustom);
  }
  if (cents > DONATION_MAX_CENTS) return invalid(MESSAGES.donationTooLarge);
  return { ok: true, cents };
}
