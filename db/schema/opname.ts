import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { businesses } from "./business.ts";
import { products, productVariants } from "./catalog.ts";
import { brands, productCategories, stores, warehousePartitions, warehouses } from "./profile.ts";

// Stock counts (opname) and adjustments (issue 14 items 2 and 3; spec sections 3 "Opname
// products … opname_result", 4 "Opname lifecycle", 7 "Inventory"). Neither table holds stock: a
// count or an adjustment is a document whose lines become ledger changes (reason "opname" with
// reference OPN-<id>, reason "adjustment" with ADJ-<id>) through core/stock/stock-ledger.ts when it
// is adjusted. The statuses and who may move them are core/stock/opname-lifecycle.ts.

/**
 * One count of one location (a store, a warehouse's own shelf, or one partition). `scope` says
 * which items it started with: all | category | brand | picked. `locked`: while the count is
 * open (draft or awaiting_approval) the ledger refuses every change landing in the location
 * except this count's own adjustment (core/stock/stock-ledger.ts).
 */
export const stockOpnames = pgTable(
  "stock_opnames",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    storeId: integer().references(() => stores.id),
    warehouseId: integer().references(() => warehouses.id),
    partitionId: integer().references(() => warehousePartitions.id),
    scope: text().notNull().default("picked"), // all | category | brand | picked
    categoryId: integer().references(() => productCategories.id),
    brandId: integer().references(() => brands.id, { onDelete: "set null" }),
    locked: boolean().notNull().default(false),
    status: text().notNull().default("draft"), // draft | awaiting_approval | adjusted | cancelled
    note: text(),
    createdBy: integer().references(() => users.id),
    submittedBy: integer().references(() => users.id),
    decidedBy: integer().references(() => users.id),
    rejectNote: text(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeAdjusted: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("stock_opnames_business_status_idx").on(t.businessId, t.status, t.id),
    index("stock_opnames_business_id_idx").on(t.businessId, t.id),
    // What the ledger reads on every batch: the business's open, locked counts (a handful at most).
    index("stock_opnames_open_locks_idx").on(t.businessId).where(sql`${t.locked} AND ${t.status} IN ('draft', 'awaiting_approval')`),
    check("stock_opnames_one_location", sql`num_nonnulls(${t.storeId}, ${t.warehouseId}) = 1 AND (${t.partitionId} IS NULL OR ${t.warehouseId} IS NOT NULL)`),
    check("stock_opnames_status", sql`${t.status} IN ('draft', 'awaiting_approval', 'adjusted', 'cancelled')`),
  ],
);

/**
 * One variant of a count: the on-hand the location showed when the line was added (`snapshot`),
 * what was counted (null: not counted yet — it counts as 0, spec "stock is opname_result.stock, or
 * 0 when no result"), the variant's price then (the value of a difference), and once adjusted
 * the delta the ledger applied.
 */
export const stockOpnameLines = pgTable(
  "stock_opname_lines",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    opnameId: integer().notNull().references(() => stockOpnames.id, { onDelete: "cascade" }),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    productId: integer().notNull().references(() => products.id, { onDelete: "cascade" }),
    variantId: integer().notNull().references(() => productVariants.id, { onDelete: "cascade" }),
    snapshotOnHand: integer().notNull(),
    counted: integer(),
    unitValue: bigint({ mode: "number" }).notNull().default(0),
    adjustedDelta: integer(),
    timeCounted: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique("stock_opname_lines_variant_key").on(t.opnameId, t.variantId),
    check("stock_opname_lines_counts", sql`${t.snapshotOnHand} >= 0 AND (${t.counted} IS NULL OR ${t.counted} >= 0)`),
  ],
);

/**
 * An adjustment: one or more lines (bulk) at one location with a reason code and a note.
 * Status: awaiting_approval | adjusted | rejected (above the business's threshold someone holding
 * erp.approve decides; below it, or made by such a person, it is adjusted at once).
 */
export const stockAdjustments = pgTable(
  "stock_adjustments",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    storeId: integer().references(() => stores.id),
    warehouseId: integer().references(() => warehouses.id),
    partitionId: integer().references(() => warehousePartitions.id),
    reasonCode: text().notNull(),
    note: text(),
    status: text().notNull(),
    createdBy: integer().references(() => users.id),
    decidedBy: integer().references(() => users.id),
    rejectNote: text(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeAdjusted: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("stock_adjustments_business_status_idx").on(t.businessId, t.status, t.id),
    index("stock_adjustments_business_id_idx").on(t.businessId, t.id),
    check("stock_adjustments_one_location", sql`num_nonnulls(${t.storeId}, ${t.warehouseId}) = 1 AND (${t.partitionId} IS NULL OR ${t.warehouseId} IS NOT NULL)`),
    check("stock_adjustments_status", sql`${t.status} IN ('awaiting_approval', 'adjusted', 'rejected')`),
  ],
);

export const stockAdjustmentLines = pgTable(
  "stock_adjustment_lines",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    adjustmentId: integer().notNull().references(() => stockAdjustments.id, { onDelete: "cascade" }),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    productId: integer().notNull().references(() => products.id, { onDelete: "cascade" }),
    variantId: integer().notNull().references(() => productVariants.id, { onDelete: "cascade" }),
    delta: integer().notNull(),
    unitValue: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [
    index("stock_adjustment_lines_adjustment_idx").on(t.adjustmentId),
    check("stock_adjustment_lines_delta", sql`${t.delta} <> 0`),
  ],
);

/**
 * A business's approval thresholds (null: no approval needed). A count needs erp.approve when its
 * total absolute variance value (rupiah) is above `count_value_threshold` or any line's variance %
 * is above `count_percent_threshold`; an adjustment when its absolute value is above
 * `adjustment_value_threshold`.
 */
export const inventorySettings = pgTable(
  "inventory_settings",
  {
    businessId: integer().primaryKey().references(() => businesses.id, { onDelete: "cascade" }),
    countValueThreshold: bigint({ mode: "number" }),
    countPercentThreshold: integer(),
    adjustmentValueThreshold: bigint({ mode: "number" }),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("inventory_settings_non_negative", sql`coalesce(${t.countValueThreshold}, 0) >= 0 AND coalesce(${t.countPercentThreshold}, 0) >= 0 AND coalesce(${t.adjustmentValueThreshold}, 0) >= 0`),
  ],
);
