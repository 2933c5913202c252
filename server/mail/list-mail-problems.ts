/**
 * The admin's Mail tab (issue 30 item 1, decision 029): the messages given up after 24 hours of
 * retries, and those waiting for a retry after a failed attempt, newest first.
 */
import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { AdminMail, AdminMailMessage } from '../../domain/admin-contract';
import type { Executor } from '../db/client';
import { emailOutbox } from '../db/schema';

export const MAIL_LIST_LIMIT = 100;

const columns = {
  id: emailOutbox.id,
  to: emailOutbox.to,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  nextAttemptAt: emailOutbox.nextAttemptAt,
};

const FAILED = eq(emailOutbox.status, 'failed');
/** Tried at least once and not sent yet. */
const RETRYING = and(inArray(emailOutbox.status, ['queued', 'sending']), gt(emailOutbox.attempts, 0));

interface Row {
  id: string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
}

function toWire(row: Row): AdminMailMessage {
  return {
    ...row,
    status: row.status as AdminMailMessage['status'],
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.status === 'failed' ? null : row.nextAttemptAt.toISOString(),
  };
}

export async function listMailProblems(options: { db: Executor }): Promise<AdminMail> {
  const { db } = options;
  const list = (where: typeof FAILED | undefined) =>
    db.select(columns).from(emailOutbox).where(where).orderBy(desc(emailOutbox.createdAt)).limit(MAIL_LIST_LIMIT);
  const [failed, retrying, failedCount, retryingCount] = await Promise.all([
    list(FAILED),
    list(RETRYING),
    countFailedEmails({ db }),
    db.select({ n: count() }).from(emailOutbox).where(RETRYING),
  ]);
  return {
    failed: failed.map(toWire),
    retrying: retrying.map(toWire),
    failedCount,
    retryingCount: retryingCount[0]?.n ?? 0,
  };
}

/** The dashboard's count of messages given up. */
export async function countFailedEmails(options: { db: Executor }): Promise<number> {
  const [row] = await options.db.select({ n: count() }).from(emailOutbox).where(FAILED);
  return row?.n ?? 0;
}
