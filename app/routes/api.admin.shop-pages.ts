import * as ADMIN_MESSAGES from '@domain/admin-messages';
import type { AdminShopPage } from '@domain/admin-contract';
import { requireAdmin } from '@server/staff/require-admin';
import { jsonRoute } from '@server/http/json-route';
import { listShopPages } from '@server/shop-pages/get-shop-pages';
import type { Route } from './+types/api.admin.shop-pages';

/** The Pages tab: the three policy pages with the text they show (the owner's or the default). */
export const loader = jsonRoute<Route.LoaderArgs>(
  { methods: ['GET', 'HEAD'], failureMessage: ADMIN_MESSAGES.fetchPagesFailed, what: 'admin shop pages' },
  async ({ request, context }): Promise<{ pages: AdminShopPage[] }> => {
    await requireAdmin(request, context);
    const pages = await listShopPages({ db: context.db });
    return { pages: pages.map((page) => ({ ...page, updatedAt: page.updatedAt?.toISOString() ?? null })) };
  },
);
