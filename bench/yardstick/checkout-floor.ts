/**
 * The yardstick for writes (issue 31): the floor of a checkout on this machine. It serves the
 * same two requests as the shop's checkout, on the same kind of database with the shop's own
 * schema (its migrations) and demo catalogue, behind the same Hono shell, and does only what
 * a checkout must: in ONE transaction of plain prepared SQL, read the lines' products, take
 * the stock with one conditional UPDATE, store the pending order and its lines, count the
 * discount code's use (when the schema has codes), and store the hosted session; a payment is
 * one transaction too: read what the address's tax is computed on, then the event, the session,
 * the order paid (address, tax, stock committed), its lines' tax, the code's use kept, its
 * points and its e-mail row.
 * No validation beyond the types, no rate limit, no logging, no session cookie: what is left
 * is the database's and the HTTP shell's own cost. The bench loads it and the shop in
 * alternating rounds and reports the shop as a ratio of it.
 *
 *   node --import tsx bench/yardstick/checkout-floor.ts   (PORT; DATABASE_URL or DATA_DIR)
 * Prints "checkout floor running at http://127.0.0.1:PORT" when ready.
 */
import { randomBytes } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { PoolClient } from 'pg';
import { priceOrder, taxForOrder } from '../../domain/price-order';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../../server/db/client';
import { preparedPglite } from '../../server/db/pglite-prepared';
import { seedDemoCatalogue } from '../../server/db/seed';

/** One prepared statement: a name (PostgreSQL keeps its plan per connection) and its text. */
type Statement = { name: string; text: string };
type Run = (statement: Statement, values: unknown[]) => Promise<Record<string, unknown>[]>;

const SQL = {
  products: {
    name: 'floor_products',
    text: `select id, name, price_cents, category, image_urls[1] as image_url from products where id = any($1::uuid[]) and is_active`,
  },
  takeStock: {
    name: 'floor_take_stock',
    text: `update product_stock s set quantity = s.quantity - w.q, updated_at = now()
      from unnest($1::uuid[], $2::text[], $3::text[], $4::int[]) as w(p, c, z, q)
      where s.product_id = w.p and s.color = w.c and s.size = w.z and s.quantity >= w.q
      returning s.product_id, s.color, s.size`,
  },
  insertOrder: {
    name: 'floor_insert_order',
    text: `insert into orders (status, email, subtotal_cents, discount_cents, coupon_code, shipping_cents, total_cents,
        points_earned, payment_provider, stock_state)
      values ('pending', $1, $2, $3, $4, $5, $6, $7, 'sandbox', 'reserved') returning id, order_number`,
  },
  insertLines: {
    name: 'floor_insert_lines',
    text: `insert into order_lines (order_id, product_id, name, unit_price_cents, color, size, quantity, line_total_cents,
        image_url, position, reserved_quantity, net_cents)
      select $1, * from unnest($2::uuid[], $3::text[], $4::int[], $5::text[], $6::text[], $7::int[], $8::int[],
        $9::text[], $10::int[], $11::int[], $12::int[])`,
  },
  insertSession: {
    name: 'floor_insert_session',
    text: `insert into checkout_sessions (id, provider, purpose, order_id, url, status, amount_total_cents, expires_at)
      values ($1, 'sandbox', 'order', $2, $3, 'open', $4, now() + interval '24 hours')`,
  },
  recordEvent: {
    name: 'floor_record_event',
    text: `insert into payment_events (id, provider, type, session_id) values ($1, 'sandbox', 'checkout.session.completed', $2)
      on conflict do nothing returning id`,
  },
  completeSession: {
    name: 'floor_complete_session',
    text: `update checkout_sessions set status = 'complete', completed_at = now() where id = $1 and status = 'open' returning order_id`,
  },
  /** What the tax of the address is computed on (a payment must read it): the lines' net amounts and the place's rate. */
  taxBasis: {
    name: 'floor_tax_basis',
    text: `select l.net_cents, o.shipping_cents, r.rate_milli, r.shipping_taxed
      from checkout_sessions s join orders o on o.id = s.order_id join order_lines l on l.order_id = o.id
        left join tax_rates r on r.country = $2 and r.region = $3
      where s.id = $1 order by l.position`,
  },
  payOrder: {
    name: 'floor_pay_order',
    text: `update orders set status = 'processing', paid_at = now(), payment_reference = $2, stock_state = 'committed', updated_at = now(),
        shipping_name = $3, shipping_line1 = $4, shipping_city = $5, shipping_region = $6, shipping_postal_code = $7,
        shipping_country = $8, tax_cents = $9, shipping_tax_cents = $10, taxable_cents = $11, tax_rate_milli = $12,
        tax_country = $8, tax_region = $6, taxed_shipping_cents = $13
      where id = $1 and status = 'pending' returning email, points_earned, order_number`,
  },
  taxLines: {
    name: 'floor_tax_lines',
    text: `update order_lines set tax_cents = ($2::int[])[position + 1] where order_id = $1`,
  },
  keepCodeUse: {
    name: 'floor_keep_code_use',
    text: `update discount_redemptions set state = 'used' where order_id = $1 and state = 'reserved'`,
  },
  earnPoints: {
    name: 'floor_earn_points',
    text: `insert into loyalty_ledger (customer_email, type, points, description, order_id) values ($1, 'earned', $2, $3, $4)
      on conflict do nothing`,
  },
  queueMail: {
    name: 'floor_queue_mail',
    text: `insert into email_outbox (dedupe_key, "to", subject, text) values ($1, $2, $3, $4) on conflict do nothing`,
  },
} satisfies Record<string, Statement>;

