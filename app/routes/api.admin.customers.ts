import * as ADMIN_MESSAGES from '@domain/admin-messages';
import { CustomerFilterSchema, listCustomers } from '@server/customers/list-customers';
import { requireAdmin } from '@server/staff/require-admin';
import { readQuery } from '@server/http/json-request';
import { jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.admin.customers';

/** Customers tab: ?q= (name or e-mail prefix), ?page=. */
export const loader = jsonRoute<Route.LoaderArgs>(
  { failureMessage: ADMIN_MESSAGES.fetchCustomersFailed, what: 'admin customers' },
  async ({ request, context }) => {
    await requireAdmin(request, context);
    const filter = readQuery(request, CustomerFilterSchema);
    return listCustomers({ db: context.db, filter });
  },
);
