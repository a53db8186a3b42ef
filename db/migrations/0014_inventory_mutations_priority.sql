CREATE TABLE "stock_priorities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_priorities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"position" integer NOT NULL,
	"store_id" integer,
	"warehouse_id" integer,
	"partition_id" integer,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_priorities_one_location" CHECK (num_nonnulls("stock_priorities"."store_id", "stock_priorities"."warehouse_id") = 1 AND ("stock_priorities"."partition_id" IS NULL OR "stock_priorities"."warehouse_id" IS NOT NULL)),
	CONSTRAINT "stock_priorities_position" CHECK ("stock_priorities"."position" >= 1)
);
--> statement-breakpoint
DROP INDEX "stock_movements_business_idx";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "kind" text GENERATED ALWAYS AS (CASE
      WHEN reason = 'order' AND on_hand_after < on_hand_before THEN 'sale'
      WHEN reason = 'order' AND on_hand_after > on_hand_before THEN 'return'
      WHEN reason = 'opname' THEN 'count'
      WHEN reason = 'adjustment' THEN 'adjustment'
      WHEN reason = 'transfer_out' OR (reason = 'transfer' AND on_hand_after < on_hand_before) THEN 'transfer_out'
      WHEN reason = 'transfer_in' OR (reason = 'transfer' AND on_hand_after > on_hand_before) THEN 'transfer_in'
      WHEN reason IN ('bulk_upload', 'mass_update') THEN 'bulk_upload'
      ELSE 'other' END) STORED;--> statement-breakpoint
ALTER TABLE "stock_priorities" ADD CONSTRAINT "stock_priorities_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_priorities" ADD CONSTRAINT "stock_priorities_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_priorities" ADD CONSTRAINT "stock_priorities_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_priorities" ADD CONSTRAINT "stock_priorities_partition_id_warehouse_partitions_id_fk" FOREIGN KEY ("partition_id") REFERENCES "public"."warehouse_partitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_priorities_position_idx" ON "stock_priorities" USING btree ("business_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_priorities_location_idx" ON "stock_priorities" USING btree ("business_id",coalesce("store_id", 0),coalesce("warehouse_id", 0),coalesce("partition_id", 0));--> statement-breakpoint
CREATE INDEX "stock_priorities_warehouse_idx" ON "stock_priorities" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_movements_business_time_idx" ON "stock_movements" USING btree ("business_id","time_created","id");--> statement-breakpoint
CREATE INDEX "stock_movements_kind_time_idx" ON "stock_movements" USING btree ("business_id","kind","time_created","id");--> statement-breakpoint
CREATE INDEX "stock_movements_store_time_idx" ON "stock_movements" USING btree ("business_id","store_id","time_created","id") WHERE "stock_movements"."store_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movements_warehouse_time_idx" ON "stock_movements" USING btree ("business_id","warehouse_id","time_created","id") WHERE "stock_movements"."warehouse_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movements_partition_time_idx" ON "stock_movements" USING btree ("business_id","partition_id","time_created","id") WHERE "stock_movements"."partition_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movements_reference_idx" ON "stock_movements" USING btree ("business_id",upper("reference") text_pattern_ops) WHERE "stock_movements"."reference" IS NOT NULL;