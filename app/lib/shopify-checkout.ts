/**
 * Creates a Shopify cart with one line (through our server, which holds the token) and
 * resolves with its checkout URL; the card opens it in a new tab. Rejects with an ApiError
 * whose message can be shown (Shopify's refusal, mapped per SPEC §8, or the generic failure
 * text); its `code` carries the legacy code when there is one.
 */
import * as MESSAGES from '@domain/messages';
import { ApiError, postJson } from './json-api';

export async function startExternalCheckout(variantId: string): Promise<string> {
  const fallbackMessage = MESSAGES.hostedCheckoutFailed;
  const answer = await postJson<{ checkoutUrl?: unknown }>('/api/shopify/checkout', { variantId }, { fallbackMessage });
  if (typeof answer.checkoutUrl === 'string' && /^https?:\/\//.test(answer.checkoutUrl)) return answer.checkoutUrl;
  throw new ApiError(fallbackMessage, 200, 'invalid-response');
}
