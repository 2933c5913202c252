/**
 * THE mailer of the shop (RUN-CONTRACT.md "SMTP_URL, MAIL_FROM"): SMTP when SMTP_URL is
 * set, otherwise every message is written as an .eml file under DATA_DIR/outbox/.
 *
 * An .eml file is whole or absent (issue 30 item 1): it is written under a temporary name
 * (a dot file ending .tmp, which no reader of *.eml sees), flushed to disk, then renamed, so a
 * kill -9 or a full disk mid-write never leaves an empty or cut-off message. Temporary files
 * left by a process that died are removed once they are an hour old.
 *
 * A message from an email_outbox row is written under a name of its own (the time it was queued
 * and the row's id), so a message written again after a crash (its sender died before the row
 * was marked sent, and the claim's lease ran out) replaces its own file: one .eml per message.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.server';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The email_outbox row it is sent from: its Message-ID (and its .eml file's name) are derived from it. */
  outboxId?: string;
  /** When that row was queued (ISO 8601): the .eml file's name starts with it, so the folder sorts by queueing. */
  queuedAt?: string;
}

/**
 * SMTP gives up on a dead or stalled server well within the delivery lease
 * (deliver-queued-email.ts CLAIM_LEASE_SECONDS); nodemailer's defaults wait up to 10 minutes.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/**
 * The Message-ID of the message sent from an outbox row: the same on every attempt, so a
 * message sent again after a crash is recognisable (mail clients and servers fold duplicates
 * by it). The domain is the sender's.
 */
export function outboxMessageId(outboxId: string, from: string): string {
  const domain = /@([^\s>@]+)>?\s*$/.exec(from)?.[1] ?? 'wearyourfaith.local';
  return `<outbox.${outboxId}@${domain}>`;
}

export interface Mailer {
  /** 'smtp' or 'outbox' (.eml files). */
  mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export function createMailer(options: { config: Pick<Config, 'mail' | 'dataDir'> }): Mailer {
  const { mail, dataDir } = options.config;
  const envelope = (message: MailMessage) => ({
    from: mail.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? undefined,
    messageId: message.outboxId ? outboxMessageId(message.outboxId, mail.from) : undefined,
  });
  if (mail.smtpUrl) {
    const transport = nodemailer.createTransport({ url: mail.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      mode: 'smtp',
      async send(message) {
        await transport.sendMail(envelope(message));
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(dataDir);
  // The folder is made (and old temporary files swept) once, not before every message; made
  // again if someone removed it while the shop runs.
  let folder: Promise<void> | undefined;
  const prepareFolder = () =>
    (folder ??= (async () => {
      await mkdir(dir, { recursive: true });
      await removeStaleTemporaryFiles(dir);
    })().catch((error: unknown) => {
      folder = undefined;
      throw error;
    }));
  return {
    mode: 'outbox',
    async send(message) {
      const info = await transport.sendMail(envelope(message));
      await prepareFolder();
      const name = outboxFileName(message);
      try {
        await writeWhole(path.join(dir, name), info.message as Buffer);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        folder = undefined;
        await prepareFolder();
        await writeWhole(path.join(dir, name), info.message as Buffer);
      }
    },
    close: () => transport.close(),
  };
}

/**
 * Sortable by time. A row's message is named by the row (written again, it replaces itself);
 * any other is unique by a random part.
 */
export function outboxFileName(message: Pick<MailMessage, 'outboxId' | 'queuedAt'>, now = new Date()): string {
  const stamp = (message.queuedAt ?? now.toISOString()).replace(/[^0-9A-Za-z]/g, '-');
  const id = message.outboxId?.replace(/[^0-9a-zA-Z-]/g, '') || randomBytes(6).toString('hex');
  return `${stamp}-${id}.eml`;
}

const TEMPORARY_SUFFIX = '.tmp';
const STALE_TEMPORARY_MS = 60 * 60 * 1000;

/**
 * Writes `bytes` to a temporary name beside `file`, flushes it, then renames it into place (over
 * the file, when the same message was written before). The temporary name is the writer's own,
 * so two writers of one message (a slow one whose lease ran out, and the next) never meet.
 */
async function writeWhole(file: string, bytes: Buffer): Promise<void> {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(4).toString('hex')}${TEMPORARY_SUFFIX}`,
  );
  const handle = await open(temporary, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await handle.close();
  await rename(temporary, file);
}

/** Temporary files of processes that died mid-write (another process may be writing one now: only old ones). */
async function removeStaleTemporaryFiles(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const cutoff = Date.now() - STALE_TEMPORARY_MS;
  for (const name of names) {
    if (!name.startsWith('.') || !name.endsWith(TEMPORARY_SUFFIX)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtimeMs < cutoff) await unlink(file).catch(() => undefined);
  }
}
