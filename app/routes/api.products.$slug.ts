/** GET /api/products/:slug: the public shape of an active product (no cost or margin). */
import { getProductBySlug } from '@server/catalog/get-product-by-slug';
import type { Route } from './+types/api.products.$slug';

export async function loader({ params, context }: Route.LoaderArgs) {
  const product = await getProductBySlug({ db: context.db, slug: params.slug });
  if (!product) return Response.json({ error: 'Product not found' }, { status: 404 });
  return Response.json(product, { headers: { 'Cache-Control': 'public, max-age=60' } });
}
