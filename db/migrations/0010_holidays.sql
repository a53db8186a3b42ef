CREATE TABLE "holiday_brands" (
	"holiday_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	CONSTRAINT "holiday_brands_holiday_id_brand_id_pk" PRIMARY KEY("holiday_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "holiday_stores" (
	"holiday_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	CONSTRAINT "holiday_stores_holiday_id_store_id_pk" PRIMARY KEY("holiday_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "holidays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"all_stores" integer DEFAULT 1 NOT NULL,
	"start_date" date,
	"end_date" date,
	"weekdays" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text,
	"status" integer DEFAULT 1 NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holidays_range" CHECK (num_nonnulls("holidays"."start_date", "holidays"."end_date") <> 1 AND ("holidays"."start_date" IS NULL OR "holidays"."start_date" <= "holidays"."end_date")),
	CONSTRAINT "holidays_some_day" CHECK ("holidays"."start_date" IS NOT NULL OR cardinality("holidays"."weekdays") > 0)
);
--> statement-breakpoint
ALTER TABLE "holiday_brands" ADD CONSTRAINT "holiday_brands_holiday_id_holidays_id_fk" FOREIGN KEY ("holiday_id") REFERENCES "public"."holidays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_brands" ADD CONSTRAINT "holiday_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_stores" ADD CONSTRAINT "holiday_stores_holiday_id_holidays_id_fk" FOREIGN KEY ("holiday_id") REFERENCES "public"."holidays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_stores" ADD CONSTRAINT "holiday_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holiday_brands_brand_idx" ON "holiday_brands" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "holiday_stores_store_idx" ON "holiday_stores" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "holidays_business_idx" ON "holidays" USING btree ("business_id","time_created");