-- Storefront (issue 13): shop search, favourites on the account, the brand placement tag.
--
-- Search: full-text over name (weight A), category, tags and colours (B) and description (C),
-- plus trigrams over the short fields so a one-letter typo still finds ('hodie' -> hoodie).
-- Both are expression indexes over immutable SQL functions, so the product rows carry no extra
-- column; server/catalog/search-products.ts queries the same expressions. pg_trgm ships with
-- PostgreSQL (a trusted extension) and with PGlite (loaded in server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_document(name text, description text, category text, colors text[], tags text[])
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(category, '') || ' ' || coalesce(array_to_string(tags, ' '), '') || ' ' || coalesce(array_to_string(colors, ' '), '')), 'B')
    || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_text(name text, category text, colors text[], tags text[])
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(coalesce(name, '') || ' ' || coalesce(category, '') || ' ' || coalesce(array_to_string(tags, ' '), '') || ' ' || coalesce(array_to_string(colors, ' '), ''))
$$;
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorites_user_created_idx" ON "favorites" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "favorites_product_idx" ON "favorites" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin (products_search_document("name", "description", "category", "colors", "tags"));--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin (products_search_text("name", "category", "colors", "tags") gin_trgm_ops);
--> statement-breakpoint
-- SPEC writes the T-Shirts placement tag with the brand placeholder '{product}'; it is 'chosen'
-- (domain/brand.ts). Rename stored tags, without doubling a row that already has both.
UPDATE "products"
SET "placement" = CASE
  WHEN 'chosen' = ANY("placement") THEN array_remove("placement", '{product}')
  ELSE array_replace("placement", '{product}', 'chosen')
END
WHERE '{product}' = ANY("placement");
