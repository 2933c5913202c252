/**
 * The one place a payment outcome changes an order or a donation, used by the Stripe
 * webhook and the sandbox page alike. Exactly once per payment: the event id is stored
 * (unique) in the same transaction, the session row is locked, and every state change is
 * a conditional update from 'pending', so replays, concurrent duplicates and out-of-order
 * events change nothing twice (PostgreSQL and PGlite alike).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { formatCents } from '../../domain/money';
import type { Database, Executor } from '../db/client';
import { checkoutSessions, donations, orderLines, orders, paymentEvents } from '../db/schema';
import { enqueueEmail } from '../mail/enqueue-email';
import { recordEarnedPoints, recordRedeemedPoints } from '../loyalty/ledger';

export type PaymentOutcome = 'paid' | 'failed' | 'expired';

export interface PaymentEventInput {
  /** Provider event id (Stripe evt_...), or a synthetic one for the sandbox. */
  eventId: string;
  provider: 'sandbox' | 'stripe';
  eventType: string;
  sessionId: string;
  outcome: PaymentOutcome;
  /** Provider payment reference (payment intent) when paid. */
  paymentReference?: string | null;
}

export type CompletionResult =
  | { result: 'duplicate-event' }
  | { result: 'unknown-session' }
  | { result: 'applied'; purpose: 'order' | 'donation'; status: string }
  | { result: 'unchanged'; purpose: 'order' | 'donation'; status: string };

export async function completeCheckoutSession(options: {
  db: Database;
  logger?: Logger;
  event: PaymentEventInput;
}): Promise<CompletionResult> {
  const { db, event, logger } = options;
  const result = await db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ id: event.eventId, provider: event.provider, type: event.eventType, sessionId: event.sessionId })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return { result: 'duplicate-event' } as const;

    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, event.sessionId))
      .for('update');
    if (!session) return { result: 'unknown-session' } as const;

    if (event.outcome === 'paid') {
      await tx
        .update(checkoutSessions)
        .set({ status: 'complete', completedAt: new Date() })
        .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')));
    } else {
      await tx
        .update(checkoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')));
    }

    if (session.purpose === 'donation' && session.donationId) {
      return applyToDonation(tx, session.donationId, event);
    }
    if (session.orderId) return applyToOrder(tx, session.orderId, event);
    return { result: 'unknown-session' } as const;
  });
  if (result.result === 'unchanged') {
    logger?.warn({ event, status: result.status }, 'payment event did not change its order or donation');
  }
  return result;
}

async function applyToDonation(tx: Executor, donationId: string, event: PaymentEventInput): Promise<CompletionResult> {
  const now = new Date();
  const changed =
    event.outcome === 'paid'
      ? await tx
          .update(donations)
          .set({ status: 'paid', paidAt: now, paymentReference: event.paymentReference ?? null, updatedAt: now })
          .where(and(eq(donations.id, donationId), eq(donations.status, 'pending')))
          .returning({ status: donations.status })
      : await tx
          .update(donations)
          .set({ status: 'cancelled', updatedAt: now })
          .where(and(eq(donations.id, donationId), eq(donations.status, 'pending')))
          .returning({ status: donations.status });
  if (changed[0]) return { result: 'applied', purpose: 'donation', status: changed[0].status };
  const [current] = await tx.select({ status: donations.status }).from(donations).where(eq(donations.id, donationId));
  return { result: 'unchanged', purpose: 'donation', status: current?.status ?? 'unknown' };
}

