import { readJsonBody } from '@server/http/json-request';
import { TAX_MESSAGES } from '@domain/tax';
import { badRequest, methodNotAllowed } from '@server/app-error';
import { requireAdmin } from '@server/staff/require-admin';
import { actionOnlyLoader, jsonRoute } from '@server/http/json-route';
import { setStripeTaxMode } from '@server/tax/tax-settings';
import type { Route } from './+types/api.admin.tax-settings';

export const loader = actionOnlyLoader(['PUT']);

/** PUT { stripeTaxMode: 'rates' | 'automatic' }: how Stripe Checkout collects tax (Owner only once roles exist). */
export const action = jsonRoute<Route.ActionArgs>(
  { failureMessage: TAX_MESSAGES.saveFailed, what: 'tax setting change' },
  async ({ request, context }) => {
    const actor = await requireAdmin(request, context, 'tax.manage');
    if (request.method !== 'PUT') throw methodNotAllowed('PUT');
    const body = (await readJsonBody(request)) as { stripeTaxMode?: unknown } | null;
    if (!body || typeof body !== 'object')
      throw badRequest('Stripe tax: choose the tax table (rates) or Stripe Tax (automatic)', 'invalid-tax-setting');
    const stripeTaxMode = await setStripeTaxMode({ db: context.db, mode: body.stripeTaxMode, actor });
    context.logger.info({ stripeTaxMode }, 'stripe tax mode changed');
    return { stripeTaxMode };
  },
);
