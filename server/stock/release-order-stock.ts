/**
 * Gives an order's units back to stock, whether they were reserved (a pending order that
 * expired or was cancelled) or already committed (a paid order cancelled by the admin).
 * Idempotent: one conditional update of `orders.stock_state` to 'released' decides, so a
 * second call, a concurrent cancel or a replayed expiry returns nothing twice. Runs in the
 * caller's transaction (`tx`), next to the status change it belongs to. A variant whose
 * stock row was removed meanwhile (no longer tracked) takes nothing back.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { orderLines, orders, productStock } from '../db/schema';
import { reservedKey } from './reserve-order-stock';
import { stockChanged } from './stock-events';

export async function releaseOrderStock(tx: Executor, orderId: string): Promise<void> {
  const released = await tx
    .update(orders)
    .set({ stockState: 'released' })
    .where(and(eq(orders.id, orderId), inArray(orders.stockState, ['reserved', 'committed'])))
    .returning({ id: orders.id });
  if (released.length === 0) return;
  const lines = await tx
    .select({
      productId: orderLines.productId,
      color: orderLines.color,
      size: orderLines.size,
      quantity: orderLines.reservedQuantity,
    })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), gt(orderLines.reservedQuantity, 0)));
  // The same order as reserveOrderStock takes rows in, so a release and a checkout never deadlock.
  const keyed = lines.map((line) => ({ line, key: line.productId ? reservedKey({ ...line, productId: line.productId }) : '' }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const { line } of keyed) {
    if (!line.productId) continue;
    await tx
      .update(productStock)
      .set({ quantity: sql`${productStock.quantity} + ${line.quantity}`, updatedAt: new Date() })
      .where(
        and(
          eq(productStock.productId, line.productId),
          eq(productStock.color, line.color),
          eq(productStock.size, line.size),
        ),
      );
  }
  stockChanged(keyed.map(({ line }) => line.productId));
}
