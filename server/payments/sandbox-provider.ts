/**
 * The built-in sandbox checkout (RUN-CONTRACT.md): sessions are pages of this shop at
 * /sandbox/checkout/<id>; paying there runs the same completion as a Stripe webhook. The
 * sandbox keeps no books of its own: what it says about a session is our checkout_sessions
 * row, which only that completion marks complete.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { CHECKOUT_HOLD_MINUTES } from '../../domain/stock';
import { checkoutSessions } from '../db/schema';
import {
  PaymentRefundRejectedError,
  type CreateHostedSessionInput,
  type HostedSession,
  type SandboxPaymentProvider,
} from './payment-provider';

/** How long an unpaid sandbox session stays open (and holds its order's stock). */
export const SANDBOX_SESSION_TTL_MS = CHECKOUT_HOLD_MINUTES * 60 * 1000;

export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;

/** The synthetic payment reference of a paid sandbox session. */
export function sandboxPaymentReference(sessionId: string): string {
  return `sbx_ch_${sessionId.slice(4)}`;
}

export function createSandboxProvider(options: {
  publicUrl: string;
  /** Where the sandbox reads its sessions back (retrieveSession). */
  db: Executor;
  now?: () => Date;
}): SandboxPaymentProvider {
  const now = options.now ?? (() => new Date());
  const openLocalSession = (): HostedSession => {
    const id = `sbx_${randomBytes(18).toString('base64url')}`;
    return {
      id,
      url: `${options.publicUrl}/sandbox/checkout/${id}`,
      expiresAt: new Date(now().getTime() + SANDBOX_SESSION_TTL_MS),
    };
  };
  return {
    name: 'sandbox',
    async retrieveSession(sessionId) {
      const [row] = await options.db
        .select({ id: checkoutSessions.id, status: checkoutSessions.status, provider: checkoutSessions.provider })
        .from(checkoutSessions)
        .where(eq(checkoutSessions.id, sessionId));
      if (!row || row.provider !== 'sandbox') return null;
      const isPaid = row.status === 'complete';
      return {
        id: row.id,
        status: row.status === 'complete' ? 'complete' : row.status === 'expired' ? 'expired' : 'open',
        isPaid,
        paymentReference: isPaid ? sandboxPaymentReference(row.id) : null,
        // The sandbox page hands its address straight to the completion; nothing to read back.
        shipping: null,
      };
    },
    /**
     * A sandbox refund is a record: the refunds row that asked for it (its id here is derived
     * from the idempotency key, so asking twice gives the same refund). Only sandbox charges
     * can be refunded.
     */
    async refundPayment(input) {
      if (!input.paymentReference.startsWith('sbx_ch_')) {
        throw new PaymentRefundRejectedError('The sandbox can only refund sandbox payments.');
      }
      const digest = createHash('sha256').update(input.idempotencyKey).digest('base64url').slice(0, 24);
      return { id: `sbx_re_${digest}` };
    },
    openLocalSession,
    async createSession(_input: CreateHostedSessionInput): Promise<HostedSession> {
      return openLocalSession();
    },
  };
}

export type SandboxCardResult = { outcome: 'paid' } | { outcome: 'declined' | 'invalid'; message: string };

/** Decides what the sandbox does with a card number (spaces and dashes allowed). */
export function checkSandboxCard(raw: string): SandboxCardResult {
  const digits = raw.replace(/[\s-]/g, '');
  if (digits === SANDBOX_CARDS.success) return { outcome: 'paid' };
  if (digits === SANDBOX_CARDS.declined) return { outcome: 'declined', message: 'Your card was declined.' };
  if (!/^\d{12,19}$/.test(digits)) return { outcome: 'invalid', message: 'Please enter a valid card number.' };
  return {
    outcome: 'invalid',
    message: 'This test card is not supported. Use 4242 4242 4242 4242 to pay or 4000 0000 0000 0002 to see a decline.',
  };
}
