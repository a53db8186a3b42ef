CREATE TABLE "payout_callbacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payout_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"provider_ref" text NOT NULL,
	"outcome" text NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"source" text NOT NULL,
	"amount" bigint NOT NULL,
	"bank_account_id" integer,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_no" text NOT NULL,
	"account_name" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"provider_ref" text,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"requested_by" integer,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_sent" timestamp with time zone,
	"time_finished" timestamp with time zone,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount" CHECK ("payouts"."amount" > 0),
	CONSTRAINT "payouts_source" CHECK ("payouts"."source" IN ('saldo', 'deposit')),
	CONSTRAINT "payouts_status" CHECK ("payouts"."status" IN ('requested', 'processing', 'paid', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payout_callbacks" ADD CONSTRAINT "payout_callbacks_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_callbacks_payout" ON "payout_callbacks" USING btree ("payout_id","id");--> statement-breakpoint
CREATE INDEX "payouts_business_time" ON "payouts" USING btree ("business_id","time_created","id");--> statement-breakpoint
CREATE INDEX "payouts_to_send" ON "payouts" USING btree ("next_attempt_at") WHERE "payouts"."status" = 'requested';