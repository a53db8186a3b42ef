import { sql } from "drizzle-orm";
import {
  bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { businesses } from "./business.ts";
import { brands, channels, productCategories, stores, warehousePartitions, warehouses } from "./profile.ts";

// The catalogue (spec sections 2 "Products", 3 "Shapes": product picker, image list, dimensions,
// video) and the stock ledger underneath it. A product is a family; each variant × size
// combination is a `product_variants` row with its own SKU, barcode and price; stock is kept per
// variant per location (a store, or a warehouse with an optional partition) in `stock_levels`, and
// every change to a level is a `stock_movements` row written in the same transaction
// (core/stock/stock-ledger.ts is the only writer of both).

const stamps = {
  timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/**
 * Product status (spec section 4): draft | published | archived | suspended. "Out of stock" is not
 * a stored status: it is a published product whose `available` is 0. `on_hand` and `available`
 * are sums over the product's stock levels kept by the ledger in the same transaction as the
 * levels themselves, so the listing's tabs and counts need no join over the stock rows.
 * Money is integer rupiah; dimensions are whole millimetres and weight whole grams (the forms
 * accept cm and kg and convert: spec section 9).
 */
export const products = pgTable(
  "products",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    brandId: integer().references(() => brands.id, { onDelete: "set null" }),
    categoryId: integer().references(() => productCategories.id),
    name: text().notNull(),
    // The family (parent) SKU; each variant has its own.
    sku: text().notNull(),
    description: text().notNull().default(""),
    genderAudience: integer().notNull().default(0), // index into GENDER_AUDIENCES
    stockType: integer().notNull().default(1), // 1 Ready, 2 Pre Order, 3 Custom
    preorderDays: integer(),
    status: text().notNull().default("draft"),
    weightGr: integer().notNull().default(0),
    lengthMm: integer().notNull().default(0),
    widthMm: integer().notNull().default(0),
    heightMm: integer().notNull().default(0),
    videoUrl: text(),
    videoTitle: text(),
    videoDescription: text(),
    // Available stock at or below this is "low stock" on the dashboard.
    minStock: integer().notNull().default(5),
    // single | bulk (added from a bulk template; bulkUploadId says which upload)
    source: text().notNull().default("single"),
    bulkUploadId: integer(),
    onHand: integer().notNull().default(0),
    available: integer().notNull().default(0),
    priceMin: bigint({ mode: "number" }).notNull().default(0),
    priceMax: bigint({ mode: "number" }).notNull().default(0),
    masterSyncedAt: timestamp({ withTimezone: true }),
    ...stamps,
  },
  (t) => [
    index("products_business_status_idx").on(t.businessId, t.status, t.timeCreated, t.id),
    // The listing's bounded tab counts read this alone (index-only): status, and available for
    // Active / Out Of Stock (core/catalog/product-list.ts).
    index("products_business_tab_idx").on(t.businessId, t.status, t.available),
    // SKU search is "starts with" (text_pattern_ops: LIKE 'abc%' whatever the database's collation).
    index("products_business_sku_prefix_idx").on(t.businessId, sql`lower(${t.sku}) text_pattern_ops`),
    index("products_business_created_idx").on(t.businessId, t.timeCreated, t.id),
    index("products_business_modified_idx").on(t.businessId, t.timeModified, t.id),
    index("products_business_name_idx").on(t.businessId, sql`lower(${t.name})`, t.id),
    index("products_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    uniqueIndex("products_business_sku_idx").on(t.businessId, sql`lower(${t.sku})`),
    index("products_brand_idx").on(t.businessId, t.brandId),
    index("products_category_idx").on(t.businessId, t.categoryId),
    check("products_stock_non_negative", sql`${t.onHand} >= 0 AND ${t.available} >= 0 AND ${t.available} <= ${t.onHand}`),
    check("products_numbers_non_negative", sql`${t.weightGr} >= 0 AND ${t.lengthMm} >= 0 AND ${t.widthMm} >= 0 AND ${t.heightMm} >= 0 AND ${t.priceMin} >= 0 AND ${t.priceMax} >= ${t.priceMin} AND ${t.minStock} >= 0`),
  ],
);

/** One sellable combination of a family: variant (e.g. colour) × size. */
export const productVariants = pgTable(
  "product_variants",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    productId: integer().notNull().references(() => products.id, { onDelete: "cascade" }),
    variantName: text().notNull().default(""),
    sizeName: text().notNull().default(""),
    sku: text().notNull(),
    barcode: text(),
    price: bigint({ mode: "number" }).notNull().default(0),
    compareAtPrice: bigint({ mode: "number" }),
    // Cost of goods (HPP), integer rupiah; null = not entered. The stock overview values stock at it
    // (core/stock/overview.ts); set on the product's stock page.
    cost: bigint({ mode: "number" }),
    position: integer().notNull().default(0),
    ...stamps,
  },
  (t) => [
    index("product_variants_product_idx").on(t.productId, t.position),
    uniqueIndex("product_variants_business_sku_idx").on(t.businessId, sql`lower(${t.sku})`),
    index("product_variants_sku_trgm_idx").using("gin", sql`lower(${t.sku}) gin_trgm_ops`),
    // The listing's SKU search ("starts with"), see products_business_sku_prefix_idx.
    index("product_variants_sku_prefix_idx").on(t.businessId, sql`lower(${t.sku}) text_pattern_ops`),
    index("product_variants_barcode_idx").on(t.businessId, t.barcode),
    check("product_variants_price_non_negative", sql`${t.price} >= 0 AND (${t.compareAtPrice} IS NULL OR ${t.compareAtPrice} >= 0)`),
    check("product_variants_cost_non_negative", sql`${t.cost} IS NULL OR ${t.cost} >= 0`),
  ],
);

/** Image list item of the spec: name (cut to 30), url, is_primary, variant. Position 0 is the main one. */
export const productImages = pgTable(
  "product_images",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    productId: integer().notNull().references(() => products.id, { onDelete: "cascade" }),
    name: text().notNull(),
    url: text().notNull(),
    isPrimary: boolean().notNull().default(false),
    position: integer().notNull().default(0),
    variantName: text(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

/** The online channels a product is sold on (the listing's channel filter). */
export const productChannels = pgTable(
  "product_channels",
  {
    productId: integer().notNull().references(() => products.id, { onDelete: "cascade" }),
    channelId: integer().notNull().references(() => channels.id, { onDelete: "cascade" }),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.channelId] }), index("product_channels_channel_idx").on(t.channelId, t.productId)],
);

