/**
 * Queues one message in email_outbox (delivered after commit by deliverQueuedEmail).
 * With a dedupeKey, queueing the same message twice keeps one row.
 */
import { emailOutbox } from '../db/schema';
import type { Executor } from '../db/client';
import type { MailMessage } from './create-mailer';

export async function enqueueEmail(options: {
  db: Executor;
  message: MailMessage;
  dedupeKey?: string;
}): Promise<{ queued: boolean }> {
  const { db, message, dedupeKey } = options;
  const rows = await db
    .insert(emailOutbox)
    .values({
      dedupeKey: dedupeKey ?? null,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: emailOutbox.id });
  return { queued: rows.length > 0 };
}
