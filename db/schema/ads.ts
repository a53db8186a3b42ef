import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { businesses } from "./business.ts";

/**
 * Indie ads (issue 16 item 4): a seller's ad campaigns on the Indie channel, paid per click from the
 * deposit within a daily budget. The rules are core/promotions/ads.ts, the only writer of spend
 * (through the money ledger, db/schema/money.ts account `ads`). Money is integer rupiah.
 */
export const AD_STATUS = { active: 1, paused: 2, ended: 3 } as const;
export type AdStatus = (typeof AD_STATUS)[keyof typeof AD_STATUS];
/** Where the channel shows the ad. */
export const AD_PLACEMENTS = ["search", "home", "product"] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

export const ads = pgTable(
  "ads",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    status: integer().$type<AdStatus>().notNull().default(1),
    dailyBudget: bigint({ mode: "number" }).notNull(),
    bidPerClick: bigint({ mode: "number" }).notNull(),
    keywords: text().array().notNull().default(sql`'{}'::text[]`),
    placements: text().$type<AdPlacement>().array().notNull(),
    /** The products the ad shows (the business's own). */
    productIds: integer().array().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    /** No end: runs until paused or ended. */
    endsAt: timestamp({ withTimezone: true }),
    impressions: bigint({ mode: "number" }).notNull().default(0),
    clicks: bigint({ mode: "number" }).notNull().default(0),
    spent: bigint({ mode: "number" }).notNull().default(0),
    createdBy: integer(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ads_business_id").on(t.businessId, t.id),
    // The channel's (the demo simulator's) work list: ads that may run.
    index("ads_active").on(t.startsAt).where(sql`${t.status} = 1`),
    check("ads_numbers", sql`${t.dailyBudget} > 0 AND ${t.bidPerClick} > 0 AND ${t.bidPerClick} <= ${t.dailyBudget}
      AND ${t.impressions} >= 0 AND ${t.clicks} >= 0 AND ${t.spent} >= 0 AND (${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt})`),
  ],
);

/** An ad's day (WIB): what the channel reported and what it cost, the daily budget's meter. */
export const adDays = pgTable(
  "ad_days",
  {
    adId: integer().notNull().references(() => ads.id, { onDelete: "cascade" }),
    businessId: integer().notNull(),
    day: date({ mode: "string" }).notNull(),
    impressions: bigint({ mode: "number" }).notNull().default(0),
    clicks: bigint({ mode: "number" }).notNull().default(0),
    spent: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.adId, t.day] }),
    index("ad_days_business_day").on(t.businessId, t.day),
    check("ad_days_numbers", sql`${t.impressions} >= 0 AND ${t.clicks} >= 0 AND ${t.spent} >= 0`),
  ],
);
