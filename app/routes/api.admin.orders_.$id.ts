import { z } from 'zod';
import { MESSAGES } from '@domain/messages';
import { OrderStatusSchema } from '@domain/order';
import { getOrderDetail } from '@server/admin/get-order-detail';
import { adminJson, requireAdmin } from '@server/admin/require-admin';
import { updateOrderStatus } from '@server/admin/update-order-status';
import type { Route } from './+types/api.admin.orders_.$id';

const IdSchema = z.uuid();
const StatusBodySchema = z.object({ status: OrderStatusSchema });

/** View Details of one order. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = IdSchema.safeParse(params.id);
  const order = id.success ? await getOrderDetail({ db: context.db, orderId: id.data }) : null;
  if (!order) return adminJson({ error: 'Order not found' }, { status: 404 });
  return adminJson(order);
}

/** PATCH { status }: one of the five statuses, anything else is 400. */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  if (request.method !== 'PATCH') return adminJson({ error: 'Method not allowed' }, { status: 405 });
  const id = IdSchema.safeParse(params.id);
  const body = StatusBodySchema.safeParse(await request.json().catch(() => null));
  if (!id.success || !body.success) return adminJson({ error: MESSAGES.updateOrderStatusFailed }, { status: 400 });
  const updated = await updateOrderStatus({ db: context.db, orderId: id.data, status: body.data.status });
  if (!updated) return adminJson({ error: 'Order not found' }, { status: 404 });
  return adminJson(updated);
}
