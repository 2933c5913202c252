/**
 * GET: every discount code with its state, uses and results (the Discounts tab). POST: a new
 * code (domain/discount.ts validates each field; a 400 or 409 names the field).
 */
import { methodNotAllowed } from '@server/app-error';
import { requireAdmin } from '@server/staff/require-admin';
import { createDiscount, listDiscounts } from '@server/discounts/manage-discounts';
import { readJsonBody } from '@server/http/json-request';
import { jsonResponse, jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.admin.discounts';

export const loader = jsonRoute<Route.LoaderArgs>(
  { methods: ['GET', 'HEAD'], failureMessage: 'Failed to fetch discount codes', what: 'admin discounts' },
  async ({ request, context }) => {
    await requireAdmin(request, context, 'discounts.manage');
    return { discounts: await listDiscounts({ db: context.db }) };
  },
);

export const action = jsonRoute<Route.ActionArgs>(
  { failureMessage: 'Failed to save the discount code', what: 'discount create' },
  async ({ request, context }) => {
    // The session first: without one, every method is 401 (tests/integration/admin-guard.test.ts).
    const actor = await requireAdmin(request, context, 'discounts.manage');
    if (request.method !== 'POST') throw methodNotAllowed('POST');
    const discount = await createDiscount({ db: context.db, input: await readJsonBody(request), actor });
    context.logger.info({ discountId: discount.id, code: discount.code }, 'discount code created');
    context.invalidateCatalogue(['promo']);
    return jsonResponse({ discount }, { status: 201 });
  },
);
