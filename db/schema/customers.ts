import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { businesses } from "./business.ts";

/**
 * The business's customers (issue 17 item 5): one row per real person across the channels, made
 * from the orders. Who is the same person is decided by core/customers/identity.ts (one rule) and
 * written by core/customers/link.ts (the one writer of orders.customer_id, customer_keys and the
 * totals below). Money is integer rupiah.
 */
export const customers = pgTable(
  "customers",
  {
    // By default, not always: the writer takes a batch of ids from the sequence first (a backfill
    // makes thousands of customers in one statement and must know which order gets which).
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** The phone and e-mail shown: the first the customer's orders gave (E.164, lower case). */
    phone: text(),
    email: text(),
    /** The last order's delivery city (the list's filter and column). */
    city: text(),
    // Kept by core/customers/link.ts from the orders that are not cancelled.
    ordersCount: integer().notNull().default(0),
    totalSpent: bigint({ mode: "number" }).notNull().default(0),
    firstOrderAt: timestamp({ withTimezone: true }),
    lastOrderAt: timestamp({ withTimezone: true }),
    /** The channels the customer ordered through (names, as on the orders). */
    channels: text().array().notNull().default(sql`'{}'::text[]`),
    note: text(),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    /** Asked not to get broadcasts. */
    optOut: boolean().notNull().default(false),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's orders: last order (the default), lifetime value, orders; segments are ranges of these.
    // orders_count rides along (after the unique id, so the order is unchanged): a segment's capped
    // count then reads this index alone, never the table (a seq scan's luck: 1–60 ms).
    index("customers_last_order_idx").on(t.businessId, t.lastOrderAt.desc().nullsLast(), t.id, t.ordersCount),
    index("customers_spent_idx").on(t.businessId, t.totalSpent.desc(), t.id),
    index("customers_orders_idx").on(t.businessId, t.ordersCount.desc(), t.id),
    index("customers_name_idx").on(t.businessId, sql`lower(${t.name})`, t.id),
    index("customers_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("customers_tags_idx").using("gin", t.tags),
    // A channel few customers bought on is counted from here, not by reading every customer.
    index("customers_channels_idx").using("gin", t.channels),
    check("customers_totals", sql`${t.ordersCount} >= 0 AND ${t.totalSpent} >= 0`),
  ],
);

/**
 * What makes two orders one person: `p:+62812…` (a phone) and `e:name@mail` (an e-mail), each
 * belonging to one customer of the business. The primary key is the dedupe under concurrency.
 */
export const customerKeys = pgTable(
  "customer_keys",
  {
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    key: text().notNull(),
    customerId: integer().notNull().references(() => customers.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.key] }),
    index("customer_keys_customer_idx").on(t.customerId),
    // Search by phone or e-mail prefix.
    index("customer_keys_prefix_idx").on(t.businessId, sql`${t.key} text_pattern_ops`),
  ],
);
