import { methodNotAllowed } from '@server/app-error';
import { importProductStockCsv } from '@server/catalog/product-stock-csv';
import { requireAdmin } from '@server/staff/require-admin';
import { jsonRoute, postOnlyLoader } from '@server/http/json-route';
import type { Route } from './+types/api.admin.products_.import';

export const loader = postOnlyLoader;

/**
 * POST a products-with-stock CSV (the export's format, as the request body): every row is
 * checked first; any problem is 400 with `problems` by row and column, and nothing is written.
 */
export const action = jsonRoute<Route.ActionArgs>({ what: 'products import' }, async ({ request, context }) => {
  const actor = await requireAdmin(request, context, 'products.edit');
  if (request.method !== 'POST') throw methodNotAllowed('POST');
  const result = await importProductStockCsv({ db: context.db, actor, text: await request.text() });
  context.logger.info(result, 'product stock imported');
  return result;
});
