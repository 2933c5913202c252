import { readJsonBody } from '@server/http/json-request';
import { z } from 'zod';
import type { AdminTaxRate } from '@domain/admin-contract';
import { TAX_MESSAGES } from '@domain/tax';
import { methodNotAllowed, notFound } from '@server/app-error';
import { requireAdmin } from '@server/staff/require-admin';
import { actionOnlyLoader, jsonRoute } from '@server/http/json-route';
import { deleteTaxRate, updateTaxRate } from '@server/tax/tax-rates';
import type { Route } from './+types/api.admin.tax-rates_.$id';

const METHODS = ['PUT', 'DELETE'];

export const loader = actionOnlyLoader(METHODS);

/** PUT { country, region, rate, shippingTaxed }: changes the row as a whole. DELETE: removes it. */
export const action = jsonRoute<Route.ActionArgs>(
  { failureMessage: TAX_MESSAGES.saveFailed, what: 'tax rate change' },
  async ({ request, context, params }): Promise<{ rate: AdminTaxRate } | { removed: true }> => {
    // The session first: without one, every method is 401 (tests/integration/admin-guard.test.ts).
    const actor = await requireAdmin(request, context, 'tax.manage');
    if (!METHODS.includes(request.method)) throw methodNotAllowed(METHODS.join(', '));
    const id = z.uuid().safeParse(params.id);
    if (!id.success) throw notFound(TAX_MESSAGES.rowNotFound);
    if (request.method === 'DELETE') {
      await deleteTaxRate({ db: context.db, id: id.data, actor });
      context.logger.info({ taxRateId: id.data }, 'tax rate removed');
      return { removed: true };
    }
    const rate = await updateTaxRate({ db: context.db, id: id.data, input: await readJsonBody(request), actor });
    context.logger.info({ taxRateId: rate.id, rateMilli: rate.rateMilli }, 'tax rate changed');
    return { rate: { ...rate, updatedAt: rate.updatedAt.toISOString() } };
  },
);
