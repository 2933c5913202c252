/**
 * The one door through which a payment outcome changes an order or a donation
 * (docs/decisions/004): the Stripe webhook, the sandbox page's Pay, the success page's
 * read-back of a paid Stripe session and the expiry sweep all come here. Exactly once per
 * payment: the event id is stored (unique) in the same transaction, the session row is
 * locked (by its conditional update from 'open', or, when that matched nothing, by a
 * `select ... for update`), and every state change is a conditional update from 'pending', so
 * replays, concurrent duplicates and out-of-order events change nothing twice (PostgreSQL and
 * PGlite alike). After commit, a queued confirmation is sent at once.
 *
 * Branches, each in the one transaction: paid order (mark paid, record points, queue the
 * confirmation), unpaid order (cancel), paid donation, unpaid donation. A step that must
 * happen with the payment (the shipping address, committing reserved stock) goes into its
 * branch; so does a payment for an order that is no longer pending ('unchanged'): its refund
 * is claimed here and asked of the provider after commit (server/orders/refund-late-payment.ts).
 *
 * Issue 31 (rush hour): the common paid order is four statements. The event and the session's
 * completion (with its charged amount) are one; the order's paid state, address, tax and stock
 * commit another (its RETURNING also says whether its e-mail has an account); the lines' tax one
 * that returns the lines for the confirmation; and the code's kept use, the points and the queued
 * confirmation one, each module giving its own piece. They are SQL with plain parameters
 * (`setListSql`, `tableRowOf`): Drizzle's builders cost more to render than these to run.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { setListSql } from '../db/set-list-sql';
import { tableRowOf } from '../db/table-row';
import { emailHasAccountSql } from '../customers/email-has-account';
import { checkoutSessions, donations, orderLines, orders, paymentEvents } from '../db/schema';
import { paidOrderPointsSql } from '../loyalty/ledger';
import { donationReceiptKey, donationReceiptMessage } from '../mail/donation-receipt';
import { enqueueEmail, enqueueEmailSql } from '../mail/enqueue-email';
import { orderConfirmationKey, orderConfirmationMessage } from '../mail/order-confirmation';
import { cancelPendingCheckout } from './cancel-pending';
import type { RefundRow } from './refund-order';
import type { CompletionServices } from './payment-services';
import { claimLatePaymentRefund, settleLatePaymentRefund } from './refund-late-payment';
import { commitOrderStockColumns } from '../stock/commit-order-stock';
import { keepDiscountUseSql } from '../discounts/redemptions';
import type { ShippingAddress } from '../../domain/shipping-address';
import { taxableOrderOf } from '../tax/order-tax';
import { paidTaxColumns, paidTaxOfProvider, storeLineTaxes, storePaidTax, type PaidTax } from '../tax/paid-tax';

export type PaymentOutcome = 'paid' | 'failed' | 'expired';

export interface PaymentEventInput {
  /** Provider event id (Stripe evt_...), or a synthetic one (sandbox, read-back, expiry). */
  eventId: string;
  provider: 'sandbox' | 'stripe';
  eventType: string;
  sessionId: string;
  outcome: PaymentOutcome;
  /** Provider payment reference (payment intent) when paid. */
  paymentReference?: string | null;
  /** The shipping address collected with a paid order (sandbox page, Stripe session); stored with the payment. */
  shipping?: ShippingAddress | null;
  /** Issue 25: the sales tax the sandbox page showed and charged (null: none). */
  tax?: PaidTax | null;
  /** Issue 25: the sales tax the provider charged on its page (Stripe's amount_tax). */
  providerTaxCents?: number | null;
  /** What was charged, tax included, when it differs from the session's amount (a taxed payment). */
  amountChargedCents?: number | null;
}

/**
 * The id of an event the shop makes up itself (an expiry, the sandbox's payment, a payment read
 * back from the provider): one per session and outcome, so a second report of the same thing is a
 * duplicate. The one place these ids are built.
 */
