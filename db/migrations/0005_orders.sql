CREATE TABLE "channel_events" (
	"channel_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"order_id" integer,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_events_channel_id_event_id_pk" PRIMARY KEY("channel_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"product_id" integer,
	"variant_id" integer,
	"product_name" text NOT NULL,
	"variant_name" text,
	"size_name" text,
	"sku" text NOT NULL,
	"image" text,
	"quantity" integer NOT NULL,
	"price" bigint NOT NULL,
	"store_id" integer,
	"warehouse_id" integer,
	"partition_id" integer,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "order_items_quantity" CHECK ("order_items"."quantity" > 0 AND "order_items"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_status_counts" (
	"business_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_counts_business_id_status_pk" PRIMARY KEY("business_id","status")
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"user_id" integer,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" integer,
	"note" text,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_tracking" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_tracking_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"description" text NOT NULL,
	"location" text,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"order_code" text NOT NULL,
	"channel_id" integer,
	"channel_name" text NOT NULL,
	"channel_order_id" text,
	"store_id" integer,
	"warehouse_id" integer,
	"order_type" integer DEFAULT 1 NOT NULL,
	"delivery_method" text DEFAULT 'courier' NOT NULL,
	"status" text NOT NULL,
	"tab" text GENERATED ALWAYS AS (CASE "status" WHEN 'waiting-payment' THEN 'waiting-payment' WHEN 'waiting-approval' THEN 'waiting-approval' WHEN 'cancellation-request' THEN 'waiting-approval' WHEN 'wait-to-prepare' THEN 'process' WHEN 'preparing' THEN 'process' WHEN 'wait-to-pack' THEN 'process' WHEN 'packing' THEN 'process' WHEN 'ready-to-ship' THEN 'process' WHEN 'wait-to-send' THEN 'process' WHEN 'wait-to-pick' THEN 'process' WHEN 'send-to-courier' THEN 'process' WHEN 'sending' THEN 'process' WHEN 'picking' THEN 'process' WHEN 'hold' THEN 'process' WHEN 'prepare-hold' THEN 'process' WHEN 'packing-hold' THEN 'process' WHEN 'on-courier-delivery' THEN 'delivered' WHEN 'on-delivery' THEN 'delivered' WHEN 'received' THEN 'successful' WHEN 'finish' THEN 'finished' WHEN 'cancelled' THEN 'cancelled' WHEN 'returned' THEN 'returned' WHEN 'complaint' THEN 'returned' END) STORED,
	"stage" text GENERATED ALWAYS AS (CASE "status" WHEN 'waiting-payment' THEN 'waiting-payment' WHEN 'waiting-approval' THEN 'waiting-approval' WHEN 'cancellation-request' THEN 'waiting-approval' WHEN 'wait-to-prepare' THEN 'prepare' WHEN 'preparing' THEN 'prepare' WHEN 'wait-to-pack' THEN 'pack' WHEN 'packing' THEN 'pack' WHEN 'wait-to-send' THEN 'send-pick' WHEN 'wait-to-pick' THEN 'send-pick' WHEN 'ready-to-ship' THEN 'ready' WHEN 'send-to-courier' THEN 'send-pick' WHEN 'sending' THEN 'send-pick' WHEN 'picking' THEN 'send-pick' WHEN 'hold' THEN 'hold' WHEN 'prepare-hold' THEN 'hold' WHEN 'packing-hold' THEN 'hold' WHEN 'on-courier-delivery' THEN 'delivered' WHEN 'on-delivery' THEN 'delivered' WHEN 'received' THEN 'successful' WHEN 'finish' THEN 'finished' WHEN 'cancelled' THEN 'cancelled' WHEN 'returned' THEN 'returned' WHEN 'complaint' THEN 'returned' END) STORED,
	"previous_status" text,
	"return_stage" text,
	"stock_state" text DEFAULT 'none' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text,
	"customer_email" text,
	"recipient_name" text,
	"recipient_phone" text,
	"shipping_address" text,
	"shipping_city" text,
	"shipping_province" text,
	"shipping_postcode" text,
	"courier_code" text,
	"courier_service" text,
	"tracking_number" text,
	"shipping_parameter" jsonb,
	"payment_method" integer,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"shipping_cost" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"total_amount" bigint NOT NULL,
	"customer_note" text,
	"hold_reason" text,
	"cancel_reason" integer,
	"cancel_note" text,
	"complaint_reason" integer,
	"complaint_note" text,
	"return_damaged" boolean,
	"seller_feedback" text,
	"seller_rating" integer,
	"paid_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"invoice_printed_at" timestamp with time zone,
	"label_printed_at" timestamp with time zone,
	"picklist_printed_at" timestamp with time zone,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status" CHECK ("status" IN ('waiting-payment', 'waiting-approval', 'cancellation-request', 'wait-to-prepare', 'preparing', 'wait-to-pack', 'packing', 'wait-to-send', 'wait-to-pick', 'ready-to-ship', 'send-to-courier', 'sending', 'picking', 'hold', 'prepare-hold', 'packing-hold', 'on-courier-delivery', 'on-delivery', 'received', 'finish', 'cancelled', 'returned', 'complaint')),
	CONSTRAINT "orders_money" CHECK ("orders"."subtotal" >= 0 AND "orders"."shipping_cost" >= 0 AND "orders"."discount" >= 0 AND "orders"."total_amount" >= 0),
	CONSTRAINT "orders_one_source" CHECK (num_nonnulls("orders"."store_id", "orders"."warehouse_id") <= 1)
);
--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_partition_id_warehouse_partitions_id_fk" FOREIGN KEY ("partition_id") REFERENCES "public"."warehouse_partitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tracking" ADD CONSTRAINT "order_tracking_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_sku_idx" ON "order_items" USING btree ("business_id",lower("sku") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_tracking_order_idx" ON "order_tracking" USING btree ("order_id","time_created");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_business_code_idx" ON "orders" USING btree ("business_id","order_code");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_channel_order_idx" ON "orders" USING btree ("channel_id","channel_order_id");--> statement-breakpoint
CREATE INDEX "orders_business_time_idx" ON "orders" USING btree ("business_id","time_created","id");--> statement-breakpoint
CREATE INDEX "orders_business_tab_idx" ON "orders" USING btree ("business_id","tab","time_created","id");--> statement-breakpoint
CREATE INDEX "orders_business_stage_idx" ON "orders" USING btree ("business_id","stage","time_created","id");--> statement-breakpoint
CREATE INDEX "orders_business_status_idx" ON "orders" USING btree ("business_id","status","time_created","id");--> statement-breakpoint
CREATE INDEX "orders_code_prefix_idx" ON "orders" USING btree ("business_id",lower("order_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_trgm_idx" ON "orders" USING gin (lower("customer_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_tracking_idx" ON "orders" USING btree ("tracking_number");--> statement-breakpoint
CREATE INDEX "orders_deadline_idx" ON "orders" USING btree ("deadline_at") WHERE "orders"."deadline_at" IS NOT NULL;--> statement-breakpoint
-- The tab counts (order_status_counts) follow every write to orders in the same transaction.
-- Statement-level with transition tables: a 1,000-row insert is one counter update per status.
-- Rows are upserted in status order so two transactions never wait on each other in a circle.
CREATE FUNCTION order_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_status_counts (business_id, status, n)
      SELECT business_id, status, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (business_id, status) DO UPDATE SET n = order_status_counts.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_status_counts (business_id, status, n)
      SELECT business_id, status, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (business_id, status) DO UPDATE SET n = order_status_counts.n + EXCLUDED.n;
  ELSE
    INSERT INTO order_status_counts (business_id, status, n)
      SELECT business_id, status, sum(d) FROM (
        SELECT business_id, status, 1 AS d FROM new_rows
        UNION ALL SELECT business_id, status, -1 FROM old_rows
      ) moves GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
      ON CONFLICT (business_id, status) DO UPDATE SET n = order_status_counts.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_count_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER orders_count_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER orders_count_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_apply();
--> statement-breakpoint
-- The running number in order codes (INV/<WIB date>/<number>), shared by every business.
CREATE SEQUENCE order_number_seq START WITH 100001;
