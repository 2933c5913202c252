/**
 * The action of an endpoint that starts a hosted payment (POST /api/checkout, /api/donations):
 * the JSON body and the signed-in shopper go to the service, which stores what is being paid
 * for and opens its hosted page; the answer is the page's URL. Refusals are the service's
 * AppErrors; anything unexpected gets the endpoint's SPEC failure text.
 */
import type { AppLoadContext } from 'react-router';
import type { RedemptionRate } from '../../domain/loyalty';
import { jsonRoute } from '../http/json-route';
import type { Database } from '../db/client';
import type { PaymentProvider } from './payment-provider';

export interface StartPaymentInput {
  db: Database;
  provider: PaymentProvider;
  logger: AppLoadContext['logger'];
  body: unknown;
  /** The signed-in shopper's e-mail, if any. */
  viewerEmail: string | null;
  /** The configured points redemption rate (POINTS_PER_DOLLAR_OFF). */
  redemptionRate: RedemptionRate;
}

export function startPaymentAction<Args extends { request: Request; context: AppLoadContext }, Result>(
  options: { failureMessage: string; what: string },
  start: (input: StartPaymentInput) => Promise<Result>,
  answer: (result: Result) => Record<string, unknown>,
) {
  return jsonRoute<Args>({ methods: ['POST'], readBody: true, ...options }, async ({ request, context, body }) => {
    const viewer = await context.auth.getViewer(request);
    const result = await start({
      db: context.db,
      provider: context.paymentProvider,
      logger: context.logger,
      body,
      viewerEmail: viewer?.email ?? null,
      redemptionRate: context.config.redemptionRate,
    });
    return answer(result);
  });
}
