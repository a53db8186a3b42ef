ALTER TABLE "api_tokens" ADD COLUMN "reauth_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_hash" text;