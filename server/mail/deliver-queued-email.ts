/**
 * Sends queued rows of email_outbox: queued → sending → sent, or back to queued with
 * attempts, last_error and the time of its next attempt. Safe with several processes: rows are
 * claimed just before they are sent, with FOR UPDATE SKIP LOCKED, so each is sent by one
 * process only; SMTP claims one row at a time, the outbox up to OUTBOX_CLAIM_BATCH, and the
 * rows one claim sent are marked sent together when its sends are done.
 *
 * A message is never dropped for an outage (issue 30 item 1, decision 029): a failed attempt
 * waits retryDelayMs(attempts) (30 s, doubling, at most an hour) and the message is tried
 * again for RETRY_FOR_MS (24 hours) from when it was queued (or sent again by the admin);
 * only a failure after that marks it 'failed', which the admin's Mail tab lists with
 * "Send again" and the dashboard counts.
 *
 * A claim is a lease (issue 12 item 12): the claim sets the row's next attempt to
 * CLAIM_LEASE_SECONDS plus the back-off ahead, so a row left in 'sending' by a process that
 * died is sent again after that (and a message that crashes its sender backs off like any
 * failure), while one being sent now is not (an SMTP send gives up well within the lease:
 * create-mailer.ts SMTP_TIMEOUTS). The claim counts the attempt, and the outcome is recorded
 * only by the claim that is still current, so a slow sender whose lease ran out cannot
 * overwrite the newer one. A message sent twice that way carries the same Message-ID, derived
 * from the row (create-mailer.ts), so it is recognisable as one message; in the outbox folder
 * it replaces its own .eml file (named by the row), so a crash during a claim of up to
 * OUTBOX_CLAIM_BATCH files leaves one file per message.
 *
 * Every time is the injected clock's (`now`), so a test can run 24 hours of retries at once.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Mailer } from './create-mailer';
import { FIRST_RETRY_DELAY_MS, MAX_RETRY_DELAY_MS, RETRY_FOR_MS, retryDelayMs } from '../../domain/mail-retry';

export const CLAIM_LEASE_SECONDS = 60;
export { FIRST_RETRY_DELAY_MS, MAX_RETRY_DELAY_MS, RETRY_FOR_MS, retryDelayMs } from '../../domain/mail-retry';
/** The error recorded for a row whose sender died during its last attempt, after RETRY_FOR_MS. */
export const SENDER_STOPPED_ERROR = 'the sending process stopped during the attempt';

type ClaimedRow = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
  /** When the row was queued, ISO 8601 in UTC to the microsecond (the .eml file's name starts with it). */
  queuedAt: string;
};

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * The back-off of attempt number `attempts` (as the SQL of the claim computes it): the same
 * schedule as retryDelayMs, in seconds.
 */
const delaySql = (attempts: ReturnType<typeof sql>) =>
  sql`least(${FIRST_RETRY_DELAY_MS / 1000} * power(2, least(greatest(${attempts} - 1, 0), 20)), ${MAX_RETRY_DELAY_MS / 1000})`;

/**
 * How many due rows one claim takes. Each is sent in turn within the claim's lease: files in the
 * outbox take milliseconds, so a claim takes up to OUTBOX_CLAIM_BATCH of them (issue 31: at rush
 * hour every payment queues a confirmation, and a claim and a mark per message were a fifth of
 * a payment's statements); an SMTP send may take up to SMTP_TIMEOUTS, so SMTP claims one.
 */
export const OUTBOX_CLAIM_BATCH = 10;

/**
 * Claims the oldest due rows (queued, or sending with an expired lease), at most `size`, oldest
 * first. Due means by the clock's millisecond: a row queued with the database's `now()` (in
 * microseconds) in the very millisecond of `now` (a JavaScript Date, in milliseconds) is due,
 * not left for the next pass (that made a message queued just before a delivery wait, and the
 * mailer tests flaky on a fast database).
 */
