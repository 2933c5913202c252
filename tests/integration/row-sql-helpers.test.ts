/**
 * The two SQL helpers of the payment's update (issue 31), against Drizzle's own builder.
 * `setListSql` (server/db/set-list-sql.ts) sets what Drizzle's `set` sets, $onUpdate included.
 * `tableRowOf` (server/db/table-row.ts) gives back from a raw `returning *` / `select *` row the
 * very row Drizzle's own select gives: every field, each value of every column type the orders
 * and their lines use (uuid, text, integers, timestamps, nulls) mapped the same way, on PGlite and PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, type DatabaseHandle } from '../../server/db/client';
import { orderLines, orders } from '../../server/db/schema';
import { setListSql } from '../../server/db/set-list-sql';
import { tableRowOf } from '../../server/db/table-row';
import { createTestDatabase } from '../support/test-database';

describe('tableRowOf', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await migrateDatabase(handle);
  });
  afterAll(async () => handle?.close());

  it('maps a raw row of every column as the select does', async () => {
    const [order] = await handle.db
      .insert(orders)
      .values({
        subtotalCents: 4200,
        totalCents: 4799,
        shippingCents: 599,
        paymentProvider: 'sandbox',
        email: 'row@example.com',
        paidAt: new Date('2026-11-27T10:11:12.345Z'),
        shippingName: 'Ruth',
      })
      .returning({ id: orders.id });
    await handle.db.insert(orderLines).values({
      orderId: order!.id,
      name: 'Tee',
      unitPriceCents: 2100,
      color: 'Black',
      size: 'M',
      quantity: 2,
      lineTotalCents: 4200,
      netCents: null,
    });
    const [selected] = await handle.db.select().from(orders).where(eq(orders.id, order!.id));
    const { rows } = await handle.db.execute<Record<string, unknown>>(
      sql`update ${orders} set updated_at = updated_at where id = ${order!.id} returning *`,
    );
    const mapped = tableRowOf(orders, rows[0]!);
    expect(mapped).toEqual(selected);
    expect(mapped.paidAt).toEqual(new Date('2026-11-27T10:11:12.345Z'));
    expect(mapped.cancelledAt).toBeNull();

    const [line] = await handle.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    const raw = await handle.db.execute<Record<string, unknown>>(
      sql`select * from ${orderLines} where order_id = ${order!.id}`,
    );
    expect(tableRowOf(orderLines, raw.rows[0]!)).toEqual(line);
  });

  it('refuses a row that lacks a column rather than giving undefined', () => {
    expect(() => tableRowOf(orderLines, { id: 'x' })).toThrow(/no column/);
  });

  it("sets what Drizzle's set sets: dates, nulls, numbers, text, SQL, and $onUpdate columns it leaves out", async () => {
    const insert = () =>
      handle.db
        .insert(orders)
        .values({
          subtotalCents: 100,
          totalCents: 100,
          paymentProvider: 'sandbox',
          stockState: 'reserved',
          shippingName: 'Old',
        })
        .returning({ id: orders.id, updatedAt: orders.updatedAt });
    const [viaDrizzle] = await insert();
    const [viaList] = await insert();
    const values = {
      status: 'processing',
      paidAt: new Date('2026-11-27T08:00:00.125Z'),
      paymentReference: 'sbx_pi_"quoted"',
      shippingName: null,
      taxRateMilli: 7000,
      stockState: sql<string>`case when ${orders.stockState} = 'reserved' then 'committed' else ${orders.stockState} end`,
    };
    await new Promise((resolve) => setTimeout(resolve, 5));
    await handle.db.update(orders).set(values).where(eq(orders.id, viaDrizzle!.id));
    await handle.db.execute(sql`update ${orders} set ${setListSql(orders, values)} where id = ${viaList!.id}`);
    const read = async (id: string) => (await handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
    const [a, b] = [await read(viaDrizzle!.id), await read(viaList!.id)];
    const comparable = (row: typeof a) => ({ ...row, id: '', orderNumber: '', createdAt: null, updatedAt: null });
    expect(comparable(b)).toEqual(comparable(a));
    expect(b).toMatchObject({ status: 'processing', stockState: 'committed', shippingName: null, taxRateMilli: 7000 });
    expect(b.paidAt).toEqual(new Date('2026-11-27T08:00:00.125Z'));
    // updated_at was left out: its $onUpdate set it, as Drizzle's update does.
    expect(b.updatedAt.getTime()).toBeGreaterThan(viaList!.updatedAt.getTime());
    expect(() => setListSql(orders, { nope: 1 } as never)).toThrow(/not a column/);
  });
});
