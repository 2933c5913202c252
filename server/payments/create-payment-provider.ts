/**
 * The payment provider of the process (an AppServices member, created once in bootstrap):
 * Stripe when STRIPE_SECRET_KEY is set, the built-in sandbox otherwise.
 */
import type { Config } from '../config.server';
import type { Executor } from '../db/client';
import type { PaymentProvider } from './payment-provider';
import { createSandboxProvider } from './sandbox-provider';
import { createStripeClient, createStripeProvider } from './stripe-provider';

export function createPaymentProvider(options: {
  config: Pick<Config, 'stripe' | 'publicUrl'>;
  db: Executor;
}): PaymentProvider {
  const { config, db } = options;
  return config.stripe
    ? createStripeProvider({ stripe: createStripeClient(config.stripe), publicUrl: config.publicUrl })
    : createSandboxProvider({ publicUrl: config.publicUrl, db });
}
