/**
 * THE mailer of the shop (RUN-CONTRACT.md "SMTP_URL, MAIL_FROM"): SMTP when SMTP_URL is
 * set, otherwise every message is written as an .eml file under DATA_DIR/outbox/.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.server';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
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
  if (mail.smtpUrl) {
    const transport = nodemailer.createTransport(mail.smtpUrl);
    return {
      mode: 'smtp',
      async send(message) {
        await transport.sendMail({
          from: mail.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? undefined,
        });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(dataDir);
  return {
    mode: 'outbox',
    async send(message) {
      const info = await transport.sendMail({
        from: mail.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
      });
      await mkdir(dir, { recursive: true });
      // Sortable by time, unique across processes.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(6).toString('hex')}.eml`;
      await writeFile(path.join(dir, name), info.message as Buffer, { flag: 'wx' });
    },
    close: () => transport.close(),
  };
}
