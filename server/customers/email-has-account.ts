/**
 * Whether an e-mail address belongs to a customer account (a customers row with a sign-in).
 * The order e-mails ask it at the moment they are written: points and orders follow the
 * e-mail address (server/loyalty/ledger.ts, list-customer-orders.ts), so its owner finds them
 * on /loyalty and /account once signed in; without an account there is nothing to sign in to.
 * The rule is one SQL condition, asked on its own (`emailHasAccount`) or inside a statement that
 * already reads the e-mail (the payment's update of its order, `emailHasAccountSql`).
 */
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { customers } from '../db/schema';

/** An account's row for the e-mail (customers' e-mails are stored trimmed and lower-cased). */
function accountOf(normalizedEmail: SQL | string) {
  return and(eq(customers.email, normalizedEmail), isNotNull(customers.userId));
}

export async function emailHasAccount(options: { db: Executor; email: string }): Promise<boolean> {
  const [row] = await options.db
    .select({ id: customers.id })
    .from(customers)
    .where(accountOf(options.email.trim().toLowerCase()))
    .limit(1);
  return Boolean(row);
}

/**
 * The same question as a boolean column of another statement, e.g. `returning({ hasAccount:
 * emailHasAccountSql(orders.email) })`. The condition is a nested fragment, so Drizzle keeps its
 * columns qualified ("customers"."email", "orders"."email") even in a RETURNING list.
 */
export function emailHasAccountSql(email: PgColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${customers} where ${accountOf(sql`lower(trim(${email}))`)})`;
}
