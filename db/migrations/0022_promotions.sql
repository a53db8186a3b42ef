CREATE TABLE "order_promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer,
	"promotion_id" integer NOT NULL,
	"buyer" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"released_at" timestamp with time zone,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_targets" (
	"promotion_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	CONSTRAINT "promotion_targets_promotion_id_kind_ref_id_pk" PRIMARY KEY("promotion_id","kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"promo_type" text DEFAULT 'common' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"discount_type" text,
	"discount_value" bigint,
	"max_discount" bigint,
	"min_spend" bigint DEFAULT 0 NOT NULL,
	"buy_qty" integer,
	"get_qty" integer,
	"bundle_price" bigint,
	"gift_variant_id" integer,
	"cashback_as" text,
	"code" text,
	"followers_only" boolean DEFAULT false NOT NULL,
	"any_product" boolean DEFAULT true NOT NULL,
	"any_channel" boolean DEFAULT true NOT NULL,
	"any_store" boolean DEFAULT true NOT NULL,
	"quota" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"per_buyer" integer,
	"promo_stock" integer,
	"stock_used" integer DEFAULT 0 NOT NULL,
	"auto_approve_at" timestamp with time zone,
	"status_note" text,
	"recreated_from" integer,
	"created_by" integer,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_numbers" CHECK ("promotions"."ends_at" > "promotions"."starts_at" AND "promotions"."used" >= 0 AND "promotions"."stock_used" >= 0
      AND ("promotions"."quota" IS NULL OR ("promotions"."quota" > 0 AND "promotions"."used" <= "promotions"."quota"))
      AND ("promotions"."promo_stock" IS NULL OR ("promotions"."promo_stock" > 0 AND "promotions"."stock_used" <= "promotions"."promo_stock"))
      AND ("promotions"."per_buyer" IS NULL OR "promotions"."per_buyer" > 0) AND "promotions"."min_spend" >= 0
      AND ("promotions"."discount_value" IS NULL OR "promotions"."discount_value" > 0) AND ("promotions"."discount_type" <> 'percent' OR "promotions"."discount_value" <= 10000))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "regular_price" bigint;--> statement-breakpoint
ALTER TABLE "order_promotions" ADD CONSTRAINT "order_promotions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_promotions" ADD CONSTRAINT "order_promotions_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_promotions" ADD CONSTRAINT "order_promotions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_targets" ADD CONSTRAINT "promotion_targets_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_gift_variant_id_product_variants_id_fk" FOREIGN KEY ("gift_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_promotions_order" ON "order_promotions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_promotions_promotion" ON "order_promotions" USING btree ("promotion_id","id");--> statement-breakpoint
CREATE INDEX "order_promotions_buyer" ON "order_promotions" USING btree ("promotion_id","buyer") WHERE "order_promotions"."released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "promotion_targets_ref" ON "promotion_targets" USING btree ("business_id","kind","ref_id");--> statement-breakpoint
CREATE INDEX "promotions_business_status" ON "promotions" USING btree ("business_id","status","id");--> statement-breakpoint
CREATE INDEX "promotions_due_start" ON "promotions" USING btree ("starts_at") WHERE "promotions"."status" = 1;--> statement-breakpoint
CREATE INDEX "promotions_due_end" ON "promotions" USING btree ("ends_at") WHERE "promotions"."status" IN (5, 7);--> statement-breakpoint
CREATE INDEX "promotions_due_approve" ON "promotions" USING btree ("auto_approve_at") WHERE "promotions"."status" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_business_code" ON "promotions" USING btree ("business_id",upper("code")) WHERE "promotions"."code" IS NOT NULL AND "promotions"."status" NOT IN (2, 3, 6);