/**
 * The shop's mailer: email_outbox rows delivered as .eml files (no SMTP_URL) or by SMTP
 * (a local smtp-server sink), retries with attempts and last_error, each row sent once
 * even when several deliverers run at the same time.
 */
import { readdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateDatabase, type DatabaseHandle } from '../../server/db/client';
import { emailOutbox } from '../../server/db/schema';
import { createMailer, type Mailer } from '../../server/mail/create-mailer';
import {
  CLAIM_LEASE_SECONDS,
  deliverQueuedEmail,
  OUTBOX_CLAIM_BATCH,
  retryDelayMs,
  RETRY_FOR_MS,
  SENDER_STOPPED_ERROR,
} from '../../server/mail/deliver-queued-email';
import { enqueueEmail } from '../../server/mail/enqueue-email';
import { startMailDelivery } from '../../server/mail/start-mail-delivery';
import { decodeQuotedPrintable } from '../support/accounts';
import { createTestDatabase } from '../support/test-database';

let database: DatabaseHandle;
let dataDir: string;
const from = 'Wear Your Faith <orders@wearyourfaith.local>';

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateDatabase(database);
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(emailOutbox).where(sql`true`);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-mail-'));
  return () => rm(dataDir, { recursive: true, force: true });
});

/** Long header lines are folded (RFC 5322): one line per header again. */
const unfold = (raw: string) => raw.replace(/\r?\n[ \t]+/g, ' ');

const outboxFiles = async () =>
  (await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));

/** A sender whose process stops in the middle of a claim: it writes `count` messages, then hangs. */
function dyingAfter(count: number, files: Mailer): Mailer {
  let written = 0;
  return {
    mode: 'outbox',
    send: async (message) => {
      if (written === count) return new Promise<void>(() => undefined);
      await files.send(message);
      written += 1;
    },
    close: () => undefined,
  };
}

