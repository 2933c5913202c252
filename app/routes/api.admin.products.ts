import * as ADMIN_MESSAGES from '@domain/admin-messages';
import * as MESSAGES from '@domain/messages';
import { ProductInputSchema } from '@domain/product-form';
import { badRequest, methodNotAllowed } from '@server/app-error';
import { createProduct, listAdminProducts } from '@server/admin/products';
import { requireAdmin } from '@server/admin/require-admin';
import { jsonResponse, jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.admin.products';

/** Every product, newest first, with cost (Products and Margins tabs). */
export const loader = jsonRoute<Route.LoaderArgs>(
  { failureMessage: MESSAGES.fetchProductsFailed, what: 'admin products' },
  async ({ request, context }) => {
    await requireAdmin(request, context, 'products.view');
    return { products: await listAdminProducts({ db: context.db }) };
  },
);

/** POST a product (ProductInputSchema; missing name, price or category is 400). */
export const action = jsonRoute<Route.ActionArgs>(
  { failureMessage: ADMIN_MESSAGES.addProductFailed, what: 'product create' },
  async ({ request, context }) => {
    const actor = await requireAdmin(request, context, 'products.edit');
    if (request.method !== 'POST') throw methodNotAllowed('POST');
    const input = ProductInputSchema.safeParse(await request.json().catch(() => null));
    if (!input.success) throw badRequest(input.error.issues[0]?.message ?? ADMIN_MESSAGES.productRequiredFields);
    const product = await createProduct({ db: context.db, invalidateCatalogue: context.invalidateCatalogue, imageStorage: context.imageStorage, logger: context.logger, actor, input: input.data });
    context.logger.info({ productId: product.id }, 'product created');
    return jsonResponse({ product }, { status: 201 });
  },
);
