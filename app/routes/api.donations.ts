/** POST /api/donations: { amountCents } -> { url } of a hosted payment page. SPEC §7 create-donation */
import * as MESSAGES from '@domain/messages';
import { postOnlyLoader } from '@server/http/json-route';
import { createDonation } from '@server/orders/create-donation';
import { startPaymentAction } from '@server/http/start-payment-route';
import type { Route } from './+types/api.donations';

export const loader = postOnlyLoader;

export const action = startPaymentAction<Route.ActionArgs, Awaited<ReturnType<typeof createDonation>>>(
  { failureMessage: MESSAGES.donationFailed, what: 'donation' },
  createDonation,
  (result) => ({ url: result.url, sessionId: result.sessionId }),
);
