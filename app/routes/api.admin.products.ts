import * as ADMIN_MESSAGES from '@domain/admin-messages';
import * as MESSAGES from '@domain/messages';
import { methodNotAllowed } from '@server/app-error';
import { catalogWriteOf, createProduct, listAdminProducts, parseProductInput } from '@server/catalog/manage-products';
import { requireAdmin } from '@server/staff/require-admin';
import { jsonResponse, jsonRoute } from '@server/http/json-route';
import { readJsonBody } from '@server/http/json-request';
import type { Route } from './+types/api.admin.products';

/** Every product, newest first, with cost (Products and Margins tabs). */
export const loader = jsonRoute<Route.LoaderArgs>(
  { failureMessage: MESSAGES.fetchProductsFailed, what: 'admin products' },
  async ({ request, context }) => {
    await requireAdmin(request, context);
    return { products: await listAdminProducts({ db: context.db }) };
  },
);

/** POST a product (ProductInputSchema; missing name, price or category is 400). */
export const action = jsonRoute<Route.ActionArgs>(
  { failureMessage: ADMIN_MESSAGES.addProductFailed, what: 'product create' },
  async ({ request, context }) => {
    await requireAdmin(request, context);
    if (request.method !== 'POST') throw methodNotAllowed('POST');
    const input = parseProductInput(await readJsonBody(request));
    const product = await createProduct({ ...catalogWriteOf(context), input });
    context.logger.info({ productId: product.id }, 'product created');
    return jsonResponse({ product }, { status: 201 });
  },
);
