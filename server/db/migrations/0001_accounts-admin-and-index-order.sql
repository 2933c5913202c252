CREATE TABLE "admin_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "customers_created_idx";--> statement-breakpoint
DROP INDEX "donations_created_idx";--> statement-breakpoint
DROP INDEX "loyalty_ledger_email_created_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
DROP INDEX "orders_customer_created_idx";--> statement-breakpoint
DROP INDEX "products_active_created_idx";--> statement-breakpoint
DROP INDEX "products_new_arrival_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "donations_created_idx" ON "donations" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "loyalty_ledger_email_created_idx" ON "loyalty_ledger" USING btree ("customer_email","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_customer_created_idx" ON "orders" USING btree ("customer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_active_created_idx" ON "products" USING btree ("is_active","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_new_arrival_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST) WHERE "products"."is_new_arrival" and "products"."is_active";