/**
 * Donations on the server: the request schema. The amount rules themselves live in
 * donation-amount.ts (no zod there: it ships to the home page).
 */
import { z } from 'zod';
import { DONATION_MAX_CENTS, DONATION_MIN_CENTS } from './donation-amount';
import * as MESSAGES from './messages';

export * from './donation-amount';

/** Body of the create-donation request, in cents. SPEC §7 create-donation */
export const DonationRequestSchema = z.object(
  {
    amountCents: z
      .number({ error: MESSAGES.donationInvalidCustom })
      .int({ error: MESSAGES.donationInvalidCustom })
      .min(DONATION_MIN_CENTS, { error: MESSAGES.donationInvalidCustom })
      .max(DONATION_MAX_CENTS, { error: MESSAGES.donationTooLarge }),
  },
  // A body that is not an object names no amount either.
  { error: MESSAGES.donationInvalidCustom },
);

export type DonationRequest = z.infer<typeof DonationRequestSchema>;