export function syntheticEventId(event: { provider: string; sessionId: string; outcome: 'paid' | 'expired' }): string {
  return event.outcome === 'expired' ? `expire:${event.sessionId}` : `${event.provider}:paid:${event.sessionId}`;
}

/** What the completion needs of its session (issue 31: a row of every column cost more to build and read). */
type SessionColumns = {
  id: string;
  purpose: string;
  orderId: string | null;
  donationId: string | null;
  amountTotalCents: number;
};
/** Those columns as a select or RETURNING list, named as SessionColumns names them. */
const SESSION_COLUMNS = sql.raw(
  'id, purpose, order_id as "orderId", donation_id as "donationId", amount_total_cents as "amountTotalCents"',
);

/** An expiry queues no mail (only a payment does). */
const NO_MAIL = { deliverNow: async () => {} };

/**
 * The one door every expiry goes through (the sweep, the sandbox page past its time, a checkout
 * replaced by a new one): the session is expired and its pending order or donation cancelled,
 * once, whoever comes first.
 */
export async function expireCheckoutSession(
  options: Pick<CompletionServices, 'db' | 'logger'> & { sessionId: string; providerName: 'sandbox' | 'stripe' },
): Promise<CompletionResult> {
  const { db, logger, sessionId, providerName: provider } = options;
  return completeCheckoutSession({
    db,
    logger,
    mail: NO_MAIL,
    event: {
      eventId: syntheticEventId({ provider, sessionId, outcome: 'expired' }),
      provider,
      eventType: 'session.expired',
      sessionId,
      outcome: 'expired',
    },
  });
}

export type CompletionResult =
  | { result: 'duplicate-event' }
  | { result: 'unknown-session' }
  | { result: 'applied'; purpose: 'order' | 'donation'; status: string }
  | {
      result: 'unchanged';
      purpose: 'order' | 'donation';
      status: string;
      lateRefund?: 'refunded' | 'rejected' | 'unknown';
    };

