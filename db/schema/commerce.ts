import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { businesses } from "./business.ts";

// The first cut of orders, enough for the dashboard figures and the read-only orders list.
// The orders issue grows it (items, lifecycle). The catalogue and stock live in catalog.ts.

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
