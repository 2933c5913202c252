/**
 * One customers row per account: attaches the row already kept for that e-mail (a guest
 * order, an earlier sign-up) or creates it. Names given at sign-up fill empty ones.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { customers } from '../db/schema';

export async function ensureCustomerForUser(options: {
  db: Executor;
  userId: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}): Promise<{ id: string }> {
  const { db, userId } = options;
  const email = options.email.trim().toLowerCase();
  const firstName = options.firstName ?? null;
  const lastName = options.lastName ?? null;
  const [mine] = await db.select({ id: customers.id }).from(customers).where(eq(customers.userId, userId)).limit(1);
  if (mine) return mine;
  const [row] = await db
    .insert(customers)
    .values({ userId, email, firstName, lastName })
    .onConflictDoUpdate({
      target: customers.email,
      set: {
        userId: sql`coalesce(${customers.userId}, excluded.user_id)`,
        firstName: sql`coalesce(${customers.firstName}, excluded.first_name)`,
        lastName: sql`coalesce(${customers.lastName}, excluded.last_name)`,
      },
    })
    .returning({ id: customers.id, userId: customers.userId });
  if (!row) throw new Error('customers upsert returned no row');
  if (row.userId !== userId) {
    // The e-mail's row belongs to an account that no longer exists in the user table.
    await db.update(customers).set({ userId }).where(and(eq(customers.id, row.id), isNull(customers.userId)));
  }
  return { id: row.id };
}
