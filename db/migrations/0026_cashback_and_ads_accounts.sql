ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_code";--> statement-breakpoint
ALTER TABLE "settlements" DROP CONSTRAINT "settlements_amounts";--> statement-breakpoint
ALTER TABLE "settlement_day_totals" ADD COLUMN "cashback" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_days" ADD COLUMN "cashback" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_months" ADD COLUMN "cashback" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "cashback" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_code" CHECK ("ledger_accounts"."code" IN ('income', 'saldo', 'payout', 'deposit', 'points', 'sales', 'store_fees', 'commission', 'shipping', 'cashback', 'ads', 'adjustments', 'payment', 'bank', 'platform_costs', 'points_issued'));--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_amounts" CHECK ("settlements"."gross" >= 0 AND "settlements"."store_fee" >= 0 AND "settlements"."commission" >= 0 AND "settlements"."shipping" >= 0 AND "settlements"."cashback" >= 0 AND "settlements"."net" >= 0);