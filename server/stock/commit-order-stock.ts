/**
 * Payment keeps the reserved units: 'reserved' becomes 'committed' (the count already went
 * down at checkout). Conditional, inside the payment completion's transaction (decision 004):
 * a released order (expired first) is not committed again.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { orders } from '../db/schema';

export async function commitOrderStock(tx: Executor, orderId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ stockState: 'committed' })
    .where(and(eq(orders.id, orderId), eq(orders.stockState, 'reserved')));
}
