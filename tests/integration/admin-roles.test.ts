/**
 * Every admin endpoint times every role (issue 27 Tests): the endpoints are enumerated from
 * app/routes, and each must have its row in ENDPOINT_PERMISSIONS below, the permission the
 * issue's role table gives it; a new endpoint without a row fails this test by name, so a
 * merge that adds one is caught. For each endpoint, method and role: a role without the
 * permission is answered 403 with the sentence of domain/staff-roles.ts, a role with it gets
 * past the check (whatever the endpoint then answers: 200, 400 for the sample body, 404 for
 * the sample id, 405 for a method it does not take), never 401 or 403.
 *
 * The roles: the passcode holder ("Owner (passcode)"), and staff members invited as Owner,
 * Manager and Fulfillment who set up two-factor sign-in and signed in (tests/support/staff.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../server/db/schema';
import { permissionDenied, roleCan, type AdminPermission, type StaffRole } from '../../domain/staff-roles';
import { WRITE_METHODS, adminRoutes, SAMPLE_ID } from '../support/admin-routes';
import { adminRequest, createStaffMember, passcodeSession, staffAdminSession } from '../support/staff';
import { createTestShop, type TestShop } from '../support/test-shop';

/** Each admin API endpoint's permission: for its GET (loader) and for its writing methods (action). */
const ENDPOINT_PERMISSIONS: Record<string, { GET?: AdminPermission; write?: AdminPermission }> = {
  'api.admin.activity.ts': { GET: 'activity.view' },
  'api.admin.activity_.export.ts': { GET: 'activity.view' },
  'api.admin.backups.ts': { GET: 'backups.manage', write: 'backups.manage' },
  'api.admin.backups_.$name.ts': { GET: 'backups.manage' },
  'api.admin.customers.ts': { GET: 'customers.view' },
  'api.admin.customers_.$id.ts': { GET: 'customers.view' },
  'api.admin.donations.ts': { GET: 'donations.view' },
  'api.admin.orders.ts': { GET: 'orders.view' },
  'api.admin.orders_.$id.ts': { GET: 'orders.view', write: 'orders.fulfill' },
  'api.admin.orders_.export.ts': { GET: 'orders.export' },
  'api.admin.passcode.ts': { write: 'staff.manage' },
  'api.admin.products.ts': { GET: 'products.view', write: 'products.edit' },
  'api.admin.products_.$id.ts': { write: 'products.edit' },
  'api.admin.products_.$id_.stock.ts': { GET: 'products.view', write: 'products.edit' },
  'api.admin.revenue.ts': { GET: 'dashboard.view' },
  // The action is the passcode sign-in (no session) and the session's own commands: below.
  'api.admin.session.ts': { GET: 'session.use' },
  'api.admin.shop-pages.ts': { GET: 'pages.edit' },
  'api.admin.shop-pages_.$slug.ts': { write: 'pages.edit' },
  'api.admin.staff.ts': { GET: 'staff.manage', write: 'staff.manage' },
  'api.admin.staff_.$id.ts': { write: 'staff.manage' },
  'api.admin.staff_.invites_.$id.ts': { write: 'staff.manage' },
  'api.admin.stats.ts': { GET: 'dashboard.view' },
  'api.admin.sync.ts': { GET: 'products.view', write: 'products.edit' },
  'api.admin.uploads.ts': { write: 'products.edit' },
  // Issue 25: the rates are read with the report; settings and rates change only for the Owner.
  'api.admin.tax-rates.ts': { GET: 'tax.report', write: 'tax.manage' },
  'api.admin.tax-rates_.$id.ts': { write: 'tax.manage' },
  'api.admin.tax-report.ts': { GET: 'tax.report' },
  'api.admin.tax-settings.ts': { write: 'tax.manage' },
  // Issue 30: the Mail tab (failed and waiting e-mails, Send again).
  'api.admin.mail.ts': { GET: 'mail.manage' },
  'api.admin.mail_.$id.ts': { write: 'mail.manage' },
  // Issue 26: discount codes, the Owner's and the Manager's.
  'api.admin.discounts.ts': { GET: 'discounts.manage', write: 'discounts.manage' },
  'api.admin.discounts_.$id.ts': { write: 'discounts.manage' },
  // Issue 32 item 3: the owner's CSVs (customers' export carries their details, as the orders' does).
  'api.admin.customers_.export.ts': { GET: 'orders.export' },
  'api.admin.products_.export.ts': { GET: 'products.view' },
  'api.admin.products_.import.ts': { write: 'products.edit' },
};

interface Case {
  name: string;
  url: string;
  method: string;
  permission: AdminPermission;
  body?: unknown;
}

const routes = adminRoutes();
const apiRoutes = routes.filter((route) => !route.isPage);
const SAMPLE_BODY = { status: 'shipped', name: 'x', priceCents: 100, category: 'hoodies' };

