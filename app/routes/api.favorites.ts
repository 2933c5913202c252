/**
 * The signed-in shopper's favorites (guests keep theirs in the browser).
 * GET  /api/favorites -> { productIds }
 * POST /api/favorites { productId, saved } -> { productIds }   save or remove one product
 * POST /api/favorites { merge: [productId, ...] } -> { productIds }   a guest list, at sign-in
 * Not signed in: 401. The account is the session's; no user id is read from the request.
 */
import { z } from 'zod';
import { FAVORITES_LIMIT, FAVORITES_MESSAGES } from '@domain/favorites';
import { AppError, badRequest } from '@server/app-error';
import { listFavoriteIds, mergeFavorites, setFavorite } from '@server/favorites/favorites';
import { jsonResponse, jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.favorites';

const PRIVATE = { headers: { 'Cache-Control': 'private, no-store' } };

const ProductIdSchema = z.uuid();
const FavoritesRequestSchema = z.union([
  z.strictObject({ productId: ProductIdSchema, saved: z.boolean() }),
  z.strictObject({ merge: z.array(ProductIdSchema).max(FAVORITES_LIMIT) }),
]);

async function signedIn(context: Route.LoaderArgs['context'], request: Request) {
  const viewer = await context.auth.getViewer(request);
  if (!viewer) throw new AppError('sign-in-required', { message: FAVORITES_MESSAGES.signInRequired });
  return viewer;
}

export const loader = jsonRoute<Route.LoaderArgs>(
  { methods: ['GET', 'HEAD'], failureMessage: FAVORITES_MESSAGES.saveFailed, what: 'favorites' },
  async ({ request, context }) => {
    const viewer = await signedIn(context, request);
    return jsonResponse({ productIds: await listFavoriteIds({ db: context.db, userId: viewer.userId }) }, PRIVATE);
  },
);

export const action = jsonRoute<Route.ActionArgs>(
  { methods: ['POST'], readBody: true, failureMessage: FAVORITES_MESSAGES.saveFailed, what: 'favorites' },
  async ({ request, context, body: raw }) => {
    const parsed = FavoritesRequestSchema.safeParse(raw);
    if (!parsed.success) throw badRequest(FAVORITES_MESSAGES.invalidRequest);
    const viewer = await signedIn(context, request);
    const body = parsed.data;
    if ('merge' in body) {
      const productIds = await mergeFavorites({
        db: context.db,
        userId: viewer.userId,
        productIds: body.merge.map((id) => id.toLowerCase()),
      });
      return jsonResponse({ productIds }, PRIVATE);
    }
    const result = await setFavorite({
      db: context.db,
      userId: viewer.userId,
      productId: body.productId.toLowerCase(),
      saved: body.saved,
    });
    if (result.ok) return jsonResponse({ productIds: result.productIds }, PRIVATE);
    throw result.reason === 'limit'
      ? new AppError('favorites-limit', { message: FAVORITES_MESSAGES.limitReached })
      : new AppError('product-unavailable', { message: FAVORITES_MESSAGES.productUnavailable });
  },
);
