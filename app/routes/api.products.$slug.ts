/** GET /api/products/:slug: the public shape of an active product (no cost or margin). */
import { notFound } from '@server/app-error';
import { getProductBySlug } from '@server/catalog/get-product-by-slug';
import { jsonResponse, jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.products.$slug';

export const loader = jsonRoute<Route.LoaderArgs>({ what: 'product' }, async ({ params, context }) => {
  const product = await getProductBySlug({ db: context.db, slug: params.slug });
  if (!product) throw notFound('Product not found');
  return jsonResponse(product, { headers: { 'Cache-Control': 'public, max-age=60' } });
});
