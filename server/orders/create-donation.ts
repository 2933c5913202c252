/**
 * Creates a pending donation and a hosted payment session for it (same providers and the
 * same exactly-once completion as orders). SPEC §7 create-donation; $1.00 to $10,000.00.
 */
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { DonationRequestSchema } from '../../domain/donation';
import { MESSAGES } from '../../domain/messages';
import type { Database } from '../db/client';
import { checkoutSessions, donations } from '../db/schema';
import type { PaymentProvider } from '../payments/payment-provider';
import { CheckoutError } from './checkout-error';

export async function createDonation(options: {
  db: Database;
  provider: PaymentProvider;
  logger?: Logger;
  body: unknown;
  viewerEmail: string | null;
}): Promise<{ url: string; sessionId: string; donationId: string }> {
  const parsed = DonationRequestSchema.safeParse(options.body);
  if (!parsed.success) throw new CheckoutError(400, parsed.error.issues[0]?.message ?? MESSAGES.donationInvalidCustom);
  const { amountCents } = parsed.data;
  const email = options.viewerEmail?.trim().toLowerCase() || null;
  const [donation] = await options.db
    .insert(donations)
    .values({ amountCents, email, paymentProvider: options.provider.name })
    .returning({ id: donations.id });
  let session;
  try {
    session = await options.provider.createSession({
      purpose: 'donation',
      referenceId: donation!.id,
      reference: 'Donation',
      lines: [{ name: 'Donation to Wear Your Faith', unitAmountCents: amountCents, quantity: 1 }],
      discountCents: 0,
      shippingCents: 0,
      totalCents: amountCents,
      email,
    });
  } catch (error) {
    await options.db.update(donations).set({ status: 'cancelled' }).where(eq(donations.id, donation!.id));
    options.logger?.error(
      { err: error, donationId: donation!.id },
      'payment provider could not create a donation session',
    );
    throw new CheckoutError(502, 'The payment provider is not reachable. Please try again.');
  }
  await options.db.transaction(async (tx) => {
    await tx.insert(checkoutSessions).values({
      id: session.id,
      provider: options.provider.name,
      purpose: 'donation',
      donationId: donation!.id,
      url: session.url,
      status: 'open',
      amountTotalCents: amountCents,
      expiresAt: session.expiresAt,
    });
    await tx.update(donations).set({ paymentSessionId: session.id }).where(eq(donations.id, donation!.id));
  });
  return { url: session.url, sessionId: session.id, donationId: donation!.id };
}
