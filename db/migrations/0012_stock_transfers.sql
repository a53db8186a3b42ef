CREATE TABLE "stock_transfer_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_transfer_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transfer_id" integer NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_transfer_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_transfer_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transfer_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_transfer_lines_variant_key" UNIQUE("transfer_id","variant_id"),
	CONSTRAINT "stock_transfer_lines_quantity" CHECK ("stock_transfer_lines"."quantity" > 0 AND "stock_transfer_lines"."quantity" <= 1000000),
	CONSTRAINT "stock_transfer_lines_non_negative" CHECK ("stock_transfer_lines"."sent" >= 0 AND "stock_transfer_lines"."received" >= 0 AND "stock_transfer_lines"."lost" >= 0 AND "stock_transfer_lines"."returned" >= 0),
	CONSTRAINT "stock_transfer_lines_not_over" CHECK ("stock_transfer_lines"."received" + "stock_transfer_lines"."lost" + "stock_transfer_lines"."returned" <= "stock_transfer_lines"."sent")
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"source_store_id" integer,
	"source_warehouse_id" integer,
	"source_partition_id" integer,
	"dest_store_id" integer,
	"dest_warehouse_id" integer,
	"dest_partition_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"time_sent" timestamp with time zone,
	"time_received" timestamp with time zone,
	CONSTRAINT "stock_transfers_status" CHECK ("stock_transfers"."status" IN ('draft', 'in_transit', 'received', 'discrepancy', 'cancelled')),
	CONSTRAINT "stock_transfers_source_one" CHECK (num_nonnulls("stock_transfers"."source_store_id", "stock_transfers"."source_warehouse_id") = 1 AND ("stock_transfers"."source_partition_id" IS NULL OR "stock_transfers"."source_warehouse_id" IS NOT NULL)),
	CONSTRAINT "stock_transfers_dest_one" CHECK (num_nonnulls("stock_transfers"."dest_store_id", "stock_transfers"."dest_warehouse_id") = 1 AND ("stock_transfers"."dest_partition_id" IS NULL OR "stock_transfers"."dest_warehouse_id" IS NOT NULL)),
	CONSTRAINT "stock_transfers_not_same" CHECK ("stock_transfers"."source_store_id" IS DISTINCT FROM "stock_transfers"."dest_store_id" OR "stock_transfers"."source_warehouse_id" IS DISTINCT FROM "stock_transfers"."dest_warehouse_id" OR "stock_transfers"."source_partition_id" IS DISTINCT FROM "stock_transfers"."dest_partition_id")
);
--> statement-breakpoint
ALTER TABLE "stock_transfer_events" ADD CONSTRAINT "stock_transfer_events_transfer_id_stock_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stock_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_events" ADD CONSTRAINT "stock_transfer_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_transfer_id_stock_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stock_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_source_store_id_stores_id_fk" FOREIGN KEY ("source_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_source_warehouse_id_warehouses_id_fk" FOREIGN KEY ("source_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_source_partition_id_warehouse_partitions_id_fk" FOREIGN KEY ("source_partition_id") REFERENCES "public"."warehouse_partitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_dest_store_id_stores_id_fk" FOREIGN KEY ("dest_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_dest_warehouse_id_warehouses_id_fk" FOREIGN KEY ("dest_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_dest_partition_id_warehouse_partitions_id_fk" FOREIGN KEY ("dest_partition_id") REFERENCES "public"."warehouse_partitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_transfer_events_transfer_idx" ON "stock_transfer_events" USING btree ("transfer_id","id");--> statement-breakpoint
CREATE INDEX "stock_transfer_lines_variant_idx" ON "stock_transfer_lines" USING btree ("business_id","variant_id");--> statement-breakpoint
CREATE INDEX "stock_transfers_business_idx" ON "stock_transfers" USING btree ("business_id","status","id");