import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { businesses } from "./business.ts";
import { productVariants, products } from "./catalog.ts";
import { stores, warehousePartitions, warehouses } from "./profile.ts";

// Stock transfers between two locations of one business (issue 14 item 4; rules in
// core/stock/transfers.ts). The stock itself only moves through the ledger (transfer_out at the
// source on send, transfer_in at the destination on receive); these rows hold what is in transit.
//
// Status: draft → in_transit → received | discrepancy → received; draft → cancelled.
// A line's quantities: requested `quantity` (draft), `sent` (= quantity at send), `received`,
// and the short part resolved as `lost` (written off) or `returned` (back into the source).
// In transit = sent − received − lost − returned; the database holds it ≥ 0.

export const stockTransfers = pgTable(
  "stock_transfers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    sourceStoreId: integer().references(() => stores.id),
    sourceWarehouseId: integer().references(() => warehouses.id),
    sourcePartitionId: integer().references(() => warehousePartitions.id),
    destStoreId: integer().references(() => stores.id),
    destWarehouseId: integer().references(() => warehouses.id),
    destPartitionId: integer().references(() => warehousePartitions.id),
    status: text().notNull().default("draft"),
    note: text().notNull().default(""),
    createdBy: integer().references(() => users.id),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeSent: timestamp({ withTimezone: true }),
    timeReceived: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("stock_transfers_business_idx").on(t.businessId, t.status, t.id),
    check("stock_transfers_status", sql`${t.status} IN ('draft', 'in_transit', 'received', 'discrepancy', 'cancelled')`),
    check("stock_transfers_source_one", sql`num_nonnulls(${t.sourceStoreId}, ${t.sourceWarehouseId}) = 1 AND (${t.sourcePartitionId} IS NULL OR ${t.sourceWarehouseId} IS NOT NULL)`),
    check("stock_transfers_dest_one", sql`num_nonnulls(${t.destStoreId}, ${t.destWarehouseId}) = 1 AND (${t.destPartitionId} IS NULL OR ${t.destWarehouseId} IS NOT NULL)`),
    check("stock_transfers_not_same", sql`${t.sourceStoreId} IS DISTINCT FROM ${t.destStoreId} OR ${t.sourceWarehouseId} IS DISTINCT FROM ${t.destWarehouseId} OR ${t.sourcePartitionId} IS DISTINCT FROM ${t.destPartitionId}`),
  ],
);

export const stockTransferLines = pgTable(
  "stock_transfer_lines",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    transferId: integer().notNull().references(() => stockTransfers.id, { onDelete: "cascade" }),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    productId: integer().notNull().references(() => products.id),
    variantId: integer().notNull().references(() => productVariants.id),
    quantity: integer().notNull(),
    sent: integer().notNull().default(0),
    received: integer().notNull().default(0),
    lost: integer().notNull().default(0),
    returned: integer().notNull().default(0),
  },
  (t) => [
    unique("stock_transfer_lines_variant_key").on(t.transferId, t.variantId),
    index("stock_transfer_lines_variant_idx").on(t.businessId, t.variantId),
    check("stock_transfer_lines_quantity", sql`${t.quantity} > 0 AND ${t.quantity} <= 1000000`),
    check("stock_transfer_lines_non_negative", sql`${t.sent} >= 0 AND ${t.received} >= 0 AND ${t.lost} >= 0 AND ${t.returned} >= 0`),
    check("stock_transfer_lines_not_over", sql`${t.received} + ${t.lost} + ${t.returned} <= ${t.sent}`),
  ],
);

/** Who did what when (the status history): create, send, receive (each receipt), resolve, cancel. */
export const stockTransferEvents = pgTable(
  "stock_transfer_events",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    transferId: integer().notNull().references(() => stockTransfers.id, { onDelete: "cascade" }),
    action: text().notNull(),
    status: text().notNull(),
    note: text().notNull().default(""),
    userId: integer().references(() => users.id),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stock_transfer_events_transfer_idx").on(t.transferId, t.id)],
);
