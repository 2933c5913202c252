/**
 * GET /api/promo: the code the promo dialog offers (SPEC §2 Promo dialog; issue 26 item 5):
 * the owner's featured code while it is active, as `{ promo: { code, label } }`, or
 * `{ promo: null }` (the dialog then does not open). Public shape only: no limits, no uses.
 */
import { discountLabel, discountTerms } from '@domain/discount';
import { getFeaturedDiscount } from '@server/discounts/manage-discounts';
import { jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.promo';

export const loader = jsonRoute<Route.LoaderArgs>({ methods: ['GET', 'HEAD'], what: 'promo' }, async ({ context }) => {
  const featured = await getFeaturedDiscount({ db: context.db });
  return { promo: featured ? { code: featured.code, label: discountLabel(discountTerms(featured)) } : null };
});
