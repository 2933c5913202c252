/**
 * The payment provider of a configuration, created once per Config (process-wide):
 * Stripe when STRIPE_SECRET_KEY is set, the built-in sandbox otherwise.
 */
import type Stripe from 'stripe';
import type { Config } from '../config.server';
import type { PaymentProvider } from './payment-provider';
import { createSandboxProvider } from './sandbox-provider';
import { createStripeClient, createStripeProvider } from './stripe-provider';

const providers = new WeakMap<Config, PaymentProvider>();
const stripeClients = new WeakMap<Config, Stripe>();

export function getStripeClient(config: Config): Stripe | null {
  if (!config.stripe) return null;
  let client = stripeClients.get(config);
  if (!client) {
    client = createStripeClient(config.stripe);
    stripeClients.set(config, client);
  }
  return client;
}

export function getPaymentProvider(config: Config): PaymentProvider {
  let provider = providers.get(config);
  if (!provider) {
    const stripe = getStripeClient(config);
    provider = stripe
      ? createStripeProvider({ stripe, publicUrl: config.publicUrl })
      : createSandboxProvider({ publicUrl: config.publicUrl });
    providers.set(config, provider);
  }
  return provider;
}
