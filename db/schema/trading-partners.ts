import { sql } from "drizzle-orm";
import { bigint, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { businesses } from "./business.ts";
import { brands, productCategories, stores } from "./profile.ts";
import { banks, cities } from "./reference.ts";

// Trading partners (issue 17 item 7, spec section 2 "Customer centre": reseller, supplier,
// partner) and margin rules (item 8: /margin). The rules are core/partners/trading-partners.ts and
// core/partners/margins.ts; the one pricing function is core/partners/margin-pricing.ts.

/** The kinds of trading partner: one model, one table. */
export const TRADING_PARTNER_KINDS = ["reseller", "supplier", "partner"] as const;
export type TradingPartnerKind = (typeof TRADING_PARTNER_KINDS)[number];

/** A contact person of a trading partner (kept with the partner: read and written as a whole). */
export type PartnerContact = { name: string; phone: string | null; email: string | null; role: string | null };

/**
 * A reseller, supplier or partner of a business: who they are, how to reach them (contacts, one
 * address with an optional pin), where to pay them (bank account), the terms (payment days,
 * credit limit in whole rupiah) and a note. Status 1 active, 0 inactive (no delete: see core).
 */
export const tradingPartners = pgTable(
  "trading_partners",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    kind: text().$type<TradingPartnerKind>().notNull(),
    name: text().notNull(),
    contacts: jsonb().$type<PartnerContact[]>().notNull().default(sql`'[]'::jsonb`),
    address: text(),
    cityId: integer().references(() => cities.id),
    postcode: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    bankCode: text().references(() => banks.code),
    bankAccountName: text(),
    bankAccountNo: text(),
    paymentDays: integer().notNull().default(0),
    creditLimit: bigint({ mode: "number" }).notNull().default(0),
    note: text(),
    status: integer().notNull().default(1), // 1 active, 0 inactive
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("trading_partners_business_kind_idx").on(t.businessId, t.kind, t.timeCreated, t.id),
    check("trading_partners_kind", sql`${t.kind} IN ('reseller', 'supplier', 'partner')`),
    check("trading_partners_terms", sql`${t.paymentDays} >= 0 AND ${t.creditLimit} >= 0`),
  ],
);

/** The business's stores a reseller sells through. */
export const tradingPartnerStores = pgTable(
  "trading_partner_stores",
  {
    partnerId: integer().notNull().references(() => tradingPartners.id, { onDelete: "cascade" }),
    storeId: integer().notNull().references(() => stores.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.storeId] }), index("trading_partner_stores_store_idx").on(t.storeId)],
);

/** The business's brands a reseller carries. */
export const tradingPartnerBrands = pgTable(
  "trading_partner_brands",
  {
    partnerId: integer().notNull().references(() => tradingPartners.id, { onDelete: "cascade" }),
    brandId: integer().notNull().references(() => brands.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.brandId] }), index("trading_partner_brands_brand_idx").on(t.brandId)],
);

export const MARGIN_TYPES = ["percent", "amount"] as const;
export type MarginType = (typeof MARGIN_TYPES)[number];

/**
 * A margin rule: how much a reseller's price is below the sell price — a percent (basis points,
 * 1250 = 12.5 %) or whole rupiah off. Its target says where it applies: none (the default),
 * a reseller, a reseller and a brand, a store, a brand or a category. One rule per target.
 */
export const marginRules = pgTable(
  "margin_rules",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    partnerId: integer().references(() => tradingPartners.id, { onDelete: "cascade" }),
    storeId: integer().references(() => stores.id, { onDelete: "cascade" }),
    brandId: integer().references(() => brands.id, { onDelete: "cascade" }),
    categoryId: integer().references(() => productCategories.id, { onDelete: "cascade" }),
    type: text().$type<MarginType>().notNull(),
    value: bigint({ mode: "number" }).notNull(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("margin_rules_target_idx").on(
      t.businessId, sql`coalesce(${t.partnerId}, 0)`, sql`coalesce(${t.storeId}, 0)`, sql`coalesce(${t.brandId}, 0)`, sql`coalesce(${t.categoryId}, 0)`,
    ),
    check("margin_rules_type", sql`${t.type} IN ('percent', 'amount')`),
    check("margin_rules_value", sql`${t.value} >= 0 AND (${t.type} <> 'percent' OR ${t.value} <= 10000)`),
    // The targets a rule may have: none, reseller, reseller + brand, store, brand, category.
    check("margin_rules_target", sql`num_nonnulls(${t.partnerId}, ${t.storeId}, ${t.brandId}, ${t.categoryId}) <= 1
      OR (num_nonnulls(${t.partnerId}, ${t.brandId}) = 2 AND ${t.storeId} IS NULL AND ${t.categoryId} IS NULL)`),
  ],
);
