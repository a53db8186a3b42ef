CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"owner" text NOT NULL,
	"status" integer,
	"content_type" text,
	"body" text,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_business_id_key_pk" PRIMARY KEY("user_id","business_id","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_time_idx" ON "idempotency_keys" USING btree ("time_created");