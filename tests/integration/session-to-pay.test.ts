/**
 * The sandbox Pay's one read of its session (server/orders/read-session-to-pay.ts, issue 31):
 * the session's state, its order's taxable figures and the tax row of the address's place,
 * chosen as domain/tax.ts `findTaxRate` chooses it from the whole table.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTaxRate, taxPlaceOf } from '../../domain/tax';
import { migrateDatabase, type DatabaseHandle } from '../../server/db/client';
import { checkoutSessions, donations, orderLines, orders, taxRates } from '../../server/db/schema';
import { MAX_SESSION_ID_LENGTH } from '../../server/orders/get-hosted-session';
import { readSessionToPay } from '../../server/orders/read-session-to-pay';
import { taxableOrderOf } from '../../server/tax/order-tax';
import { createTestDatabase } from '../support/test-database';

describe('the session Pay reads', () => {
  let handle: DatabaseHandle;
  const hour = 3_600_000;

  async function orderSession(id: string, options: { netCents: (number | null)[]; expiresAt?: Date; status?: string }) {
    const [order] = await handle.db
      .insert(orders)
      .values({
        subtotalCents: 5000,
        shippingCents: 599,
        totalCents: 5099,
        paymentProvider: 'sandbox',
        status: options.status,
      })
      .returning({ id: orders.id });
    // Stored out of position order: the read gives them in position order.
    const lines = options.netCents.map((netCents, position) => ({ netCents, position })).reverse();
    await handle.db.insert(orderLines).values(
      lines.map(({ netCents, position }) => ({
        orderId: order!.id,
        name: `Line ${position}`,
        unitPriceCents: 1000 * (position + 1),
        color: 'Black',
        size: 'M',
        quantity: 1,
        lineTotalCents: 1000 * (position + 1),
        position,
        netCents,
      })),
    );
    await handle.db.insert(checkoutSessions).values({
      id,
      provider: 'sandbox',
      purpose: 'order',
      orderId: order!.id,
      url: `http://shop/${id}`,
      amountTotalCents: 5099,
      expiresAt: options.expiresAt ?? new Date(Date.now() + hour),
    });
  }

  beforeAll(async () => {
    handle = await createTestDatabase();
    await migrateDatabase(handle);
    // The demo table's rows give way to this test's own places.
    await handle.db.delete(taxRates).where(sql`true`);
    await handle.db.insert(taxRates).values([
      { country: 'US', region: 'IN', rateMilli: 7000, shippingTaxed: true },
      { country: 'US', region: '', rateMilli: 4000, shippingTaxed: false },
      { country: 'GB', region: '', rateMilli: 20000, shippingTaxed: false },
      { country: 'CA', region: 'ON', rateMilli: 0, shippingTaxed: false },
    ]);
    await orderSession('sbx_cs_lines', { netCents: [900, 1800, 2300] });
    await orderSession('sbx_cs_old_lines', { netCents: [null, null] });
    await orderSession('sbx_cs_past', { netCents: [1000], expiresAt: new Date(Date.now() - hour) });
    await orderSession('sbx_cs_cancelled', { netCents: [1000], status: 'cancelled' });
    const [donation] = await handle.db
      .insert(donations)
      .values({ amountCents: 2500, email: 'giver@example.com', paymentProvider: 'sandbox' })
      .returning({ id: donations.id });
    await handle.db.insert(checkoutSessions).values({
      id: 'sbx_cs_gift',
      provider: 'sandbox',
      purpose: 'donation',
      donationId: donation!.id,
      url: 'http://shop/gift',
      amountTotalCents: 2500,
      expiresAt: new Date(Date.now() + hour),
    });
  });
  afterAll(async () => handle?.close());

  it('reads the session, its order in line order, and the place the table taxes as findTaxRate does', async () => {
    const table = await handle.db.select().from(taxRates);
    const places = [
      { country: 'US', region: 'IN' },
      { country: 'us', region: 'Indiana' },
      { country: 'US', region: 'OH' },
      { country: 'US', region: '' },
      { country: 'GB', region: 'London' },
      { country: 'CA', region: 'on' },
      { country: 'FR', region: '' },
    ];
    for (const place of places) {
      const session = await readSessionToPay({ db: handle.db, sessionId: 'sbx_cs_lines', place: taxPlaceOf(place) });
      const expected = findTaxRate(table, place);
      expect(session?.taxRate ?? null, JSON.stringify(place)).toEqual(
        expected && {
          country: expected.country,
          region: expected.region,
          rateMilli: expected.rateMilli,
          shippingTaxed: expected.shippingTaxed,
        },
      );
    }
    expect(await readSessionToPay({ db: handle.db, sessionId: 'sbx_cs_lines', place: null })).toEqual({
      id: 'sbx_cs_lines',
      provider: 'sandbox',
      purpose: 'order',
      status: 'open',
      totalCents: 5099,
      order: { status: 'pending', taxable: { totalCents: 5099, shippingCents: 599, lineNetCents: [900, 1800, 2300] } },
      taxRate: null,
    });
  });

  it('shares an older order total over lines without net amounts, as the page view does', async () => {
    const session = await readSessionToPay({ db: handle.db, sessionId: 'sbx_cs_old_lines', place: null });
    expect(session?.order?.taxable).toEqual(
      taxableOrderOf({ totalCents: 5099, shippingCents: 599 }, [
        { netCents: null, lineTotalCents: 1000 },
        { netCents: null, lineTotalCents: 2000 },
      ]),
    );
  });

  it('says expired past its time, gives the order state, a donation without order, and nothing for an unknown id', async () => {
    expect((await readSessionToPay({ db: handle.db, sessionId: 'sbx_cs_past', place: null }))?.status).toBe('expired');
    expect((await readSessionToPay({ db: handle.db, sessionId: 'sbx_cs_cancelled', place: null }))?.order?.status).toBe(
      'cancelled',
    );
    expect(
      await readSessionToPay({ db: handle.db, sessionId: 'sbx_cs_gift', place: { country: 'US', region: 'IN' } }),
    ).toMatchObject({ purpose: 'donation', status: 'open', totalCents: 2500, order: null });
    expect(await readSessionToPay({ db: handle.db, sessionId: 'sbx_cs_nope', place: null })).toBeNull();
    expect(
      await readSessionToPay({ db: handle.db, sessionId: 'x'.repeat(MAX_SESSION_ID_LENGTH + 1), place: null }),
    ).toBeNull();
  });
});
