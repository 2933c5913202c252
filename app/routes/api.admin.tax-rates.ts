import { readJsonBody } from '@server/http/json-request';
import type { AdminTaxRate, AdminTaxSettings } from '@domain/admin-contract';
import { TAX_MESSAGES } from '@domain/tax';
import { methodNotAllowed } from '@server/app-error';
import { requireAdmin } from '@server/staff/require-admin';
import { jsonResponse, jsonRoute } from '@server/http/json-route';
import { createTaxRate, listTaxRates, type StoredTaxRate } from '@server/tax/tax-rates';
import { getStripeTaxMode } from '@server/tax/tax-settings';
import type { Route } from './+types/api.admin.tax-rates';

function wireRate(row: StoredTaxRate): AdminTaxRate {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** The Tax tab (issue 25; Owner only once staff roles exist): the table and the Stripe tax setting. */
export const loader = jsonRoute<Route.LoaderArgs>(
  { methods: ['GET', 'HEAD'], failureMessage: TAX_MESSAGES.fetchFailed, what: 'admin tax rates' },
  async ({ request, context }): Promise<AdminTaxSettings> => {
    await requireAdmin(request, context, 'tax.report');
    const [rates, stripeTaxMode] = await Promise.all([
      listTaxRates({ db: context.db }),
      getStripeTaxMode({ db: context.db }),
    ]);
    return { rates: rates.map(wireRate), stripeTaxMode, usesStripe: context.paymentProvider.name === 'stripe' };
  },
);

/** POST { country, region, rate, shippingTaxed }: adds a place; a bad row is 400 naming its field. */
export const action = jsonRoute<Route.ActionArgs>(
  { failureMessage: TAX_MESSAGES.saveFailed, what: 'tax rate create' },
  async ({ request, context }) => {
    const actor = await requireAdmin(request, context, 'tax.manage');
    if (request.method !== 'POST') throw methodNotAllowed('POST');
    const rate = await createTaxRate({ db: context.db, input: await readJsonBody(request), actor });
    context.logger.info({ country: rate.country, region: rate.region, rateMilli: rate.rateMilli }, 'tax rate added');
    return jsonResponse({ rate: wireRate(rate) }, { status: 201 });
  },
);
