/**
 * Opens the hosted payment page of a stored pending order or donation, the same for both:
 * asks the provider for a session, then records it (checkout_sessions row and the order's
 * or donation's session id) in one transaction. When the provider fails, the order or
 * donation is cancelled (it can never be paid, and its points hold must go) and the shopper
 * gets a 502 to retry. A crash between the two steps leaves a session-less pending row that
 * the sweep cancels after a grace period (sweep-checkouts.ts).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../app-error';
import { checkoutSessions, donations, orders } from '../db/schema';
import { cancelPendingCheckout } from './cancel-pending';
import type { CreateHostedSessionInput, HostedSession } from '../payments/payment-provider';
import type { ProviderServices } from './payment-services';

export const PROVIDER_UNREACHABLE_MESSAGE = 'The payment provider is not reachable. Please try again.';

export async function openHostedSession(
  /** session.purpose 'order': referenceId is the order id; 'donation': the donation id. */
  options: ProviderServices & { session: CreateHostedSessionInput },
): Promise<HostedSession> {
  const { db, provider, logger, session: input } = options;
  const isOrder = input.purpose === 'order';
  let session: HostedSession;
  try {
    session = await provider.createSession(input);
  } catch (error) {
    await db.transaction((tx) => cancelPendingCheckout({ db: tx, purpose: input.purpose, id: input.referenceId }));
    logger.error(
      { err: error, purpose: input.purpose, referenceId: input.referenceId },
      'payment provider could not create a session',
    );
    throw new AppError('provider-unreachable', { message: PROVIDER_UNREACHABLE_MESSAGE, cause: error });
  }

  const linked = await db.transaction(async (tx) => {
    // Still pending and without a session: the sweep may have given up on a very slow provider.
    const rows = isOrder
      ? await tx
          .update(orders)
          .set({ paymentSessionId: session.id })
          .where(and(eq(orders.id, input.referenceId), eq(orders.status, 'pending'), isNull(orders.paymentSessionId)))
          .returning({ id: orders.id })
      : await tx
          .update(donations)
          .set({ paymentSessionId: session.id })
          .where(
            and(
              eq(donations.id, input.referenceId),
              eq(donations.status, 'pending'),
              isNull(donations.paymentSessionId),
            ),
          )
          .returning({ id: donations.id });
    if (rows.length === 0) return false;
    await tx.insert(checkoutSessions).values({
      id: session.id,
      provider: provider.name,
      purpose: input.purpose,
      orderId: isOrder ? input.referenceId : null,
      donationId: isOrder ? null : input.referenceId,
      url: session.url,
      status: 'open',
      amountTotalCents: input.totalCents,
      expiresAt: session.expiresAt,
    });
    return true;
  });
  if (!linked) {
    logger.warn(
      { purpose: input.purpose, referenceId: input.referenceId },
      'checkout was cancelled before its session opened',
    );
    throw new AppError('checkout-expired', { message: 'This checkout has expired. Please try again.' });
  }
  return session;
}
