DROP INDEX "customers_last_order_idx";--> statement-breakpoint
CREATE INDEX "customers_last_order_idx" ON "customers" USING btree ("business_id","last_order_at" DESC NULLS LAST,"id","orders_count");