/**
 * Whether an e-mail address belongs to a customer account (a customers row with a sign-in).
 * The order e-mails ask it at the moment they are written: points and orders follow the
 * e-mail address (server/loyalty/ledger.ts, list-customer-orders.ts), so its owner finds them
 * on /loyalty and /account once signed in; without an account there is nothing to sign in to.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { customers } from '../db/schema';

export async function emailHasAccount(options: { db: Executor; email: string }): Promise<boolean> {
  const email = options.email.trim().toLowerCase();
  const [row] = await options.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.email, email), isNotNull(customers.userId)))
    .limit(1);
  return Boolean(row);
}
