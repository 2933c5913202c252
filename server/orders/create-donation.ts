/**
 * Creates a pending donation and opens its hosted payment page (the same providers, the
 * same `openHostedSession` and the same exactly-once completion as orders).
 * SPEC §7 create-donation; limits in domain/donation-amount.
 */
import { DonationRequestSchema } from '../../domain/donation';
import * as MESSAGES from '../../domain/messages';
import { badRequest } from '../app-error';
import { donations } from '../db/schema';
import { openHostedSession } from './open-hosted-session';
import type { ProviderServices } from './payment-services';

export async function createDonation(
  options: ProviderServices & { body: unknown; viewerEmail: string | null },
): Promise<{ url: string; sessionId: string; donationId: string }> {
  const parsed = DonationRequestSchema.safeParse(options.body);
  if (!parsed.success) {
    throw badRequest(parsed.error.issues[0]?.message ?? MESSAGES.donationInvalidCustom, 'invalid-amount');
  }
  const { amountCents } = parsed.data;
  const email = options.viewerEmail?.trim().toLowerCase() || null;
  const [donation] = await options.db
    .insert(donations)
    .values({ amountCents, email, paymentProvider: options.provider.name })
    .returning({ id: donations.id });
  const session = await openHostedSession({
    db: options.db,
    provider: options.provider,
    logger: options.logger,
    session: {
      purpose: 'donation',
      referenceId: donation!.id,
      reference: 'Donation',
      lines: [{ name: MESSAGES.donationLineName, unitAmountCents: amountCents, quantity: 1 }],
      discountCents: 0,
      shippingCents: 0,
      totalCents: amountCents,
      email,
    },
  });
  return { url: session.url, sessionId: session.id, donationId: donation!.id };
}
