import { z } from 'zod';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import { ProductInputSchema } from '@domain/product-form';
import { badRequest, methodNotAllowed, notFound } from '@server/app-error';
import { deleteProduct, updateProduct, updateProductCost } from '@server/admin/products';
import { requireAdmin } from '@server/admin/require-admin';
import { actionOnlyLoader, jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.admin.products_.$id';

const CostSchema = z.object({
  costCents: z.number().int().min(0).max(10_000_000).nullable(),
});

const productNotFound = () => notFound('Product not found');

const METHODS = ['PUT', 'PATCH', 'DELETE'];

export const loader = actionOnlyLoader(METHODS);

/**
 * PUT: the Edit dialog's whole product. PATCH { costCents }: the Margins tab's in-place cost.
 * DELETE: removes the product.
 */
export const action = jsonRoute<Route.ActionArgs>({ what: 'product change' }, async ({ request, context, params }) => {
  const actor = await requireAdmin(request, context, 'products.edit');
  const id = z.uuid().safeParse(params.id);
  if (!id.success) throw productNotFound();
  const productId = id.data;
  if (request.method === 'DELETE') {
    const deleted = await deleteProduct({ db: context.db, invalidateCatalogue: context.invalidateCatalogue, imageStorage: context.imageStorage, logger: context.logger, actor, productId });
    if (!deleted) throw productNotFound();
    return { success: true };
  }
  const body: unknown = await request.json().catch(() => null);
  if (request.method === 'PATCH') {
    const cost = CostSchema.safeParse(body);
    if (!cost.success) throw badRequest(ADMIN_MESSAGES.productCostInvalid);
    const product = await updateProductCost({ db: context.db, productId, costCents: cost.data.costCents, actor });
    if (!product) throw productNotFound();
    return { product };
  }
  if (request.method !== 'PUT') throw methodNotAllowed(METHODS.join(', '));
  const input = ProductInputSchema.safeParse(body);
  if (!input.success) throw badRequest(input.error.issues[0]?.message ?? ADMIN_MESSAGES.productRequiredFields);
  const product = await updateProduct({ db: context.db, invalidateCatalogue: context.invalidateCatalogue, imageStorage: context.imageStorage, logger: context.logger, actor, productId, input: input.data });
  if (!product) throw productNotFound();
  return { product };
});