/**
 * Stock of one variant at one location: a store, or a warehouse (optionally one of its
 * partitions). Available = on_hand − reserved; neither goes below 0 (checked here too, so even a
 * bug elsewhere cannot store a negative level).
 */
export const stockLevels = pgTable(
  "stock_levels",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    productId: integer().notNull().references(() => products.id, { onDelete: "cascade" }),
    variantId: integer().notNull().references(() => productVariants.id, { onDelete: "cascade" }),
    // No cascade: a location that has held stock keeps its history (a partition with stock rows
    // cannot be removed: core/profile/warehouse-partitions.ts); only removing the whole business
    // removes them.
    storeId: integer().references(() => stores.id),
    warehouseId: integer().references(() => warehouses.id),
    partitionId: integer().references(() => warehousePartitions.id),
    onHand: integer().notNull().default(0),
    reserved: integer().notNull().default(0),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("stock_levels_location_key").on(t.variantId, t.storeId, t.warehouseId, t.partitionId).nullsNotDistinct(),
    index("stock_levels_product_idx").on(t.productId),
    // Inventory availability, last changed first (core/stock/inventories.ts).
    index("stock_levels_business_modified_idx").on(t.businessId, t.timeModified, t.id),
    index("stock_levels_store_idx").on(t.businessId, t.storeId),
    index("stock_levels_warehouse_idx").on(t.businessId, t.warehouseId),
    // The stock overview's "most stock" and "least available" sorts and its Out tab
    // (core/stock/overview.ts): one index range for the first page at a million levels.
    index("stock_levels_business_on_hand_idx").on(t.businessId, t.onHand, t.id),
    index("stock_levels_business_available_idx").on(t.businessId, sql`(${t.onHand} - ${t.reserved})`, t.onHand, t.id),
    check("stock_levels_non_negative", sql`${t.onHand} >= 0 AND ${t.reserved} >= 0 AND ${t.reserved} <= ${t.onHand}`),
    check("stock_levels_one_location", sql`num_nonnulls(${t.storeId}, ${t.warehouseId}) = 1 AND (${t.partitionId} IS NULL OR ${t.warehouseId} IS NOT NULL)`),
  ],
);

