/**
 * A hosted session with what its pages show: the sandbox page (lines and the server's
 * totals) and /payment-success (order number and total). A pure read: a session past its
 * expiry reads as 'expired' here, and the sweep (or the Pay button) records the expiry.
 */
import { asc, eq } from 'drizzle-orm';
import type { OrderLineSummary, OrderTotalsSummary } from '../../domain/order-summary';
import { taxableOrderOf, type TaxableOrder } from '../tax/order-tax';
import type { Executor } from '../db/client';
import { checkoutSessions, donations, orderLines, orders } from '../db/schema';
import { isPaidOrder } from '../../domain/order-status';
import { orderLineOf, orderTotalsOf } from './order-summary';

export interface HostedSessionView {
  id: string;
  provider: string;
  purpose: 'order' | 'donation';
  /** 'expired' also for an open session past its expiry that the sweep has not reached yet. */
  status: 'open' | 'complete' | 'expired';
  /** True when the order or donation is paid (a complete session whose order was cancelled is not). */
  isPaid: boolean;
  totalCents: number;
  order:
    | null
    | (OrderTotalsSummary & {
        orderNumber: string;
        status: string;
        email: string | null;
        lines: (OrderLineSummary & { imageUrl: string | null })[];
        /** What its sales tax is computed on (issue 25), read with it. */
        taxable: TaxableOrder;
      });
  donation: null | { amountCents: number; status: string };
}

/** Longer ids are no session's (ours and Stripe's are far shorter): not looked up. */
export const MAX_SESSION_ID_LENGTH = 300;

export async function getHostedSession(options: {
  db: Executor;
  sessionId: string;
  now?: Date;
}): Promise<HostedSessionView | null> {
  const { db, sessionId } = options;
  if (sessionId.length > MAX_SESSION_ID_LENGTH) return null;
  // The session with its order or donation in one read (issue 31); an order's lines in a second.
  const [row] = await db
    .select({ session: checkoutSessions, order: orders, donation: donations })
    .from(checkoutSessions)
    .leftJoin(orders, eq(orders.id, checkoutSessions.orderId))
    .leftJoin(donations, eq(donations.id, checkoutSessions.donationId))
    .where(eq(checkoutSessions.id, sessionId));
  if (!row) return null;
  const { session, order, donation } = row;
  const now = options.now ?? new Date();
  const isPastExpiry = session.status === 'open' && session.expiresAt < now;
  const view: HostedSessionView = {
    id: session.id,
    provider: session.provider,
    purpose: session.purpose === 'donation' ? 'donation' : 'order',
    status: isPastExpiry ? 'expired' : (session.status as HostedSessionView['status']),
    isPaid: false,
    totalCents: session.amountTotalCents,
    order: null,
    donation: null,
  };
  let orderPaid: boolean | null = null;
  if (order) {
    orderPaid = isPaidOrder(order);
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position));
    view.order = {
      orderNumber: order.orderNumber,
      status: order.status,
      ...orderTotalsOf(order),
      email: order.email,
      lines: lines.map((line) => ({ ...orderLineOf(line), imageUrl: line.imageUrl })),
      taxable: taxableOrderOf(order, lines),
    };
  }
  if (donation) view.donation = { amountCents: donation.amountCents, status: donation.status };
  view.isPaid = session.status === 'complete' && (orderPaid ?? view.donation?.status === 'paid');
  return view;
}
