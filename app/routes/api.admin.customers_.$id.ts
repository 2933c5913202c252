import { z } from 'zod';
import { notFound } from '@server/app-error';
import { getCustomerProfile } from '@server/customers/get-customer-profile';
import { requireAdmin } from '@server/staff/require-admin';
import { jsonRoute } from '@server/http/json-route';
import type { Route } from './+types/api.admin.customers_.$id';

/** View Profile: the customer's orders and loyalty points. */
export const loader = jsonRoute<Route.LoaderArgs>({ what: 'admin customer' }, async ({ request, context, params }) => {
  await requireAdmin(request, context);
  const id = z.uuid().safeParse(params.id);
  const profile = id.success ? await getCustomerProfile({ db: context.db, customerId: id.data }) : null;
  if (!profile) throw notFound('Customer not found');
  return profile;
});
