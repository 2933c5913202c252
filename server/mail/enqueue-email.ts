/**
 * Queues one message in email_outbox (delivered after commit by deliverQueuedEmail).
 * With a dedupeKey, queueing the same message twice keeps one row. `enqueueEmailSql` is the
 * same insert as a piece of a larger statement (the payment's, issue 31).
 */
import { sql, type SQL } from 'drizzle-orm';
import { emailOutbox } from '../db/schema';
import type { Executor } from '../db/client';
import type { MailMessage } from './create-mailer';

type Queued = { message: MailMessage; dedupeKey?: string };

/** The insert of one message (nothing when its dedupe key is queued already); returns its id. */
export function enqueueEmailSql({ message, dedupeKey }: Queued): SQL {
  return sql`insert into ${emailOutbox} (dedupe_key, "to", subject, text, html)
    values (${dedupeKey ?? null}::text, ${message.to}::text, ${message.subject}::text, ${message.text}::text, ${message.html ?? null}::text)
    on conflict do nothing returning id`;
}

export async function enqueueEmail(options: Queued & { db: Executor }): Promise<{ queued: boolean }> {
  const { rows } = await options.db.execute<{ id: string }>(enqueueEmailSql(options));
  return { queued: rows.length > 0 };
}
