/**
 * Sends queued rows of email_outbox: queued → sending → sent, or back to queued with
 * attempts and last_error (failed after MAX_ATTEMPTS). Safe with several processes:
 * rows are claimed with FOR UPDATE SKIP LOCKED, so each is sent by one process only.
 * A claim older than STALE_CLAIM_MINUTES (its process died while sending) is retried.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Mailer } from './create-mailer';

export const MAX_ATTEMPTS = 5;
export const STALE_CLAIM_MINUTES = 10;

type ClaimedRow = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
};

export async function deliverQueuedEmail(options: {
  db: Database;
  mailer: Mailer;
  limit?: number;
}): Promise<{ sent: number; failed: number }> {
  const { db, mailer, limit = 20 } = options;
  const claimed = await db.execute<ClaimedRow>(sql`
    update email_outbox set status = 'sending', claimed_at = now()
    where id in (
      select id from email_outbox
      where status = 'queued'
        or (status = 'sending' and claimed_at < now() - make_interval(mins => ${STALE_CLAIM_MINUTES}))
      order by created_at
      limit ${limit}
      for update skip locked
    )
    returning id, "to", subject, text, html, attempts`);
  let sent = 0;
  let failed = 0;
  for (const row of claimed.rows) {
    try {
      await mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
      await db.execute(sql`
        update email_outbox set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null
        where id = ${row.id}`);
      sent += 1;
    } catch (error) {
      failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      const next = row.attempts + 1 >= MAX_ATTEMPTS ? 'failed' : 'queued';
      await db.execute(sql`
        update email_outbox set status = ${next}, attempts = attempts + 1, last_error = ${message.slice(0, 1000)}
        where id = ${row.id}`);
    }
  }
  return { sent, failed };
}
