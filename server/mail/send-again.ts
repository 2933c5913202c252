/**
 * "Send again" on the admin's Mail tab (issue 30 item 1): a failed message is queued once more
 * with a fresh 24 hours of retries; one waiting for its next try (the mail server is back, say)
 * is tried at once. Conditional updates: two clicks on a failed message queue it once.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { AppError, notFound } from '../app-error';
import type { Executor } from '../db/client';
import { emailOutbox } from '../db/schema';
import { writeAuditEntry, type AuditActor } from '../audit/audit-log';

export const MAIL_NOT_FOUND = 'Email not found';

/** Queues message `id` again; 404 when there is none, 409 when it is sent, being sent, or queued and not tried yet. */
export async function sendAgain(options: { db: Executor; id: string; actor: AuditActor }): Promise<void> {
  await options.db.transaction((db) => queueAgain(db, options.id, options.actor));
}

async function queueAgain(db: Executor, id: string, actor: AuditActor): Promise<void> {
  const failed = await db
    .update(emailOutbox)
    .set({
      status: 'queued',
      attempts: 0,
      lastError: null,
      nextAttemptAt: sql`now()`,
      retrySince: sql`now()`,
      claimedAt: null,
    })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
    .returning({ id: emailOutbox.id, to: emailOutbox.to, subject: emailOutbox.subject });
  if (failed.length > 0) {
    // Issue 27: the Activity tab says who sent a given-up e-mail again.
    await writeAuditEntry(db, actor, {
      action: 'mail.sent-again',
      target: failed[0]!.to,
      summary: `sent the email "${failed[0]!.subject}" to ${failed[0]!.to} again`,
      changes: [{ field: 'status', from: 'failed', to: 'queued' }],
    });
    return;
  }
  const waiting = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'queued'), gt(emailOutbox.attempts, 0)))
    .returning({ id: emailOutbox.id });
  if (waiting.length > 0) return;
  const [row] = await db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) throw notFound(MAIL_NOT_FOUND);
  throw new AppError('mail-not-failed', {
    message: row.status === 'sent' ? 'This email has been sent.' : 'This email is queued already.',
  });
}