export async function completeCheckoutSession(
  options: CompletionServices & { event: PaymentEventInput },
): Promise<CompletionResult> {
  const { db, event, logger } = options;
  let lateRefund = null as RefundRow | null;
  const result = await db.transaction(async (tx) => {
    // ONE statement (issue 31): the event is stored (its id is unique), and only if it was new,
    // an open session is completed (with what was charged) or expired, its row locked by the
    // update. A second completion waits on that lock, then matches nothing. Written as SQL with
    // plain parameters, which Drizzle renders at once.
    const charged = event.outcome === 'paid' ? chargedAmountColumns(event) : {};
    const completion = setListSql(
      checkoutSessions,
      event.outcome === 'paid' ? { status: 'complete', completedAt: new Date(), ...charged } : { status: 'expired' },
    );
    const {
      rows: [first],
    } = await tx.execute<{ recorded: number } & Partial<SessionColumns>>(sql`
      with recorded as (
        insert into ${paymentEvents} (id, provider, type, session_id)
        values (${event.eventId}, ${event.provider}, ${event.eventType}, ${event.sessionId})
        on conflict do nothing returning id
      ),
      opened as (
        update ${checkoutSessions} set ${completion}
        where id = ${event.sessionId} and status = 'open' and exists (select 1 from recorded)
        returning ${SESSION_COLUMNS}
      )
      select (select count(*) from recorded)::int as recorded, opened.* from (select 1) as one left join opened on true`);
    if (!first || Number(first.recorded) === 0) return { result: 'duplicate-event' } as const;
    const opened = first.id ? (first as SessionColumns) : undefined;

    // Not open (already complete or expired) or unknown: read and lock it all the same, for the
    // branches below ('unchanged', a late payment's refund).
    const session =
      opened ??
      (
        await tx.execute<SessionColumns>(
          sql`select ${SESSION_COLUMNS} from ${checkoutSessions} where id = ${event.sessionId} for update`,
        )
      ).rows[0];
    if (!session) return { result: 'unknown-session' } as const;

    const purpose = session.purpose === 'donation' ? 'donation' : 'order';
    const targetId = purpose === 'donation' ? session.donationId : session.orderId;
    if (!targetId) return { result: 'unknown-session' } as const;
    const applied =
      event.outcome === 'paid'
        ? purpose === 'order'
          ? await payOrder(tx, targetId, event, options.publicUrl)
          : await payDonation(tx, targetId, event, options)
        : await cancelPendingCheckout({ db: tx, purpose, id: targetId });
    // A session that was not open but whose order was still pending: its charged amount too.
    if (applied && !opened && event.outcome === 'paid' && purpose === 'order' && event.amountChargedCents != null) {
      await tx.update(checkoutSessions).set(charged).where(eq(checkoutSessions.id, session.id));
    }
    // Not pending any more (paid, cancelled or expired first): nothing changes, except that a
    // payment for a cancelled order is given back.
    if (!applied && event.outcome === 'paid' && purpose === 'order') {
      lateRefund = await claimLatePaymentRefund({
        db: tx,
        orderId: targetId,
        provider: event.provider,
        paymentReference: event.paymentReference,
        amountCents: event.amountChargedCents ?? session.amountTotalCents,
      });
    }
    if (!applied) return { result: 'unchanged', purpose, status: await currentStatus(tx, purpose, targetId) } as const;
    const status = event.outcome !== 'paid' ? 'cancelled' : purpose === 'order' ? 'processing' : 'paid';
    return { result: 'applied', purpose, status } as const;
  });
  if (result.result === 'unchanged' && lateRefund && options.provider?.name === event.provider) {
    const outcome = await settleLatePaymentRefund({ db, provider: options.provider, logger, refund: lateRefund });
    return { ...result, lateRefund: outcome };
  }
  if (result.result === 'unchanged') {
    // A second report of a payment already recorded is normal (read-back, then the webhook);
    // a payment for an order that was cancelled first is not.
    const alreadyPaid = event.outcome === 'paid' && !['pending', 'cancelled'].includes(result.status);
    logger[alreadyPaid ? 'info' : 'warn'](
      { event, status: result.status },
      'payment event did not change its order or donation',
    );
  }
  if (result.result === 'applied' && event.outcome === 'paid') {
    // The confirmation (or the donation's receipt) was queued in the transaction above: send it now, not on the next tick.
    options.mail.deliverNow().catch((error: unknown) => logger.error({ err: error }, 'mail delivery failed'));
  }
  return result;
}

/**
 * Paid donation branch: true when it was pending and is now paid, with its receipt queued
 * (issue 32 item 6; one per donation by its dedupe key, however often the payment is reported).
 */
async function payDonation(
  tx: Executor,
  donationId: string,
  event: PaymentEventInput,
  mail: Pick<CompletionServices, 'publicUrl' | 'donationReceiptNote'>,
): Promise<boolean> {
  const now = new Date();
  const [donation] = await tx
    .update(donations)
    .set({ status: 'paid', paidAt: now, paymentReference: event.paymentReference ?? null, updatedAt: now })
    .where(and(eq(donations.id, donationId), eq(donations.status, 'pending')))
    .returning();
  if (!donation) return false;
  if (donation.email) {
    await enqueueEmail({
      db: tx,
      dedupeKey: donationReceiptKey(donation.id),
      message: donationReceiptMessage({
        email: donation.email,
        amountCents: donation.amountCents,
        paidAt: donation.paidAt ?? now,
        reference: event.sessionId,
        publicUrl: mail.publicUrl,
        note: mail.donationReceiptNote,
      }),
    });
  }
  return true;
}

/** What a paid session charged, tax included, when the event says it differs from the session's amount. */
function chargedAmountColumns(event: PaymentEventInput): { amountTotalCents?: number } {
  return event.amountChargedCents != null ? { amountTotalCents: event.amountChargedCents } : {};
}

