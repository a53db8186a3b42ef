import { sql, type SQL } from "drizzle-orm";
import {
  bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { businesses } from "./business.ts";
import { customers } from "./customers.ts";
import { productVariants, products } from "./catalog.ts";
import { channels, stores, warehousePartitions, warehouses } from "./profile.ts";
import { ORDER_STATUSES, STAGE_OF, TAB_OF } from "./order-tabs.ts";

// Orders (spec sections 2 "Order tabs", 4 "Order statuses", 7 "Orders"). The lifecycle — which
// action moves which status where, who may trigger it, what it does to stock — is data in
// core/orders/lifecycle.ts; core/orders/actions.ts is the only writer of `status`.
// Money is integer rupiah.

/** CASE status WHEN … : the tab / stage of a status, generated from db/schema/order-tabs.ts. */
function caseOf(map: Record<string, string>): SQL {
  const whens = Object.entries(map).map(([status, v]) => `WHEN '${status}' THEN '${v}'`).join(" ");
  return sql.raw(`CASE "status" ${whens} END`);
}

export const orders = pgTable(
  "orders",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    // Our order id shown to people (INV/20261121/000123): unique per business.
    orderCode: text().notNull(),
    channelId: integer().references(() => channels.id, { onDelete: "set null" }),
    // The channel's name when the order came (the list shows it without a join).
    channelName: text().notNull(),
    // The channel's own order id: a delivery of the same order is recognised by it (idempotent webhooks).
    channelOrderId: text(),
    // Where the stock comes from: a store, or a warehouse (source types 1, 2).
    storeId: integer().references(() => stores.id),
    warehouseId: integer().references(() => warehouses.id),
    orderType: integer().notNull().default(1), // 1 Ready Stock, 2 Pre-Order, 3 Custom
    // courier | pickup (the customer collects at the store)
    deliveryMethod: text().notNull().default("courier"),
    status: text().notNull(),
    tab: text().generatedAlwaysAs(caseOf(TAB_OF)),
    stage: text().generatedAlwaysAs(caseOf(STAGE_OF)),
    // Where a held order, a cancellation request or a complaint came from: resume / decline returns there.
    previousStatus: text(),
    // The return's progress while status = complaint: open | approved | declined | appealed | received.
    returnStage: text(),
    // What the order holds of the stock: none | reserved | deducted | returned (lifecycle table).
    stockState: text().notNull().default("none"),
    // The person (core/customers/link.ts): set when the order comes in, or by the backfill for older orders.
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    customerName: text().notNull(),
    customerPhone: text(),
    customerEmail: text(),
    recipientName: text(),
    recipientPhone: text(),
    shippingAddress: text(),
    shippingCity: text(),
    shippingProvince: text(),
    shippingPostcode: text(),
    courierCode: text(),
    courierService: text(),
    trackingNumber: text(),
    // Booking parameters (spec "shipping-parameter"): pickup | dropoff, pickup time, package weight…
    shippingParameter: jsonb().$type<Record<string, unknown>>(),
    paymentMethod: integer(), // spec: 0 Membership, 2 Instant, 3 Virtual Account, 4 E-Wallet, 5 Payment Point, 6 Cardless Credit
    subtotal: bigint({ mode: "number" }).notNull().default(0),
    shippingCost: bigint({ mode: "number" }).notNull().default(0),
    discount: bigint({ mode: "number" }).notNull().default(0),
    totalAmount: bigint({ mode: "number" }).notNull(),
    customerNote: text(),
    holdReason: text(),
    cancelReason: integer(), // spec section 8: 1 Payment Expired … 6 Product Cancel
    cancelNote: text(),
    complaintReason: integer(), // spec section 8: 1, 3, 4, 255
    complaintNote: text(),
    returnDamaged: boolean(),
    sellerFeedback: text(),
    sellerRating: integer(),
    paidAt: timestamp({ withTimezone: true }),
    // Deadlines the system enforces (payment, seller's acceptance, processing).
    deadlineAt: timestamp({ withTimezone: true }),
    invoicePrintedAt: timestamp({ withTimezone: true }),
    labelPrintedAt: timestamp({ withTimezone: true }),
    picklistPrintedAt: timestamp({ withTimezone: true }),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_business_code_idx").on(t.businessId, t.orderCode),
    uniqueIndex("orders_channel_order_idx").on(t.channelId, t.channelOrderId),
    // Keyset pages: all, one tab, one stage — newest or oldest first.
    index("orders_business_time_idx").on(t.businessId, t.timeCreated, t.id),
    index("orders_business_tab_idx").on(t.businessId, t.tab, t.timeCreated, t.id),
    index("orders_business_stage_idx").on(t.businessId, t.stage, t.timeCreated, t.id),
    // One status of a stage (cancellation-request, complaint, sending…).
    index("orders_business_status_idx").on(t.businessId, t.status, t.timeCreated, t.id),
    // Search: order id prefix, customer name anywhere, tracking number.
    index("orders_code_prefix_idx").on(t.businessId, sql`lower(${t.orderCode}) text_pattern_ops`),
    index("orders_customer_trgm_idx").using("gin", sql`lower(${t.customerName}) gin_trgm_ops`),
    index("orders_tracking_idx").on(t.trackingNumber),
    // A customer's orders; the orders the backfill has still to link.
    index("orders_customer_idx").on(t.customerId, t.timeCreated).where(sql`${t.customerId} IS NOT NULL`),
    index("orders_unlinked_idx").on(t.businessId, t.id).where(sql`${t.customerId} IS NULL`),
    // The deadline sweeper.
    index("orders_deadline_idx").on(t.deadlineAt).where(sql`${t.deadlineAt} IS NOT NULL`),
    check("orders_status", sql.raw(`"status" IN (${ORDER_STATUSES.map((s) => `'${s}'`).join(", ")})`)),
    check("orders_money", sql`${t.subtotal} >= 0 AND ${t.shippingCost} >= 0 AND ${t.discount} >= 0 AND ${t.totalAmount} >= 0`),
    check("orders_one_source", sql`num_nonnulls(${t.storeId}, ${t.warehouseId}) <= 1`),
  ],
);

