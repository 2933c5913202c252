/** Pays a sandbox checkout session as its hosted page's form does (a 302 to /payment-success when paid). */
import type { TestShop } from './test-shop';

export const SANDBOX_PAYING_CARD = '4242 4242 4242 4242';

/**
 * A complete shipping address, as a shopper types it on the sandbox page: an order of goods
 * is paid only with one (RUN-CONTRACT; a donation ignores it).
 */
export const SANDBOX_TEST_ADDRESS = {
  name: 'Ruth Moabite',
  line1: '7 Field Lane',
  line2: 'Unit 2',
  city: 'Bloomington',
  region: 'IN',
  postalCode: '47401-1234',
  country: 'US',
  phone: '+1 812 555 0199',
} as const;

/** The sandbox page's form body: the card, and the address unless other fields are given. */
export function sandboxFormBody(
  cardNumber = SANDBOX_PAYING_CARD,
  address: Record<string, string> = SANDBOX_TEST_ADDRESS,
): string {
  return new URLSearchParams({ cardNumber, ...address }).toString();
}

export function payOnSandbox(
  shop: Pick<TestShop, 'request'>,
  sessionId: string,
  cardNumber = SANDBOX_PAYING_CARD,
  address: Record<string, string> = SANDBOX_TEST_ADDRESS,
) {
  return shop.request(`/sandbox/checkout/${sessionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: sandboxFormBody(cardNumber, address),
    redirect: 'manual',
  });
}
