import { MESSAGES } from '@domain/messages';
import { ProductInputSchema } from '@domain/product-form';
import { createProduct, listAdminProducts } from '@server/admin/products';
import { adminJson, requireAdmin } from '@server/admin/require-admin';
import type { Route } from './+types/api.admin.products';

/** Every product, newest first, with cost (Products and Margins tabs). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return adminJson({ products: await listAdminProducts({ db: context.db }) });
}

/** POST a product (ProductInputSchema; missing name, price or category is 400). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  if (request.method !== 'POST') return adminJson({ error: 'Method not allowed' }, { status: 405 });
  const input = ProductInputSchema.safeParse(await request.json().catch(() => null));
  if (!input.success) {
    return adminJson({ error: input.error.issues[0]?.message ?? MESSAGES.productRequiredFields }, { status: 400 });
  }
  const product = await createProduct({ db: context.db, catalogCache: context.catalogCache, input: input.data });
  context.logger.info({ productId: product.id }, 'product created');
  return adminJson({ product }, { status: 201 });
}