/** The lines of an order, with the product as it was sold (name, variant, price) kept on the line. */
export const orderItems = pgTable(
  "order_items",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer().notNull().references(() => orders.id, { onDelete: "cascade" }),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    productId: integer().references(() => products.id, { onDelete: "set null" }),
    variantId: integer().references(() => productVariants.id, { onDelete: "set null" }),
    productName: text().notNull(),
    variantName: text(),
    sizeName: text(),
    sku: text().notNull(),
    image: text(),
    quantity: integer().notNull(),
    price: bigint({ mode: "number" }).notNull(),
    // The unit price before a per-unit promotion lowered it to `price` (null: none did).
    regularPrice: bigint({ mode: "number" }),
    // The level the line's stock is held at (a partition when the warehouse keeps them): chosen on accept.
    storeId: integer().references(() => stores.id),
    warehouseId: integer().references(() => warehouses.id),
    partitionId: integer().references(() => warehousePartitions.id),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    // Search by SKU prefix.
    index("order_items_sku_idx").on(t.businessId, sql`lower(${t.sku}) text_pattern_ops`),
    check("order_items_quantity", sql`${t.quantity} > 0 AND ${t.price} >= 0`),
  ],
);

/** Every status change: who (seller's user, customer, system), when, from, to, why. */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer().notNull().references(() => orders.id, { onDelete: "cascade" }),
    businessId: integer().notNull(),
    action: text().notNull(),
    actor: text().notNull(), // seller | customer | system
    userId: integer().references(() => users.id),
    fromStatus: text(),
    toStatus: text().notNull(),
    reason: integer(),
    note: text(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.id)],
);

/** The courier's tracking timeline (spec GET /orders/{id}/tracking). */
export const orderTracking = pgTable(
  "order_tracking",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer().notNull().references(() => orders.id, { onDelete: "cascade" }),
    description: text().notNull(),
    location: text(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_tracking_order_idx").on(t.orderId, t.timeCreated)],
);

/**
 * Orders per business per status, kept by statement-level triggers on `orders` (migration 0005) in
 * the same transaction as the change: the tab counts are one indexed read, never a GROUP BY.
 */
export const orderStatusCounts = pgTable(
  "order_status_counts",
  {
    // No foreign key: the trigger also runs while a business's orders are deleted with it.
    businessId: integer().notNull(),
    status: text().notNull(),
    n: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.status] })],
);

/** Channel webhook deliveries already handled (by the channel's event id): a resend changes nothing. */
export const channelEvents = pgTable(
  "channel_events",
  {
    channelId: integer().notNull().references(() => channels.id, { onDelete: "cascade" }),
    eventId: text().notNull(),
    orderId: integer().references(() => orders.id, { onDelete: "set null" }),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.eventId] })],
);
