/**
 * Donation limits: the constants every donation rule and sentence is built from.
 * SPEC §9: "Donation: presets 10/25/50/100/250, minimum $1, step 0.01."
 * Ours: a single gift is capped at $10,000.00.
 */
import type { Cents } from './money';

/** Preset buttons, in dollars. SPEC §2 Home, SPEC §9 */
export const DONATION_PRESETS = [10, 25, 50, 100, 250] as const;
export type DonationPreset = (typeof DONATION_PRESETS)[number];

export const DONATION_MIN_CENTS: Cents = 100;
export const DONATION_MAX_CENTS: Cents = 1_000_000;

/** Attributes of the custom amount input. SPEC §2 Home */
export const DONATION_CUSTOM_INPUT = { min: DONATION_MIN_CENTS / 100, step: 0.01 } as const;