function casesOf(): Case[] {
  const cases: Case[] = [];
  for (const route of apiRoutes) {
    const row = ENDPOINT_PERMISSIONS[route.file];
    if (!row) continue;
    if (route.hasLoader && row.GET)
      cases.push({ name: `GET ${route.url}`, url: route.url, method: 'GET', permission: row.GET });
    if (route.hasAction && row.write) {
      for (const method of WRITE_METHODS) {
        cases.push({
          name: `${method} ${route.url}`,
          url: route.url,
          method,
          permission: row.write,
          body: SAMPLE_BODY,
        });
      }
    }
  }
  // Cancelling (and so refunding) asks more than moving an order along (issue 27: Fulfillment).
  cases.push({
    name: `PATCH /api/admin/orders/${SAMPLE_ID} (cancel)`,
    url: `/api/admin/orders/${SAMPLE_ID}`,
    method: 'PATCH',
    permission: 'orders.cancel',
    body: { status: 'cancelled', reason: 'test' },
  });
  for (const command of ['resume']) {
    cases.push({
      name: `POST /api/admin/session?${command}=1`,
      url: `/api/admin/session?${command}=1`,
      method: 'POST',
      permission: 'session.use',
    });
  }
  return cases;
}

const CASES = casesOf();
const ROLES: { name: string; role: StaffRole }[] = [
  { name: 'Owner (passcode)', role: 'owner' },
  { name: 'Owner', role: 'owner' },
  { name: 'Manager', role: 'manager' },
  { name: 'Fulfillment', role: 'fulfillment' },
];

let shop: TestShop;
const tokens = new Map<string, string>();

beforeAll(async () => {
  shop = await createTestShop();
  const passcodeToken = await passcodeSession(shop);
  tokens.set('Owner (passcode)', passcodeToken);
  for (const [name, role, email] of [
    ['Owner', 'owner', 'owner@example.com'],
    ['Manager', 'manager', 'manager@example.com'],
    ['Fulfillment', 'fulfillment', 'packer@example.com'],
  ] as const) {
    const account = await createStaffMember(shop, passcodeToken, email, role);
    const started = await staffAdminSession(shop, account.cookie);
    const body = (await started.json()) as { sessionToken?: string };
    if (!body.sessionToken) throw new Error(`${name} admin session ${started.status}: ${JSON.stringify(body)}`);
    tokens.set(name, body.sessionToken);
  }
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

describe('the endpoint table', () => {
  it('has a row for every admin endpoint (add the permission a new endpoint needs here)', () => {
    const missing = apiRoutes
      .filter((route) => {
        const row = ENDPOINT_PERMISSIONS[route.file];
        return (
          !row ||
          (route.hasLoader && !row.GET) ||
          (route.hasAction && !row.write && route.file !== 'api.admin.session.ts')
        );
      })
      .map((route) => route.file);
    expect(missing, 'admin endpoints without a permission in ENDPOINT_PERMISSIONS').toEqual([]);
  });

  it('names only endpoints that exist', () => {
    const files = new Set(apiRoutes.map((route) => route.file));
    expect(Object.keys(ENDPOINT_PERMISSIONS).filter((file) => !files.has(file))).toEqual([]);
  });

  it(`walks ${CASES.length} requests times ${ROLES.length} roles (${CASES.length * ROLES.length} answers)`, () => {
    expect(CASES.length * ROLES.length).toBeGreaterThan(200);
  });
});

describe.each(ROLES)('as $name', ({ name, role }) => {
  it.each(CASES)('$name', async ({ url, method, permission, body }) => {
    const response = await adminRequest(shop, tokens.get(name)!, url, { method, body });
    const text = await response.text();
    if (roleCan(role, permission)) {
      expect([401, 403], `${name} ${method} ${url}: ${text}`).not.toContain(response.status);
    } else {
      expect(response.status, `${name} ${method} ${url}: ${text}`).toBe(403);
      expect(JSON.parse(text)).toMatchObject({ error: permissionDenied(role, permission), code: 'forbidden' });
    }
  });
});

describe('reopening a cancelled order', () => {
  it('is refused to Fulfillment (it may move orders along, not undo a cancellation), allowed to a Manager', async () => {
    const [tee] = await shop.database.db.select().from(products).where(eq(products.slug, 'simple-cross-tee'));
    const created = await shop.request('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [{ productId: tee!.id, color: 'Blue', size: 'M', quantity: 1 }],
        email: 'reopen@example.com',
      }),
    });
    const { sessionId } = (await created.json()) as { sessionId: string };
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    const patch = (who: string, status: string) =>
      adminRequest(shop, tokens.get(who)!, `/api/admin/orders/${order!.id}`, { method: 'PATCH', body: { status } });
    expect((await patch('Manager', 'cancelled')).status).toBe(200);
    // The route checked only the status asked for: 'processing' is a fulfillment status.
    for (const status of ['processing', 'shipped', 'delivered']) {
      const refused = await patch('Fulfillment', status);
      expect(refused.status, status).toBe(403);
      expect(await refused.json()).toMatchObject({
        error: permissionDenied('fulfillment', 'orders.cancel'),
        code: 'forbidden',
      });
    }
    const [still] = await shop.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(still!.status).toBe('cancelled');
    expect((await patch('Manager', 'processing')).status).toBe(200);
  });
});
