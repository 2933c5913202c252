/**
 * A hosted session with what its pages show: the sandbox page (lines and the server's
 * totals) and /payment-success (order number and total). A sandbox session past its expiry
 * is expired here (lazily), which cancels its order through the completion path.
 */
import { asc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { checkoutSessions, donations, orderLines, orders } from '../db/schema';
import { completeCheckoutSession } from './complete-checkout-session';

export interface HostedSessionView {
  id: string;
  provider: string;
  purpose: 'order' | 'donation';
  status: 'open' | 'complete' | 'expired';
  totalCents: number;
  order: null | {
    orderNumber: string;
    status: string;
    subtotalCents: number;
    discountCents: number;
    couponCode: string | null;
    pointsRedeemed: number;
    pointsDiscountCents: number;
    shippingCents: number;
    totalCents: number;
    email: string | null;
    lines: {
      name: string;
      color: string;
      size: string;
      quantity: number;
      unitPriceCents: number;
      lineTotalCents: number;
      imageUrl: string | null;
    }[];
  };
  donation: null | { amountCents: number; status: string };
}

export async function getHostedSession(options: {
  db: Database;
  sessionId: string;
  logger?: Logger;
  now?: Date;
}): Promise<HostedSessionView | null> {
  const { db, sessionId } = options;
  if (sessionId.length > 300) return null;
  let [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  if (!session) return null;
  const now = options.now ?? new Date();
  if (session.status === 'open' && session.provider === 'sandbox' && session.expiresAt < now) {
    await completeCheckoutSession({
      db,
      logger: options.logger,
      event: {
        eventId: `expire:${session.id}`,
        provider: 'sandbox',
        eventType: 'session.expired',
        sessionId: session.id,
        outcome: 'expired',
      },
    });
    [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    if (!session) return null;
  }
  const view: HostedSessionView = {
    id: session.id,
    provider: session.provider,
    purpose: session.purpose === 'donation' ? 'donation' : 'order',
    status: session.status as HostedSessionView['status'],
    totalCents: session.amountTotalCents,
    order: null,
    donation: null,
  };
  if (session.orderId) {
    const [order] = await db.select().from(orders).where(eq(orders.id, session.orderId));
    if (order) {
      const lines = await db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
        .orderBy(asc(orderLines.position));
      view.order = {
        orderNumber: order.orderNumber,
        status: order.status,
        subtotalCents: order.subtotalCents,
        discountCents: order.discountCents,
        couponCode: order.couponCode,
        pointsRedeemed: order.pointsRedeemed,
        pointsDiscountCents: order.pointsDiscountCents,
        shippingCents: order.shippingCents,
        totalCents: order.totalCents,
        email: order.email,
        lines: lines.map((line) => ({
          name: line.name,
          color: line.color,
          size: line.size,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          lineTotalCents: line.lineTotalCents,
          imageUrl: line.imageUrl,
        })),
      };
    }
  }
  if (session.donationId) {
    const [donation] = await db.select().from(donations).where(eq(donations.id, session.donationId));
    if (donation) view.donation = { amountCents: donation.amountCents, status: donation.status };
  }
  return view;
}
