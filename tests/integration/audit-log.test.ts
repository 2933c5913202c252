/**
 * The audit log (issue 27 Deliver 4), through HTTP on a real database: each audited admin
 * action writes exactly one entry with its before and after; a refused change writes none; the
 * entry is written in the change's own transaction (an entry that cannot be written undoes the
 * change); the Activity list is newest first, filtered and paged; the CSV download defuses
 * formula cells and quotes properly.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE, type AuditPage } from '../../domain/audit';
import { auditLog, orders, products } from '../../server/db/schema';
import { payOnSandbox } from '../support/sandbox';
import { adminRequest, passcodeSession } from '../support/staff';
import { createTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let token: string;
let tee: typeof products.$inferSelect;

beforeAll(async () => {
  shop = await createTestShop();
  token = await passcodeSession(shop);
  tee = (await shop.database.db.select().from(products).where(eq(products.slug, 'simple-cross-tee')))[0]!;
});
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const admin = (pathname: string, init: { method?: string; body?: unknown } = {}) =>
  adminRequest(shop, token, pathname, init);
const lastId = async () =>
  Number(
    (
      await db()
        .select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)` })
        .from(auditLog)
    )[0]!.id,
  );
const entriesAfter = (id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(sql`${auditLog.id} > ${id} and ${auditLog.action} not like 'sign-in%'`)
    .orderBy(auditLog.id);

function productBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Audit Tee',
    description: 'A tee',
    priceCents: 2499,
    category: 't-shirts',
    colors: ['White'],
    sizes: ['M'],
    placement: [],
    imageUrls: [],
    isNewArrival: false,
    isFeatured: false,
    isActive: true,
    ...overrides,
  };
}

async function paidOrder(email: string) {
  const started = await shop.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [{ productId: tee.id, color: tee.colors[0], size: tee.sizes[0], quantity: 1 }],
      email,
    }),
  });
  const { sessionId } = (await started.json()) as { sessionId: string };
  expect((await payOnSandbox(shop, sessionId)).status).toBe(302);
  return (await db().select().from(orders).where(eq(orders.paymentSessionId, sessionId)))[0]!;
}

describe('products', () => {
  let productId: string;

  it('logs a new product once', async () => {
    const before = await lastId();
    const created = await admin('/api/admin/products', { method: 'POST', body: productBody() });
    expect(created.status, await created.clone().text()).toBe(201);
    productId = ((await created.json()) as { product: { id: string } }).product.id;
    const logged = await entriesAfter(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      action: 'product.created',
      actor: 'Owner (passcode)',
      actorRole: 'Owner',
      target: 'Audit Tee',
    });
  });

  it('logs a price change once, from $24.99 to $19.99', async () => {
    const before = await lastId();
    const changed = await admin(`/api/admin/products/${productId}`, {
      method: 'PUT',
      body: productBody({ priceCents: 1999 }),
    });
    expect(changed.status).toBe(200);
    const logged = await entriesAfter(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.summary).toBe('Owner (passcode) changed the product "Audit Tee": price from $24.99 to $19.99');
    expect(logged[0]!.changes).toEqual([{ field: 'price', from: '$24.99', to: '$19.99' }]);
  });

  it('writes nothing for a refused change', async () => {
    const before = await lastId();
    const refused = await admin(`/api/admin/products/${productId}`, {
      method: 'PUT',
      body: productBody({ priceCents: -5 }),
    });
    expect(refused.status).toBe(400);
    const cost = await admin(`/api/admin/products/${productId}`, { method: 'PATCH', body: { costCents: 'free' } });
    expect(cost.status).toBe(400);
    expect(await entriesAfter(before)).toHaveLength(0);
  });

  it("writes the entry in the change's transaction: an entry that cannot be written undoes the change", async () => {
    await db().execute(sql`
      create function refuse_product_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused for the test'; end; $$`);
    await db().execute(sql`
      create trigger refuse_product_audit before insert on audit_log
      for each row when (new.action = 'product.updated') execute function refuse_product_audit()`);
    try {
      const before = await lastId();
      const failed = await admin(`/api/admin/products/${productId}`, {
        method: 'PUT',
        body: productBody({ priceCents: 999 }),
      });
      expect(failed.status).toBe(500);
      const [row] = await db().select().from(products).where(eq(products.id, productId));
      expect(row!.priceCents).toBe(1999);
      expect(await entriesAfter(before)).toHaveLength(0);
    } finally {
      await db().execute(sql`drop trigger refuse_product_audit on audit_log`);
      await db().execute(sql`drop function refuse_product_audit()`);
    }
  });

  it('logs a cost, a stock change and a deletion once each', async () => {
    let before = await lastId();
    expect(
      (await admin(`/api/admin/products/${productId}`, { method: 'PATCH', body: { costCents: 800 } })).status,
    ).toBe(200);
    let logged = await entriesAfter(before);
    expect(logged.map((entry) => [entry.action, entry.changes])).toEqual([
      ['product.cost', [{ field: 'cost', from: null, to: '$8.00' }]],
    ]);

    before = await lastId();
    const stock = await admin(`/api/admin/products/${productId}/stock`, {
      method: 'PUT',
      body: { cells: [{ color: 'White', size: 'M', quantity: 7, base: null }] },
    });
    expect(stock.status, await stock.clone().text()).toBe(200);
    logged = await entriesAfter(before);
    expect(logged.map((entry) => [entry.action, entry.changes])).toEqual([
      ['product.stock', [{ field: 'White / M', from: null, to: '7' }]],
    ]);

    before = await lastId();
    expect((await admin(`/api/admin/products/${productId}`, { method: 'DELETE' })).status).toBe(200);
    logged = await entriesAfter(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.summary).toBe('Owner (passcode) deleted the product "Audit Tee"');
  });
});

describe('orders', () => {
  it('logs a shipment with its carrier and tracking number', async () => {
    const order = await paidOrder('audit-ship@example.com');
    const before = await lastId();
    const shipped = await admin(`/api/admin/orders/${order.id}`, {
      method: 'PATCH',
      body: { status: 'shipped', carrier: 'USPS', trackingNumber: '9400 1000 0000 0000 0000 00' },
    });
    expect(shipped.status).toBe(200);
    const logged = await entriesAfter(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.summary).toBe(
      `Owner (passcode) marked ${order.orderNumber} shipped (USPS 9400 1000 0000 0000 0000 00)`,
    );
    expect(logged[0]!.changes).toEqual([
      { field: 'status', from: 'processing', to: 'shipped' },
      { field: 'carrier', from: null, to: 'USPS' },
      { field: 'tracking number', from: null, to: '9400 1000 0000 0000 0000 00' },
    ]);
  });

  it('asks for a reason before cancelling a paid order, then logs the refund with it', async () => {
    const order = await paidOrder('audit-cancel@example.com');
    const before = await lastId();
    const refused = await admin(`/api/admin/orders/${order.id}`, { method: 'PATCH', body: { status: 'cancelled' } });
    expect(refused.status).toBe(400);
    expect((await refused.json()) as object).toMatchObject({
      error: 'Please give a reason (it is kept in the activity log).',
    });
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('processing');
    expect(await entriesAfter(before)).toHaveLength(0);

    const cancelled = await admin(`/api/admin/orders/${order.id}`, {
      method: 'PATCH',
      body: { status: 'cancelled', reason: 'Wrong size ordered' },
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const logged = await entriesAfter(before);
    expect(logged).toHaveLength(1);
    // What was refunded is what the order records (its total, with any sales tax added at payment).
    const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(after!.refundedCents).toBeGreaterThan(0);
    const total = `$${(after!.refundedCents / 100).toFixed(2)}`;
    expect(logged[0]).toMatchObject({
      action: 'order.cancelled',
      target: order.orderNumber,
      reason: 'Wrong size ordered',
      summary: `Owner (passcode) cancelled ${order.orderNumber} and refunded ${total}`,
    });
    expect(logged[0]!.changes).toEqual([
      { field: 'status', from: 'processing', to: 'cancelled' },
      { field: 'refunded', from: '$0.00', to: total },
    ]);
  });
});

describe('the Activity list and its CSV', () => {
  it('lists newest first, filters by person, action and day, and pages', async () => {
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i++) {
      await db()
        .insert(auditLog)
        .values({ actor: 'bulk@example.com', actorRole: 'Manager', action: 'product.updated', summary: `bulk ${i}` });
    }
    const first = (await (await admin('/api/admin/activity?actor=bulk@example.com')).json()) as AuditPage;
    expect(first.total).toBe(AUDIT_PAGE_SIZE + 5);
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0]!.summary).toBe(`bulk ${AUDIT_PAGE_SIZE + 4}`);
    const second = (await (await admin('/api/admin/activity?actor=bulk@example.com&page=2')).json()) as AuditPage;
    expect(second.entries.map((entry) => entry.summary)).toEqual(['bulk 4', 'bulk 3', 'bulk 2', 'bulk 1', 'bulk 0']);
    expect(first.actors).toContain('bulk@example.com');

    const shipped = (await (await admin('/api/admin/activity?action=order.shipped')).json()) as AuditPage;
    expect(shipped.entries.length).toBeGreaterThan(0);
    expect(shipped.entries.every((entry) => entry.action === 'order.shipped')).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const todays = (await (
      await admin(`/api/admin/activity?from=${today}&to=${today}&actor=bulk@example.com`)
    ).json()) as AuditPage;
    expect(todays.total).toBe(AUDIT_PAGE_SIZE + 5);
    const past = (await (await admin('/api/admin/activity?to=2020-01-01')).json()) as AuditPage;
    expect(past.total).toBe(0);

    // Far years were a 500: the database cannot store 9999-12-31 once moved to UTC, nor year 0.
    for (const bad of ['action=drop-table', 'from=yesterday', 'page=0', 'to=9999-12-31', 'from=0000-01-01']) {
      expect((await admin(`/api/admin/activity?${bad}`)).status, bad).toBe(400);
      expect((await admin(`/api/admin/activity/export?${bad}`)).status, bad).toBe(400);
    }
  });

  it('downloads the filtered log as CSV with formula cells defused', async () => {
    await db()
      .insert(auditLog)
      .values({
        actor: '=HYPERLINK("http://evil.example","x")',
        actorRole: 'Manager',
        action: 'product.updated',
        target: '+1 risky, "quoted"',
        summary: '@SUM(A1)',
        changes: [{ field: 'price', from: '$1.00', to: '-$2.00' }],
      });
    const response = await admin('/api/admin/activity/export?action=product.updated');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const csv = await response.text();
    expect(csv.split('\r\n')[0]).toBe('at,person,role,action,target,summary,changes,reason');
    const line = csv.split('\r\n').find((row) => row.includes('HYPERLINK'))!;
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(line).toContain(`"'+1 risky, ""quoted"""`);
    expect(line).toContain(`'@SUM(A1)`);
  });
});
