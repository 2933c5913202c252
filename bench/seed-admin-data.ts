/**
 * Seeds a PostgreSQL database with admin-sized data: 20,000 customers and 100,000 orders (one
 * line each, spread over a year, ~75 % paid), so the dashboard and order queries can be timed
 * at scale. Set-based SQL (generate_series): seconds, not minutes.
 *
 *   tsx bench/seed-admin-data.ts postgres://postgres@127.0.0.1:5432/somedb [orders] [customers]
 */
import pg from 'pg';

export interface SeedAdminDataOptions {
  databaseUrl: string;
  orders?: number;
  customers?: number;
}

export async function seedAdminData(options: SeedAdminDataOptions) {
  const orderCount = options.orders ?? 100_000;
  const customerCount = options.customers ?? 20_000;
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const started = performance.now();
  try {
    await client.query('begin');
    // Row triggers keep admin_counters; for a bulk load they are switched off and the
    // counters recomputed once at the end (same statement as the migration's backfill).
    await client.query('alter table orders disable trigger orders_admin_counters');
    await client.query('alter table customers disable trigger customers_admin_counters');
    await client.query(
      `insert into customers (email, first_name, last_name, phone, created_at)
       select 'bench-customer-' || i || '@example.com', 'First' || i, 'Last' || i,
              case when i % 3 = 0 then null else '555-' || lpad((i % 10000)::text, 4, '0') end,
              now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second'
       from generate_series(1, $1::int) as i
       on conflict (email) do nothing`,
      [customerCount],
    );
    await client.query(
      `with c as (select id, email, row_number() over (order by email) as n from customers where email like 'bench-customer-%')
       insert into orders (order_number, status, customer_id, email, subtotal_cents, shipping_cents, total_cents,
                           payment_provider, payment_reference, paid_at, created_at)
       select 'BEN-' || lpad(i::text, 7, '0'),
              (array['pending','processing','shipped','delivered','cancelled'])[1 + i % 5],
              c.id, c.email, 1500 + (i % 200) * 100, case when i % 2 = 0 then 0 else 599 end,
              1500 + (i % 200) * 100 + case when i % 2 = 0 then 0 else 599 end,
              'sandbox', 'sbx_' || i,
              case when i % 4 = 0 then null else now() - (i % 365) * interval '1 day' end,
              now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second'
       from generate_series(1, $1::int) as i
       join c on c.n = 1 + (i % $2::int)
       on conflict do nothing`,
      [orderCount, customerCount],
    );
    await client.query(
      `insert into order_lines (order_id, name, unit_price_cents, color, size, quantity, line_total_cents)
       select id, 'Simple Cross Tee', subtotal_cents, 'Black', 'M', 1, subtotal_cents
       from orders where order_number like 'BEN-%' and not exists (select 1 from order_lines l where l.order_id = orders.id)`,
    );
    await client.query('alter table orders enable trigger orders_admin_counters');
    await client.query('alter table customers enable trigger customers_admin_counters');
    await client.query(
      `insert into admin_counters (key, value)
         select 'orders:' || status, count(*) from orders group by status
         union all select 'paid_revenue:' || status, coalesce(sum(total_cents), 0) from orders where paid_at is not null group by status
         union all select 'customers', count(*) from customers
       on conflict (key) do update set value = excluded.value`,
    );
    await client.query('commit');
    await client.query('analyze customers; analyze orders; analyze order_lines');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  return { orders: orderCount, customers: customerCount, ms: Math.round(performance.now() - started) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [databaseUrl, orders, customers] = process.argv.slice(2);
  if (!databaseUrl) {
    console.error('usage: tsx bench/seed-admin-data.ts <postgres-url> [orders] [customers]');
    process.exit(2);
  }
  const result = await seedAdminData({
    databaseUrl,
    orders: orders ? Number(orders) : undefined,
    customers: customers ? Number(customers) : undefined,
  });
  console.log(`seeded ${result.customers} customers and ${result.orders} orders in ${result.ms} ms`);
}
