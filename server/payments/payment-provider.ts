/**
 * One interface for hosted payment pages: the built-in sandbox (default) and Stripe
 * Checkout (STRIPE_SECRET_KEY set). Both report payment into `completeCheckoutSession`.
 */
import type { Cents } from '../../domain/money';

export type PaymentPurpose = 'order' | 'donation';

export interface HostedSessionLine {
  name: string;
  description?: string;
  unitAmountCents: Cents;
  quantity: number;
}

export interface CreateHostedSessionInput {
  purpose: PaymentPurpose;
  /** The order's or donation's id (Stripe metadata). */
  referenceId: string;
  /** Human reference: order number, or 'Donation'. */
  reference: string;
  lines: HostedSessionLine[];
  /** Coupon and points discounts together. */
  discountCents: Cents;
  shippingCents: Cents;
  totalCents: Cents;
  email: string | null;
}

export interface HostedSession {
  id: string;
  url: string;
  expiresAt: Date;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createSession(input: CreateHostedSessionInput): Promise<HostedSession>;
}

export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
