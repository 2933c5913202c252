/**
 * POST /api/shopify/checkout { variantId } → { checkoutUrl }
 * Creates a Shopify cart (Cart API, one line, quantity 1) for an external product; the
 * card opens the checkout URL in a new tab. Refusals carry the SPEC §8 legacy code.
 */
import { data } from 'react-router';
import { ExternalCheckoutRequestSchema } from '@domain/external-checkout';
import { MESSAGES } from '@domain/messages';
import { methodNotAllowed, readJsonBody } from '@server/http/json-request';
import type { Route } from './+types/api.shopify.checkout';

export function loader() {
  return methodNotAllowed('POST');
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const noStore = { 'Cache-Control': 'no-store' };
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  const body = read.body;
  const parsed = ExternalCheckoutRequestSchema.safeParse(body);
  if (!parsed.success) {
    return data({ error: 'Invalid request' }, { status: 400, headers: noStore });
  }
  const createCheckout = context.shopify?.createCheckout;
  if (!createCheckout) {
    return data({ error: MESSAGES.hostedCheckoutFailed }, { status: 503, headers: noStore });
  }
  const result = await createCheckout(parsed.data.variantId, { buyerIp: context.clientIp });
  if (result.ok) return data({ checkoutUrl: result.checkoutUrl }, { headers: noStore });
  if (result.reason === 'rejected') {
    return data(
      { error: result.problem.message, code: result.problem.code ?? undefined },
      { status: 422, headers: noStore },
    );
  }
  return data({ error: MESSAGES.hostedCheckoutFailed }, { status: 502, headers: noStore });
}