describe('outbox mode (.eml files)', () => {
  it('writes each queued message once as an .eml file and marks the row sent', async () => {
    const mailer = createMailer({ config: { dataDir, mail: { smtpUrl: undefined, from } } });
    expect(mailer.mode).toBe('outbox');
    const first = await enqueueEmail({
      db: database.db,
      dedupeKey: 'order-confirmation:WYF-001001',
      message: {
        to: 'buyer@example.com',
        subject: 'Your order WYF-001001',
        text: 'Thank you for your order — “Faith” tee.',
      },
    });
    const duplicate = await enqueueEmail({
      db: database.db,
      dedupeKey: 'order-confirmation:WYF-001001',
      message: { to: 'buyer@example.com', subject: 'Your order WYF-001001', text: 'again' },
    });
    await enqueueEmail({
      db: database.db,
      message: { to: 'other@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' },
    });
    expect([first.queued, duplicate.queued]).toEqual([true, false]);

    expect(await deliverQueuedEmail({ db: database.db, mailer })).toEqual({ sent: 2, failed: 0 });
    expect(await deliverQueuedEmail({ db: database.db, mailer })).toEqual({ sent: 0, failed: 0 });

    const files = await outboxFiles();
    expect(files).toHaveLength(2);
    const contents = await Promise.all(files.map((f) => readFile(path.join(dataDir, 'outbox', f), 'utf8')));
    const order = contents.find((c) => c.includes('Subject: Your order WYF-001001'))!;
    expect(order).toMatch(/^To: buyer@example.com$/m);
    expect(order).toContain('From: Wear Your Faith <orders@wearyourfaith.local>');
    expect(decodeQuotedPrintable(order)).toContain('Thank you for your order — “Faith” tee.');
    const rows = await database.db.select().from(emailOutbox);
    expect(rows.every((row) => row.status === 'sent' && row.sentAt !== null && row.attempts === 1)).toBe(true);
  });

  it('sends each row exactly once when several deliverers run at the same time', async () => {
    const mailer = createMailer({ config: { dataDir, mail: { smtpUrl: undefined, from } } });
    for (let i = 0; i < 12; i += 1) {
      await enqueueEmail({ db: database.db, message: { to: `n${i}@example.com`, subject: `Message ${i}`, text: 'x' } });
    }
    const results = await Promise.all([1, 2, 3].map(() => deliverQueuedEmail({ db: database.db, mailer, limit: 5 })));
    let total = results.reduce((sum, r) => sum + r.sent, 0);
    while (total < 12) {
      const more = await deliverQueuedEmail({ db: database.db, mailer });
      if (more.sent === 0) break;
      total += more.sent;
    }
    expect(total).toBe(12);
    expect(await outboxFiles()).toHaveLength(12);
  });

  it(`claims up to ${OUTBOX_CLAIM_BATCH} rows at a time, oldest first, and a failure among them leaves the others sent`, async () => {
    const files = createMailer({ config: { dataDir, mail: { smtpUrl: undefined, from } } });
    const tried: string[] = [];
    const mailer: Mailer = {
      ...files,
      async send(message) {
        tried.push(message.subject);
        if (message.subject === 'Message 3') throw new Error('disk hiccup');
        await files.send(message);
      },
    };
    const count = OUTBOX_CLAIM_BATCH * 2 + 3;
    for (let i = 0; i < count; i += 1) {
      await enqueueEmail({ db: database.db, message: { to: `n${i}@example.com`, subject: `Message ${i}`, text: 'x' } });
    }
    const claims: number[] = [];
    const statements = database.db.execute.bind(database.db);
    const counting = Object.create(database.db) as typeof database.db;
    counting.execute = ((query: Parameters<typeof statements>[0]) => {
      const text = (query as { queryChunks?: { value?: string[] }[] }).queryChunks?.[0]?.value?.join('') ?? '';
      if (/set status = 'sending'/.test(text)) claims.push(1);
      return statements(query);
    }) as typeof database.db.execute;

    expect(await deliverQueuedEmail({ db: counting, mailer, limit: count + 5 })).toEqual({
      sent: count - 1,
      failed: 1,
    });
    expect(claims).toHaveLength(3);
    expect([...tried].sort()).toEqual(Array.from({ length: count }, (_, i) => `Message ${i}`).sort());
    expect(await outboxFiles()).toHaveLength(count - 1);
    const rows = await database.db.select().from(emailOutbox);
    // Oldest first (messages queued within one clock tick share a time, in any order).
    const queuedAt = new Map(rows.map((row) => [row.subject, new Date(row.createdAt).getTime()]));
    const times = tried.map((subject) => queuedAt.get(subject)!);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const failedRow = rows.find((row) => row.subject === 'Message 3')!;
    expect(failedRow).toMatchObject({ status: 'queued', attempts: 1, lastError: 'disk hiccup' });
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(count - 1);
  });

  it('makes the outbox folder again when it was removed while the shop runs', async () => {
    const mailer = createMailer({ config: { dataDir, mail: { smtpUrl: undefined, from } } });
    await mailer.send({ to: 'a@example.com', subject: 'Before', text: 'x' });
    expect(await outboxFiles()).toHaveLength(1);
    await rm(path.join(dataDir, 'outbox'), { recursive: true, force: true });
    await mailer.send({ to: 'b@example.com', subject: 'After', text: 'x' });
    const files = await outboxFiles();
    expect(files).toHaveLength(1);
    expect(await readFile(path.join(dataDir, 'outbox', files[0]!), 'utf8')).toContain('Subject: After');
  });

  it('claims one row at a time by SMTP (a send may take up to its timeouts within the lease)', async () => {
    const sink = createMailer({ config: { dataDir, mail: { smtpUrl: undefined, from } } });
    const mailer: Mailer = { ...sink, mode: 'smtp' };
    for (let i = 0; i < 3; i += 1) {
      await enqueueEmail({ db: database.db, message: { to: `s${i}@example.com`, subject: `SMTP ${i}`, text: 'x' } });
    }
    let sendingWhileSending = 0;
    const send = mailer.send;
    mailer.send = async (message) => {
      const [{ n }] = (
        await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from email_outbox where status = 'sending'`,
        )
      ).rows as [{ n: number }];
      sendingWhileSending = Math.max(sendingWhileSending, n);
      await send(message);
    };
    expect(await deliverQueuedEmail({ db: database.db, mailer })).toEqual({ sent: 3, failed: 0 });
    expect(sendingWhileSending).toBe(1);
  });

  it('retries a row whose deliverer died while sending after a one-minute lease, but not one being sent now', async () => {
    expect(CLAIM_LEASE_SECONDS).toBeLessThanOrEqual(60);
    const mailer = createMailer({ config: { dataDir, mail: { smtpUrl: undefined, from } } });
    await enqueueEmail({ db: database.db, message: { to: 'stale@example.com', subject: 'Stale', text: 's' } });
    await enqueueEmail({ db: database.db, message: { to: 'busy@example.com', subject: 'Busy', text: 'b' } });
    // Each was claimed by a deliverer that is gone (stale) or still sending (busy): its lease and back-off ran out, or not.
    await database.db.execute(
      sql`update email_outbox set status = 'sending', attempts = 1, claimed_at = now() - interval '2 minutes', next_attempt_at = now() - interval '1 second' where "to" = 'stale@example.com'`,
    );
    await database.db.execute(
      sql`update email_outbox set status = 'sending', attempts = 1, claimed_at = now() - interval '10 seconds', next_attempt_at = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS - 10}) where "to" = 'busy@example.com'`,
    );
    expect(await deliverQueuedEmail({ db: database.db, mailer })).toEqual({ sent: 1, failed: 0 });
    const rows = await database.db.select().from(emailOutbox);
    expect(Object.fromEntries(rows.map((r) => [r.to, r.status]))).toEqual({
      'stale@example.com': 'sent',
      'busy@example.com': 'sending',
    });
  });

  it('leaves one .eml per message when its sender died in the middle of a claim: a message written again replaces its file', async () => {
    const files = createMailer({ config: { dataDir, mail: { smtpUrl: undefined, from } } });
    let clock = Date.now() + 1_000;
    const now = () => new Date(clock);
    for (let i = 0; i < 4; i += 1) {
      await enqueueEmail({
        db: database.db,
        message: { to: `claim${i}@example.com`, subject: `Claim ${i}`, text: `m${i}` },
      });
    }
    // The sender writes two files, then its process stops in the third send: no row is marked sent.
    void deliverQueuedEmail({ db: database.db, mailer: dyingAfter(2, files), now });
    await expect.poll(async () => (await outboxFiles()).length).toBe(2);
    const before = (await outboxFiles()).sort();
    const firstContents = await readFile(path.join(dataDir, 'outbox', before[0]!), 'utf8');
    expect((await database.db.select().from(emailOutbox)).map((row) => row.status)).toEqual(Array(4).fill('sending'));

    // After the claim's lease and back-off, another deliverer sends all four.
    clock += CLAIM_LEASE_SECONDS * 1000 + retryDelayMs(1);
    expect(await deliverQueuedEmail({ db: database.db, mailer: files, now })).toEqual({ sent: 4, failed: 0 });
    const after = (await outboxFiles()).sort();
    expect(after).toHaveLength(4);
    expect(after).toEqual(expect.arrayContaining(before));
    const rows = await database.db.select().from(emailOutbox);
    for (const row of rows) {
      expect(row.status).toBe('sent');
      expect(after.filter((name) => name.endsWith(`-${row.id}.eml`))).toHaveLength(1);
    }
    // Named by when each was queued, so the folder lists them in the queue's order (the claim's:
    // queued time, then id, for rows queued within one tick of the database's clock); rewritten whole.
    const byName = await Promise.all(after.map((name) => readFile(path.join(dataDir, 'outbox', name), 'utf8')));
    const queueOrder = await database.db.select().from(emailOutbox).orderBy(emailOutbox.createdAt, emailOutbox.id);
    expect(byName.map((raw) => /^Subject: (.*)$/m.exec(raw)?.[1])).toEqual(queueOrder.map((row) => row.subject));
    expect([...queueOrder.map((row) => row.subject)].sort()).toEqual(['Claim 0', 'Claim 1', 'Claim 2', 'Claim 3']);
    expect(byName[0]!.replace(/^Date: .*$/m, '')).toBe(firstContents.replace(/^Date: .*$/m, ''));
    expect((await readdir(path.join(dataDir, 'outbox'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('with several processes on one queue (PostgreSQL), one .eml in all when a sender died in the middle of a claim', async () => {
    // Each process writes into its own DATA_DIR/outbox; a row claimed again is written by whichever comes.
    const otherDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-mail-other-'));
    try {
      const files = createMailer({ config: { dataDir, mail: { smtpUrl: undefined, from } } });
      const otherFiles = createMailer({ config: { dataDir: otherDir, mail: { smtpUrl: undefined, from } } });
      let clock = Date.now() + 1_000;
      const now = () => new Date(clock);
      for (let i = 0; i < 4; i += 1) {
        await enqueueEmail({
          db: database.db,
          message: { to: `shared${i}@example.com`, subject: `Shared ${i}`, text: `s${i}` },
        });
      }
      void deliverQueuedEmail({ db: database.db, mailer: dyingAfter(2, files), now, markEachSent: true });
      await expect.poll(async () => (await outboxFiles()).length).toBe(2);
      // Each file written is its row sent: the other process has only the rest to send.
      await expect
        .poll(async () => (await database.db.select().from(emailOutbox)).filter((row) => row.status === 'sent').length)
        .toBe(2);
      clock += CLAIM_LEASE_SECONDS * 1000 + retryDelayMs(1);
      expect(await deliverQueuedEmail({ db: database.db, mailer: otherFiles, now, markEachSent: true })).toEqual({
        sent: 2,
        failed: 0,
      });
      const other = (await readdir(path.join(otherDir, 'outbox'))).filter((name) => name.endsWith('.eml'));
      const all = [...(await outboxFiles()), ...other];
      expect(all).toHaveLength(4);
      for (const row of await database.db.select().from(emailOutbox)) {
        expect(row.status).toBe('sent');
        expect(all.filter((name) => name.endsWith(`-${row.id}.eml`))).toHaveLength(1);
      }
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  it('claims a row for its lease plus the back-off: a message that crashes its sender is not claimed again at once', async () => {
    const crashing: Mailer = { mode: 'outbox', send: () => new Promise<void>(() => undefined), close: () => undefined };
    let clock = Date.now() + 1_000;
    const now = () => new Date(clock);
    await enqueueEmail({ db: database.db, message: { to: 'crash@example.com', subject: 'Crash', text: 'c' } });
    void deliverQueuedEmail({ db: database.db, mailer: crashing, now });
    // The first attempt's send never ends (its process died, as far as the row knows).
    await expect.poll(async () => (await database.db.select().from(emailOutbox))[0]!.status).toBe('sending');
    const [claimed] = await database.db.select().from(emailOutbox);
    expect(claimed!.nextAttemptAt.getTime()).toBe(clock + CLAIM_LEASE_SECONDS * 1000 + retryDelayMs(1));
    const mailer = createMailer({ config: { dataDir, mail: { smtpUrl: undefined, from } } });
    clock += CLAIM_LEASE_SECONDS * 1000;
    expect(await deliverQueuedEmail({ db: database.db, mailer, now })).toEqual({ sent: 0, failed: 0 });
    clock += retryDelayMs(1);
    expect(await deliverQueuedEmail({ db: database.db, mailer, now })).toEqual({ sent: 1, failed: 0 });
  });

  it("counts a row queued within the clock's millisecond as due (the database keeps microseconds)", async () => {
    const mailer = createMailer({ config: { dataDir, mail: { smtpUrl: undefined, from } } });
    await enqueueEmail({ db: database.db, message: { to: 'edge@example.com', subject: 'Edge', text: 'e' } });
    await database.db.execute(sql`update email_outbox set next_attempt_at = '2030-01-01T00:00:00.000700Z'`);
    const at = (iso: string) => () => new Date(iso);
    expect(await deliverQueuedEmail({ db: database.db, mailer, now: at('2029-12-31T23:59:59.999Z') })).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(await deliverQueuedEmail({ db: database.db, mailer, now: at('2030-01-01T00:00:00.000Z') })).toEqual({
      sent: 1,
      failed: 0,
    });
  });

  it('gives each message a Message-ID derived from its row, the same when it is sent again after a crash', async () => {
    const mailer = createMailer({ config: { dataDir, mail: { smtpUrl: undefined, from } } });
    await enqueueEmail({ db: database.db, message: { to: 'twice@example.com', subject: 'Twice', text: 't' } });
    await enqueueEmail({ db: database.db, message: { to: 'once@example.com', subject: 'Once', text: 'o' } });
    expect(await deliverQueuedEmail({ db: database.db, mailer })).toEqual({ sent: 2, failed: 0 });
    const [row] = await database.db
      .select()
      .from(emailOutbox)
      .where(sql`"to" = 'twice@example.com'`);
    const sent = async () =>
      Promise.all(
        (await outboxFiles()).map(async (file) => {
          const raw = unfold(await readFile(path.join(dataDir, 'outbox', file), 'utf8'));
          return { file, to: /^To: (.+)$/m.exec(raw)![1], messageId: /^Message-ID: (.+)$/im.exec(raw)![1] };
        }),
      );
    const first = (await sent()).filter((entry) => entry.to === 'twice@example.com');
    expect(first).toHaveLength(1);
    expect(first[0]!.messageId).toBe(`<outbox.${row!.id}@wearyourfaith.local>`);
    // The process died after sending, before recording it: the lease runs out, it goes again,
    // with the same Message-ID (by SMTP, a receiver folds the two), into the same .eml file.
    await database.db.execute(
      sql`update email_outbox set status = 'sending', claimed_at = now() - make_interval(secs => ${CLAIM_LEASE_SECONDS + 5}), next_attempt_at = now() - interval '1 second' where id = ${row!.id}`,
    );
    expect(await deliverQueuedEmail({ db: database.db, mailer })).toEqual({ sent: 1, failed: 0 });
    const ids = await sent();
    const twice = ids.filter((entry) => entry.to === 'twice@example.com');
    expect(twice).toEqual([first[0]]);
    expect(ids.find((entry) => entry.to === 'once@example.com')!.messageId).not.toBe(twice[0]!.messageId);
  });

  it('lets only the current claim record the outcome: a sender whose lease ran out cannot undo a newer send', async () => {
    await enqueueEmail({ db: database.db, message: { to: 'slow@example.com', subject: 'Slow', text: 's' } });
    let finishSlowSend!: (error: Error) => void;
    const slow: Mailer = {
      mode: 'outbox',
      send: () => new Promise<void>((_, reject) => (finishSlowSend = reject)),
      close: () => undefined,
    };
    const slowRun = deliverQueuedEmail({ db: database.db, mailer: slow });
    while (!finishSlowSend) await new Promise((resolve) => setTimeout(resolve, 5));
    // Its lease runs out; another deliverer sends the message.
    await database.db.execute(
      sql`update email_outbox set claimed_at = now() - make_interval(secs => ${CLAIM_LEASE_SECONDS + 5}), next_attempt_at = now() - interval '1 second'`,
    );
    const mailer = createMailer({ config: { dataDir, mail: { smtpUrl: undefined, from } } });
    expect(await deliverQueuedEmail({ db: database.db, mailer })).toEqual({ sent: 1, failed: 0 });
    finishSlowSend(new Error('connection lost'));
    expect(await slowRun).toEqual({ sent: 0, failed: 1 });
    const [row] = await database.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('gives up a message whose sender died during an attempt made after 24 hours of retries', async () => {
    const mailer = createMailer({ config: { dataDir, mail: { smtpUrl: undefined, from } } });
    await enqueueEmail({ db: database.db, message: { to: 'poison@example.com', subject: 'Poison', text: 'p' } });
    await database.db
      .execute(sql`update email_outbox set status = 'sending', attempts = 30, claimed_at = now() - interval '2 hours',
      next_attempt_at = now() - interval '1 hour', retry_since = now() - make_interval(secs => ${RETRY_FOR_MS / 1000 + 60})`);
    expect(await deliverQueuedEmail({ db: database.db, mailer })).toEqual({ sent: 0, failed: 0 });
    const [row] = await database.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'failed', lastError: SENDER_STOPPED_ERROR });
    expect(await outboxFiles()).toHaveLength(0);
  });

  it('delivers on its own timer and stops cleanly', async () => {
    const mailer = createMailer({ config: { dataDir, mail: { smtpUrl: undefined, from } } });
    const delivery = startMailDelivery({ db: database.db, mailer, logger: pino({ level: 'silent' }), intervalMs: 50 });
    try {
      await enqueueEmail({ db: database.db, message: { to: 'timer@example.com', subject: 'Timed', text: 't' } });
      const started = Date.now();
      while ((await outboxFiles()).length === 0 && Date.now() - started < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(await outboxFiles()).toHaveLength(1);
    } finally {
      await delivery.stop();
    }
  });
});

describe('SMTP mode', () => {
  let server: SMTPServer;
  let port: number;
  const received: { to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends queued mail through the SMTP server and writes no .eml file', async () => {
    const mailer: Mailer = createMailer({ config: { dataDir, mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from } } });
    expect(mailer.mode).toBe('smtp');
    await enqueueEmail({
      db: database.db,
      message: { to: 'smtp-buyer@example.com', subject: 'By SMTP', text: 'Sent over SMTP' },
    });
    expect(await deliverQueuedEmail({ db: database.db, mailer })).toEqual({ sent: 1, failed: 0 });
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['smtp-buyer@example.com']);
    expect(received[0]!.raw).toContain('Subject: By SMTP');
    expect(received[0]!.raw).toContain('Sent over SMTP');
    expect(unfold(received[0]!.raw)).toMatch(/^Message-ID: <outbox\.[0-9a-f-]{36}@wearyourfaith\.local>\r?$/im);
    expect(await outboxFiles()).toHaveLength(0);
  });

  it('keeps a message queued with attempts, the error and a growing wait while the server is unreachable, for 24 hours', async () => {
    const mailer = createMailer({ config: { dataDir, mail: { smtpUrl: 'smtp://127.0.0.1:1', from } } });
    const start = Date.now() + 1_000;
    let clock = start;
    const now = () => new Date(clock);
    await enqueueEmail({ db: database.db, message: { to: 'later@example.com', subject: 'Retry me', text: 'r' } });
    expect(await deliverQueuedEmail({ db: database.db, mailer, now })).toEqual({ sent: 0, failed: 1 });
    let [row] = await database.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row!.nextAttemptAt.getTime()).toBe(clock + retryDelayMs(1));
    // Not tried again before its time.
    clock += retryDelayMs(1) - 1_000;
    expect(await deliverQueuedEmail({ db: database.db, mailer, now })).toEqual({ sent: 0, failed: 0 });
    const waits: number[] = [];
    let previous = start;
    while (row!.status === 'queued') {
      clock = row!.nextAttemptAt.getTime();
      waits.push(clock - previous);
      previous = clock;
      expect(await deliverQueuedEmail({ db: database.db, mailer, now })).toEqual({ sent: 0, failed: 1 });
      [row] = await database.db.select().from(emailOutbox);
      if (row!.status === 'queued') expect(clock - start).toBeLessThan(RETRY_FOR_MS);
    }
    expect(row!.status).toBe('failed');
    expect(clock - start).toBeGreaterThanOrEqual(RETRY_FOR_MS);
    expect(waits.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(Math.max(...waits)).toBe(60 * 60 * 1000);
    expect(row!.attempts).toBeGreaterThan(20);
    expect(row!.attempts).toBeLessThan(40);
    mailer.close();
  });

  it('delivers every message once after a 2-minute outage of the SMTP server', async () => {
    const start = Date.now() + 1_000;
    let clock = start;
    const now = () => new Date(clock);
    const outageEnds = start + 2 * 60_000;
    const arrived: string[] = [];
    const flaky = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onConnect(_session, callback) {
        if (clock < outageEnds) {
          const refusal = Object.assign(new Error('Service not available, try again later'), { responseCode: 421 });
          return callback(refusal);
        }
        callback();
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          arrived.push(/^Message-ID: (.+?)\r?$/im.exec(unfold(Buffer.concat(chunks).toString('utf8')))![1]!);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    const flakyPort = (flaky.server.address() as AddressInfo).port;
    const mailer = createMailer({ config: { dataDir, mail: { smtpUrl: `smtp://127.0.0.1:${flakyPort}`, from } } });
    try {
      for (let i = 0; i < 6; i += 1) {
        await enqueueEmail({
          db: database.db,
          message: { to: `outage${i}@example.com`, subject: `Order ${i}`, text: 'Thank you' },
        });
      }
      // The delivery loop runs every 5 seconds for 10 minutes.
      for (let elapsed = 0; elapsed <= 10 * 60_000; elapsed += 5_000) {
        clock = start + elapsed;
        await deliverQueuedEmail({ db: database.db, mailer, now });
      }
      const rows = await database.db.select().from(emailOutbox);
      expect(rows.map((row) => row.status)).toEqual(Array(6).fill('sent'));
      expect(arrived).toHaveLength(6);
      expect(new Set(arrived).size).toBe(6);
      expect(rows.every((row) => row.attempts > 1)).toBe(true);
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => flaky.close(() => resolve()));
    }
  });
});
