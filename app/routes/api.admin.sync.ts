import { adminJson, requireAdmin } from '@server/admin/require-admin';
import { syncProductsToStripe } from '@server/admin/sync-products-to-stripe';
import type { Route } from './+types/api.admin.sync';

/** The Products tab's payment-provider sync panel: GET says whether Stripe is configured. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return adminJson({ configured: Boolean(context.config.stripe) });
}

/** POST: creates or updates a Stripe Product and Price per product variant (SPEC §7). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  if (request.method !== 'POST') return adminJson({ error: 'Method not allowed' }, { status: 405 });
  if (!context.config.stripe) return adminJson({ error: 'No Stripe key is configured (STRIPE_SECRET_KEY).' }, { status: 400 });
  const results = await syncProductsToStripe({ db: context.db, stripe: context.config.stripe, logger: context.logger });
  return adminJson({ results });
}
