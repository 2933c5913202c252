import { z } from 'zod';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import { OrderStatusSchema } from '@domain/order';
import { ShipmentSchema } from '@domain/shipment';
import { badRequest, methodNotAllowed, notFound } from '@server/app-error';
import { getOrderDetail } from '@server/orders/get-order-detail';
import { requireAdmin } from '@server/staff/require-admin';
import { updateOrderStatus } from '@server/orders/update-order-status';
import { jsonRoute } from '@server/http/json-route';
import { readJsonBody } from '@server/http/json-request';
import type { Route } from './+types/api.admin.orders_.$id';

const IdSchema = z.uuid();
const StatusBodySchema = z.object({
  status: OrderStatusSchema,
  carrier: z.unknown().optional(),
  trackingNumber: z.unknown().optional(),
});

/** View Details of one order. */
export const loader = jsonRoute<Route.LoaderArgs>({ what: 'admin order' }, async ({ request, context, params }) => {
  await requireAdmin(request, context);
  const id = IdSchema.safeParse(params.id);
  const order = id.success ? await getOrderDetail({ db: context.db, orderId: id.data }) : null;
  if (!order) throw notFound('Order not found');
  return order;
});

/**
 * PATCH { status, carrier?, trackingNumber? }: one of the five statuses, anything else is 400.
 * 'shipped' takes the carrier and tracking number (domain/order-lifecycle ShipmentSchema: a bad
 * one is a 400 naming the problem); 'cancelled' refunds a paid order (409 when it cannot).
 */
export const action = jsonRoute<Route.ActionArgs>(
  { failureMessage: ADMIN_MESSAGES.updateOrderStatusFailed, what: 'order status' },
  async ({ request, context, params }) => {
    await requireAdmin(request, context);
    if (request.method !== 'PATCH') throw methodNotAllowed('PATCH');
    const id = IdSchema.safeParse(params.id);
    const body = StatusBodySchema.safeParse(await readJsonBody(request));
    if (!id.success || !body.success) throw badRequest(ADMIN_MESSAGES.updateOrderStatusFailed);
    const shipment = ShipmentSchema.safeParse({ carrier: body.data.carrier, trackingNumber: body.data.trackingNumber });
    if (!shipment.success)
      throw badRequest(shipment.error.issues[0]?.message ?? ADMIN_MESSAGES.updateOrderStatusFailed);
    return updateOrderStatus({
      db: context.db,
      orderId: id.data,
      status: body.data.status,
      shipment: shipment.data,
      provider: context.paymentProvider,
      logger: context.logger,
      mail: context.mail,
      publicUrl: context.config.publicUrl,
    });
  },
);
