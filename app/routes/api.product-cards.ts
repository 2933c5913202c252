/**
 * GET /api/product-cards?ids=<id>,<id>: the cards of active products (public shape only), in
 * the order asked; unknown, inactive or malformed ids are left out. A guest's /favorites page
 * reads its saved list through this (the list itself lives in the guest's browser).
 */
import { FAVORITES_LIMIT, isProductId } from '@domain/favorites';
import * as MESSAGES from '@domain/messages';
import { cardFromPublicProduct } from '@domain/storefront-product';
import { listProductsByIds } from '@server/favorites/favorites';
import { jsonResponse, jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.product-cards';

export const loader = jsonRoute<Route.LoaderArgs>(
  { methods: ['GET', 'HEAD'], failureMessage: MESSAGES.fetchProductsFailed, what: 'product cards' },
  async ({ url, context }) => {
    const ids = (url.searchParams.get('ids') ?? '')
      .split(',')
      .slice(0, FAVORITES_LIMIT)
      .map((id) => id.trim().toLowerCase())
      .filter(isProductId);
    const products = await listProductsByIds({ db: context.db, ids });
    return jsonResponse(
      { cards: products.map((product) => cardFromPublicProduct(product)) },
      { headers: { 'Cache-Control': 'public, max-age=60' } },
    );
  },
);
