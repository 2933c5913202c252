/**
 * The signed-in customer's own loyalty info. No e-mail is read from the request: the
 * account is the session's, so nobody can read another person's points.
 */
import * as MESSAGES from '@domain/messages';
import { AppError } from '@server/app-error';
import { jsonResponse, jsonRoute } from '@server/http/json-route';
import { getLoyaltyInfo } from '@server/loyalty/get-loyalty-info';
import type { Route } from './+types/api.loyalty';

export const loader = jsonRoute<Route.LoaderArgs>(
  { failureMessage: MESSAGES.loyaltyLoadFailed, what: 'loyalty info' },
  async ({ request, context }) => {
    const viewer = await context.auth.getViewer(request);
    if (!viewer) {
      throw new AppError('sign-in-required', { message: 'Sign in to view your loyalty points' });
    }
    const info = await getLoyaltyInfo({ db: context.db, email: viewer.email });
    return jsonResponse(info, { headers: { 'Cache-Control': 'private, no-store' } });
  },
);
