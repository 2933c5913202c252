import { z } from 'zod';
import { getCustomerProfile } from '@server/admin/get-customer-profile';
import { adminJson, requireAdmin } from '@server/admin/require-admin';
import type { Route } from './+types/api.admin.customers_.$id';

/** View Profile: the customer's orders and loyalty points. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = z.uuid().safeParse(params.id);
  const profile = id.success ? await getCustomerProfile({ db: context.db, customerId: id.data }) : null;
  if (!profile) return adminJson({ error: 'Customer not found' }, { status: 404 });
  return adminJson(profile);
}
