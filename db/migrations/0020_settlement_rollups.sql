CREATE TABLE "settlement_day_totals" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"n_released" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"store_fee" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"shipping" bigint DEFAULT 0 NOT NULL,
	"adjustment" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"released" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "settlement_day_totals_business_id_day_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
CREATE TABLE "settlement_months" (
	"business_id" integer NOT NULL,
	"month" date NOT NULL,
	"channel_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"n_released" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"store_fee" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"shipping" bigint DEFAULT 0 NOT NULL,
	"adjustment" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"released" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "settlement_months_business_id_month_channel_id_store_id_pk" PRIMARY KEY("business_id","month","channel_id","store_id")
);
--> statement-breakpoint
ALTER TABLE "settlement_day_totals" ADD CONSTRAINT "settlement_day_totals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_months" ADD CONSTRAINT "settlement_months_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The rollups of the settlements already summed per day, channel and store.
INSERT INTO "settlement_day_totals" (business_id, day, n, n_released, gross, store_fee, commission, shipping, adjustment, net, released)
SELECT business_id, day, sum(n), sum(n_released), sum(gross), sum(store_fee), sum(commission), sum(shipping), sum(adjustment), sum(net), sum(released)
  FROM "settlement_days" GROUP BY business_id, day;--> statement-breakpoint
INSERT INTO "settlement_months" (business_id, month, channel_id, store_id, n, n_released, gross, store_fee, commission, shipping, adjustment, net, released)
SELECT business_id, date_trunc('month', day)::date, channel_id, store_id, sum(n), sum(n_released), sum(gross), sum(store_fee), sum(commission),
       sum(shipping), sum(adjustment), sum(net), sum(released)
  FROM "settlement_days" GROUP BY business_id, date_trunc('month', day)::date, channel_id, store_id;
