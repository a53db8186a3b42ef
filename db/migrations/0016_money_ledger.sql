CREATE TABLE "ledger_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"code" text NOT NULL,
	"unit" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_code" CHECK ("ledger_accounts"."code" IN ('income', 'saldo', 'payout', 'deposit', 'points', 'sales', 'store_fees', 'commission', 'shipping', 'adjustments', 'payment', 'bank', 'platform_costs', 'points_issued')),
	CONSTRAINT "ledger_accounts_unit" CHECK ("ledger_accounts"."unit" IN ('idr', 'point')),
	CONSTRAINT "ledger_accounts_floor" CHECK ("ledger_accounts"."code" NOT IN ('income', 'saldo', 'payout', 'points') OR "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"unit" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"ref_type" text,
	"ref_id" integer,
	"memo" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" integer,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_business_code" ON "ledger_accounts" USING btree ("business_id","code");--> statement-breakpoint
CREATE INDEX "ledger_entries_account" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_key" ON "ledger_transactions" USING btree ("business_id","key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_ref" ON "ledger_transactions" USING btree ("business_id","ref_type","ref_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_time" ON "ledger_transactions" USING btree ("business_id","time_created","id");--> statement-breakpoint
-- The ledger proves itself (core/money/ledger.ts): what was written is never changed or removed
-- (a correction is a new transaction); only a business being deleted takes its rows with it
-- (the cascade runs inside the foreign key's own trigger, so the depth is above 1).
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- Every transaction sums to zero per unit. The writer inserts a transaction's entries in one
-- statement, so a statement-level check over the rows it wrote sees each transaction whole.
CREATE FUNCTION ledger_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM ledger_entries e
    WHERE e.transaction_id IN (SELECT DISTINCT transaction_id FROM new_rows)
    GROUP BY e.transaction_id, e.unit HAVING sum(e.amount) <> 0
  ) THEN
    RAISE EXCEPTION 'a ledger transaction does not sum to zero' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_balanced();
