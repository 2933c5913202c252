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
    await requireAdmin(request, context, 'products.view');
    return { products: await listAdminProducts({ db: context.db }) };
  },
);

/** POST a product (ProductInputSchema; missing name, price or category is 400), with `stock`: [{ color, size, quantity }] (a bad cell is 400, nothing written). */
export const action = jsonRoute<Route.ActionArgs>(
  { failureMessage: ADMIN_MESSAGES.addProductFailed, what: 'product create' },
  async ({ request, context }) => {
    const actor = await requireAdmin(request, context, 'products.edit');
    if (request.method !== 'POST') throw methodNotAllowed('POST');
    const body = await readJsonBody(request);
    const input = parseProductInput(body);
    // The Add Product dialog's stock grid (issue 32 item 2): created with the product, in one transaction.
    const stock = body && typeof body === 'object' && 'stock' in body ? (body as { stock: unknown }).stock : undefined;
    const product = await createProduct({ ...catalogWriteOf(context), actor, input, stock });
    context.logger.info({ productId: product.id }, 'product created');
    return jsonResponse({ product }, { status: 201 });
  },
);
