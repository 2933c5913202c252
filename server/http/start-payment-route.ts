/**
 * The action of an endpoint that starts a hosted payment (POST /api/checkout, /api/donations):
 * the JSON body and the signed-in shopper go to the service, which stores what is being paid
 * for and opens its hosted page; the answer is the page's URL. Refusals are the service's
 * AppErrors; anything unexpected gets the endpoint's SPEC failure text.
 */
import type { AppLoadContext } from 'react-router';
import type { RedemptionRate } from '../../domain/loyalty';
import { refuseOverLimit, type RateLimitRule } from './rate-limit';
import { jsonRoute } from './json-route';
import type { Database } from '../db/client';
import type { PaymentProvider } from '../payments/payment-provider';

export interface StartPaymentInput {
  db: Database;
  provider: PaymentProvider;
  logger: AppLoadContext['logger'];
  body: unknown;
  /** The signed-in shopper's e-mail, if any. */
  viewerEmail: string | null;
  /** The signed-in shopper's account id, if any. */
  viewerUserId: string | null;
  /** The configured points redemption rate (POINTS_PER_DOLLAR_OFF). */
  redemptionRate: RedemptionRate;
}

/**
 * Hosted payments each client address may start per window: every checkout holds stock until
 * it is paid or expires, so a flood of them could keep units from everyone. Generous enough
 * for a household or a campus behind one address. Counted in memory and shared with the other
 * processes through the database once a second (context.paymentStartLimit, batched-rate-limit.ts),
 * so a checkout spends no round trip on it (issue 31).
 */
export const START_PAYMENT_RULE: RateLimitRule = { limit: 100, windowMs: 10 * 60_000 };
export const tooManyPaymentsMessage = 'Too many checkouts from your network. Please wait a few minutes and try again.';

export function startPaymentAction<Args extends { request: Request; context: AppLoadContext }, Result>(
  options: { failureMessage: string; what: 'checkout' | 'donation' },
  start: (input: StartPaymentInput) => Promise<Result>,
  answer: (result: Result) => Record<string, unknown>,
) {
  return jsonRoute<Args>({ methods: ['POST'], readBody: true, ...options }, async ({ request, context, body }) => {
    refuseOverLimit(context.paymentStartLimit.hit(`${options.what}:${context.clientIp}`), {
      message: tooManyPaymentsMessage,
    });
    const viewer = await context.auth.getViewer(request);
    const result = await start({
      db: context.db,
      provider: context.paymentProvider,
      logger: context.logger,
      body,
      viewerEmail: viewer?.email ?? null,
      viewerUserId: viewer?.userId ?? null,
      redemptionRate: context.config.redemptionRate,
    });
    return answer(result);
  });
}
