import { z } from 'zod';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import type { AdminShopPage } from '@domain/admin-contract';
import { isShopPageSlug } from '@domain/shop-pages';
import { badRequest, methodNotAllowed, notFound } from '@server/app-error';
import { requireAdmin } from '@server/staff/require-admin';
import { actionOnlyLoader, jsonRoute } from '@server/http/json-route';
import { readJsonBody } from '@server/http/json-request';
import { saveShopPage } from '@server/shop-pages/save-shop-page';
import type { Route } from './+types/api.admin.shop-pages_.$slug';

const METHODS = ['PUT', 'DELETE'];
const BodySchema = z.object({ body: z.string() });

export const loader = actionOnlyLoader(METHODS);

/**
 * PUT { body }: saves the owner's text of a policy page. DELETE: restores its default text.
 * Either way its cached copies are dropped (save-shop-page.ts).
 */
export const action = jsonRoute<Route.ActionArgs>(
  { failureMessage: ADMIN_MESSAGES.pageSaveFailed, what: 'shop page change' },
  async ({ request, context, params }): Promise<{ page: AdminShopPage }> => {
    // The session first: without one, every method is 401 (tests/integration/admin-guard.test.ts).
    await requireAdmin(request, context);
    if (!METHODS.includes(request.method)) throw methodNotAllowed(METHODS.join(', '));
    if (!isShopPageSlug(params.slug)) throw notFound(ADMIN_MESSAGES.pageNotFound);
    let body: string | null = null;
    if (request.method === 'PUT') {
      const input = BodySchema.safeParse(await readJsonBody(request));
      if (!input.success) throw badRequest(ADMIN_MESSAGES.pageBodyRequired);
      body = input.data.body;
    }
    const page = await saveShopPage({
      db: context.db,
      invalidateCatalogue: context.invalidateCatalogue,
      slug: params.slug,
      body,
    });
    return { page: { ...page, updatedAt: page.updatedAt?.toISOString() ?? null } };
  },
);
