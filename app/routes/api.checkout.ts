/**
 * POST /api/checkout: { items: [{ productId, color, size, quantity }], couponCode?, email?,
 * pointsToRedeem? } -> { url }. The server reprices everything (server/orders/create-checkout).
 */
import { createCheckout } from '@server/orders/create-checkout';
import { CheckoutError } from '@server/orders/checkout-error';
import { sweepExpiredSessionsSometimes } from '@server/payments/complete-checkout-session';
import { getPaymentProvider } from '@server/payments/get-payment-provider';
import { methodNotAllowed, readJsonBody } from '@server/http/json-request';
import type { Route } from './+types/api.checkout';

export function loader() {
  return methodNotAllowed('POST');
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  const body = read.body;
  sweepExpiredSessionsSometimes({ db: context.db, logger: context.logger });
  try {
    const viewer = (await context.auth?.getViewer(request)) ?? null;
    const result = await createCheckout({
      db: context.db,
      provider: getPaymentProvider(context.config),
      logger: context.logger,
      body,
      viewerEmail: viewer?.email ?? null,
    });
    return Response.json({ url: result.url, sessionId: result.sessionId, orderNumber: result.orderNumber });
  } catch (error) {
    if (error instanceof CheckoutError) return Response.json({ error: error.message }, { status: error.status });
    context.logger.error({ err: error, requestId: context.requestId }, 'checkout failed');
    return Response.json({ error: 'There was an error processing your checkout. Please try again.' }, { status: 500 });
  }
}
