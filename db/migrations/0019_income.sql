CREATE TABLE "channel_commissions" (
	"business_id" integer NOT NULL,
	"platform_code" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_commissions_business_id_platform_code_pk" PRIMARY KEY("business_id","platform_code"),
	CONSTRAINT "channel_commissions_rate" CHECK ("channel_commissions"."rate_bp" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
CREATE TABLE "settlement_days" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
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
	CONSTRAINT "settlement_days_business_id_day_channel_id_store_id_pk" PRIMARY KEY("business_id","day","channel_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_code" text NOT NULL,
	"channel_id" integer DEFAULT 0 NOT NULL,
	"channel_name" text NOT NULL,
	"platform_code" text,
	"store_id" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"gross" bigint NOT NULL,
	"store_fee" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"commission_bp" integer DEFAULT 0 NOT NULL,
	"shipping" bigint DEFAULT 0 NOT NULL,
	"adjustment" bigint DEFAULT 0 NOT NULL,
	"net" bigint NOT NULL,
	"released" bigint DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'holding' NOT NULL,
	"released_at" timestamp with time zone,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_status" CHECK ("settlements"."status" IN ('holding', 'released')),
	CONSTRAINT "settlements_amounts" CHECK ("settlements"."gross" >= 0 AND "settlements"."store_fee" >= 0 AND "settlements"."commission" >= 0 AND "settlements"."shipping" >= 0 AND "settlements"."net" >= 0)
);
--> statement-breakpoint
ALTER TABLE "channel_commissions" ADD CONSTRAINT "channel_commissions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_days" ADD CONSTRAINT "settlement_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_order" ON "settlements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "settlements_business_day" ON "settlements" USING btree ("business_id","day","finished_at","id");--> statement-breakpoint
CREATE INDEX "settlements_code_prefix" ON "settlements" USING btree ("business_id",lower("order_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "settlements_due" ON "settlements" USING btree ("release_at") WHERE "settlements"."status" = 'holding';