async function claimDue(db: Database, now: Date, size: number): Promise<ClaimedRow[]> {
  const claimed = await db.execute<ClaimedRow>(sql`
    with claimed as (
      update email_outbox set status = 'sending', claimed_at = ${at(now)}, attempts = attempts + 1,
        next_attempt_at = ${at(now)} + make_interval(secs => ${CLAIM_LEASE_SECONDS} + ${delaySql(sql`attempts + 1`)})
      where id in (
        select id from email_outbox
        where status in ('queued', 'sending') and next_attempt_at < ${at(now)} + interval '1 millisecond'
        order by created_at, id
        limit ${size}
        for update skip locked
      )
      returning id, "to", subject, text, html, attempts, created_at
    )
    select id, "to", subject, text, html, attempts,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "queuedAt"
    from claimed order by created_at, id`);
  return claimed.rows;
}

/** Records the sends of rows whose claim is still current (status 'sending' with the attempt number it set). */
async function markSent(db: Database, rows: ClaimedRow[], sentAt: Date) {
  if (rows.length === 0) return;
  await db.execute(sql`
    update email_outbox set status = 'sent', sent_at = ${at(sentAt)}, last_error = null
    from unnest(${sql.param(rows.map((row) => row.id))}::uuid[], ${sql.param(rows.map((row) => row.attempts))}::int[]) as claim(id, attempts)
    where email_outbox.id = claim.id and email_outbox.status = 'sending' and email_outbox.attempts = claim.attempts`);
}

export async function deliverQueuedEmail(options: {
  db: Database;
  mailer: Mailer;
  limit?: number;
  /** The clock (tests inject one). */
  now?: () => Date;
  /**
   * Several processes send from this queue, each into its own outbox folder (PostgreSQL): each
   * row is marked sent as soon as its file is written. Marked per claim, a process that died
   * in the middle left the files it had written for rows another process then claims again,
   * into another folder: a second copy of each. With one process per database (the embedded
   * one) a row claimed again is written into the same folder over its own file, and a claim's
   * rows are marked together (one statement instead of ten at rush hour).
   */
  markEachSent?: boolean;
}): Promise<{ sent: number; failed: number }> {
  const { db, mailer, limit = 20, now = () => new Date() } = options;
  const markEach = options.markEachSent === true && mailer.mode === 'outbox';
  // A row whose sender died during an attempt made after its retry time ran out is given up
  // (a message that crashes the process is not claimed forever).
  const started = now();
  await db.execute(sql`
    update email_outbox set status = 'failed', last_error = coalesce(last_error, ${SENDER_STOPPED_ERROR})
    where status = 'sending' and next_attempt_at <= ${at(started)}
      and retry_since <= ${at(started)} - make_interval(secs => ${RETRY_FOR_MS / 1000})`);
  let sent = 0;
  let failed = 0;
  const batch = mailer.mode === 'outbox' ? OUTBOX_CLAIM_BATCH : 1;
  while (sent + failed < limit) {
    const size = Math.min(batch, limit - sent - failed);
    const rows = await claimDue(db, now(), size);
    const delivered: ClaimedRow[] = [];
    try {
      // One after another, on purpose: each .eml is a chain of small asynchronous steps that
      // shoppers' requests can come between (decision 035, sixth round: sending a claim's rows
      // together moved their CPU into the payments' time, about a fifth slower on PostgreSQL,
      // for the same total work). A run also waits for a busy process before it claims
      // (start-mail-delivery.ts).
      for (const row of rows) {
        try {
          await mailer.send({
            to: row.to,
            subject: row.subject,
            text: row.text,
            html: row.html,
            outboxId: row.id,
            queuedAt: row.queuedAt,
          });
          if (markEach) await markSent(db, [row], now());
          else delivered.push(row);
          sent += 1;
        } catch (error) {
          failed += 1;
          await recordFailure(db, row, error, now());
        }
      }
    } finally {
      await markSent(db, delivered, now());
    }
    if (rows.length < size) break;
  }
  return { sent, failed };
}

/** A failed attempt: queued again after its back-off, or failed for good after RETRY_FOR_MS (only while the claim is current). */
async function recordFailure(db: Database, row: ClaimedRow, error: unknown, failedAt: Date) {
  const message = error instanceof Error ? error.message : String(error);
  await db.execute(sql`
    update email_outbox set
      status = case when retry_since <= ${at(failedAt)} - make_interval(secs => ${RETRY_FOR_MS / 1000}) then 'failed' else 'queued' end,
      next_attempt_at = ${at(new Date(failedAt.getTime() + retryDelayMs(row.attempts)))},
      last_error = ${message.slice(0, 1000)}
    where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`);
}
