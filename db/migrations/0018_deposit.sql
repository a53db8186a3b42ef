CREATE TABLE "deposit_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"paid_via" text,
	"points_used" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" integer,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_invoices_type" CHECK ("deposit_invoices"."type" IN ('sales_po', 'system_subscription')),
	CONSTRAINT "deposit_invoices_status" CHECK ("deposit_invoices"."status" IN ('unpaid', 'paid')),
	CONSTRAINT "deposit_invoices_amount" CHECK ("deposit_invoices"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "money_settings" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"invoice_setting" smallint DEFAULT 3 NOT NULL,
	"auto_payment" boolean DEFAULT false NOT NULL,
	"subscription_fee" bigint,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_settings_invoice_setting" CHECK ("money_settings"."invoice_setting" BETWEEN 1 AND 3)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"invoice_id" integer,
	"amount" bigint NOT NULL,
	"method" smallint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"instructions" jsonb,
	"expires_at" timestamp with time zone,
	"note" text,
	"user_id" integer,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_settled" timestamp with time zone,
	CONSTRAINT "payments_purpose" CHECK ("payments"."purpose" IN ('topup', 'invoice')),
	CONSTRAINT "payments_status" CHECK ("payments"."status" IN ('pending', 'paid', 'failed', 'expired')),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_method" CHECK ("payments"."method" BETWEEN 2 AND 6)
);
--> statement-breakpoint
ALTER TABLE "deposit_invoices" ADD CONSTRAINT "deposit_invoices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_invoices" ADD CONSTRAINT "deposit_invoices_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_settings" ADD CONSTRAINT "money_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_deposit_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."deposit_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_invoices_number" ON "deposit_invoices" USING btree ("business_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_invoices_subscription_period" ON "deposit_invoices" USING btree ("business_id","period_start") WHERE "deposit_invoices"."type" = 'system_subscription';--> statement-breakpoint
CREATE INDEX "deposit_invoices_list" ON "deposit_invoices" USING btree ("business_id","time_created","id");--> statement-breakpoint
CREATE INDEX "deposit_invoices_due" ON "deposit_invoices" USING btree ("due_at") WHERE "deposit_invoices"."status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "payments_business" ON "payments" USING btree ("business_id","time_created");--> statement-breakpoint
CREATE INDEX "payments_invoice" ON "payments" USING btree ("invoice_id");