DROP TABLE "products" CASCADE;--> statement-breakpoint
DROP TABLE "stock_levels" CASCADE;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
