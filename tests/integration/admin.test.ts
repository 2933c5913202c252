import { crc32 } from 'node:zlib';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LEAVE_GRACE_MS } from '../../domain/admin-session';
import { ADMIN_SESSION_TTL_MS, findAdminSession, hashAdminToken } from '../../server/staff/admin-sessions';
import {
  adminSessions,
  customers,
  loyaltyLedger,
  orderLines,
  orders,
  productImages,
  products,
  visitorSessions,
} from '../../server/db/schema';
import { createTestShop, TEST_ADMIN_PASSCODE, type TestShop } from '../support/test-shop';
import { cardTitles } from '../support/card-titles';

let shop: TestShop;
let token: string;
beforeAll(async () => {
  shop = await createTestShop();
  token = await login();
});
afterAll(async () => {
  await shop?.close();
});

async function login(clientIp = '203.0.113.50'): Promise<string> {
  const response = await shop.request('/api/admin/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ passcode: TEST_ADMIN_PASSCODE }),
    clientIp,
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { success: boolean; sessionToken: string };
  expect(body.success).toBe(true);
  return body.sessionToken;
}

function admin(pathname: string, init: RequestInit = {}, sessionToken = token) {
  const headers = new Headers(init.headers);
  headers.set('X-Admin-Session', sessionToken);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  return shop.request(pathname, { ...init, headers });
}

describe('admin sessions', () => {
  it('issues a 256-bit token and stores only its hash', async () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await shop.database.db.execute<{ token_hash: string }>(
      'select token_hash from admin_sessions' as never,
    );
    expect(rows.rows.some((row) => row.token_hash === token)).toBe(false);
    expect((await admin('/api/admin/session')).status).toBe(200);
  });

  it('ends the session on DELETE and on the pagehide beacon', async () => {
    const first = await login();
    expect((await admin('/api/admin/session', { method: 'DELETE' }, first)).status).toBe(200);
    expect((await admin('/api/admin/stats', {}, first)).status).toBe(401);
    const second = await login();
    const beacon = await shop.request(`/api/admin/session?logout=1&token=${second}`, { method: 'POST' });
    expect(beacon.status).toBe(200);
    expect((await admin('/api/admin/stats', {}, second)).status).toBe(401);
  });

  it('ends a left session a minute later unless the admin page resumes it (a reload keeps it)', async () => {
    const sessionToken = await login();
    const expiry = async () => {
      const [row] = await shop.database.db
        .select({ expiresAt: adminSessions.expiresAt, createdAt: adminSessions.createdAt })
        .from(adminSessions)
        .where(eq(adminSessions.tokenHash, hashAdminToken(sessionToken)));
      return row!;
    };
    const signedIn = await expiry();
    expect(signedIn.expiresAt.getTime() - signedIn.createdAt.getTime()).toBe(ADMIN_SESSION_TTL_MS);

    // pagehide: the beacon carries the token in the query.
    const left = await shop.request(`/api/admin/session?leave=1&token=${sessionToken}`, { method: 'POST' });
    expect(left.status).toBe(200);
    const leaving = (await expiry()).expiresAt.getTime();
    expect(leaving).toBeLessThanOrEqual(Date.now() + ADMIN_LEAVE_GRACE_MS);
    expect(leaving).toBeGreaterThan(Date.now() + ADMIN_LEAVE_GRACE_MS - 10_000);
    // Still usable within the grace; gone after it.
    expect((await admin('/api/admin/stats', {}, sessionToken)).status).toBe(200);
    const later = new Date(Date.now() + ADMIN_LEAVE_GRACE_MS + 1000);
    expect(await findAdminSession({ db: shop.database.db, token: sessionToken, now: later })).toBeNull();

    // The reloaded page resumes it: back to 12 hours from sign-in.
    expect((await admin('/api/admin/session?resume=1', { method: 'POST' }, sessionToken)).status).toBe(200);
    expect((await expiry()).expiresAt.getTime()).toBe(signedIn.expiresAt.getTime());
    expect(await findAdminSession({ db: shop.database.db, token: sessionToken, now: later })).not.toBeNull();

    // A session that has ended cannot be resumed or left.
    expect((await admin('/api/admin/session', { method: 'DELETE' }, sessionToken)).status).toBe(200);
    expect((await admin('/api/admin/session?resume=1', { method: 'POST' }, sessionToken)).status).toBe(401);
    expect((await shop.request(`/api/admin/session?leave=1&token=${sessionToken}`, { method: 'POST' })).status).toBe(
      401,
    );
  });

  it('lets 5 failed passcodes through at once per address, then answers 429 with the short wait (issue 30: a back-off, not a lock-out)', async () => {
    const attempt = (passcode: string, clientIp: string) =>
      shop.request('/api/admin/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ passcode }),
        clientIp,
      });
    for (let index = 0; index < 5; index++) expect((await attempt('wrong', '198.51.100.7')).status).toBe(401);
    const limited = await attempt(TEST_ADMIN_PASSCODE, '198.51.100.7');
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: string }).error).toMatch(
      /Too many failed attempts\. Please try again in \d+ (seconds?|minutes?)\./,
    );
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // Another address is not affected.
    expect((await attempt(TEST_ADMIN_PASSCODE, '198.51.100.8')).status).toBe(200);
  });
});

