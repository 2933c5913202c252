/**
 * Staff in tests (issue 27), all through HTTP: the owner's passcode session, an invite read
 * from the outbox, the invite page's form, two-factor set-up and a full staff sign-in.
 */
import type { StaffRole } from '../../domain/staff-roles';
import { ORIGIN, cookieFrom, linkFrom, postJson, waitForMail } from './accounts';
import { TEST_ADMIN_PASSCODE, type TestShop } from './test-shop';
import { unusedCode } from './totp';

export const STAFF_PASSWORD = 'staff-password-1';

export async function passcodeSession(shop: TestShop, clientIp = '198.51.100.1'): Promise<string> {
  const response = await postJson(shop, '/api/admin/session', { passcode: TEST_ADMIN_PASSCODE }, { clientIp });
  const body = (await response.json()) as { sessionToken?: string };
  if (!body.sessionToken) throw new Error(`passcode sign-in ${response.status}: ${JSON.stringify(body)}`);
  return body.sessionToken;
}

export function adminRequest(
  shop: TestShop,
  token: string,
  pathname: string,
  init: { method?: string; body?: unknown } = {},
) {
  return shop.request(pathname, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'X-Admin-Session': token },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Invites through the admin API and returns the invite link's path from the e-mail. */
export async function inviteByEmail(
  shop: TestShop,
  ownerToken: string,
  email: string,
  role: StaffRole,
  mailNumber = 1,
) {
  const response = await adminRequest(shop, ownerToken, '/api/admin/staff', { method: 'POST', body: { email, role } });
  if (response.status !== 201) throw new Error(`invite ${response.status}: ${await response.text()}`);
  const mail = await waitForMail(shop.dataDir, email, mailNumber);
  return new URL(linkFrom(mail, `${ORIGIN}/staff/invite/`)).pathname;
}

/** Submits the invite page's form for a new account; returns the answer (302 with the session cookie). */
export function acceptInvite(
  shop: TestShop,
  invitePath: string,
  form: { name: string; password: string },
  cookie?: string,
) {
  return shop.request(invitePath, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: ORIGIN,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
}

export interface StaffAccount {
  email: string;
  password: string;
  totpUri: string;
  recoveryCodes: string[];
  /** The session cookie after set-up. */
  cookie: string;
  /** Codes already given (each is accepted once). */
  usedCodes: Set<string>;
}

let nextAddress = 1;
/**
 * A client address of its own for each member set up: Better Auth limits its two-factor
 * endpoints to 3 calls in 10 s per address, as a person would never exceed.
 */
export function freshClientIp(): string {
  const n = nextAddress++;
  return `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/** Invite, accept with a new account, set up and confirm two-factor sign-in. */
export async function createStaffMember(
  shop: TestShop,
  ownerToken: string,
  email: string,
  role: StaffRole,
): Promise<StaffAccount> {
  const invitePath = await inviteByEmail(shop, ownerToken, email, role);
  const accepted = await acceptInvite(shop, invitePath, { name: email.split('@')[0]!, password: STAFF_PASSWORD });
  if (accepted.status !== 302) throw new Error(`accept ${accepted.status}: ${await accepted.text()}`);
  let cookie = cookieFrom(accepted);
  const clientIp = freshClientIp();
  const enabled = await postJson(
    shop,
    '/api/auth/two-factor/enable',
    { password: STAFF_PASSWORD },
    { cookie, clientIp },
  );
  const setup = (await enabled.json()) as { totpURI?: string; backupCodes?: string[] };
  if (!setup.totpURI || !setup.backupCodes) throw new Error(`enable ${enabled.status}: ${JSON.stringify(setup)}`);
  const usedCodes = new Set<string>();
  const confirmed = await postJson(
    shop,
    '/api/auth/two-factor/verify-totp',
    { code: unusedCode(setup.totpURI, usedCodes) },
    { cookie, clientIp },
  );
  if (confirmed.status !== 200) throw new Error(`confirm ${confirmed.status}: ${await confirmed.text()}`);
  cookie = cookieFrom(confirmed) || cookie;
  return {
    email,
    password: STAFF_PASSWORD,
    totpUri: setup.totpURI,
    recoveryCodes: setup.backupCodes,
    cookie,
    usedCodes,
  };
}

/** E-mail and password, then the code: returns the session cookie (or throws with the answer). */
export async function staffSignIn(
  shop: TestShop,
  account: Pick<StaffAccount, 'email' | 'password' | 'totpUri' | 'usedCodes'>,
  options: { code?: string; clientIp?: string } = {},
): Promise<{ status: number; cookie: string; body: unknown }> {
  options = { clientIp: freshClientIp(), ...options };
  const first = await postJson(
    shop,
    '/api/auth/sign-in/email',
    { email: account.email, password: account.password },
    { clientIp: options.clientIp },
  );
  const firstBody = (await first.json()) as { twoFactorRedirect?: boolean };
  if (!firstBody.twoFactorRedirect) throw new Error(`sign-in ${first.status}: ${JSON.stringify(firstBody)}`);
  const pending = cookieFrom(first);
  const second = await postJson(
    shop,
    '/api/auth/two-factor/verify-totp',
    { code: options.code ?? unusedCode(account.totpUri, account.usedCodes) },
    { cookie: pending, clientIp: options.clientIp },
  );
  return { status: second.status, cookie: cookieFrom(second), body: await second.json().catch(() => null) };
}

/** The staff member's admin session token, started from their signed-in account. */
export async function staffAdminSession(shop: TestShop, cookie: string): Promise<Response> {
  return postJson(shop, '/api/admin/session?staff=1', {}, { cookie });
}
