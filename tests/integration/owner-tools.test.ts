/**
 * Issue 32 items 2 and 3 through HTTP: a product and its stock created in one transaction; the
 * order lines, products-with-stock and customers CSVs; the stock import that checks every row
 * before writing anything.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_IMPORT_TOO_LARGE } from '../../domain/stock-csv';
import { auditLog, customers, loyaltyLedger, orderLines, orders, products, productStock } from '../../server/db/schema';
import { passcodeSession } from '../support/staff';
import { createTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let token: string;
beforeAll(async () => {
  shop = await createTestShop({ BACKUP_EVERY_HOURS: '0' });
  token = await passcodeSession(shop);
});
afterAll(async () => {
  await shop?.close();
});

function admin(pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('X-Admin-Session', token);
  if (typeof init.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return shop.request(pathname, { ...init, headers });
}

const csvRows = async (response: Response) => parse(await response.text()) as string[][];

async function stockOf(productId: string) {
  const rows = await shop.database.db.select().from(productStock).where(eq(productStock.productId, productId));
  return Object.fromEntries(rows.map((row) => [`${row.color}/${row.size}`, row.quantity]));
}

const importCsv = (text: string) =>
  admin('/api/admin/products/import', { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: text });

describe('Add Product with its stock (item 2)', () => {
  const base = { priceCents: 2500, category: 't-shirts', colors: 'Navy, Sand', sizes: 'S, M' };

  it('creates the product and its tracked cells in one request; blank cells stay untracked', async () => {
    const response = await admin('/api/admin/products', {
      method: 'POST',
      body: JSON.stringify({
        ...base,
        name: 'Stocked From Birth Tee',
        stock: [
          { color: 'Navy', size: 'S', quantity: '4' },
          { color: 'sand', size: 'm', quantity: 0 },
          { color: 'Navy', size: 'M', quantity: '' },
        ],
      }),
    });
    expect(response.status).toBe(201);
    const { product } = (await response.json()) as { product: { id: string } };
    expect(await stockOf(product.id)).toEqual({ 'Navy/S': 4, 'Sand/M': 0 });
  });

  it('refuses the whole create for one bad cell, writing no product and no stock', async () => {
    const cases: [unknown, RegExp][] = [
      [[{ color: 'Navy', size: 'S', quantity: '-1' }], /cannot be negative/],
      [[{ color: 'Navy', size: 'S', quantity: '2.5' }], /whole number/],
      [[{ color: 'Red', size: 'S', quantity: '3' }], /no variant Red \/ S/],
      [[{ color: 'Navy', size: 'XL', quantity: '3' }], /no variant Navy \/ XL/],
      [
        [
          { color: 'Navy', size: 'S', quantity: '3' },
          { color: 'navy', size: 's', quantity: '4' },
        ],
        /given twice/,
      ],
      ['lots', /list of color and size counts/],
    ];
    for (const [stock, message] of cases) {
      const response = await admin('/api/admin/products', {
        method: 'POST',
        body: JSON.stringify({ ...base, name: 'Never Made Tee', stock }),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
    expect(await shop.database.db.select().from(products).where(eq(products.name, 'Never Made Tee'))).toHaveLength(0);
  });
});

describe('CSV exports and the stock import (item 3)', () => {
  let productId: string;
  let slug: string;
  beforeAll(async () => {
    const db = shop.database.db;
    const [product] = await db
      .insert(products)
      .values({
        name: '=Formula Hoodie',
        slug: 'csv-import-hoodie',
        priceCents: 4500,
        category: 'hoodies',
        colors: ['Black', 'Grey'],
        sizes: ['S', 'M'],
      })
      .returning();
    productId = product!.id;
    slug = product!.slug;
    await db.insert(productStock).values({ productId, color: 'Black', size: 'S', quantity: 7 });
    const [customer] = await db
      .insert(customers)
      .values({ email: 'points@example.com', firstName: '@Ann', lastName: 'Lee' })
      .returning();
    const [paid, unpaid] = await db
      .insert(orders)
      .values([
        {
          customerId: customer!.id,
          email: 'points@example.com',
          subtotalCents: 9000,
          totalCents: 9000,
          paymentProvider: 'sandbox',
          status: 'processing',
          paidAt: new Date(),
          createdAt: new Date(Date.now() - 86_400_000),
        },
        {
          email: 'later@example.com',
          subtotalCents: 4500,
          totalCents: 4500,
          paymentProvider: 'sandbox',
          status: 'pending',
        },
      ])
      .returning();
    await db.insert(orderLines).values([
      {
        orderId: paid!.id,
        productId,
        name: '=Formula Hoodie',
        unitPriceCents: 4500,
        color: 'Black',
        size: 'S',
        quantity: 1,
        lineTotalCents: 4500,
        position: 0,
      },
      {
        orderId: paid!.id,
        productId,
        name: '=Formula Hoodie',
        unitPriceCents: 4500,
        color: 'Grey',
        size: 'M',
        quantity: 1,
        lineTotalCents: 4500,
        position: 1,
      },
      {
        orderId: unpaid!.id,
        productId,
        name: '=Formula Hoodie',
        unitPriceCents: 4500,
        color: 'Grey',
        size: 'S',
        quantity: 1,
        lineTotalCents: 4500,
        position: 0,
      },
    ]);
    await db.insert(loyaltyLedger).values([
      { customerEmail: 'points@example.com', type: 'earned', points: 9000, description: 'Order', orderId: paid!.id },
      { customerEmail: 'points@example.com', type: 'redeemed', points: -2000, description: 'Redeemed' },
    ]);
  });

  it('exports one row per order line with the order, its payment and the line, guarded', async () => {
    const response = await admin('/api/admin/orders/export?lines=1&q=');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/filename="order-lines-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = await csvRows(response);
    expect(header).toEqual([
      'order_number',
      'date',
      'status',
      'paid',
      'product',
      'color',
      'size',
      'quantity',
      'unit_price',
      'line_total',
    ]);
    const ours = rows.filter((row) => row[4] === "'=Formula Hoodie");
    expect(ours.map((row) => [row[2], row[3], row[5], row[6], row[7], row[8], row[9]])).toEqual([
      ['pending', 'Awaiting payment', 'Grey', 'S', '1', '45.00', '45.00'],
      ['processing', 'Paid', 'Black', 'S', '1', '45.00', '45.00'],
      ['processing', 'Paid', 'Grey', 'M', '1', '45.00', '45.00'],
    ]);
    const unpaidOnly = await csvRows(await admin('/api/admin/orders/export?lines=1&payment=unpaid'));
    expect(unpaidOnly.slice(1).every((row) => row[3] !== 'Paid')).toBe(true);
    expect(unpaidOnly.length).toBe(2);
  });

  it('exports customers with their phone and points', async () => {
    const response = await admin('/api/admin/customers/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/filename="customers-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = await csvRows(response);
    expect(header).toEqual([
      'email',
      'first_name',
      'last_name',
      'phone',
      'joined',
      'points_available',
      'points_lifetime',
    ]);
    const ann = rows.find((row) => row[0] === 'points@example.com');
    expect(ann).toMatchObject({ 1: "'@Ann", 2: 'Lee', 5: '7000', 6: '9000' });
  });

  it('exports products with stock per variant, and the same file imports back unchanged', async () => {
    const response = await admin('/api/admin/products/export');
    expect(response.status).toBe(200);
    const text = await response.text();
    const [header, ...rows] = parse(text) as string[][];
    expect(header).toEqual(['product_slug', 'product_name', 'color', 'size', 'stock']);
    expect(rows.filter((row) => row[0] === slug)).toEqual([
      [slug, "'=Formula Hoodie", 'Black', 'S', '7'],
      [slug, "'=Formula Hoodie", 'Black', 'M', ''],
      [slug, "'=Formula Hoodie", 'Grey', 'S', ''],
      [slug, "'=Formula Hoodie", 'Grey', 'M', ''],
    ]);
    const before = await shop.database.db.select().from(productStock);
    const again = await importCsv(text);
    expect(again.status).toBe(200);
    const after = await shop.database.db.select().from(productStock);
    const view = (list: typeof before) =>
      list.map((row) => `${row.productId}/${row.color}/${row.size}=${row.quantity}`).sort();
    expect(view(after)).toEqual(view(before));
  });

  it('creates, updates and untracks counts by product and variant', async () => {
    const file = [
      'product_slug,product_name,color,size,stock',
      `${slug},ignored name,Black,S,`,
      `${slug},,grey,m,12`,
      `${slug},,Black,M,3`,
      '',
    ].join('\r\n');
    const response = await importCsv(file);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ rows: 3, tracked: 2, untracked: 1 });
    const audit = await shop.database.db.select().from(auditLog).where(eq(auditLog.target, 'Stock CSV import'));
    expect(audit.map((entry) => entry.summary)).toContainEqual(
      expect.stringMatching(/3 rows, 2 counts set, 1 not tracked$/),
    );
    expect(await stockOf(productId)).toEqual({ 'Grey/M': 12, 'Black/M': 3 });
    const [product] = await shop.database.db.select().from(products).where(eq(products.id, productId));
    expect(product!.name).toBe('=Formula Hoodie');
  });

  it('refuses bad files naming row and column, and writes nothing', async () => {
    const before = await stockOf(productId);
    const head = 'product_slug,product_name,color,size,stock';
    const cases: [string, { row: number | null; column: string | null; message: RegExp }[]][] = [
      [
        '"unterminated,quote\r\n',
        [{ row: 1, column: 'product_slug', message: /not valid CSV: a quoted cell is never closed/ }],
      ],
      [
        `${head}\r\n${slug},"bad"x,Black,S,1\r\n`,
        [{ row: 2, column: 'product_name', message: /not valid CSV: a quote inside a cell must be doubled/ }],
      ],
      [
        'slug,name,colour,size,stock\r\nx,y,z,S,1\r\n',
        [{ row: 1, column: null, message: /header must be product_slug,product_name,color,size,stock/ }],
      ],
      [head + '\r\n', [{ row: null, column: null, message: /no rows/ }]],
      [
        [
          head,
          `${slug},,Black,S,5`,
          'no-such-product,,Black,S,1',
          `${slug},,Purple,S,1`,
          `${slug},,Black,XXL,1`,
          `${slug},,Grey,S,-2`,
          `${slug},,Grey,M,1.5`,
          `${slug},,Black,M`,
        ].join('\r\n'),
        [
          { row: 3, column: 'product_slug', message: /No product "no-such-product"/ },
          { row: 4, column: 'color', message: /has no color "Purple"/ },
          { row: 5, column: 'size', message: /has no size "XXL"/ },
          { row: 6, column: 'stock', message: /cannot be negative/ },
          { row: 7, column: 'stock', message: /whole number/ },
          { row: 8, column: null, message: /Expected 5 columns, found 4/ },
        ],
      ],
      [
        [head, `${slug},,Black,S,5`, `${slug},,black,s,6`].join('\r\n'),
        [{ row: 3, column: null, message: /already on row 2/ }],
      ],
    ];
    for (const [file, expected] of cases) {
      const response = await importCsv(file);
      expect(response.status, file).toBe(400);
      const body = (await response.json()) as {
        error: string;
        problems: { row: number | null; column: string | null; message: string }[];
      };
      expect(body.error).toMatch(/^Nothing was imported\./);
      expect(body.problems).toHaveLength(expected.length);
      expected.forEach((problem, index) => {
        expect(body.problems[index]).toMatchObject({ row: problem.row, column: problem.column });
        expect(body.problems[index]!.message).toMatch(problem.message);
      });
    }
    // The first row of the mixed file was good: it was not written either.
    expect(await stockOf(productId)).toEqual(before);
  });

  it('refuses a 10 MB file before reading it, and an anonymous import', async () => {
    const big = 'product_slug,product_name,color,size,stock\r\n' + `${slug},,Black,S,1\r\n`.repeat(400_000);
    expect(big.length).toBeGreaterThan(10_000_000);
    const response = await importCsv(big);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe(STOCK_IMPORT_TOO_LARGE);
    const anonymous = await shop.request('/api/admin/products/import', {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv' },
      body: 'product_slug,product_name,color,size,stock\r\n',
    });
    expect(anonymous.status).toBe(401);
    for (const path of [
      '/api/admin/products/export',
      '/api/admin/customers/export',
      '/api/admin/orders/export?lines=1',
    ]) {
      expect((await shop.request(path)).status).toBe(401);
    }
  });
});
