/**
 * Customer accounts through the real HTTP shell: sign-up, the .eml outbox, the
 * confirmation link, sign-in, the session cookie, customers rows, password reset,
 * rate limits per client address, and what an unconfirmed account is told.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '../../domain/auth-feedback';
import { customers, emailOutbox, orders, products } from '../../server/db/schema';
import {
  ORIGIN,
  cookieFrom,
  createConfirmedCustomer,
  linkFrom,
  postJson,
  readOutbox,
  waitForMail,
} from '../support/accounts';
import { SIGN_IN_ADDRESS_RULE } from '../../server/auth/limit-sign-in';
import { createTestShop, type TestShop } from '../support/test-shop';
import { payOnSandbox } from '../support/sandbox';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

describe('sign-up, confirmation and sign-in', () => {
  it('mails a confirmation link as .eml, refuses sign-in until it is opened, then gives an httpOnly Lax session', async () => {
    const clientIp = '198.51.100.10';
    const email = 'Grace.Hopper@Example.com';
    const signUp = await postJson(
      shop,
      '/api/auth/sign-up/email',
      { email, password: 'navy-cobol-1', name: 'Grace Hopper', firstName: 'Grace', lastName: 'Hopper', callbackURL: '/auth?verified=1' },
      { clientIp },
    );
    expect(signUp.status).toBe(200);
    expect(signUp.headers.getSetCookie().some((c) => c.includes('session_token'))).toBe(false);

    const mail = await waitForMail(shop.dataDir, 'grace.hopper@example.com');
    expect(mail.subject).toContain('Confirm your email');
    const link = new URL(linkFrom(mail, `${ORIGIN}/api/auth/verify-email`));

    // Not yet confirmed: 403 EMAIL_NOT_VERIFIED.
    const early = await postJson(shop, '/api/auth/sign-in/email', { email, password: 'navy-cobol-1' }, { clientIp });
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    const confirmed = await shop.request(link.pathname + link.search, { redirect: 'manual', clientIp });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe('/auth?verified=1');
    const page = await shop.request('/auth?verified=1');
    expect(await page.text()).toContain('Your email is confirmed');

    const signIn = await postJson(shop, '/api/auth/sign-in/email', { email, password: 'navy-cobol-1' }, { clientIp });
    expect(signIn.status).toBe(200);
    const setCookie = signIn.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const cookie = cookieFrom(signIn);

    // The header is rendered signed-in on the server; /auth redirects home.
    const home = await shop.request('/', { headers: { Cookie: cookie } });
    const html = await home.text();
    expect(html).not.toContain('aria-label="Sign in"');
    const auth = await shop.request('/auth', { headers: { Cookie: cookie }, redirect: 'manual' });
    expect(auth.status).toBe(302);
    expect(auth.headers.get('location')).toBe('/');

    // One customers row with the names, e-mail lower-cased, linked to the account.
    const rows = await shop.database.db.select().from(customers).where(eq(customers.email, 'grace.hopper@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    expect(rows[0]!.userId).toBeTruthy();

    // Sign-out ends the session.
    const out = await postJson(shop, '/api/auth/sign-out', {}, { cookie, clientIp });
    expect(out.status).toBe(200);
    const after = await shop.request('/auth', { headers: { Cookie: cookie }, redirect: 'manual' });
    expect(after.status).toBe(200);
  });

  it("answers 'Account exists' for a registered e-mail and refuses a weak password", async () => {
    const clientIp = '198.51.100.11';
    await createConfirmedCustomer(shop, { email: 'taken@example.com', clientIp });
    const again = await postJson(
      shop,
      '/api/auth/sign-up/email',
      { email: 'TAKEN@example.com', password: 'another-pass-1', name: 'x' },
      { clientIp },
    );
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ code: 'USER_ALREADY_EXISTS' });

    const weak = await postJson(shop, '/api/auth/sign-up/email', { email: 'weak@example.com', password: 'short', name: 'w' }, { clientIp });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });

    const long = await postJson(shop, '/api/auth/sign-up/email', { email: 'long@example.com', password: 'long-enough-1', name: 'n'.repeat(5000) }, { clientIp });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ code: 'NAME_TOO_LONG', message: 'Names are at most 100 characters.' });
    const [stored] = await shop.database.db.select({ id: customers.id }).from(customers).where(eq(customers.email, 'long@example.com'));
    expect(stored).toBeUndefined();
  });

  it("answers a body without its fields in the shop's words, not the checker's", async () => {
    const clientIp = '198.51.100.12';
    const signIn = await postJson(shop, '/api/auth/sign-in/email', { email: 'a@b.co' }, { clientIp });
    expect(signIn.status).toBe(400);
    expect(await signIn.json()).toEqual({ message: 'Please enter your email and password.', code: 'VALIDATION_ERROR' });
    const signUp = await postJson(shop, '/api/auth/sign-up/email', { email: 'c@d.co' }, { clientIp });
    expect(signUp.status).toBe(400);
    expect(await signUp.json()).toEqual({ message: 'Please fill in all required fields.', code: 'VALIDATION_ERROR' });
  });

  it('sends an unconfirmed account a new link on request', async () => {
    const clientIp = '198.51.100.12';
    const email = 'later@example.com';
    await postJson(shop, '/api/auth/sign-up/email', { email, password: 'confirm-later-1', name: 'L' }, { clientIp });
    await waitForMail(shop.dataDir, email, 1);
    const resend = await postJson(shop, '/api/auth/send-verification-email', { email, callbackURL: '/auth?verified=1' }, { clientIp });
    expect(resend.status).toBe(200);
    const second = await waitForMail(shop.dataDir, email, 2);
    const link = new URL(linkFrom(second, `${ORIGIN}/api/auth/verify-email`));
    const confirmed = await shop.request(link.pathname + link.search, { redirect: 'manual', clientIp });
    expect(confirmed.headers.get('location')).toBe('/auth?verified=1');
    const signIn = await postJson(shop, '/api/auth/sign-in/email', { email, password: 'confirm-later-1' }, { clientIp });
    expect(signIn.status).toBe(200);
  });

  it('links earlier guest orders with the same e-mail to the new customer', async () => {
    const [order] = await shop.database.db
      .insert(orders)
      .values({ email: 'Guest.Buyer@example.com', subtotalCents: 3000, totalCents: 3599, paymentProvider: 'sandbox', status: 'processing', paidAt: new Date() })
      .returning();
    await createConfirmedCustomer(shop, { email: 'guest.buyer@example.com', clientIp: '198.51.100.13' });
    const [customer] = await shop.database.db.select().from(customers).where(eq(customers.email, 'guest.buyer@example.com'));
    const [linked] = await shop.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(linked!.customerId).toBe(customer!.id);
  });

  it("keeps a guest's points for the account later made with the address, as the confirmation promises", async () => {
    const [tee] = await shop.database.db.select().from(products).where(eq(products.slug, 'simple-cross-tee'));
    const checkout = await shop.request('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ productId: tee!.id, color: tee!.colors[0], size: tee!.sizes[0], quantity: 1 }], email: 'guest.points@example.com' }),
    });
    const { sessionId } = (await checkout.json()) as { sessionId: string };
    const paid = await payOnSandbox(shop, sessionId);
    expect(paid.status).toBe(302);
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    const [confirmation] = await shop.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `order-confirmation:${order!.id}`));
    expect(confirmation!.text).toContain(`Create an account with this email address to collect them: ${ORIGIN}/auth`);

    await waitForMail(shop.dataDir, 'guest.points@example.com');
    const cookie = await createConfirmedCustomer(shop, {
      email: 'guest.points@example.com',
      clientIp: '198.51.100.14',
      earlierMails: 1,
    });
    const loyalty = await shop.request('/api/loyalty', { headers: { Cookie: cookie } });
    expect(await loyalty.json()).toMatchObject({ available: order!.pointsEarned, lifetime: order!.pointsEarned });
  });
});

describe('password reset', () => {
  it('mails a reset link that leads to /reset-password and sets the new password', async () => {
    const clientIp = '198.51.100.20';
    const email = 'forgetful@example.com';
    await createConfirmedCustomer(shop, { email, password: 'old-password-1', clientIp });
    const requested = await postJson(shop, '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }, { clientIp });
    expect(requested.status).toBe(200);
    const mail = await waitForMail(shop.dataDir, email, 2);
    expect(mail.subject).toContain('Reset your');
    const link = new URL(linkFrom(mail, `${ORIGIN}/api/auth/reset-password/`));
    const opened = await shop.request(link.pathname + link.search, { redirect: 'manual', clientIp });
    expect(opened.status).toBe(302);
    const target = new URL(opened.headers.get('location')!, ORIGIN);
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();
    const page = await shop.request(target.pathname + target.search);
    expect(await page.text()).toContain('Choose a new password');

    const reset = await postJson(shop, '/api/auth/reset-password', { newPassword: 'new-password-2', token }, { clientIp });
    expect(reset.status).toBe(200);
    const oldOne = await postJson(shop, '/api/auth/sign-in/email', { email, password: 'old-password-1' }, { clientIp });
    expect(oldOne.status).toBe(401);
    const newOne = await postJson(shop, '/api/auth/sign-in/email', { email, password: 'new-password-2' }, { clientIp });
    expect(newOne.status).toBe(200);
    // A used token cannot be used again.
    const replay = await postJson(shop, '/api/auth/reset-password', { newPassword: 'third-password-3', token }, { clientIp });
    expect(replay.status).toBe(400);
  });
});

describe('sign-in rate limit per client address', () => {
  it(`answers 429 after ${SIGN_IN_ADDRESS_RULE.limit} wrong attempts from one address (at different accounts), not for another, and ignores a spoofed header`, async () => {
    const attacker = '192.0.2.66';
    // Each at its own account, so the per-account limit (5) is not what is reached.
    for (let i = 0; i < SIGN_IN_ADDRESS_RULE.limit; i += 1) {
      const attempt = await postJson(shop, '/api/auth/sign-in/email', { email: `nobody${i}@example.com`, password: `wrong-${i}-pass` }, { clientIp: attacker });
      expect(attempt.status).toBe(401);
      expect(await attempt.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
    }
    const blocked = await postJson(shop, '/api/auth/sign-in/email', { email: 'nobody-next@example.com', password: 'wrong-6-pass' }, { clientIp: attacker });
    expect(blocked.status).toBe(429);

    // A spoofed client-address header from the same socket changes nothing.
    const spoofed = await shop.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'x-wyf-client-ip': '192.0.2.200', 'x-forwarded-for': '192.0.2.201' },
      body: JSON.stringify({ email: 'nobody-spoof@example.com', password: 'wrong-7-pass' }),
      clientIp: attacker,
    });
    expect(spoofed.status).toBe(429);

    const other = await postJson(shop, '/api/auth/sign-in/email', { email: 'nobody-other@example.com', password: 'wrong-8-pass' }, { clientIp: '192.0.2.67' });
    expect(other.status).toBe(401);
    // The same refusal, in the same shape, as the shop's own limit just above.
    expect(await blocked.json()).toEqual({ error: AUTH_TEXTS.tooManyAttempts, code: 'TOO_MANY_REQUESTS', message: AUTH_TEXTS.tooManyAttempts });
  });

  it("answers Better Auth's own limits (sign-up: 10 a minute) in the same shape, with the wait", async () => {
    const clientIp = '192.0.2.80';
    let limited: Response | undefined;
    for (let i = 0; i < 12 && !limited; i += 1) {
      const attempt = await postJson(shop, '/api/auth/sign-up/email', { email: `flood-${i}@example.com`, password: 'flood-password-1', name: 'Flood' }, { clientIp });
      if (attempt.status === 429) limited = attempt;
      else await attempt.body?.cancel();
    }
    expect(limited?.status).toBe(429);
    expect(await limited!.json()).toEqual({ error: AUTH_TEXTS.tooManyAttempts, code: 'TOO_MANY_REQUESTS', message: AUTH_TEXTS.tooManyAttempts });
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('mail outbox', () => {
  it('records every sent message as sent in email_outbox', async () => {
    const rows = await shop.database.db.query.emailOutbox.findMany();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    expect((await readOutbox(shop.dataDir)).length).toBe(rows.length);
  });
});

describe('cookies behind https', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const secureShop = await createTestShop({ PUBLIC_URL: 'https://shop.test' });
    try {
      const email = 'secure@example.com';
      const post = (pathname: string, body: unknown) =>
        secureShop.request(pathname, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: 'https://shop.test' },
          body: JSON.stringify(body),
        });
      expect((await post('/api/auth/sign-up/email', { email, password: 'secure-pass-1', name: 'S' })).status).toBe(200);
      const mail = await waitForMail(secureShop.dataDir, email);
      const link = new URL(linkFrom(mail, 'https://shop.test/api/auth/verify-email'));
      await secureShop.request(link.pathname + link.search, { redirect: 'manual' });
      const signIn = await post('/api/auth/sign-in/email', { email, password: 'secure-pass-1' });
      expect(signIn.status).toBe(200);
      const session = signIn.headers.getSetCookie().find((c) => c.includes('session_token='));
      expect(session).toMatch(/;\s*Secure/i);
      expect(session).toMatch(/HttpOnly/i);
      expect(session).toMatch(/SameSite=Lax/i);
    } finally {
      await secureShop.close();
    }
  });
});
