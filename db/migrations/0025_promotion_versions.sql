CREATE TABLE "promotion_versions" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
