/**
 * Creates a Shopify cart with one line (through our server, which holds the token) and
 * resolves with its checkout URL; the card opens it in a new tab. Rejects with an Error
 * whose message can be shown (Shopify's refusal, mapped per SPEC §8, or the generic
 * failure text); `code` carries the legacy code when there is one.
 */
import { MESSAGES } from '@domain/messages';

export class ExternalCheckoutError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ExternalCheckoutError';
  }
}

export async function startExternalCheckout(variantId: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/shopify/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ variantId }),
    });
  } catch {
    throw new ExternalCheckoutError(MESSAGES.hostedCheckoutFailed);
  }
  const body = (await response.json().catch(() => null)) as {
    checkoutUrl?: unknown;
    error?: unknown;
    code?: unknown;
  } | null;
  if (response.ok && typeof body?.checkoutUrl === 'string' && /^https?:\/\//.test(body.checkoutUrl)) {
    return body.checkoutUrl;
  }
  const message = typeof body?.error === 'string' && body.error ? body.error : MESSAGES.hostedCheckoutFailed;
  throw new ExternalCheckoutError(message, typeof body?.code === 'string' ? body.code : undefined);
}
