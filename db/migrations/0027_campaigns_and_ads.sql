CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"promo_type" text DEFAULT 'seasonal' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"min_discount_bp" integer DEFAULT 0 NOT NULL,
	"max_products" integer DEFAULT 50 NOT NULL,
	"registration_ends_at" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_numbers" CHECK ("campaigns"."ends_at" > "campaigns"."starts_at" AND "campaigns"."registration_ends_at" <= "campaigns"."starts_at"
      AND "campaigns"."min_discount_bp" BETWEEN 0 AND 9900 AND "campaigns"."max_products" BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "ad_days" (
	"ad_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_days_ad_id_day_pk" PRIMARY KEY("ad_id","day"),
	CONSTRAINT "ad_days_numbers" CHECK ("ad_days"."impressions" >= 0 AND "ad_days"."clicks" >= 0 AND "ad_days"."spent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"daily_budget" bigint NOT NULL,
	"bid_per_click" bigint NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"placements" text[] NOT NULL,
	"product_ids" integer[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_numbers" CHECK ("ads"."daily_budget" > 0 AND "ads"."bid_per_click" > 0 AND "ads"."bid_per_click" <= "ads"."daily_budget"
      AND "ads"."impressions" >= 0 AND "ads"."clicks" >= 0 AND "ads"."spent" >= 0 AND ("ads"."ends_at" IS NULL OR "ads"."ends_at" > "ads"."starts_at"))
);
--> statement-breakpoint
ALTER TABLE "promotion_targets" ADD COLUMN "price" bigint;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "ad_days" ADD CONSTRAINT "ad_days_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_ends" ON "campaigns" USING btree ("ends_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_name_start" ON "campaigns" USING btree ("name","starts_at");--> statement-breakpoint
CREATE INDEX "ad_days_business_day" ON "ad_days" USING btree ("business_id","day");--> statement-breakpoint
CREATE INDEX "ads_business_id" ON "ads" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "ads_active" ON "ads" USING btree ("starts_at") WHERE "ads"."status" = 1;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_business_campaign" ON "promotions" USING btree ("business_id","campaign_id") WHERE "promotions"."campaign_id" IS NOT NULL AND "promotions"."status" NOT IN (2, 3);