describe('products', () => {
  let productId: string;
  it('refuses a product without name, price or category with the spec message', async () => {
    for (const body of [
      { priceCents: 100, category: 'hoodies' },
      { name: 'A', category: 'hoodies' },
      { name: 'A', priceCents: 100 },
    ]) {
      const response = await admin('/api/admin/products', { method: 'POST', body: JSON.stringify(body) });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Please fill in all required fields', code: 'invalid-request' });
    }
  });

  it("names the field a product breaks, never the checker's words, and stores nothing", async () => {
    const before = ((await (await admin('/api/admin/products')).json()) as { products: unknown[] }).products.length;
    const base = { name: 'Field Test Tee', priceCents: 1500, category: 't-shirts' };
    const cases: [unknown, string][] = [
      [[], 'Please fill in all required fields'],
      [{ ...base, name: 'Tee\u0001\u001b[2J' }, 'Name has characters that cannot be printed: remove them'],
      [{ ...base, colors: Array.from({ length: 31 }, (_, index) => `C${index}`) }, 'Colors: at most 30 entries of 1 to 40 characters each'],
      [{ ...base, isActive: 'maybe' }, 'Active: yes or no'],
    ];
    for (const [body, error] of cases) {
      const response = await admin('/api/admin/products', { method: 'POST', body: JSON.stringify(body) });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ error, code: 'invalid-request' });
    }
    const after = ((await (await admin('/api/admin/products')).json()) as { products: unknown[] }).products.length;
    expect(after).toBe(before);
  });

  it('creates, lists, updates, edits the cost of and deletes a product', async () => {
    const created = await admin('/api/admin/products', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Admin Test Hoodie',
        priceCents: 4000,
        category: 'hoodies',
        colors: ' Black, ,White ',
        sizes: 'S,M',
        placement: ['strength-in-christ'],
        isNewArrival: true,
      }),
    });
    expect(created.status).toBe(201);
    const product = (
      (await created.json()) as { product: { id: string; slug: string; colors: string[]; costCents: number | null } }
    ).product;
    productId = product.id;
    expect(product).toMatchObject({ slug: 'admin-test-hoodie', colors: ['Black', 'White'], costCents: null });

    const list = (await (await admin('/api/admin/products')).json()) as { products: { id: string }[] };
    expect(list.products[0]!.id).toBe(productId);

    const updated = await admin(`/api/admin/products/${productId}`, {
      method: 'PUT',
      body: JSON.stringify({
        name: 'Admin Test Hoodie 2',
        slug: product.slug,
        priceCents: 5000,
        category: 'hoodies',
        costCents: 1000,
      }),
    });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as { product: { name: string; slug: string } }).product).toMatchObject({
      name: 'Admin Test Hoodie 2',
      slug: 'admin-test-hoodie',
    });

    const cost = await admin(`/api/admin/products/${productId}`, {
      method: 'PATCH',
      body: JSON.stringify({ costCents: 2600 }),
    });
    expect(cost.status).toBe(200);
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, productId));
    expect(row!.costCents).toBe(2600);
    expect(
      (await admin(`/api/admin/products/${productId}`, { method: 'PATCH', body: JSON.stringify({ costCents: -1 }) }))
        .status,
    ).toBe(400);

    expect((await admin(`/api/admin/products/${productId}`, { method: 'DELETE' })).status).toBe(200);
    expect((await admin(`/api/admin/products/${productId}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('the storefront after admin changes', () => {
  const strengthCards = async () => {
    return cardTitles(await (await shop.request('/strength-in-christ')).text());
  };

  it('shows a product added, renamed, hidden and deleted at once, though the lists are cached', async () => {
    const before = await strengthCards();
    expect(before).not.toContain('Cache Test Tee');
    const created = await admin('/api/admin/products', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Cache Test Tee',
        priceCents: 2000,
        category: 't-shirts',
        placement: ['strength-in-christ'],
      }),
    });
    expect(created.status).toBe(201);
    const product = ((await created.json()) as { product: { id: string; slug: string } }).product;
    expect(await strengthCards()).toContain('Cache Test Tee');

    const edit = (changes: Record<string, unknown>) =>
      admin(`/api/admin/products/${product.id}`, {
        method: 'PUT',
        body: JSON.stringify({
          slug: product.slug,
          priceCents: 2000,
          category: 't-shirts',
          placement: ['strength-in-christ'],
          ...changes,
        }),
      });
    expect((await edit({ name: 'Cache Test Tee Renamed' })).status).toBe(200);
    expect(await strengthCards()).toContain('Cache Test Tee Renamed');
    expect((await edit({ name: 'Cache Test Tee Renamed', isActive: false })).status).toBe(200);
    expect(await strengthCards()).not.toContain('Cache Test Tee Renamed');
    expect((await edit({ name: 'Cache Test Tee Renamed', isActive: true })).status).toBe(200);
    expect(await strengthCards()).toContain('Cache Test Tee Renamed');

    expect((await admin(`/api/admin/products/${product.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await strengthCards()).toEqual(before);
  });
});

