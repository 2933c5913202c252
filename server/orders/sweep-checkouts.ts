/**
 * Ends checkouts nobody will pay, on a timer in every process (started and stopped with the
 * shop's services, like the mail loop) and safe from all of them at once:
 *  - open sessions past their expiry are expired through the completion (one synthetic
 *    event per session, so two processes expire a session once), which cancels their order;
 *  - pending orders and donations that never got a session (the process died between
 *    storing the order and storing its session) are cancelled after a grace period, so the
 *    points they hold become spendable again (docs/decisions/004).
 */
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { checkoutSessions, donations, orders } from '../db/schema';
import { cancelPendingCheckout } from './cancel-pending';
import { expireCheckoutSession } from './complete-checkout-session';
import type { CompletionServices } from './payment-services';
import { retryLatePaymentRefunds } from './refund-late-payment';

/** How often each process sweeps. */
export const CHECKOUT_SWEEP_INTERVAL_MS = 60_000;
/**
 * How long an order may wait for its session before it counts as abandoned: far longer than
 * the provider may take to open one (Stripe: 20 s per attempt, 3 attempts, two calls).
 */
export const SESSIONLESS_CHECKOUT_GRACE_MS = 10 * 60_000;
/** Rows handled per kind and run; the next run takes the rest. */
const BATCH = 200;

/** The completion's services; with a provider, refunds of late payments whose outcome is unknown are asked for again. */
type SweepServices = CompletionServices;

export interface SweepResult {
  expiredSessions: number;
  abandonedOrders: number;
  abandonedDonations: number;
}

/** Expires open sessions past their expiry (their orders and donations are cancelled). */
export async function expireStaleSessions(options: SweepServices & { now?: Date }): Promise<number> {
  const now = options.now ?? new Date();
  const stale = await options.db
    .select({ id: checkoutSessions.id, provider: checkoutSessions.provider })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.status, 'open'), lt(checkoutSessions.expiresAt, now)))
    .orderBy(asc(checkoutSessions.expiresAt))
    .limit(BATCH);
  for (const session of stale) {
    await expireCheckoutSession({
      ...options,
      sessionId: session.id,
      providerName: session.provider === 'stripe' ? 'stripe' : 'sandbox',
    });
  }
  return stale.length;
}

/** Cancels pending orders and donations left without a session for longer than the grace. */
export async function cancelSessionlessCheckouts(options: {
  db: Database;
  now?: Date;
  graceMs?: number;
}): Promise<{ orders: number; donations: number }> {
  const now = options.now ?? new Date();
  const before = new Date(now.getTime() - (options.graceMs ?? SESSIONLESS_CHECKOUT_GRACE_MS));
  const sessionless = async (table: typeof orders | typeof donations) => {
    const rows = await options.db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.status, 'pending'), isNull(table.paymentSessionId), lt(table.createdAt, before)))
      .limit(BATCH);
    return rows.map((row) => row.id);
  };
  const countCancelled = async (ids: string[], cancel: (id: string) => Promise<boolean>) => {
    let cancelled = 0;
    for (const id of ids) if (await cancel(id)) cancelled += 1;
    return cancelled;
  };
  const cancelledOrders = await countCancelled(await sessionless(orders), (id) =>
    options.db.transaction((tx) => cancelPendingCheckout({ db: tx, purpose: 'order', id, now })),
  );
  const cancelledDonations = await countCancelled(await sessionless(donations), (id) =>
    cancelPendingCheckout({ db: options.db, purpose: 'donation', id, now }),
  );
  return { orders: cancelledOrders, donations: cancelledDonations };
}

/** One sweep: both kinds. */
export async function sweepCheckouts(options: SweepServices & { now?: Date; graceMs?: number }): Promise<SweepResult> {
  const expiredSessions = await expireStaleSessions(options);
  const abandoned = await cancelSessionlessCheckouts(options);
  if (options.provider) await retryLatePaymentRefunds({ ...options, provider: options.provider });
  if (expiredSessions + abandoned.orders + abandoned.donations > 0) {
    options.logger.info({ expiredSessions, ...abandoned }, 'expired unpaid checkouts');
  }
  return { expiredSessions, abandonedOrders: abandoned.orders, abandonedDonations: abandoned.donations };
}

export interface CheckoutSweep {
  /** Sweeps now (or joins the sweep in flight). */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

/** The process-wide timer (unref'd): one sweep at a time per process. */
export function startCheckoutSweep(options: SweepServices & { intervalMs?: number; graceMs?: number }): CheckoutSweep {
  let running: Promise<void> | null = null;
  let stopped = false;
  const runNow = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= sweepCheckouts(options)
      .then(() => undefined)
      .catch((error: unknown) => {
        if (!stopped) options.logger.error({ err: error }, 'sweeping unpaid checkouts failed');
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void runNow(), options.intervalMs ?? CHECKOUT_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
