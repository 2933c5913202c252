import { z } from 'zod';
import { MESSAGES } from '@domain/messages';
import { ProductInputSchema } from '@domain/product-form';
import { deleteProduct, updateProduct, updateProductCost } from '@server/admin/products';
import { adminJson, requireAdmin } from '@server/admin/require-admin';
import type { Route } from './+types/api.admin.products_.$id';

const CostSchema = z.object({
  costCents: z.number().int().min(0).max(10_000_000).nullable(),
});

function fail(message: string, status = 400) {
  return adminJson({ error: message }, { status });
}

/**
 * PUT: the Edit dialog's whole product. PATCH { costCents }: the Margins tab's in-place cost.
 * DELETE: removes the product.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const id = z.uuid().safeParse(params.id);
  if (!id.success) return fail('Product not found', 404);
  const productId = id.data;
  if (request.method === 'DELETE') {
    const deleted = await deleteProduct({ db: context.db, catalogCache: context.catalogCache, productId });
    return deleted ? adminJson({ success: true }) : fail('Product not found', 404);
  }
  const body: unknown = await request.json().catch(() => null);
  if (request.method === 'PATCH') {
    const cost = CostSchema.safeParse(body);
    if (!cost.success) return fail(MESSAGES.productCostInvalid);
    const product = await updateProductCost({ db: context.db, productId, costCents: cost.data.costCents });
    return product ? adminJson({ product }) : fail('Product not found', 404);
  }
  if (request.method !== 'PUT') return fail('Method not allowed', 405);
  const input = ProductInputSchema.safeParse(body);
  if (!input.success) return fail(input.error.issues[0]?.message ?? MESSAGES.productRequiredFields);
  const product = await updateProduct({ db: context.db, catalogCache: context.catalogCache, productId, input: input.data });
  return product ? adminJson({ product }) : fail('Product not found', 404);
}
