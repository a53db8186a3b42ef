import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { businesses } from "./business.ts";
import { stores, warehousePartitions, warehouses } from "./profile.ts";

// The last stock priority (spec section 2 /omnichannel/pos-report/inventory/last-stock-priority,
// issue 14 item 6): per business, the ordered locations an online order takes its stock from.
// Rules: core/stock/priority.ts.

/**
 * One location of a business's priority at `position` (1 first). A location is a store, a whole
 * warehouse (partition_id null: wherever in it), or one partition of a warehouse. A location left
 * out of the list is not used by the priority. Removing the store or warehouse removes its row.
 */
export const stockPriorities = pgTable(
  "stock_priorities",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    storeId: integer().references(() => stores.id, { onDelete: "cascade" }),
    warehouseId: integer().references(() => warehouses.id, { onDelete: "cascade" }),
    partitionId: integer().references(() => warehousePartitions.id, { onDelete: "cascade" }),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stock_priorities_position_idx").on(t.businessId, t.position),
    uniqueIndex("stock_priorities_location_idx").on(t.businessId, sql`coalesce(${t.storeId}, 0)`, sql`coalesce(${t.warehouseId}, 0)`, sql`coalesce(${t.partitionId}, 0)`),
    index("stock_priorities_warehouse_idx").on(t.warehouseId),
    check("stock_priorities_one_location", sql`num_nonnulls(${t.storeId}, ${t.warehouseId}) = 1 AND (${t.partitionId} IS NULL OR ${t.warehouseId} IS NOT NULL)`),
    check("stock_priorities_position", sql`${t.position} >= 1`),
  ],
);
