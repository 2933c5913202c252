/**
 * Issue 27: a role change, a removal and a passcode change take effect at once on every
 * process. The shop in this test process and a second production process (`node
 * scripts/start.mjs`) share one PostgreSQL database; the owner acts through the first, the
 * staff member's (and the passcode holder's) next request goes to the second.
 *
 * PostgreSQL only (the embedded database is one process by its DATA_DIR lock): skipped without
 * DATABASE_URL; CI's PostgreSQL pass runs it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_TEXTS } from '../../domain/staff-roles';
import { staffMembers } from '../../server/db/schema';
import { freePort, startShopProcess, waitForOutput, type ShopProcess } from '../support/process';
import {
  adminRequest,
  createStaffMember,
  passcodeSession,
  staffAdminSession,
  type StaffAccount,
} from '../support/staff';
import { createTestShop, TEST_ADMIN_PASSCODE, type TestShop } from '../support/test-shop';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('staff changes on another process', () => {
  let shop: TestShop;
  let other: ShopProcess;
  let otherUrl = '';
  let dataDir = '';
  let ownerToken = '';
  let member: StaffAccount;
  let memberId = '';

  const onOther = (pathname: string, token: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${otherUrl}${pathname}`, {
      method: init.method ?? 'GET',
      headers: { 'Content-Type': 'application/json', Origin: otherUrl, 'X-Admin-Session': token },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  async function tokenFor(account: StaffAccount) {
    const body = (await (await staffAdminSession(shop, account.cookie)).json()) as { sessionToken?: string };
    return body.sessionToken!;
  }

  beforeAll(async () => {
    shop = await createTestShop();
    ownerToken = await passcodeSession(shop);
    member = await createStaffMember(shop, ownerToken, 'far.packer@example.com', 'fulfillment');
    memberId = (
      await shop.database.db
        .select()
        .from(staffMembers)
        .where(sql`${staffMembers.email} = 'far.packer@example.com'`)
    )[0]!.id;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-staff-b-'));
    const port = await freePort();
    otherUrl = `http://127.0.0.1:${port}`;
    other = startShopProcess({
      DATABASE_URL: shop.database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: otherUrl,
      DATA_DIR: dataDir,
      ADMIN_PASSCODE: TEST_ADMIN_PASSCODE,
      NODE_ENV: 'production',
    });
    await waitForOutput(other, 'is running at');
  }, 120_000);

  afterAll(async () => {
    if (other && other.child.exitCode === null) {
      other.child.kill('SIGTERM');
      await other.exited;
    }
    await shop?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('a role change on one process ends the session on the other at once', async () => {
    const token = await tokenFor(member);
    expect((await onOther('/api/admin/orders', token)).status).toBe(200);
    expect((await onOther('/api/admin/customers', token)).status).toBe(403);
    const changed = await adminRequest(shop, ownerToken, `/api/admin/staff/${memberId}`, {
      method: 'PATCH',
      body: { role: 'manager' },
    });
    expect(changed.status).toBe(200);
    expect((await onOther('/api/admin/orders', token)).status).toBe(401);
    const again = await tokenFor(member);
    expect((await onOther('/api/admin/customers', again)).status).toBe(200);
  });

  it('a removal on one process refuses the next request on the other', async () => {
    const token = await tokenFor(member);
    expect((await onOther('/api/admin/orders', token)).status).toBe(200);
    expect((await adminRequest(shop, ownerToken, `/api/admin/staff/${memberId}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    const refused = await onOther('/api/admin/orders', token);
    expect(refused.status).toBe(401);
    const next = await staffAdminSession(shop, member.cookie);
    expect((await next.json()) as object).toMatchObject({ error: STAFF_TEXTS.notStaff });
  });

  it('a passcode change on one process ends passcode sessions and the old passcode on the other', async () => {
    const otherToken = await (async () => {
      const response = await fetch(`${otherUrl}/api/admin/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: otherUrl },
        body: JSON.stringify({ passcode: TEST_ADMIN_PASSCODE }),
      });
      return ((await response.json()) as { sessionToken: string }).sessionToken;
    })();
    expect((await onOther('/api/admin/orders', otherToken)).status).toBe(200);
    const changed = await adminRequest(shop, ownerToken, '/api/admin/passcode', {
      method: 'PUT',
      body: { passcode: 'a-brand-new-passcode' },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect((await onOther('/api/admin/orders', otherToken)).status).toBe(401);
    const login = (passcode: string) =>
      fetch(`${otherUrl}/api/admin/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: otherUrl },
        body: JSON.stringify({ passcode }),
      });
    expect((await login(TEST_ADMIN_PASSCODE)).status).toBe(401);
    expect((await login('a-brand-new-passcode')).status).toBe(200);
  });
});
