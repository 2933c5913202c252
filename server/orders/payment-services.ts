/**
 * The services the payment steps take and hand on to one another (the process's own, from
 * AppServices): a step that asks the provider for something takes ProviderServices; one that
 * also sends mail queued in its transaction right after commit takes PaymentServices; the
 * completion and what feeds it take CompletionServices, whose provider is only needed to give
 * back a payment for an order that is no longer pending.
 */
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import type { PaymentProvider } from '../payments/payment-provider';

export interface ProviderServices {
  db: Database;
  provider: PaymentProvider;
  logger: Logger;
}

export interface PaymentServices extends ProviderServices {
  /** The mail loop: a message queued in a transaction is sent right after commit. */
  mail: { deliverNow(): Promise<void> };
}

export type CompletionServices = Omit<PaymentServices, 'provider'> & {
  /** Gives back a payment that arrived for an order no longer pending (absent: the claim waits for the sweep). */
  provider?: PaymentProvider;
  /** PUBLIC_URL, for the links of the order confirmation (/account, or /auth for a guest). */
  publicUrl?: string;
};