describe('image uploads', () => {
  const upload = (bytes: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return admin('/api/admin/uploads', { method: 'POST', body: form });
  };
  const image = (format: 'png' | 'jpeg' | 'webp') =>
    sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 100, b: 60 } } })
      [format]()
      .toBuffer();

  it.each(['png', 'jpeg', 'webp'] as const)(
    'accepts a real %s and stores WebP 480 and 960 variants',
    async (format) => {
      const response = await upload(await image(format), `photo.${format}`, `image/${format}`);
      expect(response.status).toBe(201);
      const { url, id } = (await response.json()) as { url: string; id: string };
      expect(url).toBe(`/uploads/${id}-960.webp`);
      const files = await readdir(path.join(shop.dataDir, 'uploads'));
      expect(files).toEqual(expect.arrayContaining([`${id}-480.webp`, `${id}-960.webp`]));
      const served = await shop.request(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 960 });
      const [row] = await shop.database.db.select().from(productImages).where(eq(productImages.id, id));
      expect(row!.variants.map((variant) => variant.width)).toEqual([480, 960]);
    },
  );

  it('refuses text named .png, an SVG, 5 MB + 1 byte and exactly 5 MB, storing nothing', async () => {
    const before = (await readdir(path.join(shop.dataDir, 'uploads'))).length;
    const text = await upload(Buffer.from('definitely not an image'), 'fake.png', 'image/png');
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual({ error: 'Please select an image file', code: 'invalid-image' });
    const svg = await upload(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
      'a.svg',
      'image/svg+xml',
    );
    expect(svg.status).toBe(400);
    const png = await image('png');
    for (const size of [5 * 1024 * 1024 + 1, 5 * 1024 * 1024]) {
      const big = Buffer.alloc(size);
      png.copy(big);
      const response = await upload(big, 'big.png', 'image/png');
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ error: 'Image size must be less than 5MB' });
    }
    expect((await readdir(path.join(shop.dataDir, 'uploads'))).length).toBe(before);
  });

  it('names a too-large picture by its pixels and a damaged file as damaged, storing nothing', async () => {
    const before = (await readdir(path.join(shop.dataDir, 'uploads'))).length;
    // A PNG whose header says 20,000 × 20,000 (its IHDR rewritten, with its checksum): the
    // header is all the check reads. It was answered "Please select an image file".
    const huge = Buffer.from(await image('png'));
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
    const tooBig = await upload(huge, 'scan.png', 'image/png');
    expect(tooBig.status).toBe(400);
    expect(await tooBig.json()).toEqual({
      error: 'Images are at most 40 megapixels; this one is 20,000 × 20,000 pixels',
      code: 'invalid-image',
    });
    // Cut short: the header reads, the pixels do not. It was answered with libpng's own words.
    const png = await image('png');
    const damaged = await upload(png.subarray(0, Math.floor(png.length * 0.6)), 'cut.png', 'image/png');
    expect(damaged.status).toBe(400);
    expect(await damaged.json()).toEqual({
      error: 'Failed to upload image: the file is damaged or incomplete',
      code: 'invalid-image',
    });
    expect((await readdir(path.join(shop.dataDir, 'uploads'))).length).toBe(before);
  });
});

