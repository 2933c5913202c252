/**
 * Issue 30 item 1: e-mails given up after 24 hours of retries are listed in the admin's Mail
 * tab and counted on the dashboard; "Send again" queues one once, with fresh retries; the
 * endpoints need the admin session and answer bad ids cleanly.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { AdminMail, DashboardStats } from '../../domain/admin-contract';
import type { Executor } from '../../server/db/client';
import { emailOutbox } from '../../server/db/schema';
import { enqueueEmail } from '../../server/mail/enqueue-email';
import { createTestShop, type TestShop } from '../support/test-shop';
import { passcodeSession } from '../support/staff';

let shop: TestShop;
let token: string;

function admin(pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('X-Admin-Session', token);
  return shop.request(pathname, { ...init, headers });
}

beforeAll(async () => {
  shop = await createTestShop({ BACKUP_EVERY_HOURS: '0' });
  token = await passcodeSession(shop);
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  await shop.database.db.delete(emailOutbox).where(sql`true`);
});

async function queue(to: string, status: 'failed' | 'retrying' | 'queued'): Promise<string> {
  // In one transaction, so the shop's delivery loop never sees the row due before it is set up.
  return shop.database.db.transaction((db) => queueIn(db, to, status));
}

async function queueIn(db: Executor, to: string, status: 'failed' | 'retrying' | 'queued'): Promise<string> {
  await enqueueEmail({ db, message: { to, subject: `Your order for ${to}`, text: 'Thank you' } });
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(sql`"to" = ${to}`);
  if (status === 'failed') {
    await db.execute(sql`update email_outbox set status = 'failed', attempts = 31, last_error = 'connect ECONNREFUSED 127.0.0.1:1',
      retry_since = now() - interval '25 hours' where id = ${row!.id}`);
  } else if (status === 'retrying') {
    await db.execute(sql`update email_outbox set attempts = 2, last_error = 'connect ECONNREFUSED 127.0.0.1:1',
      next_attempt_at = now() + interval '1 hour' where id = ${row!.id}`);
  } else {
    await db.execute(sql`update email_outbox set next_attempt_at = now() + interval '1 hour' where id = ${row!.id}`);
  }
  return row!.id;
}

it('lists failed and retrying e-mails, counts the failed on the dashboard, and sends one again once', async () => {
  const failedId = await queue('gone@example.com', 'failed');
  await queue('waiting@example.com', 'retrying');
  await queue('fresh@example.com', 'queued');

  const stats = (await (await admin('/api/admin/stats')).json()) as DashboardStats;
  expect(stats.failedEmails).toBe(1);
  const listed = await admin('/api/admin/mail');
  expect(listed.status).toBe(200);
  const mail = (await listed.json()) as AdminMail;
  expect(mail.failed.map((m) => [m.to, m.status, m.attempts, m.lastError, m.nextAttemptAt])).toEqual([
    ['gone@example.com', 'failed', 31, 'connect ECONNREFUSED 127.0.0.1:1', null],
  ]);
  expect(mail.retrying.map((m) => m.to)).toEqual(['waiting@example.com']);
  expect([mail.failedCount, mail.retryingCount]).toEqual([1, 1]);

  const [first, second] = await Promise.all([
    admin(`/api/admin/mail/${failedId}`, { method: 'POST' }),
    admin(`/api/admin/mail/${failedId}`, { method: 'POST' }),
  ]);
  expect([first.status, second.status].sort()).toEqual([200, 409]);
  const [row] = await shop.database.db
    .select()
    .from(emailOutbox)
    .where(sql`id = ${failedId}`);
  // Queued with a fresh 24 hours (or already sent to the outbox by the delivery it started).
  expect(['queued', 'sending', 'sent']).toContain(row!.status);
  expect(row!.attempts).toBeLessThanOrEqual(1);
  expect(Date.now() - row!.retrySince.getTime()).toBeLessThan(60_000);
  const after = (await (await admin('/api/admin/stats')).json()) as DashboardStats;
  expect(after.failedEmails).toBe(0);
  // Issue 27: one Activity entry for the one Send again that queued it (the refused click writes none).
  const activity = (await (await admin('/api/admin/activity?action=mail.sent-again')).json()) as {
    entries: { target: string; actor: string }[];
  };
  expect(activity.entries).toEqual([
    expect.objectContaining({ target: 'gone@example.com', actor: 'Owner (passcode)' }),
  ]);
});

it('tries a message waiting for its next attempt at once (Try now)', async () => {
  const waitingId = await queue('waiting@example.com', 'retrying');
  const response = await admin(`/api/admin/mail/${waitingId}`, { method: 'POST' });
  expect(response.status).toBe(200);
  const [row] = await shop.database.db
    .select()
    .from(emailOutbox)
    .where(sql`id = ${waitingId}`);
  // Due now (or already sent by the delivery it started), its attempts kept.
  if (row!.status === 'queued') expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
  expect(row!.attempts).toBeGreaterThanOrEqual(2);
});

it('answers a bad or unknown id 404 and a sent or queued message 409, changing nothing', async () => {
  const queuedId = await queue('fresh@example.com', 'queued');
  expect((await admin('/api/admin/mail/not-a-uuid', { method: 'POST' })).status).toBe(404);
  expect((await admin('/api/admin/mail/00000000-0000-4000-8000-000000000000', { method: 'POST' })).status).toBe(404);
  const conflict = await admin(`/api/admin/mail/${queuedId}`, { method: 'POST' });
  expect(conflict.status).toBe(409);
  expect(await conflict.json()).toMatchObject({ error: 'This email is queued already.' });
  expect((await admin(`/api/admin/mail/${queuedId}`, { method: 'DELETE' })).status).toBe(405);
  const [row] = await shop.database.db.select().from(emailOutbox);
  expect(row).toMatchObject({ status: 'queued', attempts: 0 });
});

it('needs the admin session', async () => {
  const failedId = await queue('gone@example.com', 'failed');
  expect((await shop.request('/api/admin/mail')).status).toBe(401);
  expect((await shop.request(`/api/admin/mail/${failedId}`, { method: 'POST' })).status).toBe(401);
  const [row] = await shop.database.db.select().from(emailOutbox);
  expect(row!.status).toBe('failed');
});
