import { CustomerFilterSchema, listCustomers } from '@server/admin/list-customers';
import { adminJson, requireAdmin } from '@server/admin/require-admin';
import type { Route } from './+types/api.admin.customers';

/** Customers tab: ?q= (name or e-mail prefix), ?page=. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const filter = CustomerFilterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!filter.success) return adminJson({ error: 'Invalid filter' }, { status: 400 });
  return adminJson(await listCustomers({ db: context.db, filter: filter.data }));
}
