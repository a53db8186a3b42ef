ALTER TABLE "product_variants" ADD COLUMN "cost" bigint;--> statement-breakpoint
CREATE INDEX "stock_levels_business_on_hand_idx" ON "stock_levels" USING btree ("business_id","on_hand","id");--> statement-breakpoint
CREATE INDEX "stock_levels_business_available_idx" ON "stock_levels" USING btree ("business_id",("on_hand" - "reserved"),"on_hand","id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("business_id","product_id","id");--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_cost_non_negative" CHECK ("product_variants"."cost" IS NULL OR "product_variants"."cost" >= 0);