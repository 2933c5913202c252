/**
 * Checkout of an external (Shopify) product: the request the card sends, and how the
 * Cart API's problems become the legacy codes of SPEC §8.
 *
 * The first version used Shopify's retired Checkout API through an old client library,
 * which reported NOT_ENOUGH_IN_STOCK, INVALID_FOR_COUNTRY and TOO_LONG. The Cart API
 * (Storefront 2025-01) reports CartUserError codes, and since 2024-10 reports stock
 * problems as CartWarning codes instead; both are mapped here.
 */
import { z } from 'zod';
import * as MESSAGES from './messages';

export const ExternalCheckoutRequestSchema = z.object({
  variantId: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^gid:\/\/shopify\/ProductVariant\/[A-Za-z0-9_-]+$/, 'must be a Shopify variant id'),
});
export type ExternalCheckoutRequest = z.infer<typeof ExternalCheckoutRequestSchema>;

export type LegacyCartErrorCode = 'NOT_ENOUGH_IN_STOCK' | 'INVALID_FOR_COUNTRY' | 'TOO_LONG';

/** A cart user error or warning as Shopify sends it (code may be absent or unknown). */
export interface CartProblem {
  code?: string | null;
  message?: string | null;
}

export interface MappedCartProblem {
  /** The legacy code, or null when the current code has no legacy equivalent. */
  code: LegacyCartErrorCode | null;
  /** Shopify's message for a known code; the spec's fallback text otherwise. */
  message: string;
}

const LEGACY_BY_CODE: Record<string, LegacyCartErrorCode> = {
  // CartWarningCode (stock problems since 2024-10)
  MERCHANDISE_NOT_ENOUGH_STOCK: 'NOT_ENOUGH_IN_STOCK',
  MERCHANDISE_OUT_OF_STOCK: 'NOT_ENOUGH_IN_STOCK',
  // CartErrorCode
  INVALID_ZIP_CODE_FOR_COUNTRY: 'INVALID_FOR_COUNTRY',
  NOTE_TOO_LONG: 'TOO_LONG',
  ADDRESS_FIELD_IS_TOO_LONG: 'TOO_LONG',
};

/** Maps one user error or warning to its legacy code (SPEC §8). */
export function mapCartProblem(problem: CartProblem): MappedCartProblem {
  const code = problem.code ? LEGACY_BY_CODE[problem.code] : undefined;
  if (!code) return { code: null, message: MESSAGES.shopUnknownError };
  const message = problem.message?.trim();
  return { code, message: message || MESSAGES.shopUnknownError };
}

/** Warning codes that mean the line could not be added: the checkout must not go ahead. */
const BLOCKING_WARNINGS = new Set(['MERCHANDISE_NOT_ENOUGH_STOCK', 'MERCHANDISE_OUT_OF_STOCK']);

/**
 * The first problem that stops a checkout, mapped: any user error, else a stock warning.
 * Other warnings (e.g. gift cards unavailable) do not stop it. Null when nothing stops it.
 */
export function firstBlockingCartProblem(
  userErrors: readonly CartProblem[],
  warnings: readonly CartProblem[],
): MappedCartProblem | null {
  if (userErrors.length > 0) return mapCartProblem(userErrors[0]!);
  const blocking = warnings.find((warning) => warning.code && BLOCKING_WARNINGS.has(warning.code));
  return blocking ? mapCartProblem(blocking) : null;
}

/** What creating an external checkout gives (a refusal or no answer is thrown: server/app-error.ts ProviderError). */
export interface ExternalCheckout {
  checkoutUrl: string;
}
