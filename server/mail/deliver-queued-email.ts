/**
 * Sends queued rows of email_outbox: queued → sending → sent, or back to queued with
 * attempts, last_error and the time of its next attempt. Safe with several processes: each
 * row is claimed on its own, just before it is sent, with FOR UPDATE SKIP LOCKED, so each is
 * sent by one process only.
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
 * from the row (create-mailer.ts), so it is recognisable as one message.
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
};

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * The back-off of attempt number `attempts` (as the SQL of the claim computes it): the same
 * schedule as retryDelayMs, in seconds.
 */
const delaySql = (attempts: ReturnType<typeof sql>) =>
  sql`least(${FIRST_RETRY_DELAY_MS / 1000} * power(2, least(greatest(${attempts} - 1, 0), 20)), ${MAX_RETRY_DELAY_MS / 1000})`;

/** Claims the oldest due row (queued, or sending with an expired lease), if any. */
async function claimOne(db: Database, now: Date): Promise<ClaimedRow | undefined> {
  const claimed = await db.execute<ClaimedRow>(sql`
    update email_outbox set status = 'sending', claimed_at = ${at(now)}, attempts = attempts + 1,
      next_attempt_at = ${at(now)} + make_interval(secs => ${CLAIM_LEASE_SECONDS} + ${delaySql(sql`attempts + 1`)})
    where id = (
      select id from email_outbox
      where status in ('queued', 'sending') and next_attempt_at <= ${at(now)}
      order by created_at
      limit 1
      for update skip locked
    )
    returning id, "to", subject, text, html, attempts`);
  return claimed.rows[0];
}

export async function deliverQueuedEmail(options: {
  db: Database;
  mailer: Mailer;
  limit?: number;
  /** The clock (tests inject one). */
  now?: () => Date;
}): Promise<{ sent: number; failed: number }> {
  const { db, mailer, limit = 20, now = () => new Date() } = options;
  // A row whose sender died during an attempt made after its retry time ran out is given up
  // (a message that crashes the process is not claimed forever).
  const started = now();
  await db.execute(sql`
    update email_outbox set status = 'failed', last_error = coalesce(last_error, ${SENDER_STOPPED_ERROR})
    where status = 'sending' and next_attempt_at <= ${at(started)}
      and retry_since <= ${at(started)} - make_interval(secs => ${RETRY_FOR_MS / 1000})`);
  let sent = 0;
  let failed = 0;
  for (let index = 0; index < limit; index++) {
    const row = await claimOne(db, now());
    if (!row) break;
    // This claim is current while the row is 'sending' with the attempt number it set.
    const isOurClaim = sql`id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`;
    try {
      await mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html, outboxId: row.id });
      await db.execute(
        sql`update email_outbox set status = 'sent', sent_at = ${at(now())}, last_error = null where ${isOurClaim}`,
      );
      sent += 1;
    } catch (error) {
      failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      const failedAt = now();
      await db.execute(sql`
        update email_outbox set
          status = case when retry_since <= ${at(failedAt)} - make_interval(secs => ${RETRY_FOR_MS / 1000}) then 'failed' else 'queued' end,
          next_attempt_at = ${at(new Date(failedAt.getTime() + retryDelayMs(row.attempts)))},
          last_error = ${message.slice(0, 1000)}
        where ${isOurClaim}`);
    }
  }
  return { sent, failed };
}
