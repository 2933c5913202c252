/**
 * The shipping address of a signed-in customer's latest paid order: prefilled on the sandbox
 * page and shown on /account. Only for the signed-in account (its customers row or its
 * confirmed e-mail), never for an e-mail typed in the cart, so nobody sees another's address.
 */
import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { ShippingAddress } from '../../domain/shipping-address';
import type { Executor } from '../db/client';
import { customers, orders } from '../db/schema';

export async function getLastShippingAddress(options: {
  db: Executor;
  userId: string;
  email: string;
}): Promise<ShippingAddress | null> {
  const { db, userId } = options;
  const email = options.email.trim().toLowerCase();
  const mine = db.select({ id: customers.id }).from(customers).where(eq(customers.userId, userId));
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        or(inArray(orders.customerId, mine), sql`lower(${orders.email}) = ${email}`),
        isNotNull(orders.paidAt),
        isNotNull(orders.shippingLine1),
      ),
    )
    .orderBy(desc(orders.paidAt))
    .limit(1);
  if (!row) return null;
  return orderShippingAddress(row);
}

/** An order row's address columns as an address (null when none was collected). */
export function orderShippingAddress(row: {
  shippingName: string | null;
  shippingLine1: string | null;
  shippingLine2: string | null;
  shippingCity: string | null;
  shippingRegion: string | null;
  shippingPostalCode: string | null;
  shippingCountry: string | null;
  shippingPhone: string | null;
}): ShippingAddress | null {
  if (!row.shippingLine1) return null;
  return {
    name: row.shippingName ?? '',
    line1: row.shippingLine1,
    line2: row.shippingLine2,
    city: row.shippingCity ?? '',
    region: row.shippingRegion,
    postalCode: row.shippingPostalCode ?? '',
    country: row.shippingCountry ?? '',
    phone: row.shippingPhone,
  };
}
