/**
 * The signed-in customer's own loyalty info. No e-mail is read from the request: the
 * account is the session's, so nobody can read another person's points.
 */
import { MESSAGES } from '@domain/messages';
import { getLoyaltyInfo } from '@server/loyalty/get-loyalty-info';
import type { Route } from './+types/api.loyalty';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = (await context.auth?.getViewer(request)) ?? null;
  const headers = { 'Cache-Control': 'private, no-store' };
  if (!viewer) return Response.json({ error: 'Sign in to view your loyalty points' }, { status: 401, headers });
  try {
    const info = await getLoyaltyInfo({ db: context.db, email: viewer.email });
    return Response.json(info, { headers });
  } catch (error) {
    context.logger.error({ err: error }, 'loyalty info failed');
    return Response.json({ error: MESSAGES.loyaltyLoadFailed }, { status: 500, headers });
  }
}
