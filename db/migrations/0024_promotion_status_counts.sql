CREATE TABLE "promotion_status_counts" (
	"business_id" integer NOT NULL,
	"status" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promotion_status_counts_business_id_status_pk" PRIMARY KEY("business_id","status")
);
--> statement-breakpoint
-- The list's tab counts follow every write to promotions in the same transaction (as order_status_counts
-- in 0005): statement-level with transition tables, upserted in (business, status) order.
CREATE FUNCTION promotion_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO promotion_status_counts (business_id, status, n)
      SELECT business_id, status, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (business_id, status) DO UPDATE SET n = promotion_status_counts.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO promotion_status_counts (business_id, status, n)
      SELECT business_id, status, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (business_id, status) DO UPDATE SET n = promotion_status_counts.n + EXCLUDED.n;
  ELSE
    INSERT INTO promotion_status_counts (business_id, status, n)
      SELECT business_id, status, sum(d) FROM (
        SELECT business_id, status, 1 AS d FROM new_rows
        UNION ALL SELECT business_id, status, -1 FROM old_rows
      ) moves GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
      ON CONFLICT (business_id, status) DO UPDATE SET n = promotion_status_counts.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER promotions_count_insert AFTER INSERT ON promotions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION promotion_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER promotions_count_update AFTER UPDATE ON promotions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION promotion_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER promotions_count_delete AFTER DELETE ON promotions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION promotion_status_counts_apply();
--> statement-breakpoint
INSERT INTO promotion_status_counts (business_id, status, n)
  SELECT business_id, status, count(*) FROM promotions GROUP BY 1, 2;
