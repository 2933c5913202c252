/** POST /api/donations: { amountCents } -> { url } of a hosted payment page. SPEC §7 create-donation */
import { MESSAGES } from '@domain/messages';
import { CheckoutError } from '@server/orders/checkout-error';
import { createDonation } from '@server/orders/create-donation';
import { getPaymentProvider } from '@server/payments/get-payment-provider';
import { methodNotAllowed, readJsonBody } from '@server/http/json-request';
import type { Route } from './+types/api.donations';

export function loader() {
  return methodNotAllowed('POST');
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  const body = read.body;
  try {
    const viewer = (await context.auth?.getViewer(request)) ?? null;
    const result = await createDonation({
      db: context.db,
      provider: getPaymentProvider(context.config),
      logger: context.logger,
      body,
      viewerEmail: viewer?.email ?? null,
    });
    return Response.json({ url: result.url, sessionId: result.sessionId });
  } catch (error) {
    if (error instanceof CheckoutError) return Response.json({ error: error.message }, { status: error.status });
    context.logger.error({ err: error, requestId: context.requestId }, 'donation failed');
    return Response.json({ error: MESSAGES.donationFailed }, { status: 500 });
  }
}