async function applyToOrder(tx: Executor, orderId: string, event: PaymentEventInput): Promise<CompletionResult> {
  const now = new Date();
  if (event.outcome !== 'paid') {
    const cancelled = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
      .returning({ status: orders.status });
    if (cancelled[0]) return { result: 'applied', purpose: 'order', status: 'cancelled' };
    return { result: 'unchanged', purpose: 'order', status: await orderStatus(tx, orderId) };
  }

  const [order] = await tx
    .update(orders)
    .set({ status: 'processing', paidAt: now, paymentReference: event.paymentReference ?? null, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning();
  if (!order) return { result: 'unchanged', purpose: 'order', status: await orderStatus(tx, orderId) };

  if (order.email) {
    const entry = {
      db: tx,
      email: order.email,
      customerId: order.customerId,
      orderId: order.id,
      orderNumber: order.orderNumber,
    };
    await recordEarnedPoints({ ...entry, points: order.pointsEarned });
    await recordRedeemedPoints({ ...entry, points: order.pointsRedeemed });
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position));
    await enqueueEmail({
      db: tx,
      dedupeKey: `order-confirmation:${order.id}`,
      message: {
        to: order.email,
        subject: `Your Wear Your Faith order ${order.orderNumber}`,
        text: confirmationText(order, lines),
      },
    });
  }
  return { result: 'applied', purpose: 'order', status: 'processing' };
}

async function orderStatus(tx: Executor, orderId: string): Promise<string> {
  const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row?.status ?? 'unknown';
}

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/** Plain-text order confirmation: number, lines, totals. */
export function confirmationText(order: OrderRow, lines: OrderLineRow[]): string {
  const rows = lines.map(
    (line) =>
      `- ${line.name} (${line.color}, ${line.size}) x ${line.quantity} @ ${formatCents(line.unitPriceCents)} = ${formatCents(line.lineTotalCents)}`,
  );
  const totals = [`Subtotal: ${formatCents(order.subtotalCents)}`];
  if (order.discountCents > 0)
    totals.push(`Discount (${order.couponCode ?? 'coupon'}): -${formatCents(order.discountCents)}`);
  if (order.pointsDiscountCents > 0) {
    totals.push(`Points redeemed (${order.pointsRedeemed}): -${formatCents(order.pointsDiscountCents)}`);
  }
  totals.push(`Shipping: ${order.shippingCents > 0 ? formatCents(order.shippingCents) : 'Free'}`);
  totals.push(`Total: ${formatCents(order.totalCents)}`);
  return [
    'Thank you for your order!',
    '',
    `Order number: ${order.orderNumber}`,
    '',
    ...rows,
    '',
    ...totals,
    '',
    `Points earned: ${order.pointsEarned}`,
    'Shipping typically takes 3-4 business days.',
    '',
    'Wear Your Faith',
  ].join('\n');
}

/** Marks open sessions past their expiry as expired (their orders cancelled). Safe from every process. */
export async function expireStaleSessions(options: { db: Database; logger?: Logger; now?: Date }): Promise<number> {
  const now = options.now ?? new Date();
  const stale = await options.db
    .select({ id: checkoutSessions.id, provider: checkoutSessions.provider })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.status, 'open'), sql`${checkoutSessions.expiresAt} < ${now.toISOString()}`))
    .limit(200);
  for (const session of stale) {
    await completeCheckoutSession({
      db: options.db,
      logger: options.logger,
      event: {
        eventId: `expire:${session.id}`,
        provider: session.provider === 'stripe' ? 'stripe' : 'sandbox',
        eventType: 'session.expired',
        sessionId: session.id,
        outcome: 'expired',
      },
    });
  }
  return stale.length;
}

const SWEEP_INTERVAL_MS = 5 * 60 * 1000;
const lastSweep = new WeakMap<Database, number>();

/**
 * Runs `expireStaleSessions` at most every 5 minutes per database and process, in the
 * background (checkout creation calls it, so expired holds disappear without a timer).
 */
export function sweepExpiredSessionsSometimes(options: { db: Database; logger?: Logger; now?: number }): void {
  const now = options.now ?? Date.now();
  if (now - (lastSweep.get(options.db) ?? 0) < SWEEP_INTERVAL_MS) return;
  lastSweep.set(options.db, now);
  expireStaleSessions({ db: options.db, logger: options.logger }).catch((error: unknown) => {
    options.logger?.error({ err: error }, 'expiring stale checkout sessions failed');
  });
}
