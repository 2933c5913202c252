/**
 * Takes a cancelled order's units again when the admin reopens it (SPEC §4: any status at any
 * time). Its cancellation gave them back (`stock_state` 'released'), so moving it on without
 * this would sell those units twice. The same conditional updates as a checkout
 * (reserveOrderStock): the order is reopened only if every tracked variant still has its units;
 * otherwise the 409 names the line short of stock and nothing changes (the caller's
 * transaction rolls back). Idempotent: only a 'released' order is taken from.
 */
import { and, asc, eq } from 'drizzle-orm';
import { LIFECYCLE_MESSAGES } from '../../domain/order-lifecycle';
import { AppError } from '../app-error';
import type { Executor } from '../db/client';
import { orderLines, orders } from '../db/schema';
import { reserveOrderStock, takeReserved } from './reserve-order-stock';

export async function retakeOrderStock(tx: Executor, order: { id: string; orderNumber: string }): Promise<void> {
  const claimed = await tx
    .update(orders)
    .set({ stockState: 'committed' })
    .where(and(eq(orders.id, order.id), eq(orders.stockState, 'released')))
    .returning({ id: orders.id });
  if (claimed.length === 0) return;
  const lines = await tx
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      name: orderLines.name,
      color: orderLines.color,
      size: orderLines.size,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const sellable = lines.flatMap((line) => (line.productId ? [{ ...line, productId: line.productId }] : []));
  let reserved: Map<string, number>;
  try {
    reserved = await reserveOrderStock(tx, sellable);
  } catch (error) {
    if (error instanceof AppError && error.code === 'insufficient-stock') {
      throw new AppError('reopen-short-of-stock', {
        message: LIFECYCLE_MESSAGES.reopenShortOfStock(order.orderNumber, error.message),
        details: error.details,
      });
    }
    throw error;
  }
  // As at checkout: the first line of a variant records the units taken for it.
  for (const line of sellable) {
    await tx
      .update(orderLines)
      .set({ reservedQuantity: takeReserved(reserved, line) })
      .where(eq(orderLines.id, line.id));
  }
}
