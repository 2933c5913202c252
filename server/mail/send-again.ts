/**
 * "Send again" on the admin's Mail tab (issue 30 item 1): a failed message is queued once more
 * with a fresh 24 hours of retries. Conditional on 'failed', so two clicks queue it once.
 */
import { and, eq, sql } from 'drizzle-orm';
import { AppError, notFound } from '../app-error';
import type { Executor } from '../db/client';
import { emailOutbox } from '../db/schema';

export const MAIL_NOT_FOUND = 'E-mail not found';

/** Queues the failed message `id` again; 404 when there is none, 409 when it is not failed (sent, or queued already). */
export async function sendAgain(options: { db: Executor; id: string }): Promise<void> {
  const rows = await options.db
    .update(emailOutbox)
    .set({
      status: 'queued',
      attempts: 0,
      lastError: null,
      nextAttemptAt: sql`now()`,
      retrySince: sql`now()`,
      claimedAt: null,
    })
    .where(and(eq(emailOutbox.id, options.id), eq(emailOutbox.status, 'failed')))
    .returning({ id: emailOutbox.id });
  if (rows.length > 0) return;
  const [row] = await options.db
    .select({ status: emailOutbox.status })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, options.id));
  if (!row) throw notFound(MAIL_NOT_FOUND);
  throw new AppError('mail-not-failed', {
    status: 409,
    message: row.status === 'sent' ? 'This e-mail has been sent.' : 'This e-mail is queued already.',
  });
}
