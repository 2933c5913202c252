/**
 * Stock per variant through HTTP (issue 11 item 3): reserved when the checkout stores the
 * order, refused with a 400 naming the line, given back on expiry, kept on payment, never
 * oversold (50 concurrent checkouts for the last 5 units), and an admin's edit racing
 * checkouts never loses a unit. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { productShownTags } from '../../domain/catalogue-tags';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, orderLines, orders, products, productStock } from '../../server/db/schema';
import { expireStaleSessions } from '../../server/orders/sweep-checkouts';
import { releaseOrderStock } from '../../server/stock/release-order-stock';
import { createTestShop, type TestShop } from '../support/test-shop';
import { passcodeSession } from '../support/staff';
import { payOnSandbox } from '../support/sandbox';

let shop: TestShop;
let tee: typeof products.$inferSelect;
let adminToken = '';
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

beforeAll(async () => {
  shop = await createTestShop();
  tee = (await shop.database.db.select().from(products).where(eq(products.slug, 'classic-cross-tee')))[0]!;
  adminToken = await passcodeSession(shop);
});
afterAll(async () => {
  await shop?.close();
});

const services = () => ({ db: shop.database.db, logger: shop.shop.services.logger, mail: shop.shop.services.mail });

async function setStock(color: string, size: string, quantity: number) {
  await shop.database.db
    .insert(productStock)
    .values({ productId: tee.id, color, size, quantity })
    .onConflictDoUpdate({ target: [productStock.productId, productStock.color, productStock.size], set: { quantity } });
  // Written behind the shop's back: the pages that show the product drop as a stock change would.
  shop.shop.services.invalidateCatalogue(productShownTags(tee.id));
}

async function stockOf(color: string, size: string): Promise<number | null> {
  const [row] = await shop.database.db
    .select({ quantity: productStock.quantity })
    .from(productStock)
    .where(and(eq(productStock.productId, tee.id), eq(productStock.color, color), eq(productStock.size, size)));
  return row?.quantity ?? null;
}

async function checkout(color: string, size: string, quantity: number) {
  const response = await shop.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items: [{ productId: tee.id, color, size, quantity }] }),
  });
  return {
    status: response.status,
    json: (await response.json()) as { sessionId?: string; error?: string; code?: string },
  };
}

async function orderCount() {
  return (await shop.database.db.select({ id: orders.id }).from(orders)).length;
}

async function expireSessions(sessionIds: string[]) {
  await shop.database.db
    .update(checkoutSessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(inArray(checkoutSessions.id, sessionIds));
  await expireStaleSessions(services());
}

function adminStock(cells: unknown) {
  return shop.request(`/api/admin/products/${tee.id}/stock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'X-Admin-Session': adminToken },
    body: JSON.stringify({ cells }),
  });
}

const paySandbox = (sessionId: string) => payOnSandbox(shop, sessionId);

describe('stock per variant at checkout', () => {
  it('refuses a line over availability with a 400 naming it, storing nothing', async () => {
    await setStock('Sky Blue', 'M', 2);
    const before = await orderCount();
    expect(await checkout('Sky Blue', 'M', 3)).toEqual({
      status: 400,
      json: {
        error: 'Only 2 left of Classic Cross Tee (Sky Blue, M)',
        code: 'insufficient-stock',
        productId: tee.id,
        color: 'Sky Blue',
        size: 'M',
        available: 2,
      },
    });
    expect(await orderCount()).toBe(before);
    expect(await stockOf('Sky Blue', 'M')).toBe(2);
    // Lower-case choices name the same variant.
    const taken = await checkout('sky blue', 'm', 2);
    expect(taken.status).toBe(200);
    expect(await stockOf('Sky Blue', 'M')).toBe(0);
    expect(await checkout('Sky Blue', 'M', 1)).toMatchObject({
      status: 400,
      json: { error: 'Classic Cross Tee (Sky Blue, M) is sold out' },
    });
    const [order] = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.paymentSessionId, taken.json.sessionId!));
    expect(order!.stockState).toBe('reserved');
    const lines = await shop.database.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines.map((line) => line.reservedQuantity)).toEqual([2]);
    // Expiry gives the units back, once.
    await expireSessions([taken.json.sessionId!]);
    expect(await stockOf('Sky Blue', 'M')).toBe(2);
    await expireSessions([taken.json.sessionId!]);
    await releaseOrderStock(shop.database.db, order!.id);
    expect(await stockOf('Sky Blue', 'M')).toBe(2);
  });

  it('stores each line as priced, the first line of a tracked variant holding all its units, and gives them back once', async () => {
    await setStock('Cream', 'S', 5);
    await shop.database.db
      .delete(productStock)
      .where(and(eq(productStock.productId, tee.id), eq(productStock.color, 'Cream'), eq(productStock.size, 'L')));
    const response = await shop.request('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [
          { productId: tee.id, color: 'Cream', size: 'S', quantity: 1 },
          // Not tracked (no stock row): nothing is reserved for it.
          { productId: tee.id, color: 'Cream', size: 'L', quantity: 4 },
          { productId: tee.id, color: 'cream', size: 's', quantity: 2 },
        ],
        email: 'Lines@Example.com',
      }),
    });
    expect(response.status).toBe(200);
    const { sessionId } = (await response.json()) as { sessionId: string };
    expect(await stockOf('Cream', 'S')).toBe(2);
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(order).toMatchObject({ status: 'pending', email: 'lines@example.com', stockState: 'reserved' });
    const lines = await shop.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order!.id))
      .orderBy(orderLines.position);
    expect(
      lines.map(
        ({ name, color, size, quantity, unitPriceCents, lineTotalCents, position, reservedQuantity, netCents }) => ({
          name,
          color,
          size,
          quantity,
          lineTotalCents: lineTotalCents === unitPriceCents * quantity,
          position,
          reservedQuantity,
          netCents: netCents === lineTotalCents,
        }),
      ),
    ).toEqual([
      {
        name: tee.name,
        color: 'Cream',
        size: 'S',
        quantity: 1,
        lineTotalCents: true,
        position: 0,
        reservedQuantity: 3,
        netCents: true,
      },
      {
        name: tee.name,
        color: 'Cream',
        size: 'L',
        quantity: 4,
        lineTotalCents: true,
        position: 1,
        reservedQuantity: 0,
        netCents: true,
      },
      {
        name: tee.name,
        color: 'Cream',
        size: 'S',
        quantity: 2,
        lineTotalCents: true,
        position: 2,
        reservedQuantity: 0,
        netCents: true,
      },
    ]);
    expect(lines.every((line) => line.unitPriceCents === tee.priceCents && line.imageUrl)).toBe(true);
    expect(order!.subtotalCents).toBe(tee.priceCents * 7);
    const [session] = await shop.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session).toMatchObject({
      orderId: order!.id,
      status: 'open',
      purpose: 'order',
      amountTotalCents: order!.totalCents,
    });
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    await expireSessions([sessionId]);
    await expireSessions([sessionId]);
    expect(await stockOf('Cream', 'S')).toBe(5);
    expect(await stockOf('Cream', 'L')).toBeNull();
  });

  it('a new checkout that replaces the open one from the same browser frees its units first; a paid one is never touched', async () => {
    await setStock('Cream', 'XL', 2);
    const first = await checkout('Cream', 'XL', 2);
    expect(first.status).toBe(200);
    // Back from the hosted page (Cancel): checking out again without naming it finds no units.
    const blocked = await checkout('Cream', 'XL', 2);
    expect(blocked.status).toBe(400);
    expect(blocked.json.error).toContain('is sold out');
    const replaceWith = (replaces: string, quantity = 2) =>
      shop.request('/api/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ productId: tee.id, color: 'Cream', size: 'XL', quantity }], replaces }),
      });
    const second = await replaceWith(first.json.sessionId!);
    expect(second.status).toBe(200);
    const { sessionId: secondSession } = (await second.json()) as { sessionId: string };
    expect(await stockOf('Cream', 'XL')).toBe(0);
    const [replaced] = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.paymentSessionId, first.json.sessionId!));
    expect(replaced).toMatchObject({ status: 'cancelled', stockState: 'released' });
    const [session] = await shop.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, first.json.sessionId!));
    expect(session!.status).toBe('expired');
    // The replaced session cannot be paid any more.
    expect((await paySandbox(first.json.sessionId!)).status).toBeGreaterThanOrEqual(400);

    // A paid checkout named as replaced stays paid and keeps its units.
    expect((await paySandbox(secondSession)).status).toBe(302);
    await setStock('Cream', 'XL', 1);
    const third = await replaceWith(secondSession, 1);
    expect(third.status).toBe(200);
    const [paid] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, secondSession));
    expect(paid).toMatchObject({ status: 'processing', stockState: 'committed' });
    expect(await stockOf('Cream', 'XL')).toBe(0);
    // An unknown or malformed id changes nothing and does not stop the checkout.
    await setStock('Cream', 'XL', 1);
    expect((await replaceWith('sbx_made_up', 1)).status).toBe(200);
    for (const bad of ['x'.repeat(300), 42, { id: 'sbx' }]) {
      const refused = await replaceWith(bad as string, 1);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error: 'The checkout to replace must be a session id',
        code: 'invalid-replaces',
      });
    }
    await setStock('Cream', 'XL', 1);
    expect((await replaceWith('  ', 1)).status).toBe(200); // blank: nothing to replace
  });

  it('leaves untracked variants unlimited', async () => {
    await shop.database.db
      .delete(productStock)
      .where(and(eq(productStock.productId, tee.id), eq(productStock.color, 'Cream'), eq(productStock.size, 'L')));
    expect((await checkout('Cream', 'L', 99)).status).toBe(200);
    expect(await stockOf('Cream', 'L')).toBeNull();
  });

  it('keeps the units on payment; an admin release (cancel) gives them back exactly once', async () => {
    await setStock('Blush Pink', 'S', 4);
    const { json } = await checkout('Blush Pink', 'S', 3);
    const paid = await paySandbox(json.sessionId!);
    expect(paid.status).toBe(302);
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.paymentSessionId, json.sessionId!));
    expect(order).toMatchObject({ status: 'processing', stockState: 'committed' });
    expect(await stockOf('Blush Pink', 'S')).toBe(1);
    // A late expiry of a paid session returns nothing.
    await expireSessions([json.sessionId!]);
    expect(await stockOf('Blush Pink', 'S')).toBe(1);
    // The interface the admin's cancel/refund calls: idempotent, also under concurrency.
    await Promise.all(
      Array.from({ length: 5 }, () => shop.database.db.transaction((tx) => releaseOrderStock(tx, order!.id))),
    );
    expect(await stockOf('Blush Pink', 'S')).toBe(4);
    const [released] = await shop.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(released!.stockState).toBe('released');
  });

  it('never oversells: 50 concurrent checkouts for the last 5 units make exactly 5 orders', async () => {
    await setStock('Cream', 'XS', 5);
    const before = await orderCount();
    let lowest = 5;
    let racing = true;
    const watcher = (async () => {
      while (racing) {
        lowest = Math.min(lowest, (await stockOf('Cream', 'XS')) ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 50 }, () => checkout('Cream', 'XS', 1)));
    const elapsed = performance.now() - started;
    racing = false;
    await watcher;
    const ok = results.filter((result) => result.status === 200);
    const refused = results.filter((result) => result.status === 400);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(45);
    expect(new Set(refused.map((result) => result.json.error))).toEqual(
      new Set(['Classic Cross Tee (Cream, XS) is sold out']),
    );
    expect(results.filter((result) => result.status >= 500)).toHaveLength(0);
    expect(await orderCount()).toBe(before + 5);
    const final = await stockOf('Cream', 'XS');
    expect(final).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
    // Expiry gives all five back.
    await expireSessions(ok.map((result) => result.json.sessionId!));
    const returned = await stockOf('Cream', 'XS');
    expect(returned).toBe(5);
    console.info(
      `[oversell race ${database}] 50 concurrent checkouts for 5 units: ${ok.length} orders, ${refused.length} refused (400), ` +
        `0 errors, lowest count seen ${lowest}, final ${final}, after expiry ${returned}; ${Math.round(elapsed)} ms`,
    );
  });

  it('two-variant checkouts naming their lines in opposite orders never deadlock, and each variant gives exactly what was bought', async () => {
    // One statement takes every variant of an order (issue 31): its rows are locked in one order
    // whatever the order of the cart's lines, so 30 crossing checkouts all go through.
    await setStock('Sky Blue', 'S', 100);
    await setStock('Sky Blue', 'M', 100);
    const line = (size: string, quantity: number) => ({ productId: tee.id, color: 'Sky Blue', size, quantity });
    const results = await Promise.all(
      // Each from its own address: the checkout limit per address is not what this measures.
      Array.from({ length: 30 }, async (_, index) => {
        const items = index % 2 === 0 ? [line('S', 1), line('M', 2)] : [line('M', 2), line('S', 1)];
        const response = await shop.request('/api/checkout', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ items }),
          clientIp: `198.51.100.${index + 1}`,
        });
        return { status: response.status, sessionId: ((await response.json()) as { sessionId: string }).sessionId };
      }),
    );
    expect(results.map((result) => result.status)).toEqual(Array.from({ length: 30 }, () => 200));
    expect(await stockOf('Sky Blue', 'S')).toBe(100 - 30);
    expect(await stockOf('Sky Blue', 'M')).toBe(100 - 60);
    // Two lines of one variant and an untracked one: the variant's units are recorded once, and
    // expiry gives back exactly what every order took.
    const mixed = await shop.request('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [line('S', 1), line('M', 1), line('S', 2), { ...line('S', 1), color: 'Blush Pink', size: 'XS' }],
      }),
      clientIp: '198.51.100.98',
    });
    expect(mixed.status).toBe(200);
    expect(await stockOf('Sky Blue', 'S')).toBe(100 - 33);
    await expireSessions([
      ...results.map((result) => result.sessionId),
      ((await mixed.json()) as { sessionId: string }).sessionId,
    ]);
    expect(await stockOf('Sky Blue', 'S')).toBe(100);
    expect(await stockOf('Sky Blue', 'M')).toBe(100);
    // A cart with one short line takes nothing from the other.
    await setStock('Sky Blue', 'L', 1);
    const short = await shop.request('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [line('S', 1), line('L', 2)] }),
      clientIp: '198.51.100.99',
    });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { error: string }).error).toMatch(/Classic Cross Tee \(Sky Blue, L\)/);
    expect(await stockOf('Sky Blue', 'S')).toBe(100);
    expect(await stockOf('Sky Blue', 'L')).toBe(1);
  });

  it('an admin stock edit racing checkouts never loses a unit', async () => {
    await setStock('White', 'M', 10);
    // The admin saw 10 and types 12 (two arrived) while five shoppers each buy one.
    const [edit, ...checkouts] = await Promise.all([
      adminStock([{ color: 'White', size: 'M', quantity: '12', base: 10 }]),
      ...Array.from({ length: 5 }, () => checkout('White', 'M', 1)),
    ]);
    expect(edit.status).toBe(200);
    expect(checkouts.map((result) => result.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await stockOf('White', 'M')).toBe(12 - 5);
    // An edit that the checkouts made impossible (10 -> 3 after 7 of 10 were sold) is refused, nothing changed.
    await setStock('White', 'L', 10);
    await Promise.all(Array.from({ length: 8 }, () => checkout('White', 'L', 1)));
    const late = await adminStock([{ color: 'White', size: 'L', quantity: 1, base: 10 }]);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: string }).error).toMatch(
      /White \/ L changed while you were editing \(2 left now\)/,
    );
    expect(await stockOf('White', 'L')).toBe(2);
  });

  it('refuses negative and non-integer counts with a message, changing nothing', async () => {
    await setStock('Sky Blue', 'L', 7);
    for (const [quantity, message] of [
      ['-1', 'Stock for Sky Blue / L cannot be negative'],
      [-3, 'Stock for Sky Blue / L cannot be negative'],
      ['1.5', 'Stock for Sky Blue / L must be a whole number'],
      ['ten', 'Stock for Sky Blue / L must be a whole number'],
      [true, 'Stock for Sky Blue / L must be a whole number'],
    ] as const) {
      const response = await adminStock([{ color: 'Sky Blue', size: 'L', quantity, base: 7 }]);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message, code: 'invalid-stock' });
    }
    const unknown = await adminStock([{ color: 'Purple', size: 'L', quantity: 1, base: null }]);
    expect(unknown.status).toBe(400);
    expect(await stockOf('Sky Blue', 'L')).toBe(7);
    // Blank means "not tracked".
    expect((await adminStock([{ color: 'Sky Blue', size: 'L', quantity: '', base: 7 }])).status).toBe(200);
    expect(await stockOf('Sky Blue', 'L')).toBeNull();
    // Without the admin session: 401.
    const anonymous = await shop.request(`/api/admin/products/${tee.id}/stock`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cells: [] }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('shows sold-out and low variants on the product page and in the low-stock list', async () => {
    await setStock('Sky Blue', 'XS', 2);
    await setStock('Sky Blue', 'S', 0);
    let html = await (await shop.request('/products/classic-cross-tee')).text();
    expect(html).toContain('Only 2 left');
    expect(html).toContain('S (sold out)');
    await setStock('Sky Blue', 'XS', 0);
    html = await (await shop.request('/products/classic-cross-tee')).text();
    expect(html).toContain('Out of Stock');
    // Exact counts above the threshold stay private.
    await setStock('Sky Blue', 'XL', 47);
    html = await (await shop.request('/products/classic-cross-tee')).text();
    expect(html).not.toContain('"quantity":47');
    const stats = await shop.request('/api/admin/stats', { headers: { 'X-Admin-Session': adminToken } });
    const body = (await stats.json()) as {
      lowStock: { name: string; color: string; size: string; quantity: number }[];
    };
    expect(body.lowStock).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Classic Cross Tee', color: 'Sky Blue', size: 'XS', quantity: 0 }),
      ]),
    );
  });
});
