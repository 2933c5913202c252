import * as ADMIN_MESSAGES from '@domain/admin-messages';
import { listOrders, OrderFilterSchema } from '@server/orders/list-orders';
import { requireAdmin } from '@server/staff/require-admin';
import { readQuery } from '@server/http/json-request';
import { jsonResponse, jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.admin.orders';

/** Orders tab: ?q= (number or e-mail prefix), ?status=, ?page= (20 per page). */
export const loader = jsonRoute<Route.LoaderArgs>(
  { failureMessage: ADMIN_MESSAGES.fetchOrdersFailed, what: 'admin orders' },
  async ({ request, context }) => {
    await requireAdmin(request, context);
    const filter = readQuery(request, OrderFilterSchema);
    const started = performance.now();
    const page = await listOrders({ db: context.db, filter });
    const ms = (performance.now() - started).toFixed(1);
    return jsonResponse(page, { headers: { 'Cache-Control': 'no-store', 'Server-Timing': `db;dur=${ms}` } });
  },
);
