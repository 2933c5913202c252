CREATE TABLE "shop_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_pages_body_length_check" CHECK (char_length("shop_pages"."body") between 1 and 20000)
);