/**
 * The ledger: one row per change of one stock level (who, when, why, reference, before, after).
 * Reasons: initial | manual | bulk_upload | mass_update | order | transfer | transfer_out | transfer_in | opname | adjustment | package.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    stockLevelId: integer().notNull().references(() => stockLevels.id, { onDelete: "cascade" }),
    productId: integer().notNull(),
    variantId: integer().notNull(),
    storeId: integer(),
    warehouseId: integer(),
    partitionId: integer(),
    onHandBefore: integer().notNull(),
    onHandAfter: integer().notNull(),
    reservedBefore: integer().notNull(),
    reservedAfter: integer().notNull(),
    reason: text().notNull(),
    reference: text(),
    note: text(),
    userId: integer().references(() => users.id),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The mutation type the all-mutation page's tabs filter by (core/stock/mutations.ts): from the
    // reason and, for orders and legacy transfers, the sign of the on-hand change. Generated, so
    // every writer gets it for free and the tab is one range of its index.
    kind: text().generatedAlwaysAs(sql`CASE
      WHEN reason = 'order' AND on_hand_after < on_hand_before THEN 'sale'
      WHEN reason = 'order' AND on_hand_after > on_hand_before THEN 'return'
      WHEN reason = 'opname' THEN 'count'
      WHEN reason = 'adjustment' THEN 'adjustment'
      WHEN reason = 'transfer_out' OR (reason = 'transfer' AND on_hand_after < on_hand_before) THEN 'transfer_out'
      WHEN reason = 'transfer_in' OR (reason = 'transfer' AND on_hand_after > on_hand_before) THEN 'transfer_in'
      WHEN reason IN ('bulk_upload', 'mass_update') THEN 'bulk_upload'
      ELSE 'other' END`),
  },
  (t) => [
    index("stock_movements_level_idx").on(t.stockLevelId, t.id),
    index("stock_movements_variant_idx").on(t.businessId, t.variantId, t.id),
    // The all-mutation page's keyset pages (newest first) — whole business, per type, per location —
    // each one index range at any size (docs/decisions/0008); the reference search is a prefix range.
    index("stock_movements_business_time_idx").on(t.businessId, t.timeCreated, t.id),
    index("stock_movements_kind_time_idx").on(t.businessId, t.kind, t.timeCreated, t.id),
    index("stock_movements_store_time_idx").on(t.businessId, t.storeId, t.timeCreated, t.id).where(sql`${t.storeId} IS NOT NULL`),
    index("stock_movements_warehouse_time_idx").on(t.businessId, t.warehouseId, t.timeCreated, t.id).where(sql`${t.warehouseId} IS NOT NULL`),
    index("stock_movements_partition_time_idx").on(t.businessId, t.partitionId, t.timeCreated, t.id).where(sql`${t.partitionId} IS NOT NULL`),
    index("stock_movements_reference_idx").on(t.businessId, sql`upper(${t.reference}) text_pattern_ops`).where(sql`${t.reference} IS NOT NULL`),
    // A product's stock history, newest first (core/stock/history.ts).
    index("stock_movements_product_idx").on(t.businessId, t.productId, t.id),
  ],
);

/**
 * Sync tasks (spec section 9 sync task types: New Product 0, Stock Update 1, Image Update 2,
 * Product Attribute Update 4, Product Price Update 5; section 4 status Failed, Success, Waiting,
 * Processing). "Sync to master" records one per product; `snapshot` is what was sent to the master
 * catalogue the omnichannel pages read.
 */
export const productSyncTasks = pgTable(
  "product_sync_tasks",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    productId: integer().notNull().references(() => products.id, { onDelete: "cascade" }),
    type: integer().notNull(),
    status: text().notNull().default("waiting"),
    snapshot: jsonb().$type<Record<string, unknown>>(),
    userId: integer().references(() => users.id),
    ...stamps,
  },
  (t) => [index("product_sync_tasks_business_idx").on(t.businessId, t.timeCreated)],
);
