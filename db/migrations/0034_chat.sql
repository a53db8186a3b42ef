CREATE TABLE "chat_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conversation_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"direction" text NOT NULL,
	"body" text NOT NULL,
	"card_kind" text,
	"card_id" integer,
	"channel_id" integer,
	"channel_message_id" text,
	"sent_by" integer,
	"auto" boolean DEFAULT false NOT NULL,
	"delivery" text,
	"delivery_error" text,
	"outbox_id" integer,
	"read_at" timestamp with time zone,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_direction" CHECK ("chat_messages"."direction" IN ('in', 'out')),
	CONSTRAINT "chat_messages_card" CHECK ("chat_messages"."card_kind" IS NULL OR "chat_messages"."card_kind" IN ('product', 'order'))
);
--> statement-breakpoint
CREATE TABLE "chat_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"channel_id" integer,
	"channel_name" text NOT NULL,
	"platform_code" text NOT NULL,
	"buyer_id" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_phone" text,
	"channel_order_id" text DEFAULT '' NOT NULL,
	"order_id" integer,
	"customer_id" integer,
	"assigned_to" integer,
	"unread" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_preview" text DEFAULT '' NOT NULL,
	"last_direction" text DEFAULT 'in' NOT NULL,
	"away_replied_at" timestamp with time zone,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_status" CHECK ("conversations"."status" IN ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_templates" ADD CONSTRAINT "chat_templates_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_channel_idx" ON "chat_messages" USING btree ("channel_id","channel_message_id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_templates_title_idx" ON "chat_templates" USING btree ("business_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_buyer_idx" ON "conversations" USING btree ("channel_id","buyer_id","channel_order_id");--> statement-breakpoint
CREATE INDEX "conversations_list_idx" ON "conversations" USING btree ("business_id","last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_unread_idx" ON "conversations" USING btree ("business_id","last_message_at","id") WHERE "conversations"."unread" > 0;--> statement-breakpoint
CREATE INDEX "conversations_assigned_idx" ON "conversations" USING btree ("business_id","assigned_to","last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_channel_idx" ON "conversations" USING btree ("business_id","channel_id","last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_order_list_idx" ON "conversations" USING btree ("business_id","last_message_at","id") WHERE "conversations"."channel_order_id" <> '';--> statement-breakpoint
CREATE INDEX "conversations_order_idx" ON "conversations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "conversations_name_idx" ON "conversations" USING btree ("business_id",lower("buyer_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "conversations_phone_idx" ON "conversations" USING btree ("business_id","buyer_phone" text_pattern_ops);