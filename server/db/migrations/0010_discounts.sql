CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"min_subtotal_cents" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"new_customers_only" boolean DEFAULT false NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"times_used" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_kind_check" CHECK ("discount_codes"."kind" in ('percent', 'fixed', 'free-shipping')),
	CONSTRAINT "discount_codes_value_check" CHECK (("discount_codes"."kind" = 'percent' and "discount_codes"."value" between 1 and 100) or ("discount_codes"."kind" = 'fixed' and "discount_codes"."value" > 0) or ("discount_codes"."kind" = 'free-shipping' and "discount_codes"."value" = 0)),
	CONSTRAINT "discount_codes_code_check" CHECK ("discount_codes"."code" = upper("discount_codes"."code") and "discount_codes"."code" ~ '^[A-Z0-9-]+$'),
	CONSTRAINT "discount_codes_min_check" CHECK ("discount_codes"."min_subtotal_cents" is null or "discount_codes"."min_subtotal_cents" >= 0),
	CONSTRAINT "discount_codes_dates_check" CHECK ("discount_codes"."starts_at" is null or "discount_codes"."ends_at" is null or "discount_codes"."ends_at" > "discount_codes"."starts_at"),
	CONSTRAINT "discount_codes_limits_check" CHECK (("discount_codes"."usage_limit" is null or "discount_codes"."usage_limit" >= 1) and ("discount_codes"."per_customer_limit" is null or "discount_codes"."per_customer_limit" >= 1)),
	CONSTRAINT "discount_codes_times_used_check" CHECK ("discount_codes"."times_used" >= 0 and ("discount_codes"."usage_limit" is null or "discount_codes"."times_used" <= "discount_codes"."usage_limit" or "discount_codes"."retired_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"discount_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"email_key" text,
	"user_id" text,
	"state" text DEFAULT 'reserved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_state_check" CHECK ("discount_redemptions"."state" in ('reserved', 'used', 'released'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_discount_id_discount_codes_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discount_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_unique" ON "discount_codes" USING btree (upper("code")) WHERE "discount_codes"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_featured_unique" ON "discount_codes" USING btree ("is_featured") WHERE "discount_codes"."is_featured" and "discount_codes"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_order_unique" ON "discount_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_email_idx" ON "discount_redemptions" USING btree ("discount_id","email_key");--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_user_idx" ON "discount_redemptions" USING btree ("discount_id","user_id");--> statement-breakpoint
-- The demo shop's one code (SPEC §9: JESUS, 10% off, no conditions; domain/coupon.ts SEED_DISCOUNT), featured in the promo dialog.
INSERT INTO "discount_codes" ("code", "kind", "value", "is_featured", "description") VALUES ('JESUS', 'percent', 10, true, 'The shop''s welcome code') ON CONFLICT DO NOTHING;
