import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { businesses } from "./business.ts";
import { orders } from "./orders.ts";

// Income (issue 15 item 1): an order's settlement when it finishes, and its release to saldo after
// the hold period. The money itself is in the ledger (db/schema/money.ts); these rows are the
// breakdown a seller reads, kept beside the postings so the lists never parse ledger memos.
// Rules: core/money/settlements.ts (the only writer).

export const SETTLEMENT_STATUSES = ["holding", "released"] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/** One per finished order: gross − store fee − commission − shipping subsidy − cashback (± adjustments) = net. */
export const settlements = pgTable(
  "settlements",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    orderId: integer().notNull().references(() => orders.id, { onDelete: "cascade" }),
    orderCode: text().notNull(),
    // The channel as it was (0 = none: the store's own till); its name and platform for the list.
    channelId: integer().notNull().default(0),
    channelName: text().notNull(),
    platformCode: text(),
    storeId: integer().notNull().default(0),
    /** The WIB day it finished (the settlement period, /income-balance/settlement/<day>). */
    day: date({ mode: "string" }).notNull(),
    finishedAt: timestamp({ withTimezone: true }).notNull(),
    releaseAt: timestamp({ withTimezone: true }).notNull(),
    gross: bigint({ mode: "number" }).notNull(),
    storeFee: bigint({ mode: "number" }).notNull().default(0),
    commission: bigint({ mode: "number" }).notNull().default(0),
    /** Basis points of the commission applied (the channel table's rate at the time). */
    commissionBp: integer().notNull().default(0),
    shipping: bigint({ mode: "number" }).notNull().default(0),
    /** The cashback the order's promotions give its buyer, paid by the seller when it finishes (core/promotions). */
    cashback: bigint({ mode: "number" }).notNull().default(0),
    adjustment: bigint({ mode: "number" }).notNull().default(0),
    net: bigint({ mode: "number" }).notNull(),
    /** How much of net + adjustment has moved to saldo. */
    released: bigint({ mode: "number" }).notNull().default(0),
    points: integer().notNull().default(0),
    status: text().$type<SettlementStatus>().notNull().default("holding"),
    releasedAt: timestamp({ withTimezone: true }),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("settlements_order").on(t.orderId),
    // The income list: the days of the date filter, newest finished first.
    index("settlements_business_day").on(t.businessId, t.day, t.finishedAt, t.id),
    index("settlements_code_prefix").on(t.businessId, sql`lower(${t.orderCode}) text_pattern_ops`),
    // The release sweeper: what is due.
    index("settlements_due").on(t.releaseAt).where(sql`${t.status} = 'holding'`),
    check("settlements_status", sql`${t.status} IN ('holding', 'released')`),
    check("settlements_amounts", sql`${t.gross} >= 0 AND ${t.storeFee} >= 0 AND ${t.commission} >= 0 AND ${t.shipping} >= 0 AND ${t.cashback} >= 0 AND ${t.net} >= 0`),
  ],
);

/** The sums every settlement total keeps (core/money/settlements.ts addToDays writes them all at once). */
const sums = () => ({
  n: integer().notNull().default(0),
  nReleased: integer().notNull().default(0),
  gross: bigint({ mode: "number" }).notNull().default(0),
  storeFee: bigint({ mode: "number" }).notNull().default(0),
  commission: bigint({ mode: "number" }).notNull().default(0),
  shipping: bigint({ mode: "number" }).notNull().default(0),
  cashback: bigint({ mode: "number" }).notNull().default(0),
  adjustment: bigint({ mode: "number" }).notNull().default(0),
  net: bigint({ mode: "number" }).notNull().default(0),
  released: bigint({ mode: "number" }).notNull().default(0),
});

/**
 * The settlements summed per business, WIB day, channel and store (0 = none), kept in the same
 * transaction as each settlement, adjustment and release: the summary and the lists' totals read
 * a few hundred rows, never the million settlements.
 */
export const settlementDays = pgTable(
  "settlement_days",
  {
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    channelId: integer().notNull(),
    storeId: integer().notNull(),
    ...sums(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.day, t.channelId, t.storeId] }),
    // One channel's or one store's days, newest first, in order: "by day" under a channel or
    // store filter reads its newest 400 days' rows without sorting the business's (decision 21).
    index("settlement_days_channel").on(t.businessId, t.channelId, t.day),
    index("settlement_days_store").on(t.businessId, t.storeId, t.day),
  ],
);

/**
 * The same sums per business and WIB day, over every channel and store: the summary's "by day"
 * reads one row a day instead of summing a day's channels and stores (decision 21).
 */
export const settlementDayTotals = pgTable(
  "settlement_day_totals",
  {
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    ...sums(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day] })],
);

/**
 * The same sums per business, month (its first day), channel and store: the summary's totals by
 * channel and store read the whole months of a range here and only its edge days in settlement_days.
 */
export const settlementMonths = pgTable(
  "settlement_months",
  {
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    month: date({ mode: "string" }).notNull(),
    channelId: integer().notNull(),
    storeId: integer().notNull(),
    ...sums(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.month, t.channelId, t.storeId] })],
);

/** A business's own commission rate for a channel platform; platforms not listed take the default. */
export const channelCommissions = pgTable(
  "channel_commissions",
  {
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    platformCode: text().notNull(),
    rateBp: integer().notNull(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.platformCode] }),
    check("channel_commissions_rate", sql`${t.rateBp} BETWEEN 0 AND 10000`),
  ],
);
