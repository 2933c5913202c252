/**
 * The sandbox page's Pay button: checks the card, then completes the session through the
 * same function as the Stripe webhook. The event id is derived from the session, so a
 * double submit completes once.
 */
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { completeCheckoutSession } from './complete-checkout-session';
import { getHostedSession } from './get-hosted-session';
import { checkSandboxCard } from './sandbox-provider';

export type SandboxPayResult = { ok: true } | { ok: false; status: number; message: string };

export async function paySandboxSession(options: {
  db: Database;
  logger?: Logger;
  sessionId: string;
  cardNumber: string;
}): Promise<SandboxPayResult> {
  const session = await getHostedSession(options);
  if (!session || session.provider !== 'sandbox')
    return { ok: false, status: 404, message: 'This checkout session does not exist.' };
  if (session.status === 'complete') return { ok: true };
  if (session.status === 'expired') return { ok: false, status: 410, message: 'This checkout session has expired.' };
  const card = checkSandboxCard(options.cardNumber);
  if (card.outcome !== 'paid') return { ok: false, status: 402, message: card.message };
  const completion = await completeCheckoutSession({
    db: options.db,
    logger: options.logger,
    event: {
      eventId: `sandbox:paid:${session.id}`,
      provider: 'sandbox',
      eventType: 'checkout.session.completed',
      sessionId: session.id,
      outcome: 'paid',
      paymentReference: `sbx_ch_${session.id.slice(4)}`,
    },
  });
  if (completion.result === 'unchanged' && completion.status === 'cancelled') {
    return { ok: false, status: 410, message: 'This checkout session has expired.' };
  }
  return { ok: true };
}
