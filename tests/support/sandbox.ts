/** Pays a sandbox checkout session as its hosted page's form does (a 302 to /payment-success when paid). */
import type { TestShop } from './test-shop';

export const SANDBOX_PAYING_CARD = '4242 4242 4242 4242';

export function payOnSandbox(shop: Pick<TestShop, 'request'>, sessionId: string, cardNumber = SANDBOX_PAYING_CARD) {
  return shop.request(`/sandbox/checkout/${sessionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber }).toString(),
    redirect: 'manual',
  });
}
