/**
 * The built-in sandbox checkout (RUN-CONTRACT.md): sessions are pages of this shop at
 * /sandbox/checkout/<id>; paying there runs the same completion as a Stripe webhook.
 */
import { randomBytes } from 'node:crypto';
import type { CreateHostedSessionInput, HostedSession, PaymentProvider } from './payment-provider';

/** How long an unpaid sandbox session stays open. */
export const SANDBOX_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;

export function createSandboxProvider(options: { publicUrl: string; now?: () => Date }): PaymentProvider {
  const now = options.now ?? (() => new Date());
  return {
    name: 'sandbox',
    async createSession(_input: CreateHostedSessionInput): Promise<HostedSession> {
      const id = `sbx_${randomBytes(18).toString('base64url')}`;
      return {
        id,
        url: `${options.publicUrl}/sandbox/checkout/${id}`,
        expiresAt: new Date(now().getTime() + SANDBOX_SESSION_TTL_MS),
      };
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
