CREATE INDEX "rate_limit_last_request_idx" ON "rate_limit" USING btree ("last_request");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_ends_at");--> statement-breakpoint
-- Issue 12 item 11: the rate-limit tables stay bounded. Each insert also removes up to 500
-- rows whose window has passed (a row past its window counts the same as no row), skipping
-- rows another transaction holds, so two writers never wait on each other here.
CREATE OR REPLACE FUNCTION rate_limit_counters_prune() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rate_limit_counters WHERE key IN (
    SELECT key FROM rate_limit_counters WHERE window_ends_at < now()
    LIMIT 500 FOR UPDATE SKIP LOCKED);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER rate_limit_counters_prune AFTER INSERT ON rate_limit_counters
  FOR EACH STATEMENT EXECUTE FUNCTION rate_limit_counters_prune();
--> statement-breakpoint
-- Better Auth's limiter: its longest window is 60 s (server/auth/create-auth.ts); a row idle
-- for 10 minutes is long past it. last_request is in epoch milliseconds.
CREATE OR REPLACE FUNCTION rate_limit_prune() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rate_limit WHERE id IN (
    SELECT id FROM rate_limit WHERE last_request < (extract(epoch FROM now()) * 1000)::bigint - 600000
    LIMIT 500 FOR UPDATE SKIP LOCKED);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER rate_limit_prune AFTER INSERT ON rate_limit
  FOR EACH STATEMENT EXECUTE FUNCTION rate_limit_prune();
