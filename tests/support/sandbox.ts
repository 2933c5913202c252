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

/** The taxed total a sandbox page shows and posts back (its hidden shownTotalCents field), or null. */
export function shownTotalOf(html: string): string | null {
  return /name="shownTotalCents" value="(\d+)"/.exec(html)?.[1] ?? null;
}

/**
 * Pays as a shopper on the page does: Pay, and where the address's sales tax asks to confirm the
 * taxed total (issue 25: the page without JavaScript), Pay again with the total it then shows.
 */
export async function payOnSandbox(
  shop: Pick<TestShop, 'request'>,
  sessionId: string,
  cardNumber = SANDBOX_PAYING_CARD,
  address: Record<string, string> = SANDBOX_TEST_ADDRESS,
) {
  const post = (extra: Record<string, string> = {}) =>
    shop.request(`/sandbox/checkout/${sessionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber, ...address, ...extra }).toString(),
      redirect: 'manual',
    });
  const first = await post();
  if (first.status !== 409) return first;
  const html = await first.text();
  const shown = shownTotalOf(html);
  if (!shown) return new Response(html, { status: first.status, headers: first.headers });
  return post({ shownTotalCents: shown });
}
