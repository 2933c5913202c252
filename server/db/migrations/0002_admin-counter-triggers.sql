-- Keeps admin_counters right on every write to orders and customers (see schema.ts).
CREATE OR REPLACE FUNCTION admin_counters_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.total_cents = NEW.total_cents
     AND (OLD.paid_at IS NULL) = (NEW.paid_at IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO admin_counters (key, value)
    VALUES ('orders:' || OLD.status, -1),
           ('paid_revenue:' || OLD.status, CASE WHEN OLD.paid_at IS NULL THEN 0 ELSE -OLD.total_cents END)
    ON CONFLICT (key) DO UPDATE SET value = admin_counters.value + excluded.value;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO admin_counters (key, value)
    VALUES ('orders:' || NEW.status, 1),
           ('paid_revenue:' || NEW.status, CASE WHEN NEW.paid_at IS NULL THEN 0 ELSE NEW.total_cents END)
    ON CONFLICT (key) DO UPDATE SET value = admin_counters.value + excluded.value;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_admin_counters AFTER INSERT OR DELETE OR UPDATE OF status, paid_at, total_cents ON orders
  FOR EACH ROW EXECUTE FUNCTION admin_counters_orders();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_counters_customers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO admin_counters (key, value) VALUES ('customers', CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END)
  ON CONFLICT (key) DO UPDATE SET value = admin_counters.value + excluded.value;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customers_admin_counters AFTER INSERT OR DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION admin_counters_customers();
--> statement-breakpoint
INSERT INTO admin_counters (key, value)
  SELECT 'orders:' || status, count(*) FROM orders GROUP BY status
  UNION ALL SELECT 'paid_revenue:' || status, coalesce(sum(total_cents), 0) FROM orders WHERE paid_at IS NOT NULL GROUP BY status
  UNION ALL SELECT 'customers', count(*) FROM customers
ON CONFLICT (key) DO UPDATE SET value = excluded.value;
--> statement-breakpoint
-- The Orders tab searches by the start of an order number or e-mail (server/admin/list-orders.ts).
CREATE INDEX IF NOT EXISTS orders_email_prefix_idx ON orders (lower(email) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_number_prefix_idx ON orders (order_number text_pattern_ops);
