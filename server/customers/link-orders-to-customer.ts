/** Orders placed with the customer's e-mail (signed in or not) belong to that customer. */
import { and, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { loyaltyLedger, orders } from '../db/schema';

export async function linkOrdersToCustomer(options: { db: Executor; customerId: string; email: string }) {
  const { db, customerId } = options;
  const email = options.email.trim().toLowerCase();
  const linked = await db
    .update(orders)
    .set({ customerId })
    .where(and(isNull(orders.customerId), sql`lower(${orders.email}) = ${email}`))
    .returning({ id: orders.id });
  await db
    .update(loyaltyLedger)
    .set({ customerId })
    .where(and(isNull(loyaltyLedger.customerId), sql`lower(${loyaltyLedger.customerEmail}) = ${email}`));
  return { orders: linked.length };
}