/**
 * Paid order branch: true when it was pending and is now paid, with its points recorded and
 * its confirmation queued. (What else must happen with the payment goes here too.)
 */
async function payOrder(tx: Executor, orderId: string, event: PaymentEventInput, publicUrl?: string): Promise<boolean> {
  const now = new Date();
  const set = setListSql(orders, {
    status: 'processing',
    paidAt: now,
    paymentReference: event.paymentReference ?? null,
    updatedAt: now,
    ...shippingColumns(event.shipping ?? null),
    // Issue 25: the sales tax the sandbox page showed and charged, fixed on the order (its lines below).
    ...(event.tax ? paidTaxColumns(event.tax) : {}),
    // The units reserved at checkout are now sold (docs/decisions/015).
    ...commitOrderStockColumns(),
  });
  // The whole row for the confirmation, and whether its e-mail has an account (issue 31: a SET
  // list and `returning *` cost little to build, where Drizzle's builder rendered every value
  // through its checks and every column of the RETURNING by name).
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    update ${orders} set ${set} where id = ${orderId} and status = 'pending'
    returning *, ${emailHasAccountSql(orders.email)} as has_account`);
  if (!rows[0]) return false;
  const order = tableRowOf(orders, rows[0]);
  const hasAccount = rows[0].has_account === true;
  // The lines, once: as the tax update leaves them, or read (no tax known yet).
  let lines = event.tax
    ? await storeLineTaxes({ db: tx, orderId: order.id, lineTaxCents: event.tax.lineTaxCents })
    : await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position));
  // Issue 25: the tax Stripe charged, shared over the lines as the table would (paid-tax.ts).
  const providerTax =
    !event.tax && event.providerTaxCents
      ? await paidTaxOfProvider({
          db: tx,
          order: taxableOrderOf(order, lines),
          taxCents: event.providerTaxCents,
          shipping: event.shipping ?? null,
        })
      : null;
  if (providerTax) {
    lines = await storePaidTax({ db: tx, orderId: order.id, tax: providerTax });
    Object.assign(order, paidTaxColumns(providerTax));
  }
  // And, in ONE statement (issue 31), the discount code's reserved use is kept (issue 26), the
  // points are recorded and the confirmation is queued: each module gives its own piece.
  const steps = [
    keepDiscountUseSql(order.id),
    ...(order.email
      ? [
          paidOrderPointsSql({
            email: order.email,
            customerId: order.customerId,
            orderId: order.id,
            orderNumber: order.orderNumber,
            earned: order.pointsEarned,
            redeemed: order.pointsRedeemed,
          }),
          enqueueEmailSql({
            dedupeKey: orderConfirmationKey(order.id),
            message: orderConfirmationMessage({ ...order, email: order.email }, lines, { hasAccount, publicUrl }),
          }),
        ]
      : []),
  ].filter((step): step is SQL => step !== null);
  await tx.execute(
    sql`with ${sql.join(
      steps.map((step, index) => sql`${sql.raw(`step_${index}`)} as (${step})`),
      sql`, `,
    )} select 1`,
  );
  return true;
}

/** The order's shipping columns from an address (all null when none was collected). */
function shippingColumns(address: ShippingAddress | null) {
  return {
    shippingName: address?.name ?? null,
    shippingLine1: address?.line1 ?? null,
    shippingLine2: address?.line2 ?? null,
    shippingCity: address?.city ?? null,
    shippingRegion: address?.region ?? null,
    shippingPostalCode: address?.postalCode ?? null,
    shippingCountry: address?.country ?? null,
    shippingPhone: address?.phone ?? null,
  };
}

async function currentStatus(tx: Executor, purpose: 'order' | 'donation', id: string): Promise<string> {
  const table = purpose === 'order' ? orders : donations;
  const [row] = await tx.select({ status: table.status }).from(table).where(eq(table.id, id));
  return row?.status ?? 'unknown';
}
