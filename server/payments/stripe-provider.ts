/**
 * Stripe Checkout: a session whose line items carry the server's prices, one one-off coupon
 * for the discount (the shop's code plus points, as `amount_off` the server computed, named
 * with the code), shipping as a fixed-amount option ($0 "Free shipping" when a free-shipping
 * code or the threshold waived it), the customer's e-mail and the order id in metadata.
 * Stripe's own promotion-code field stays off (`allow_promotion_codes` is never sent: a
 * session takes one discount, and codes are the shop's, issue 26). STRIPE_API_BASE points the SDK at a local fake.
 */
import Stripe from 'stripe';
import type { Config } from '../config.server';
import * as MESSAGES from '../../domain/messages';
import { SHIPPING_COUNTRY_CODES, type ShippingAddress } from '../../domain/shipping-address';
import { CHECKOUT_HOLD_MINUTES } from '../../domain/stock';
import { STRIPE_TAX_CODES } from '../../domain/tax';
import {
  PaymentProviderError,
  PaymentRefundRejectedError,
  type CreateHostedSessionInput,
  type ProviderSessionState,
  type StripePaymentProvider,
} from './payment-provider';

/**
 * A Checkout line item with `dynamic_tax_rates`: Stripe documents the parameter for hosted
 * Checkout ("use manual tax rates"), and the API takes it, but the SDK's types dropped it in
 * v13 as a limited-use field (decision 031); the SDK sends every parameter it is given.
 */
type LineItemWithTax = Stripe.Checkout.SessionCreateParams.LineItem & { dynamic_tax_rates?: string[] };

export function createStripeClient(stripe: NonNullable<Config['stripe']>): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000 };
  if (stripe.apiBase) {
    // STACK-NOTES pitfall 8: a local fake needs host, port, protocol and no retries.
    const base = new URL(stripe.apiBase);
    options.host = base.hostname;
    options.port = Number(base.port || (base.protocol === 'https:' ? 443 : 80));
    options.protocol = base.protocol === 'https:' ? 'https' : 'http';
    options.maxNetworkRetries = 0;
  }
  return new Stripe(stripe.secretKey, options);
}

/**
 * Whether a Checkout Session counts as paid, the same for the webhook and a read-back:
 * 'paid', or 'no_payment_required' (discounts covered everything). An 'unpaid' completed
 * session waits for checkout.session.async_payment_succeeded.
 */
export function stripeSessionState(session: Stripe.Checkout.Session): ProviderSessionState {
  const paymentReference =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  return {
    id: session.id,
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    isPaid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    paymentReference,
    shipping: stripeShippingAddress(session),
    // Issue 25: the tax Stripe added on its page (rates or Stripe Tax), stored with the payment.
    taxCents: session.total_details?.amount_tax ?? null,
    amountTotalCents: session.amount_total ?? null,
  };
}

type LegacyShipping = { shipping_details?: Stripe.Checkout.Session.CollectedInformation.ShippingDetails | null };

/**
 * The address collected by `shipping_address_collection`: `collected_information.shipping_details`
 * (API 2025-03-31 and later; `shipping_details` before), the phone from `customer_details`.
 * Null when the session collected none (a donation).
 */
export function stripeShippingAddress(session: Stripe.Checkout.Session): ShippingAddress | null {
  const details = session.collected_information?.shipping_details ?? (session as LegacyShipping).shipping_details ?? null;
  const address = details?.address;
  if (!details || !address) return null;
  return {
    name: details.name ?? session.customer_details?.name ?? '',
    line1: address.line1 ?? '',
    line2: address.line2 || null,
    city: address.city ?? '',
    region: address.state || null,
    postalCode: address.postal_code ?? '',
    country: address.country ?? '',
    phone: session.customer_details?.phone || null,
  };
}

