import { z } from 'zod';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import { badRequest, methodNotAllowed, notFound } from '@server/app-error';
import {
  catalogWriteOf,
  deleteProduct,
  parseProductInput,
  updateProduct,
  updateProductCost,
} from '@server/catalog/manage-products';
import { requireAdmin } from '@server/staff/require-admin';
import { actionOnlyLoader, jsonRoute } from '@server/http/json-route';
import { readJsonBody } from '@server/http/json-request';
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
  await requireAdmin(request, context);
  const id = z.uuid().safeParse(params.id);
  if (!id.success) throw productNotFound();
  const productId = id.data;
  if (request.method === 'DELETE') {
    const deleted = await deleteProduct({
      db: context.db,
      invalidateCatalogue: context.invalidateCatalogue,
      imageStorage: context.imageStorage,
      logger: context.logger,
      productId,
    });
    if (!deleted) throw productNotFound();
    return { success: true };
  }
  const body: unknown = await readJsonBody(request);
  if (request.method === 'PATCH') {
    const cost = CostSchema.safeParse(body);
    if (!cost.success) throw badRequest(ADMIN_MESSAGES.productCostInvalid);
    const product = await updateProductCost({ db: context.db, productId, costCents: cost.data.costCents });
    if (!product) throw productNotFound();
    return { product };
  }
  if (request.method !== 'PUT') throw methodNotAllowed(METHODS.join(', '));
  const input = parseProductInput(body);
  const product = await updateProduct({ ...catalogWriteOf(context), productId, input });
  if (!product) throw productNotFound();
  return { product };
});
