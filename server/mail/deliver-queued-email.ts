/**
 * Sends queued rows of email_outbox: queued → sending → sent, or back to queued with
 * attempts and last_error (failed after MAX_ATTEMPTS). Safe with several processes: each row
 * is claimed on its own, just before it is sent, with FOR UPDATE SKIP LOCKED, so each is sent
 * by one process only.
 *
 * A claim is a lease of CLAIM_LEASE_SECONDS (issue 12 item 12): a row left in 'sending' by a
 * process that died is sent again after that, while one being sent now is not (an SMTP send
 * gives up well within the lease: create-mailer.ts SMTP_TIMEOUTS). The claim counts the
 * attempt, and the outcome is recorded only by the claim that is still current, so a slow
 * sender whose lease ran out cannot overwrite the newer one. A message sent twice that way
 * carries the same Message-ID, derived from the row (create-mailer.ts), so it is recognisable
 * as one message.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Mailer } from './create-mailer';

export const MAX_ATTEMPTS = 5;
export const CLAIM_LEASE_SECONDS = 60;

type ClaimedRow = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
};

/**
 * Claims the oldest deliverable row (queued, or sending with an expired lease), if any,
 * leaving out the rows this run already tried (a failure waits for the next run).
 */
async function claimOne(db: Database, tried: string[]): Promise<ClaimedRow | undefined> {
  const notTried = tried.length ? sql`and id not in (${sql.join(tried.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
  const claimed = await db.execute<ClaimedRow>(sql`
    update email_outbox set status = 'sending', claimed_at = now(), attempts = attempts + 1
    where id = (
      select id from email_outbox
      where (status = 'queued'
        or (status = 'sending' and claimed_at < now() - make_interval(secs => ${CLAIM_LEASE_SECONDS})))
        ${notTried}
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
}): Promise<{ sent: number; failed: number }> {
  const { db, mailer, limit = 20 } = options;
  // A row whose every attempt ended with its sender gone (a message that crashes the
  // process, say) is given up rather than claimed forever.
  await db.execute(sql`
    update email_outbox set status = 'failed', last_error = 'the sending process stopped during every attempt'
    where status = 'sending' and attempts >= ${MAX_ATTEMPTS}
      and claimed_at < now() - make_interval(secs => ${CLAIM_LEASE_SECONDS})`);
  let sent = 0;
  let failed = 0;
  const tried: string[] = [];
  for (let index = 0; index < limit; index++) {
    const row = await claimOne(db, tried);
    if (!row) break;
    tried.push(row.id);
    // This claim is current while the row is 'sending' with the attempt number it set.
    const isOurClaim = sql`id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`;
    try {
      await mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html, outboxId: row.id });
      await db.execute(sql`update email_outbox set status = 'sent', sent_at = now(), last_error = null where ${isOurClaim}`);
      sent += 1;
    } catch (error) {
      failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      const next = row.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued';
      await db.execute(sql`
        update email_outbox set status = ${next}, last_error = ${message.slice(0, 1000)}
        where ${isOurClaim}`);
    }
  }
  return { sent, failed };
}
