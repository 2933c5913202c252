/**
 * One interface for hosted payment pages: the built-in sandbox (default) and Stripe
 * Checkout (STRIPE_SECRET_KEY set). Both report payment into `completeCheckoutSession`,
 * the one door through which a payment changes an order (docs/decisions/004). The
 * provider is an AppServices member; a new capability (refunds next) is one more method
 * of `PaymentProviderMethods`, implemented by both.
 */
import type Stripe from 'stripe';
import type { Cents } from '../../domain/money';
import type { ShippingAddress } from '../../domain/shipping-address';

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
  /** The discount code that applied (named on the provider's page), if any. */
  couponCode?: string | null;
  shippingCents: Cents;
  totalCents: Cents;
  email: string | null;
  /**
   * How the hosted page adds sales tax (issue 25; Stripe only: the sandbox page computes it from
   * the tax table itself). 'rates': Stripe Tax Rates matched by the shipping address, for the
   * merchandise and, where the place taxes it, the shipping; 'automatic': Stripe Tax.
   */
  tax?: HostedSessionTax | null;
}

export type HostedSessionTax =
  { mode: 'automatic' } | { mode: 'rates'; lineTaxRateIds: string[]; shippingTaxRateIds: string[] };

/** A tax table row as a Stripe Tax Rate is made from it. */
export interface ProviderTaxRateInput {
  country: string;
  /** '' for a whole country. */
  region: string;
  rateMilli: number;
  /** 'Sales tax' (what the shopper reads on Stripe's page). */
  displayName: string;
  /** Same key, same Tax Rate: a retried request makes none twice. */
  idempotencyKey: string;
}

export interface HostedSession {
  id: string;
  url: string;
  expiresAt: Date;
}

/** The provider's own word on a session: is it paid, and by which payment. */
export interface ProviderSessionState {
  id: string;
  status: 'open' | 'complete' | 'expired';
  isPaid: boolean;
  /** The provider's payment reference (Stripe payment intent) once paid. */
  paymentReference: string | null;
  /** The shipping address the shopper gave on the provider's page (Stripe), if any. */
  shipping: ShippingAddress | null;
  /** The sales tax the provider added on its page (Stripe's `total_details.amount_tax`); null when it reports none. */
  taxCents?: Cents | null;
  /** What it charged, tax included (Stripe's `amount_total`). */
  amountTotalCents?: Cents | null;
}

export interface RefundPaymentInput {
  /** The payment to give back (Stripe payment intent, sandbox charge). */
  paymentReference: string;
  amountCents: Cents;
  /** Sent with the request: the same key never refunds twice (server/orders/refund-order.ts). */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface ProviderRefund {
  id: string;
}

/** What every provider does. */
interface PaymentProviderMethods {
  createSession(input: CreateHostedSessionInput): Promise<HostedSession>;
  /** Reads a session back from the provider; null when the provider does not know it. */
  retrieveSession(sessionId: string): Promise<ProviderSessionState | null>;
  /**
   * Gives a payment back. Throws PaymentRefundRejectedError when the provider says no (the
   * refund did not happen), PaymentProviderError when the outcome is unknown (network).
   */
  refundPayment(input: RefundPaymentInput): Promise<ProviderRefund>;
}

export interface SandboxPaymentProvider extends PaymentProviderMethods {
  readonly name: 'sandbox';
  /**
   * A session made here, without a network call (issue 31): the checkout stores it in the
   * transaction that stores the order, so a checkout is one transaction. Absent: the session is
   * asked for after the order is stored, as from Stripe.
   */
  openLocalSession?: () => HostedSession;
}

export interface StripePaymentProvider extends PaymentProviderMethods {
  readonly name: 'stripe';
  /** The one Stripe client of the process (webhook signatures, product sync). */
  readonly client: Stripe;
  /** Makes a Stripe Tax Rate for a row of the tax table (issue 25); answers its id. */
  createTaxRate(input: ProviderTaxRateInput): Promise<string>;
}

export type PaymentProvider = SandboxPaymentProvider | StripePaymentProvider;

export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/** The provider answered and refused the refund: nothing was refunded. The message is its reason. */
export class PaymentRefundRejectedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentRefundRejectedError';
  }
}

/**
 * True for a PaymentRefundRejectedError. By name, not instanceof: the provider is created by
 * the process entry and the routes run from the React Router build, which has its own copy
 * of this module (and so of the class).
 */
export function isRefundRejection(error: unknown): error is PaymentRefundRejectedError {
  return error instanceof Error && error.name === 'PaymentRefundRejectedError';
}
