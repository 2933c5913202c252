/** Helpers for account tests: auth calls through the HTTP shell and the .eml outbox. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestShop } from './test-shop';

export const ORIGIN = 'http://shop.test';

export function postJson(shop: TestShop, pathname: string, body: unknown, init: { cookie?: string; clientIp?: string } = {}) {
  return shop.request(pathname, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: ORIGIN,
      ...(init.cookie ? { Cookie: init.cookie } : {}),
    },
    body: JSON.stringify(body),
    clientIp: init.clientIp,
  });
}

/** Decodes a quoted-printable body (soft line breaks, =XX). */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export interface OutboxMail {
  file: string;
  raw: string;
  to: string;
  subject: string;
  /** Decoded text of the whole message (headers and parts). */
  decoded: string;
}

export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  let names: string[] = [];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => {
      const raw = await readFile(path.join(dir, name), 'utf8');
      return {
        file: name,
        raw,
        to: /^To: (.+)$/m.exec(raw)?.[1]?.trim() ?? '',
        subject: /^Subject: (.+)$/m.exec(raw)?.[1]?.trim() ?? '',
        decoded: decodeQuotedPrintable(raw),
      };
    }),
  );
}

/** Waits (polling, bounded) for the n-th mail to an address and returns it. */
export async function waitForMail(dataDir: string, to: string, count = 1, timeoutMs = 10_000): Promise<OutboxMail> {
  const started = Date.now();
  for (;;) {
    const mails = (await readOutbox(dataDir)).filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() - started > timeoutMs) throw new Error(`no mail #${count} to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkFrom(mail: OutboxMail, prefix: string): string {
  const match = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"<>]+`).exec(mail.decoded);
  if (!match) throw new Error(`no link ${prefix} in mail:\n${mail.decoded}`);
  return match[0];
}

/** `name=value` pairs of Set-Cookie headers, joined for a Cookie header. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Signs up, opens the confirmation link from the .eml, signs in; returns the session cookie. */
export async function createConfirmedCustomer(
  shop: TestShop,
  account: {
    email: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    clientIp?: string;
    /** Mails already in the outbox for this address (a guest order's confirmation): the link is in the next one. */
    earlierMails?: number;
  },
): Promise<string> {
  const password = account.password ?? 'correct-horse-1';
  const signUp = await postJson(
    shop,
    '/api/auth/sign-up/email',
    {
      email: account.email,
      password,
      name: account.firstName ?? account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      callbackURL: '/auth?verified=1',
    },
    { clientIp: account.clientIp },
  );
  if (signUp.status !== 200) throw new Error(`sign-up ${signUp.status}: ${await signUp.text()}`);
  const mail = await waitForMail(shop.dataDir, account.email, 1 + (account.earlierMails ?? 0));
  const link = new URL(linkFrom(mail, `${ORIGIN}/api/auth/verify-email`));
  const confirmed = await shop.request(link.pathname + link.search, { redirect: 'manual', clientIp: account.clientIp });
  if (confirmed.status !== 302) throw new Error(`verify ${confirmed.status}`);
  const signIn = await postJson(shop, '/api/auth/sign-in/email', { email: account.email, password }, { clientIp: account.clientIp });
  if (signIn.status !== 200) throw new Error(`sign-in ${signIn.status}: ${await signIn.text()}`);
  return cookieFrom(signIn);
}
