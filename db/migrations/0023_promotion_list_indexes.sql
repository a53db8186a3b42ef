CREATE INDEX "promotions_business_id" ON "promotions" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "promotions_search" ON "promotions" USING gin (lower("name" || ' ' || coalesce("code", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "promotions_running" ON "promotions" USING btree ("business_id","ends_at") WHERE "promotions"."status" IN (1, 5);