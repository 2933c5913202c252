import * as ADMIN_MESSAGES from '@domain/admin-messages';
import { badRequest, methodNotAllowed } from '@server/app-error';
import { requireAdmin } from '@server/staff/require-admin';
import { syncProductsToStripe } from '@server/catalog/sync-products-to-stripe';
import { jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.admin.sync';

/** The Products tab's payment-provider sync panel: GET says whether Stripe is configured. */
export const loader = jsonRoute<Route.LoaderArgs>({ what: 'admin sync' }, async ({ request, context }) => {
  await requireAdmin(request, context);
  return { configured: context.paymentProvider.name === 'stripe' };
});

/** POST: creates or updates a Stripe Product and Price per product variant (SPEC §7). */
export const action = jsonRoute<Route.ActionArgs>(
  { failureMessage: ADMIN_MESSAGES.syncFailedDefault, what: 'admin sync' },
  async ({ request, context }) => {
    await requireAdmin(request, context);
    if (request.method !== 'POST') throw methodNotAllowed('POST');
    const provider = context.paymentProvider;
    if (provider.name !== 'stripe') throw badRequest('No Stripe key is configured (STRIPE_SECRET_KEY).', 'sync-not-configured');
    return { results: await syncProductsToStripe({ db: context.db, stripe: provider.client, logger: context.logger }) };
  },
);