describe('images belong to their product', () => {
  const uploadOne = async () => {
    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 10, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const response = await admin('/api/admin/uploads', { method: 'POST', body: form });
    expect(response.status).toBe(201);
    return (await response.json()) as { url: string; id: string };
  };
  const files = async (id: string) =>
    (await readdir(path.join(shop.dataDir, 'uploads'))).filter((file) => file.startsWith(id));
  const imageRow = async (id: string) =>
    (await shop.database.db.select().from(productImages).where(eq(productImages.id, id)))[0];
  const save = async (body: Record<string, unknown>, id?: string) => {
    const response = await admin(id ? `/api/admin/products/${id}` : '/api/admin/products', {
      method: id ? 'PUT' : 'POST',
      body: JSON.stringify({ priceCents: 2500, category: 'hoodies', ...body }),
    });
    expect(response.status, await response.clone().text()).toBe(id ? 200 : 201);
    return ((await response.json()) as { product: { id: string; slug: string } }).product;
  };

  it('links uploads on save, removes the ones an edit drops and all of them with the product, files too', async () => {
    const [first, second] = [await uploadOne(), await uploadOne()];
    const product = await save({ name: 'Image Owner Hoodie', imageUrls: [first.url, second.url] });
    expect((await imageRow(first.id))?.productId).toBe(product.id);
    expect((await imageRow(second.id))?.productId).toBe(product.id);

    await save({ name: 'Image Owner Hoodie', slug: product.slug, imageUrls: [second.url] }, product.id);
    expect(await imageRow(first.id)).toBeUndefined();
    expect(await files(first.id)).toEqual([]);
    expect(await files(second.id)).toHaveLength(2);

    expect((await admin(`/api/admin/products/${product.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await imageRow(second.id)).toBeUndefined();
    expect(await files(second.id)).toEqual([]);
    expect((await shop.request(second.url)).status).toBe(404);
  });

  it('keeps an image another product still shows', async () => {
    const shared = await uploadOne();
    const owner = await save({ name: 'Sharing Hoodie', imageUrls: [shared.url] });
    const borrower = await save({ name: 'Borrowing Hoodie', imageUrls: [shared.url] });
    expect((await admin(`/api/admin/products/${owner.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await files(shared.id)).toHaveLength(2);
    expect((await shop.request(shared.url)).status).toBe(200);
    expect((await admin(`/api/admin/products/${borrower.id}`, { method: 'DELETE' })).status).toBe(200);
  });
});

describe('orders, customers and dashboard stats', () => {
  let orderIds: string[] = [];
  let customerId: string;
  beforeAll(async () => {
    const db = shop.database.db;
    const [customer] = await db
      .insert(customers)
      .values({ email: 'ruth@example.com', firstName: 'Ruth', lastName: 'Moab', phone: '555-0101' })
      .returning();
    customerId = customer!.id;
    await db.insert(customers).values({ email: 'naomi@example.com', firstName: null });
    const day = 86_400_000;
    const now = Date.now();
    const rows = await db
      .insert(orders)
      .values([
        {
          customerId,
          email: 'ruth@example.com',
          subtotalCents: 5000,
          totalCents: 5000,
          paymentProvider: 'sandbox',
          status: 'processing',
          paidAt: new Date(now - day),
          createdAt: new Date(now - 3 * day),
          couponCode: 'JESUS',
          paymentReference: 'ch_123',
        },
        {
          customerId,
          email: 'ruth@example.com',
          subtotalCents: 2000,
          totalCents: 2599,
          paymentProvider: 'sandbox',
          status: 'delivered',
          paidAt: new Date(now - 2 * day),
          createdAt: new Date(now - 2 * day),
        },
        {
          email: 'guest,"odd"@example.com',
          subtotalCents: 1000,
          totalCents: 1599,
          paymentProvider: 'sandbox',
          status: 'cancelled',
          paidAt: new Date(now),
          createdAt: new Date(now - day),
        },
        {
          email: 'pending@example.com',
          subtotalCents: 900,
          totalCents: 1499,
          paymentProvider: 'sandbox',
          status: 'pending',
          createdAt: new Date(now),
        },
      ])
      .returning({ id: orders.id });
    orderIds = rows.map((row) => row.id);
    await db.insert(orderLines).values({
      orderId: orderIds[0]!,
      name: 'Simple Cross Tee',
      unitPriceCents: 2500,
      color: 'Black',
      size: 'M',
      quantity: 2,
      lineTotalCents: 5000,
    });
    await db.insert(loyaltyLedger).values([
      { customerEmail: 'ruth@example.com', type: 'earned', points: 500, description: 'Order', orderId: orderIds[0]! },
      {
        customerEmail: 'ruth@example.com',
        type: 'redeemed',
        points: -200,
        description: 'Redeemed',
        orderId: orderIds[1]!,
      },
    ]);
    await db.insert(visitorSessions).values([
      { sessionId: 'activeactiveactive01', isActive: true, lastSeen: new Date() },
      { sessionId: 'staleactivestale0001', isActive: true, lastSeen: new Date(now - 5 * 60_000) },
      { sessionId: 'leftleftleftleft0001', isActive: false },
    ]);
  });

  it('computes the dashboard figures in the database', async () => {
    const response = await admin('/api/admin/stats');
    expect(response.status).toBe(200);
    expect(response.headers.get('server-timing')).toMatch(/db;dur=/);
    const stats = (await response.json()) as Record<string, unknown> & {
      recentOrders: { orderNumber: string; firstName: string | null; status: string }[];
    };
    const activeProducts = await shop.database.db.$count(products, eq(products.isActive, true));
    // Issue 32 item 1: Total Orders and Recent Activity count paid orders (isPaidOrder): of the
    // four rows, the pending one awaits its payment and the cancelled one is not counted.
    expect(stats).toMatchObject({
      totalProducts: activeProducts,
      totalOrders: 2,
      awaitingPayment: 1,
      abandonedCheckouts: 0,
      revenueCents: 7599,
      customers: 2,
      onlineNow: 1,
      totalVisitors: 3,
    });
    expect(stats.recentOrders).toHaveLength(2);
    expect(stats.recentOrders[0]).toMatchObject({ status: 'delivered', firstName: 'Ruth', payment: 'paid' });
    expect(stats.recentOrders[1]).toMatchObject({ status: 'processing', firstName: 'Ruth', payment: 'paid' });
  });

  it('gives 30 days of paid revenue for the chart', async () => {
    const { days } = (await (await admin('/api/admin/revenue')).json()) as {
      days: { day: string; revenueCents: number }[];
    };
    expect(days).toHaveLength(30);
    expect(days.reduce((sum, day) => sum + day.revenueCents, 0)).toBe(7599);
  });

  it('lists orders newest first, searches by number or e-mail, filters by status', async () => {
    const all = (await (await admin('/api/admin/orders')).json()) as {
      total: number;
      orders: { email: string; customerName: string | null; orderNumber: string }[];
    };
    expect(all.total).toBe(4);
    expect(all.orders[0]!.email).toBe('pending@example.com');
    expect(all.orders[3]).toMatchObject({ customerName: 'Ruth Moab', email: 'ruth@example.com' });
    const byEmail = (await (await admin('/api/admin/orders?q=RUTH@')).json()) as { total: number };
    expect(byEmail.total).toBe(2);
    const byNumber = (await (await admin(`/api/admin/orders?q=${all.orders[0]!.orderNumber}`)).json()) as {
      total: number;
    };
    expect(byNumber.total).toBe(1);
    const cancelled = (await (await admin('/api/admin/orders?status=cancelled')).json()) as { total: number };
    expect(cancelled.total).toBe(1);
    // Issue 32 item 1: paid or not, at a glance, and a filter for the unpaid ones.
    expect((all.orders as unknown as { payment: string }[]).map((order) => order.payment)).toEqual([
      'awaiting-payment',
      'paid',
      'paid',
      'paid',
    ]);
    const unpaid = (await (await admin('/api/admin/orders?payment=unpaid')).json()) as {
      total: number;
      orders: { email: string; payment: string }[];
    };
    expect(unpaid.total).toBe(1);
    expect(unpaid.orders).toEqual([
      expect.objectContaining({ email: 'pending@example.com', payment: 'awaiting-payment' }),
    ]);
    const paid = (await (await admin('/api/admin/orders?payment=paid')).json()) as { total: number; orders: unknown[] };
    expect(paid.total).toBe(2);
    expect(paid.orders).toHaveLength(2);
    const unpaidSearch = (await (await admin('/api/admin/orders?payment=unpaid&q=RUTH@')).json()) as { total: number };
    expect(unpaidSearch.total).toBe(0);
    expect((await admin('/api/admin/orders?payment=maybe')).status).toBe(400);
    expect((await admin('/api/admin/orders?status=lost')).status).toBe(400);
    const paged = (await (await admin('/api/admin/orders?page=2')).json()) as { orders: unknown[] };
    expect(paged.orders).toHaveLength(0);
  });

  it('shows an order in detail and changes its status; a status outside the five is 400', async () => {
    const detail = (await (await admin(`/api/admin/orders/${orderIds[0]}`)).json()) as Record<string, unknown> & {
      lines: unknown[];
    };
    expect(detail).toMatchObject({
      couponCode: 'JESUS',
      paymentReference: 'ch_123',
      totalCents: 5000,
      payment: 'paid',
    });
    const unpaidDetail = (await (await admin(`/api/admin/orders/${orderIds[3]}`)).json()) as { payment: string };
    expect(unpaidDetail.payment).toBe('awaiting-payment');
    expect(detail.lines).toHaveLength(1);
    const ok = await admin(`/api/admin/orders/${orderIds[3]}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'shipped' }),
    });
    expect(ok.status).toBe(200);
    const bad = await admin(`/api/admin/orders/${orderIds[3]}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'lost' }),
    });
    expect(bad.status).toBe(400);
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, orderIds[3]!));
    expect(row!.status).toBe('shipped');
  });

  it('exports matching orders as an escaped CSV attachment', async () => {
    const response = await admin('/api/admin/orders/export');
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^order_number,status,/);
    expect(lines.some((line) => line.includes('"guest,""odd""@example.com"'))).toBe(true);
    const filtered = (await (await admin('/api/admin/orders/export?status=delivered')).text()).trim().split('\r\n');
    expect(filtered).toHaveLength(2);
  });

  it('keeps the trigger-kept totals equal to the orders table through updates and deletes', async () => {
    const db = shop.database.db;
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderIds[1]!));
    await db.update(orders).set({ paidAt: new Date(), totalCents: 1234 }).where(eq(orders.id, orderIds[3]!));
    await db.delete(orders).where(eq(orders.id, orderIds[2]!));
    const direct = await db.execute<{ n: string; revenue: string }>(
      "select count(*) filter (where paid_at is not null and status <> 'cancelled') as n, coalesce(sum(total_cents) filter (where paid_at is not null and status <> 'cancelled'), 0) as revenue from orders" as never,
    );
    const stats = (await (await admin('/api/admin/stats')).json()) as { totalOrders: number; revenueCents: number };
    expect(stats.totalOrders).toBe(Number(direct.rows[0]!.n));
    expect(stats.revenueCents).toBe(Number(direct.rows[0]!.revenue));
    expect(stats).toMatchObject({ totalOrders: 2, revenueCents: 5000 + 1234 });
    const unpaid = (await (await admin('/api/admin/orders?payment=unpaid')).json()) as {
      total: number;
      orders: unknown[];
    };
    expect(unpaid.total).toBe(unpaid.orders.length);
    const shipped = (await (await admin('/api/admin/orders?status=shipped')).json()) as {
      total: number;
      orders: unknown[];
    };
    expect(shipped.total).toBe(shipped.orders.length);
  });

  it('lists customers and opens a profile with orders and points', async () => {
    const list = (await (await admin('/api/admin/customers')).json()) as {
      total: number;
      customers: { email: string }[];
    };
    expect(list.total).toBe(2);
    const search = (await (await admin('/api/admin/customers?q=ruth')).json()) as { total: number };
    expect(search.total).toBe(1);
    const profile = (await (await admin(`/api/admin/customers/${customerId}`)).json()) as {
      totalPoints: number;
      lifetimePoints: number;
      orders: unknown[];
    };
    expect(profile).toMatchObject({ totalPoints: 300, lifetimePoints: 500 });
    expect(profile.orders).toHaveLength(2);
  });

  it("shows the phone of a customer's latest order when the account has none (issue 32)", async () => {
    const db = shop.database.db;
    const naomi = await admin('/api/admin/customers?q=naomi');
    const [row] = ((await naomi.json()) as { customers: { id: string; phone: string | null }[] }).customers;
    expect(row!.phone).toBeNull();
    const now = Date.now();
    await db.insert(orders).values([
      {
        email: 'naomi@example.com',
        subtotalCents: 900,
        totalCents: 1499,
        paymentProvider: 'sandbox',
        status: 'cancelled',
        shippingPhone: '+1 317 555 0100',
        createdAt: new Date(now - 60_000),
      },
      {
        email: 'naomi@example.com',
        subtotalCents: 900,
        totalCents: 1499,
        paymentProvider: 'sandbox',
        status: 'cancelled',
        shippingPhone: '+1 317 555 0199',
        createdAt: new Date(now - 30_000),
      },
      {
        email: 'naomi@example.com',
        subtotalCents: 900,
        totalCents: 1499,
        paymentProvider: 'sandbox',
        status: 'cancelled',
        shippingPhone: null,
        createdAt: new Date(now),
      },
    ]);
    const listed = (
      (await (await admin('/api/admin/customers?q=naomi')).json()) as { customers: { phone: string | null }[] }
    ).customers;
    expect(listed[0]!.phone).toBe('+1 317 555 0199');
    const profile = (await (await admin(`/api/admin/customers/${row!.id}`)).json()) as { phone: string | null };
    expect(profile.phone).toBe('+1 317 555 0199');
    // The account's own phone wins over its orders'.
    const ruth = (await (await admin(`/api/admin/customers/${customerId}`)).json()) as { phone: string | null };
    expect(ruth.phone).toBe('555-0101');
  });
});

