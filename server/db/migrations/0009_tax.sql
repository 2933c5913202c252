CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"rate_milli" integer NOT NULL,
	"shipping_taxed" boolean NOT NULL,
	"stripe_tax_rate_id" text,
	"stripe_rate_milli" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_rate_check" CHECK ("tax_rates"."rate_milli" between 0 and 20000),
	CONSTRAINT "tax_rates_country_check" CHECK ("tax_rates"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "tax_rates_region_check" CHECK ("tax_rates"."region" ~ '^[A-Z0-9]{0,3}$')
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "net_cents" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taxable_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taxed_shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_milli" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_region" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_place_unique" ON "tax_rates" USING btree ("country","region");--> statement-breakpoint
CREATE INDEX "orders_taxed_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."tax_cents" > 0 and "orders"."paid_at" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_check" CHECK ("orders"."tax_cents" >= 0 and "orders"."shipping_tax_cents" between 0 and "orders"."tax_cents" and "orders"."refunded_tax_cents" between 0 and "orders"."tax_cents");
--> statement-breakpoint
-- The demo shop is in Indiana (SPEC §2 footer): 7% on clothing and on its delivery charge (decision 031).
INSERT INTO "tax_rates" ("country", "region", "rate_milli", "shipping_taxed") VALUES ('US', 'IN', 7000, true) ON CONFLICT DO NOTHING;
