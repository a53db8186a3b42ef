import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { businesses } from "./business.ts";
import { brands, stores } from "./profile.ts";

// Holiday sessions (spec section 2 /profile/holiday, section 3 "Holiday weekdays MONDAY to
// SUNDAY"): the days a business, or some of its stores and brands, are closed. The rules are
// core/profile/holidays.ts; the order deadlines read them (core/orders/open-days.ts).

/**
 * One holiday session: a WIB date range (start–end, both days included) and/or a set of weekdays
 * (MONDAY…SUNDAY). With both, the weekdays inside the range are closed; with the range only, every
 * day of it; with weekdays only, those weekdays from now on. `all_stores`: the whole business;
 * otherwise the stores and brands of holiday_stores / holiday_brands.
 */
export const holidays = pgTable(
  "holidays",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    allStores: integer().notNull().default(1), // 1 the whole business, 0 the chosen stores and brands
    startDate: date({ mode: "string" }),
    endDate: date({ mode: "string" }),
    weekdays: text().array().notNull().default(sql`'{}'::text[]`),
    note: text(),
    status: integer().notNull().default(1), // 1 active, 0 inactive
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("holidays_business_idx").on(t.businessId, t.timeCreated),
    check("holidays_range", sql`num_nonnulls(${t.startDate}, ${t.endDate}) <> 1 AND (${t.startDate} IS NULL OR ${t.startDate} <= ${t.endDate})`),
    check("holidays_some_day", sql`${t.startDate} IS NOT NULL OR cardinality(${t.weekdays}) > 0`),
  ],
);

export const holidayStores = pgTable(
  "holiday_stores",
  {
    holidayId: integer().notNull().references(() => holidays.id, { onDelete: "cascade" }),
    storeId: integer().notNull().references(() => stores.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.holidayId, t.storeId] }), index("holiday_stores_store_idx").on(t.storeId)],
);

export const holidayBrands = pgTable(
  "holiday_brands",
  {
    holidayId: integer().notNull().references(() => holidays.id, { onDelete: "cascade" }),
    brandId: integer().notNull().references(() => brands.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.holidayId, t.brandId] }), index("holiday_brands_brand_idx").on(t.brandId)],
);