describe('visitor presence', () => {
  const beat = (body: unknown, clientIp = '192.0.2.10') =>
    shop.request('/api/visitors', {
      method: 'POST',
      body: JSON.stringify(body),
      clientIp,
      headers: { 'Content-Type': 'application/json' },
    });

  it('upserts a heartbeat without the address, marks it inactive on leave', async () => {
    const sessionId = 'visitorvisitor000001';
    expect((await beat({ sessionId, pageUrl: 'http://shop.test/', userAgent: 'UA', isActive: true })).status).toBe(204);
    expect(
      (await beat({ sessionId, pageUrl: 'http://shop.test/hoodies', userAgent: 'UA', isActive: true })).status,
    ).toBe(204);
    let [row] = await shop.database.db.select().from(visitorSessions).where(eq(visitorSessions.sessionId, sessionId));
    expect(row).toMatchObject({ pageUrl: 'http://shop.test/hoodies', isActive: true, ipAddress: null });
    expect((await beat({ sessionId, pageUrl: 'http://shop.test/hoodies', isActive: false })).status).toBe(204);
    [row] = await shop.database.db.select().from(visitorSessions).where(eq(visitorSessions.sessionId, sessionId));
    expect(row!.isActive).toBe(false);
  });

  it('refuses bad ids and long URLs, and rate-limits per address', async () => {
    expect((await beat({ sessionId: 'short', pageUrl: '/', isActive: true })).status).toBe(400);
    expect((await beat({ sessionId: 'visitorvisitor000002', pageUrl: 'x'.repeat(3000), isActive: true })).status).toBe(
      400,
    );
    let last = 0;
    for (let index = 0; index < 121; index++)
      last = (await beat({ sessionId: 'visitorvisitor000003', pageUrl: '/', isActive: true }, '192.0.2.99')).status;
    expect(last).toBe(429);
  });
});