export function createStripeProvider(options: { stripe: Stripe; publicUrl: string }): StripePaymentProvider {
  const { stripe, publicUrl } = options;
  return {
    name: 'stripe',
    client: stripe,
    async retrieveSession(sessionId) {
      try {
        return stripeSessionState(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw new PaymentProviderError('Stripe could not read the checkout session', { cause: error });
      }
    },
    async refundPayment(input) {
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          { payment_intent: input.paymentReference, amount: input.amountCents, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (error) {
        // Stripe answered 4xx (already refunded, unknown payment, amount too large): a definite no.
        if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError) {
          throw new PaymentRefundRejectedError(error.message, { cause: error });
        }
        throw new PaymentProviderError('Stripe could not be reached to refund the payment', { cause: error });
      }
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new PaymentRefundRejectedError(`Stripe reports the refund as ${refund.status}.`);
      }
      return { id: refund.id };
    },
    async createTaxRate(input) {
      try {
        const rate = await stripe.taxRates.create(
          {
            display_name: input.displayName,
            inclusive: false,
            // Thousandths of a percent to Stripe's decimal percentage: 5750 -> 5.75.
            percentage: input.rateMilli / 1000,
            country: input.country,
            ...(input.region ? { state: input.region } : {}),
            jurisdiction: input.region ? `${input.country}-${input.region}` : input.country,
            tax_type: 'sales_tax',
            description: `Wear Your Faith tax table: ${input.region ? `${input.country}-${input.region}` : input.country}`,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return rate.id;
      } catch (error) {
        throw new PaymentProviderError('Stripe could not create the tax rate', { cause: error });
      }
    },
    async createSession(input: CreateHostedSessionInput) {
      try {
        const tax = input.tax ?? null;
        const automaticTax = tax?.mode === 'automatic';
        const rates = tax?.mode === 'rates' ? tax : null;
        // With tax rates, a taxed delivery charge is a line item of its own: Checkout applies
        // tax rates to line items only (its shipping options are taxed by Stripe Tax alone).
        const shippingAsLine = input.purpose === 'order' && rates !== null && rates.shippingTaxRateIds.length > 0 && input.shippingCents > 0;
        const lineItems: LineItemWithTax[] = input.lines.map((line) => ({
          quantity: line.quantity,
          price_data: {
            currency: 'usd',
            unit_amount: line.unitAmountCents,
            product_data: {
              name: line.name,
              ...(line.description ? { description: line.description } : {}),
              ...(automaticTax ? { tax_code: STRIPE_TAX_CODES.apparel } : {}),
            },
            ...(automaticTax ? { tax_behavior: 'exclusive' as const } : {}),
          },
          ...(rates && rates.lineTaxRateIds.length > 0 ? { dynamic_tax_rates: rates.lineTaxRateIds } : {}),
        }));
        if (shippingAsLine) {
          lineItems.push({
            quantity: 1,
            price_data: { currency: 'usd', unit_amount: input.shippingCents, product_data: { name: MESSAGES.standardShipping } },
            dynamic_tax_rates: rates!.shippingTaxRateIds,
          });
        }
        const params: Stripe.Checkout.SessionCreateParams & { line_items: LineItemWithTax[] } = {
          mode: 'payment',
          line_items: lineItems,
          success_url: `${publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: input.purpose === 'order' ? `${publicUrl}/cart` : `${publicUrl}/`,
          metadata:
            input.purpose === 'order'
              ? { order_id: input.referenceId, purpose: 'order', reference: input.reference }
              : { donation_id: input.referenceId, purpose: 'donation' },
          client_reference_id: input.referenceId,
          // The session, and so the order's stock hold, ends after the hold (domain/stock.ts).
          expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_HOLD_MINUTES * 60,
        };
        if (input.email) params.customer_email = input.email;
        if (input.purpose === 'order') {
          // Issue 11: the address (countries from domain/shipping-address.ts) and, optionally, a phone.
          params.shipping_address_collection = {
            allowed_countries: SHIPPING_COUNTRY_CODES as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry[],
          };
          params.phone_number_collection = { enabled: true };
          // (The delivery charge is the 'Shipping' line item above when tax rates tax it.)
          if (!shippingAsLine) {
            params.shipping_options = [
              {
                shipping_rate_data: {
                  type: 'fixed_amount',
                  display_name: input.shippingCents > 0 ? MESSAGES.standardShipping : MESSAGES.freeShipping,
                  fixed_amount: { amount: input.shippingCents, currency: 'usd' },
                  ...(automaticTax ? { tax_behavior: 'exclusive' as const, tax_code: STRIPE_TAX_CODES.shipping } : {}),
                },
              },
            ];
          }
        }
        if (automaticTax) params.automatic_tax = { enabled: true };
        if (input.discountCents > 0) {
          const coupon = await stripe.coupons.create({
            amount_off: input.discountCents,
            currency: 'usd',
            duration: 'once',
            max_redemptions: 1,
            // Shown on Stripe's page and receipt: the code's name when one applied (Stripe: at most 40 characters).
            name: `${input.couponCode ?? 'Discount'} ${input.reference}`.slice(0, 40),
          });
          params.discounts = [{ coupon: coupon.id }];
        }
        const session = await stripe.checkout.sessions.create(params, {
          idempotencyKey: `checkout-${input.referenceId}`,
        });
        if (!session.url) throw new PaymentProviderError('Stripe returned a session without a URL');
        return {
          id: session.id,
          url: session.url,
          expiresAt: new Date((session.expires_at ?? Math.floor(Date.now() / 1000) + CHECKOUT_HOLD_MINUTES * 60) * 1000),
        };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        throw new PaymentProviderError('Stripe could not create the checkout session', { cause: error });
      }
    },
  };
}
