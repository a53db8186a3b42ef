ALTER TABLE "promotions" DROP CONSTRAINT "promotions_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotions_campaign" ON "promotions" USING btree ("campaign_id") WHERE "promotions"."campaign_id" IS NOT NULL;