/** The signed-in shopper of a request (public shape), or null. */
import { eq } from 'drizzle-orm';
import type { Viewer } from '../context';
import type { Database } from '../db/client';
import { customers, staffMembers } from '../db/schema';
import type { Auth } from './create-auth';

export async function getViewer(options: { auth: Auth; db: Database; request: Request }): Promise<Viewer | null> {
  const { auth, db, request } = options;
  if (!request.headers.get('cookie')) return null;
  const found = await auth.api.getSession({ headers: request.headers });
  if (!found?.user || !found.user.emailVerified) return null;
  const [customer] = await db
    .select({ firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(eq(customers.userId, found.user.id))
    .limit(1);
  const [member] = await db
    .select({ role: staffMembers.role })
    .from(staffMembers)
    .where(eq(staffMembers.userId, found.user.id))
    .limit(1);
  return {
    staffRole: member?.role ?? null,
    userId: found.user.id,
    email: found.user.email.toLowerCase(),
    firstName: customer?.firstName ?? null,
    lastName: customer?.lastName ?? null,
  };
}