/** The discount code's use, when the schema has codes (issue 26): counted under the limit, recorded. */
const DISCOUNT_SQL = {
  countUse: {
    name: 'floor_count_use',
    text: `update discount_codes set times_used = times_used + 1
      where upper(code) = $1 and retired_at is null and is_active
        and (usage_limit is null or times_used < usage_limit) returning id`,
  },
  recordUse: {
    name: 'floor_record_use',
    text: `insert into discount_redemptions (discount_id, order_id, email_key, state) values ($1, $2, $3, 'reserved')`,
  },
} satisfies Record<string, Statement>;

type Transaction = <T>(work: (run: Run) => Promise<T>) => Promise<T>;

function transactionsOf(handle: DatabaseHandle): Transaction {
  if (handle.kind === 'postgres') {
    const pool = handle.pgPool!;
    return async (work) => {
      const client: PoolClient = await pool.connect();
      const run: Run = async (statement, values) => (await client.query({ ...statement, values })).rows;
      try {
        await client.query('begin');
        const result = await work(run);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    };
  }
  // Named statements on PGlite too, as the shop's own client runs them (pglite-prepared.ts).
  const pglite = preparedPglite(handle.pglite!);
  return (work) =>
    pglite.transaction((tx) =>
      work(async (statement, values) => (await tx.query<Record<string, unknown>>(statement.text, values)).rows),
    );
}

type Item = { productId: string; color: string; size: string; quantity: number };

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const handle = await openDatabase(
    databaseUrl ? { databaseUrl, maxConnections: 10 } : { dataDir: process.env.DATA_DIR ?? './data-floor' },
  );
  await migrateDatabase(handle);
  await seedDemoCatalogue(handle.db);
  const transaction = transactionsOf(handle);
  const hasCodes = await transaction(async (run) => {
    const [row] = await run(
      { name: 'floor_has_codes', text: `select to_regclass('discount_redemptions') is not null as present` },
      [],
    );
    return row?.present === true;
  });

  const app = new Hono();
  const publicUrl = `http://127.0.0.1:${process.env.PORT ?? 3200}`;

  /** The public product shape the bench reads ids from (as the shop's /api/products/:slug). */
  app.get('/api/products/:slug', async (c) => {
    const rows = await transaction((run) =>
      run(
        {
          name: 'floor_product_by_slug',
          text: 'select id, price_cents as "priceCents", colors, sizes from products where slug = $1',
        },
        [c.req.param('slug')],
      ),
    );
    return rows[0] ? c.json(rows[0]) : c.json({ error: 'not found' }, 404);
  });

  /** Stock for the bench's variants (the shop's admin grid does the same for the shop). */
  app.put('/stock', async (c) => {
    const body = (await c.req.json()) as { productId: string; color: string; size: string; quantity: number }[];
    await transaction(async (run) => {
      for (const row of body) {
        await run(
          {
            name: 'floor_set_stock',
            text: `insert into product_stock (product_id, color, size, quantity) values ($1, $2, $3, $4)
              on conflict (product_id, color, size) do update set quantity = excluded.quantity`,
          },
          [row.productId, row.color, row.size, row.quantity],
        );
      }
    });
    return c.json({ ok: true });
  });

  app.post('/api/checkout', async (c) => {
    const body = (await c.req.json()) as { items: Item[]; couponCode?: string; email?: string };
    const email = body.email?.trim().toLowerCase() ?? null;
    const result = await transaction(async (run) => {
      const found = await run(SQL.products, [body.items.map((item) => item.productId)]);
      const byId = new Map(found.map((row) => [row.id as string, row]));
      const lines = body.items.map((item) => {
        const product = byId.get(item.productId);
        if (!product) throw new Error('unknown product');
        return {
          ...item,
          name: product.name as string,
          unitPriceCents: product.price_cents as number,
          category: product.category as string,
          imageUrl: (product.image_url as string | null) ?? null,
        };
      });
      const taken = await run(SQL.takeStock, [
        lines.map((line) => line.productId),
        lines.map((line) => line.color),
        lines.map((line) => line.size),
        lines.map((line) => line.quantity),
      ]);
      if (taken.length < lines.length) throw new Error('not enough stock');
      const code = body.couponCode?.trim().toUpperCase() || null;
      const price = priceOrder({
        lines,
        discount: code ? { code, kind: 'percent', value: 10 } : null,
      });
      const [order] = await run(SQL.insertOrder, [
        email,
        price.subtotalCents,
        price.discountCents,
        price.couponCode,
        price.shippingCents,
        price.totalCents,
        price.pointsEarned,
      ]);
      const orderId = order!.id as string;
      await run(SQL.insertLines, [
        orderId,
        lines.map((line) => line.productId),
        lines.map((line) => line.name),
        lines.map((line) => line.unitPriceCents),
        lines.map((line) => line.color),
        lines.map((line) => line.size),
        lines.map((line) => line.quantity),
        lines.map((line) => line.unitPriceCents * line.quantity),
        lines.map((line) => line.imageUrl),
        lines.map((_, position) => position),
        lines.map((line) => line.quantity),
        price.lines.map((line) => line.netCents),
      ]);
      if (code && hasCodes) {
        const [use] = await run(DISCOUNT_SQL.countUse, [code]);
        if (use) await run(DISCOUNT_SQL.recordUse, [use.id, orderId, email]);
      }
      const sessionId = `sbx_cs_${randomBytes(12).toString('hex')}`;
      const url = `${publicUrl}/sandbox/checkout/${sessionId}`;
      await run(SQL.insertSession, [sessionId, orderId, url, price.totalCents]);
      return { url, sessionId, orderId, orderNumber: order!.order_number as string };
    });
    return c.json(result);
  });

  app.post('/sandbox/checkout/:sessionId', async (c) => {
    const sessionId = c.req.param('sessionId');
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === 'string' ? form[name] : '');
    await transaction(async (run) => {
      const basis = await run(SQL.taxBasis, [sessionId, field('country'), field('region')]);
      const place = basis[0];
      const tax = taxForOrder({
        lineNetCents: basis.map((line) => line.net_cents as number),
        shippingCents: (place?.shipping_cents as number | undefined) ?? 0,
        tax:
          place?.rate_milli != null
            ? { rateMilli: place.rate_milli as number, shippingTaxed: place.shipping_taxed as boolean }
            : null,
      });
      const recorded = await run(SQL.recordEvent, [`sbx_evt_${sessionId}`, sessionId]);
      if (recorded.length === 0) return;
      const [session] = await run(SQL.completeSession, [sessionId]);
      if (!session) return;
      const [order] = await run(SQL.payOrder, [
        session.order_id,
        `sbx_pi_${sessionId}`,
        field('name'),
        field('line1'),
        field('city'),
        field('region'),
        field('postalCode'),
        field('country'),
        tax.taxCents,
        tax.shippingTaxCents,
        tax.taxableCents,
        (place?.rate_milli as number | null | undefined) ?? null,
        place?.shipping_taxed ? ((place.shipping_cents as number | undefined) ?? 0) : 0,
      ]);
      if (!order) return;
      await run(SQL.taxLines, [session.order_id, tax.lineTaxCents]);
      if (hasCodes) await run(SQL.keepCodeUse, [session.order_id]);
      if (!order.email) return;
      const points = order.points_earned as number;
      if (points > 0) {
        await run(SQL.earnPoints, [order.email, points, `Order ${order.order_number as string}`, session.order_id]);
      }
      await run(SQL.queueMail, [
        `order-confirmation:${session.order_id as string}`,
        order.email,
        `Your Wear Your Faith order ${order.order_number as string}`,
        `Thank you for your order!\n\nOrder number: ${order.order_number as string}\n`,
      ]);
    });
    return c.redirect(`/payment-success?session_id=${sessionId}`, 302);
  });

  app.get('/healthz', (c) => c.json({ ok: true }));

  const port = Number(process.env.PORT ?? 3200);
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () =>
    console.log(`checkout floor running at http://127.0.0.1:${port}`),
  );
  const stop = () => {
    server.close();
    void handle.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

await main();
