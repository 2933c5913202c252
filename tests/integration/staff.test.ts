/**
 * Staff accounts (issue 27), through HTTP on a real database (PGlite, or PostgreSQL with
 * DATABASE_URL): invites by email (single use, 72 hours, forged and expired links refused
 * and changing nothing), two-factor sign-in required before the admin opens, a code works
 * once and wrong codes count with the sign-in limit, role changes and removal end the
 * member's admin sessions at once, the role rules (last Owner, own role), and the log.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_TEXTS, INVITE_TTL_MS, permissionDenied } from '../../domain/staff-roles';
import { auditLog, staffInvites, staffMembers, user } from '../../server/db/schema';
import { CODE_REUSED_MESSAGE } from '../../server/staff/staff-auth-hooks';
import { cookieFrom, createConfirmedCustomer, linkFrom, ORIGIN, postJson, waitForMail } from '../support/accounts';
import {
  STAFF_PASSWORD,
  acceptInvite,
  adminRequest,
  createStaffMember,
  inviteByEmail,
  passcodeSession,
  staffAdminSession,
  staffSignIn,
  type StaffAccount,
} from '../support/staff';
import { createTestShop, type TestShop } from '../support/test-shop';
import { totpCode } from '../support/totp';

let shop: TestShop;
let ownerToken: string;

beforeAll(async () => {
  shop = await createTestShop();
  ownerToken = await passcodeSession(shop);
}, 60_000);
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const count = async (table: typeof staffMembers | typeof user | typeof auditLog) =>
  Number(
    (
      await db()
        .select({ n: sql<number>`count(*)` })
        .from(table)
    )[0]!.n,
  );
const entries = async (action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(sql`${auditLog.action} = ${action}`)
    .orderBy(auditLog.id);

async function sessionToken(cookie: string): Promise<string> {
  const response = await staffAdminSession(shop, cookie);
  const body = (await response.json()) as { sessionToken?: string; error?: string };
  if (!body.sessionToken) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body.sessionToken;
}

describe('invites', () => {
  it('sends a single-use link valid 72 hours through the outbox, and logs the invite', async () => {
    const before = Date.now();
    const invitePath = await inviteByEmail(shop, ownerToken, 'Single.Use@Example.com', 'fulfillment');
    // The invited person reads who asked them in plain words, not the activity log's label.
    const mail = await waitForMail(shop.dataDir, 'single.use@example.com');
    expect(mail.decoded).toContain("The shop's owner invited you to help run the Wear Your Faith shop as Fulfillment.");
    expect(mail.decoded).not.toContain('(passcode)');
    const [invite] = await db()
      .select()
      .from(staffInvites)
      .where(sql`${staffInvites.email} = 'single.use@example.com'`);
    expect(invite!.expiresAt.getTime() - before).toBeGreaterThanOrEqual(INVITE_TTL_MS - 1000);
    expect(invite!.expiresAt.getTime() - before).toBeLessThanOrEqual(INVITE_TTL_MS + 5000);
    const page = await shop.request(invitePath);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('single.use@example.com');
    const [logged] = await entries('staff.invited');
    expect(logged).toMatchObject({ actor: 'Owner (passcode)', target: 'single.use@example.com' });
    expect(logged!.summary).toBe('Owner (passcode) invited single.use@example.com as Fulfillment');

    const first = await acceptInvite(shop, invitePath, { name: 'Single Use', password: STAFF_PASSWORD });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/staff/setup');
    expect(cookieFrom(first)).toContain('session_token');
    const members = await count(staffMembers);
    const users = await count(user);

    const again = await acceptInvite(shop, invitePath, { name: 'Someone Else', password: 'other-password-9' });
    expect(again.status).toBe(410);
    expect(await again.text()).toContain(STAFF_TEXTS.inviteUsed.slice(0, 40));
    const reopened = await shop.request(invitePath);
    expect(reopened.status).toBe(410);
    expect(await count(staffMembers)).toBe(members);
    expect(await count(user)).toBe(users);
  });

  it('a second invite to one address ends the first, and the log says so', async () => {
    const firstPath = await inviteByEmail(shop, ownerToken, 'twice@example.com', 'fulfillment');
    const secondPath = await inviteByEmail(shop, ownerToken, 'twice@example.com', 'manager', 2);
    expect((await shop.request(firstPath)).status).toBe(404);
    expect((await shop.request(secondPath)).status).toBe(200);
    const revoked = (await entries('staff.invite-revoked')).filter((entry) => entry.target === 'twice@example.com');
    expect(revoked.map((entry) => entry.summary)).toEqual([
      'Owner (passcode) revoked the invite of twice@example.com (a new invite replaces it)',
    ]);
  });

  it('refuses an expired link with its own page and creates nothing', async () => {
    const invitePath = await inviteByEmail(shop, ownerToken, 'late@example.com', 'manager');
    await db()
      .update(staffInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${staffInvites.email} = 'late@example.com'`);
    const page = await shop.request(invitePath);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This invite link has expired');
    const members = await count(staffMembers);
    const users = await count(user);
    const accepted = await acceptInvite(shop, invitePath, { name: 'Late', password: STAFF_PASSWORD });
    expect(accepted.status).toBe(410);
    expect(await count(staffMembers)).toBe(members);
    expect(await count(user)).toBe(users);
  });

  it('refuses a forged link', async () => {
    for (const token of ['x'.repeat(43), 'short', 'A'.repeat(43)]) {
      const page = await shop.request(`/staff/invite/${token}`);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('This invite link is not valid');
      const accepted = await acceptInvite(shop, `/staff/invite/${token}`, { name: 'Forger', password: STAFF_PASSWORD });
      expect(accepted.status).toBe(404);
    }
  });

  it('lets an existing account join once signed in to it, and only that account', async () => {
    const customerCookie = await createConfirmedCustomer(shop, {
      email: 'regular@example.com',
      clientIp: '198.51.100.60',
    });
    const otherCookie = await createConfirmedCustomer(shop, {
      email: 'someone@example.com',
      clientIp: '198.51.100.61',
    });
    const invitePath = await inviteByEmail(shop, ownerToken, 'regular@example.com', 'manager', 2);
    const page = await shop.request(invitePath);
    expect(await page.text()).toContain('Sign in to accept');
    // Not signed in: the existing account is not taken over by a new password.
    const anonymous = await acceptInvite(shop, invitePath, { name: 'Intruder', password: 'intruder-password' });
    expect(anonymous.status).toBe(409);
    const wrong = await acceptInvite(shop, invitePath, { name: '', password: '' }, otherCookie);
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain('different email address');
    const accepted = await acceptInvite(shop, invitePath, { name: '', password: '' }, customerCookie);
    expect(accepted.status).toBe(302);
    const [member] = await db()
      .select()
      .from(staffMembers)
      .where(sql`${staffMembers.email} = 'regular@example.com'`);
    expect(member!.role).toBe('manager');
  });

  it('refuses a bad invite (email, role) and a Manager inviting at all', async () => {
    const bad = await adminRequest(shop, ownerToken, '/api/admin/staff', {
      method: 'POST',
      body: { email: 'not-an-email', role: 'manager' },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()) as object).toMatchObject({ error: STAFF_TEXTS.emailInvalid });
    const role = await adminRequest(shop, ownerToken, '/api/admin/staff', {
      method: 'POST',
      body: { email: 'a@example.com', role: 'admin' },
    });
    expect(role.status).toBe(400);
    expect((await role.json()) as object).toMatchObject({ error: STAFF_TEXTS.roleInvalid });
  });
});

describe('two-factor sign-in', () => {
  let packer: StaffAccount;

  beforeAll(async () => {
    packer = await createStaffMember(shop, ownerToken, 'packer@example.com', 'fulfillment');
  }, 60_000);

  it('keeps the admin closed until two-factor sign-in is set up', async () => {
    const invitePath = await inviteByEmail(shop, ownerToken, 'no2fa@example.com', 'manager');
    const accepted = await acceptInvite(shop, invitePath, { name: 'No Code', password: STAFF_PASSWORD });
    const cookie = cookieFrom(accepted);
    const refused = await staffAdminSession(shop, cookie);
    expect(refused.status).toBe(403);
    expect((await refused.json()) as object).toMatchObject({ error: STAFF_TEXTS.twoFactorRequired });
    const setupPage = await shop.request('/staff/setup', { headers: { Cookie: cookie } });
    expect(setupPage.status).toBe(200);
    expect(await setupPage.text()).toContain('Begin set-up');
  });

  it('hands out ten recovery codes and a QR URI', () => {
    expect(packer.recoveryCodes).toHaveLength(10);
    expect(packer.totpUri).toMatch(/^otpauth:\/\/totp\/Wear%20Your%20Faith:packer%40example\.com\?/);
  });

  it('asks for the code after the password, refuses a wrong one and a reused one', async () => {
    const wrong = await staffSignIn(shop, packer, { code: '000000', clientIp: '198.51.100.20' });
    expect(wrong.status).toBe(401);
    expect(wrong.cookie).not.toContain('session_token');

    const ok = await staffSignIn(shop, packer, { clientIp: '198.51.100.20' });
    expect(ok.status).toBe(200);
    expect(ok.cookie).toContain('session_token');

    const lastCode = [...packer.usedCodes].at(-1)!;
    const reused = await staffSignIn(shop, packer, { code: lastCode, clientIp: '198.51.100.20' });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ message: CODE_REUSED_MESSAGE });

    expect((await entries('sign-in.staff')).map((entry) => entry.summary)).toContain(
      'packer@example.com signed in with email, password and two-factor code',
    );
    const failures = (await entries('sign-in.staff.failed')).map((entry) => entry.summary);
    expect(failures).toContain('packer@example.com entered a wrong two-factor code');
    expect(failures).toContain('packer@example.com was refused: a two-factor code was used twice');
  });

  it('counts wrong codes with the sign-in limit of the client address', async () => {
    const ip = '198.51.100.21';
    const answers: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const first = await postJson(
        shop,
        '/api/auth/sign-in/email',
        { email: packer.email, password: packer.password },
        { clientIp: ip },
      );
      if (first.status === 429) {
        answers.push(429);
        continue;
      }
      const second = await postJson(
        shop,
        '/api/auth/two-factor/verify-totp',
        { code: '111111' },
        { cookie: cookieFrom(first), clientIp: ip },
      );
      answers.push(second.status);
    }
    // Wrong codes are refused (401), or already limited by Better Auth's own two-factor limit
    // (3 in 10 s); either way at most five count, and the sixth attempt is refused at once.
    for (const status of answers.slice(0, 5)) expect([401, 429]).toContain(status);
    expect(answers[0]).toBe(401);
    expect(answers[5]).toBe(429);
  });

  it('opens the admin with the account and shows its role', async () => {
    const signedIn = await staffSignIn(shop, packer, { clientIp: '198.51.100.22' });
    expect(signedIn.status).toBe(200);
    const token = await sessionToken(signedIn.cookie);
    const identity = await adminRequest(shop, token, '/api/admin/session');
    expect(await identity.json()).toMatchObject({
      actor: 'packer@example.com',
      role: 'fulfillment',
      isPasscode: false,
      permissions: ['orders.view', 'orders.fulfill', 'session.use'],
    });
    const refund = await adminRequest(shop, token, '/api/admin/customers');
    expect(refund.status).toBe(403);
    expect((await refund.json()) as object).toMatchObject({ error: permissionDenied('fulfillment', 'customers.view') });
  });

  it('logs the set-up', async () => {
    expect((await entries('staff.two-factor')).map((entry) => entry.summary)).toContain(
      'packer@example.com set up two-factor sign-in',
    );
  });
});

describe('changes that answer a suspected compromise', () => {
  it("end the member's admin sessions: signing out everywhere, a new password, turning two-factor off (logged)", async () => {
    const member = await createStaffMember(shop, ownerToken, 'careful@example.com', 'fulfillment');
    const admin = async (token: string) => (await adminRequest(shop, token, '/api/admin/orders')).status;
    const signedIn = async () => {
      const again = await staffSignIn(shop, member);
      expect(again.status).toBe(200);
      return again.cookie;
    };

    // Every session signed out.
    let token = await sessionToken(member.cookie);
    expect(await admin(token)).toBe(200);
    expect((await postJson(shop, '/api/auth/revoke-sessions', {}, { cookie: member.cookie })).status).toBe(200);
    expect(await admin(token)).toBe(401);

    // A new password from the reset link.
    let cookie = await signedIn();
    token = await sessionToken(cookie);
    expect(await admin(token)).toBe(200);
    const clientIp = '198.51.100.77';
    const before = (await readdir(path.join(shop.dataDir, 'outbox'))).length;
    expect(
      (
        await postJson(
          shop,
          '/api/auth/request-password-reset',
          { email: member.email, redirectTo: '/reset-password' },
          { clientIp },
        )
      ).status,
    ).toBe(200);
    await expect.poll(async () => (await readdir(path.join(shop.dataDir, 'outbox'))).length).toBeGreaterThan(before);
    const mail = await waitForMail(shop.dataDir, member.email, 2);
    const link = new URL(linkFrom(mail, `${ORIGIN}/api/auth/reset-password/`));
    const opened = await shop.request(link.pathname + link.search, { redirect: 'manual', clientIp });
    const resetToken = new URL(opened.headers.get('location')!, ORIGIN).searchParams.get('token');
    member.password = 'a-brand-new-pass-9';
    expect(
      (
        await postJson(
          shop,
          '/api/auth/reset-password',
          { newPassword: member.password, token: resetToken },
          { clientIp },
        )
      ).status,
    ).toBe(200);
    expect(await admin(token)).toBe(401);

    // Two-factor turned off: the session ends, and the log says who did it.
    cookie = await signedIn();
    token = await sessionToken(cookie);
    expect(await admin(token)).toBe(200);
    expect(
      (await postJson(shop, '/api/auth/two-factor/disable', { password: member.password }, { cookie })).status,
    ).toBe(200);
    expect(await admin(token)).toBe(401);
    expect((await entries('staff.two-factor-off')).map((entry) => entry.summary)).toContain(
      'careful@example.com turned off two-factor sign-in',
    );
  }, 60_000);
});

describe('role changes and removal', () => {
  let member: StaffAccount;
  let memberId: string;

  beforeAll(async () => {
    member = await createStaffMember(shop, ownerToken, 'changer@example.com', 'fulfillment');
    memberId = (
      await db()
        .select()
        .from(staffMembers)
        .where(sql`${staffMembers.email} = 'changer@example.com'`)
    )[0]!.id;
  }, 60_000);

  it("ends the member's admin sessions at once when their role changes, and logs before and after", async () => {
    const token = await sessionToken(member.cookie);
    expect((await adminRequest(shop, token, '/api/admin/orders')).status).toBe(200);
    const changed = await adminRequest(shop, ownerToken, `/api/admin/staff/${memberId}`, {
      method: 'PATCH',
      body: { role: 'manager' },
    });
    expect(changed.status).toBe(200);
    expect((await adminRequest(shop, token, '/api/admin/orders')).status).toBe(401);
    const again = await sessionToken(member.cookie);
    expect((await adminRequest(shop, again, '/api/admin/customers')).status).toBe(200);
    const [logged] = (await entries('staff.role-changed')).filter((entry) => entry.target === 'changer@example.com');
    expect(logged!.changes).toEqual([{ field: 'role', from: 'Fulfillment', to: 'Manager' }]);
  });

  it('refuses a staff member changing their own role, and a Manager managing staff', async () => {
    const owner = await createStaffMember(shop, ownerToken, 'boss@example.com', 'owner');
    const ownerId = (
      await db()
        .select()
        .from(staffMembers)
        .where(sql`${staffMembers.email} = 'boss@example.com'`)
    )[0]!.id;
    const bossToken = await sessionToken(owner.cookie);
    const own = await adminRequest(shop, bossToken, `/api/admin/staff/${ownerId}`, {
      method: 'PATCH',
      body: { role: 'manager' },
    });
    expect(own.status).toBe(403);
    expect((await own.json()) as object).toMatchObject({ error: STAFF_TEXTS.ownRoleChange });
    const managerToken = await sessionToken(member.cookie);
    const raise = await adminRequest(shop, managerToken, `/api/admin/staff/${memberId}`, {
      method: 'PATCH',
      body: { role: 'owner' },
    });
    expect(raise.status).toBe(403);
    const invite = await adminRequest(shop, managerToken, '/api/admin/staff', {
      method: 'POST',
      body: { email: 'x@example.com', role: 'fulfillment' },
    });
    expect(invite.status).toBe(403);
  });

  it('keeps the last Owner, and writes nothing for a refusal', async () => {
    const owners = await db()
      .select()
      .from(staffMembers)
      .where(sql`${staffMembers.role} = 'owner'`);
    expect(owners).toHaveLength(1);
    const before = await count(auditLog);
    const remove = await adminRequest(shop, ownerToken, `/api/admin/staff/${owners[0]!.id}`, { method: 'DELETE' });
    expect(remove.status).toBe(409);
    expect((await remove.json()) as object).toMatchObject({ error: STAFF_TEXTS.lastOwner });
    const demote = await adminRequest(shop, ownerToken, `/api/admin/staff/${owners[0]!.id}`, {
      method: 'PATCH',
      body: { role: 'manager' },
    });
    expect(demote.status).toBe(409);
    expect(await count(auditLog)).toBe(before);
    expect(
      await db()
        .select()
        .from(staffMembers)
        .where(sql`${staffMembers.role} = 'owner'`),
    ).toHaveLength(1);
  });

  it("refuses the removed member's next request and their next admin session", async () => {
    const token = await sessionToken(member.cookie);
    const removed = await adminRequest(shop, ownerToken, `/api/admin/staff/${memberId}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await adminRequest(shop, token, '/api/admin/orders')).status).toBe(401);
    const next = await staffAdminSession(shop, member.cookie);
    expect(next.status).toBe(403);
    expect((await next.json()) as object).toMatchObject({ error: STAFF_TEXTS.notStaff });
    const [logged] = (await entries('staff.removed')).filter((entry) => entry.target === 'changer@example.com');
    expect(logged!.summary).toBe('Owner (passcode) removed changer@example.com (Manager)');
  });
});

describe('at the same moment', () => {
  it('one invite link accepted five times at once makes one member', async () => {
    const invitePath = await inviteByEmail(shop, ownerToken, 'racer@example.com', 'fulfillment');
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        acceptInvite(shop, invitePath, { name: `Racer ${i}`, password: STAFF_PASSWORD }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 302)).toHaveLength(1);
    for (const status of statuses.filter((status) => status !== 302)) expect([409, 410]).toContain(status);
    expect(
      await db()
        .select()
        .from(staffMembers)
        .where(sql`${staffMembers.email} = 'racer@example.com'`),
    ).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(user)
        .where(sql`${user.email} = 'racer@example.com'`),
    ).toHaveLength(1);
    expect((await entries('staff.joined')).filter((entry) => entry.target === 'racer@example.com')).toHaveLength(1);
  });

  it('one code sent by five sign-ins at once signs in once', async () => {
    const racer = await createStaffMember(shop, ownerToken, 'codes@example.com', 'fulfillment');
    const pending = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const first = await postJson(
          shop,
          '/api/auth/sign-in/email',
          { email: racer.email, password: racer.password },
          { clientIp: `198.51.100.${70 + i}` },
        );
        return { cookie: cookieFrom(first), clientIp: `198.51.100.${70 + i}` };
      }),
    );
    const code = [0, 1, -1]
      .map((offset) => totpCode(racer.totpUri, offset))
      .find((candidate) => !racer.usedCodes.has(candidate))!;
    const answers = await Promise.all(
      pending.map(({ cookie, clientIp }) =>
        postJson(shop, '/api/auth/two-factor/verify-totp', { code }, { cookie, clientIp }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  });
});

describe('the audit log', () => {
  it('cannot be edited or deleted, even in SQL', async () => {
    const [first] = await db().select().from(auditLog).limit(1);
    await expect(
      db()
        .update(auditLog)
        .set({ summary: 'nothing happened' })
        .where(sql`${auditLog.id} = ${first!.id}`),
    ).rejects.toThrow();
    await expect(
      db()
        .delete(auditLog)
        .where(sql`${auditLog.id} = ${first!.id}`),
    ).rejects.toThrow();
    const [still] = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.id} = ${first!.id}`);
    expect(still!.summary).toBe(first!.summary);
  });
});

describe('passcode sign-ins', () => {
  it('logs a refused passcode and a granted one as "Owner (passcode)"', async () => {
    const wrong = await postJson(
      shop,
      '/api/admin/session',
      { passcode: 'wrong-passcode' },
      { clientIp: '198.51.100.40' },
    );
    expect(wrong.status).toBe(401);
    await passcodeSession(shop, '198.51.100.40');
    expect((await entries('sign-in.passcode.failed')).length).toBeGreaterThanOrEqual(1);
    const granted = await entries('sign-in.passcode');
    expect(granted.at(-1)!.summary).toBe('Owner (passcode) signed in with the passcode');
  });
});
