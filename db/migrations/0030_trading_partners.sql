CREATE TABLE "margin_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "margin_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"partner_id" integer,
	"store_id" integer,
	"brand_id" integer,
	"category_id" integer,
	"type" text NOT NULL,
	"value" bigint NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "margin_rules_type" CHECK ("margin_rules"."type" IN ('percent', 'amount')),
	CONSTRAINT "margin_rules_value" CHECK ("margin_rules"."value" >= 0 AND ("margin_rules"."type" <> 'percent' OR "margin_rules"."value" <= 10000)),
	CONSTRAINT "margin_rules_target" CHECK (num_nonnulls("margin_rules"."partner_id", "margin_rules"."store_id", "margin_rules"."brand_id", "margin_rules"."category_id") <= 1
      OR (num_nonnulls("margin_rules"."partner_id", "margin_rules"."brand_id") = 2 AND "margin_rules"."store_id" IS NULL AND "margin_rules"."category_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "trading_partner_brands" (
	"partner_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	CONSTRAINT "trading_partner_brands_partner_id_brand_id_pk" PRIMARY KEY("partner_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "trading_partner_stores" (
	"partner_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	CONSTRAINT "trading_partner_stores_partner_id_store_id_pk" PRIMARY KEY("partner_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "trading_partners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"address" text,
	"city_id" integer,
	"postcode" text,
	"latitude" double precision,
	"longitude" double precision,
	"bank_code" text,
	"bank_account_name" text,
	"bank_account_no" text,
	"payment_days" integer DEFAULT 0 NOT NULL,
	"credit_limit" bigint DEFAULT 0 NOT NULL,
	"note" text,
	"status" integer DEFAULT 1 NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trading_partners_kind" CHECK ("trading_partners"."kind" IN ('reseller', 'supplier', 'partner')),
	CONSTRAINT "trading_partners_terms" CHECK ("trading_partners"."payment_days" >= 0 AND "trading_partners"."credit_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "margin_rules" ADD CONSTRAINT "margin_rules_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_rules" ADD CONSTRAINT "margin_rules_partner_id_trading_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."trading_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_rules" ADD CONSTRAINT "margin_rules_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_rules" ADD CONSTRAINT "margin_rules_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_rules" ADD CONSTRAINT "margin_rules_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_partner_brands" ADD CONSTRAINT "trading_partner_brands_partner_id_trading_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."trading_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_partner_brands" ADD CONSTRAINT "trading_partner_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_partner_stores" ADD CONSTRAINT "trading_partner_stores_partner_id_trading_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."trading_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_partner_stores" ADD CONSTRAINT "trading_partner_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_partners" ADD CONSTRAINT "trading_partners_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_partners" ADD CONSTRAINT "trading_partners_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_partners" ADD CONSTRAINT "trading_partners_bank_code_banks_code_fk" FOREIGN KEY ("bank_code") REFERENCES "public"."banks"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "margin_rules_target_idx" ON "margin_rules" USING btree ("business_id",coalesce("partner_id", 0),coalesce("store_id", 0),coalesce("brand_id", 0),coalesce("category_id", 0));--> statement-breakpoint
CREATE INDEX "trading_partner_brands_brand_idx" ON "trading_partner_brands" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "trading_partner_stores_store_idx" ON "trading_partner_stores" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "trading_partners_business_kind_idx" ON "trading_partners" USING btree ("business_id","kind","time_created","id");