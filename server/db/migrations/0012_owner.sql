-- Issue 32 item 1: the dashboard's Total Orders counts paid orders (paid_at set), kept per status
-- beside the order counts and the paid revenue, by the same trigger (0002).
CREATE OR REPLACE FUNCTION admin_counters_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.total_cents = NEW.total_cents
     AND (OLD.paid_at IS NULL) = (NEW.paid_at IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO admin_counters (key, value)
    VALUES ('orders:' || OLD.status, -1),
           ('paid_revenue:' || OLD.status, CASE WHEN OLD.paid_at IS NULL THEN 0 ELSE -OLD.total_cents END),
           ('paid_orders:' || OLD.status, CASE WHEN OLD.paid_at IS NULL THEN 0 ELSE -1 END)
    ON CONFLICT (key) DO UPDATE SET value = admin_counters.value + excluded.value;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO admin_counters (key, value)
    VALUES ('orders:' || NEW.status, 1),
           ('paid_revenue:' || NEW.status, CASE WHEN NEW.paid_at IS NULL THEN 0 ELSE NEW.total_cents END),
           ('paid_orders:' || NEW.status, CASE WHEN NEW.paid_at IS NULL THEN 0 ELSE 1 END)
    ON CONFLICT (key) DO UPDATE SET value = admin_counters.value + excluded.value;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO admin_counters (key, value)
  SELECT 'paid_orders:' || status, count(*) FROM orders WHERE paid_at IS NOT NULL GROUP BY status
ON CONFLICT (key) DO UPDATE SET value = excluded.value;
