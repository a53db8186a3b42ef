CREATE TABLE "bank_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"bank_code" text NOT NULL,
	"account_name" text NOT NULL,
	"account_no" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brand_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"section" text NOT NULL,
	"data" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"product_category_id" integer NOT NULL,
	"description" text,
	"status" integer DEFAULT 1 NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"platform_code" text NOT NULL,
	"name" text NOT NULL,
	"logo" text,
	"email" text,
	"phone" text,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "factories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "factories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"contact_name" text,
	"email" text,
	"phone" text,
	"address" text NOT NULL,
	"city_id" integer,
	"postcode" text,
	"latitude" double precision,
	"longitude" double precision,
	"monthly_capacity" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partnerships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partnerships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"owner_business_id" integer NOT NULL,
	"partner_business_id" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"requested_by_business_id" integer NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"level" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_channels" (
	"store_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_channels_store_id_channel_id_pk" PRIMARY KEY("store_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "store_fees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_fees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"channel_id" integer,
	"percent_bp" integer DEFAULT 0 NOT NULL,
	"fixed_amount" bigint DEFAULT 0 NOT NULL,
	"note" text,
	"status" integer DEFAULT 1 NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_fees_amounts" CHECK ("store_fees"."percent_bp" BETWEEN 0 AND 10000 AND "store_fees"."fixed_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" integer NOT NULL,
	"image" text,
	"email" text,
	"phone" text,
	"status" integer DEFAULT 1 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"address" text NOT NULL,
	"city_id" integer NOT NULL,
	"village_id" integer,
	"postcode" text,
	"latitude" double precision,
	"longitude" double precision,
	"delivery_address_type" integer DEFAULT 1 NOT NULL,
	"delivery_city_id" integer,
	"delivery_address" text,
	"delivery_postcode" text,
	"is_pickup_at_store" boolean DEFAULT false NOT NULL,
	"process_day" integer DEFAULT 1 NOT NULL,
	"bank_account_id" integer,
	"courier_service_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"order_finished_message" text,
	"order_finished_active" boolean DEFAULT false NOT NULL,
	"order_returned_message" text,
	"order_returned_active" boolean DEFAULT false NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_process_day" CHECK ("stores"."process_day" BETWEEN 0 AND 30)
);
--> statement-breakpoint
CREATE TABLE "warehouse_partitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_partitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"name" text NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" integer NOT NULL,
	"region" integer DEFAULT 1 NOT NULL,
	"is_partner" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"image" text,
	"email" text,
	"phone" text,
	"address" text NOT NULL,
	"city_id" integer,
	"postcode" text,
	"latitude" double precision,
	"longitude" double precision,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_bank_code_banks_code_fk" FOREIGN KEY ("bank_code") REFERENCES "public"."banks"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_entries" ADD CONSTRAINT "brand_entries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_entries" ADD CONSTRAINT "brand_entries_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_product_category_id_product_categories_id_fk" FOREIGN KEY ("product_category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factories" ADD CONSTRAINT "factories_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factories" ADD CONSTRAINT "factories_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_owner_business_id_businesses_id_fk" FOREIGN KEY ("owner_business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_partner_business_id_businesses_id_fk" FOREIGN KEY ("partner_business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_requested_by_business_id_businesses_id_fk" FOREIGN KEY ("requested_by_business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_channels" ADD CONSTRAINT "store_channels_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_channels" ADD CONSTRAINT "store_channels_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_channels" ADD CONSTRAINT "store_channels_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_fees" ADD CONSTRAINT "store_fees_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_fees" ADD CONSTRAINT "store_fees_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_fees" ADD CONSTRAINT "store_fees_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_delivery_city_id_cities_id_fk" FOREIGN KEY ("delivery_city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_partitions" ADD CONSTRAINT "warehouse_partitions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_partitions" ADD CONSTRAINT "warehouse_partitions_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_number_idx" ON "bank_accounts" USING btree ("business_id","bank_code","account_no");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_default_idx" ON "bank_accounts" USING btree ("business_id") WHERE "bank_accounts"."is_default";--> statement-breakpoint
CREATE INDEX "brand_entries_brand_idx" ON "brand_entries" USING btree ("brand_id","section","sort_order");--> statement-breakpoint
CREATE INDEX "brands_business_idx" ON "brands" USING btree ("business_id","time_created");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_business_name_idx" ON "brands" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "channels_business_idx" ON "channels" USING btree ("business_id","time_created");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_one_default_idx" ON "channels" USING btree ("business_id") WHERE "channels"."is_default";--> statement-breakpoint
CREATE INDEX "factories_business_idx" ON "factories" USING btree ("business_id","time_created");--> statement-breakpoint
CREATE UNIQUE INDEX "partnerships_ref_partner_idx" ON "partnerships" USING btree ("kind","ref_id","partner_business_id");--> statement-breakpoint
CREATE INDEX "partnerships_partner_idx" ON "partnerships" USING btree ("partner_business_id","kind","status");--> statement-breakpoint
CREATE INDEX "partnerships_owner_idx" ON "partnerships" USING btree ("owner_business_id","kind","status");--> statement-breakpoint
CREATE INDEX "product_categories_parent_idx" ON "product_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "store_channels_channel_idx" ON "store_channels" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "store_fees_business_idx" ON "store_fees" USING btree ("business_id","time_created");--> statement-breakpoint
CREATE UNIQUE INDEX "store_fees_store_channel_idx" ON "store_fees" USING btree ("store_id",coalesce("channel_id", 0));--> statement-breakpoint
CREATE INDEX "stores_business_idx" ON "stores" USING btree ("business_id","time_created");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_one_default_idx" ON "stores" USING btree ("business_id") WHERE "stores"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_partitions_name_idx" ON "warehouse_partitions" USING btree ("warehouse_id",lower("name"));--> statement-breakpoint
CREATE INDEX "warehouses_business_idx" ON "warehouses" USING btree ("business_id","time_created");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_one_default_idx" ON "warehouses" USING btree ("business_id") WHERE "warehouses"."is_default";