import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { businesses } from "./business.ts";

// The first cut of the catalogue and orders, enough for the dashboard figures and the
// read-only orders list. The products and orders issues grow these (variants, ledger, lifecycle).

// Product status of the spec: draft | published | archived | suspended (out of stock is derived).
export const products = pgTable(
  "products",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    sku: text().notNull(),
    status: text().notNull().default("draft"),
    price: bigint({ mode: "number" }).notNull().default(0),
    // Available stock at or below this is "low stock" on the dashboard.
    minStock: integer().notNull().default(5),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("products_business_idx").on(t.businessId, t.status)],
);

export const stockLevels = pgTable(
  "stock_levels",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    productId: integer().notNull().references(() => products.id, { onDelete: "cascade" }),
    locationName: text().notNull(),
    onHand: integer().notNull().default(0),
    reserved: integer().notNull().default(0),
  },
  (t) => [
    index("stock_levels_product_idx").on(t.businessId, t.productId),
    check("stock_levels_non_negative", sql`${t.onHand} >= 0 AND ${t.reserved} >= 0 AND ${t.reserved} <= ${t.onHand}`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    orderCode: text().notNull(),
    channelName: text().notNull(),
    customerName: text().notNull(),
    status: text().notNull(),
    totalAmount: bigint({ mode: "number" }).notNull(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_business_status_idx").on(t.businessId, t.status, t.timeCreated),
    index("orders_business_time_idx").on(t.businessId, t.timeCreated),
  ],
);
