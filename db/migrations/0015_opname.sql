CREATE TABLE "inventory_settings" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"count_value_threshold" bigint,
	"count_percent_threshold" integer,
	"adjustment_value_threshold" bigint,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_settings_non_negative" CHECK (coalesce("inventory_settings"."count_value_threshold", 0) >= 0 AND coalesce("inventory_settings"."count_percent_threshold", 0) >= 0 AND coalesce("inventory_settings"."adjustment_value_threshold", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_adjustment_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_adjustment_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"adjustment_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"unit_value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_adjustment_lines_delta" CHECK ("stock_adjustment_lines"."delta" <> 0)
);
--> statement-breakpoint
CREATE TABLE "stock_adjustments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"store_id" integer,
	"warehouse_id" integer,
	"partition_id" integer,
	"reason_code" text NOT NULL,
	"note" text,
	"status" text NOT NULL,
	"created_by" integer,
	"decided_by" integer,
	"reject_note" text,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_adjusted" timestamp with time zone,
	CONSTRAINT "stock_adjustments_one_location" CHECK (num_nonnulls("stock_adjustments"."store_id", "stock_adjustments"."warehouse_id") = 1 AND ("stock_adjustments"."partition_id" IS NULL OR "stock_adjustments"."warehouse_id" IS NOT NULL)),
	CONSTRAINT "stock_adjustments_status" CHECK ("stock_adjustments"."status" IN ('awaiting_approval', 'adjusted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "stock_opname_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_opname_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"opname_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"snapshot_on_hand" integer NOT NULL,
	"counted" integer,
	"unit_value" bigint DEFAULT 0 NOT NULL,
	"adjusted_delta" integer,
	"time_counted" timestamp with time zone,
	CONSTRAINT "stock_opname_lines_variant_key" UNIQUE("opname_id","variant_id"),
	CONSTRAINT "stock_opname_lines_counts" CHECK ("stock_opname_lines"."snapshot_on_hand" >= 0 AND ("stock_opname_lines"."counted" IS NULL OR "stock_opname_lines"."counted" >= 0))
);
--> statement-breakpoint
CREATE TABLE "stock_opnames" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_opnames_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"store_id" integer,
	"warehouse_id" integer,
	"partition_id" integer,
	"scope" text DEFAULT 'picked' NOT NULL,
	"category_id" integer,
	"brand_id" integer,
	"locked" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"note" text,
	"created_by" integer,
	"submitted_by" integer,
	"decided_by" integer,
	"reject_note" text,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"time_adjusted" timestamp with time zone,
	CONSTRAINT "stock_opnames_one_location" CHECK (num_nonnulls("stock_opnames"."store_id", "stock_opnames"."warehouse_id") = 1 AND ("stock_opnames"."partition_id" IS NULL OR "stock_opnames"."warehouse_id" IS NOT NULL)),
	CONSTRAINT "stock_opnames_status" CHECK ("stock_opnames"."status" IN ('draft', 'awaiting_approval', 'adjusted', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "inventory_settings" ADD CONSTRAINT "inventory_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustment_lines" ADD CONSTRAINT "stock_adjustment_lines_adjustment_id_stock_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."stock_adjustments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustment_lines" ADD CONSTRAINT "stock_adjustment_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustment_lines" ADD CONSTRAINT "stock_adjustment_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustment_lines" ADD CONSTRAINT "stock_adjustment_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_partition_id_warehouse_partitions_id_fk" FOREIGN KEY ("partition_id") REFERENCES "public"."warehouse_partitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_opname_lines" ADD CONSTRAINT "stock_opname_lines_opname_id_stock_opnames_id_fk" FOREIGN KEY ("opname_id") REFERENCES "public"."stock_opnames"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_opname_lines" ADD CONSTRAINT "stock_opname_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_opname_lines" ADD CONSTRAINT "stock_opname_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_opname_lines" ADD CONSTRAINT "stock_opname_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_opnames" ADD CONSTRAINT "stock_opnames_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_opnames" ADD CONSTRAINT "stock_opnames_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_opnames" ADD CONSTRAINT "stock_opnames_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_opnames" ADD CONSTRAINT "stock_opnames_partition_id_warehouse_partitions_id_fk" FOREIGN KEY ("partition_id") REFERENCES "public"."warehouse_partitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_opnames" ADD CONSTRAINT "stock_opnames_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_opnames" ADD CONSTRAINT "stock_opnames_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_opnames" ADD CONSTRAINT "stock_opnames_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_opnames" ADD CONSTRAINT "stock_opnames_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_opnames" ADD CONSTRAINT "stock_opnames_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_adjustment_lines_adjustment_idx" ON "stock_adjustment_lines" USING btree ("adjustment_id");--> statement-breakpoint
CREATE INDEX "stock_adjustments_business_status_idx" ON "stock_adjustments" USING btree ("business_id","status","id");--> statement-breakpoint
CREATE INDEX "stock_adjustments_business_id_idx" ON "stock_adjustments" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "stock_opnames_business_status_idx" ON "stock_opnames" USING btree ("business_id","status","id");--> statement-breakpoint
CREATE INDEX "stock_opnames_business_id_idx" ON "stock_opnames" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "stock_opnames_open_locks_idx" ON "stock_opnames" USING btree ("business_id") WHERE "stock_opnames"."locked" AND "stock_opnames"."status" IN ('draft', 'awaiting_approval');