import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { businesses } from "./business.ts";
import { orders, orderItems } from "./orders.ts";
import { productVariants } from "./catalog.ts";

/**
 * Promotions (issue 16; spec section 4: status 0–7, kinds, types; section 9: type ids). The
 * lifecycle is core/promotions/lifecycle.ts; the pricing core/promotions/pricing.ts.
 * Money is integer rupiah; a percentage is basis points.
 */
export * from "./promotion-enums.ts";
import type { PromotionKind, PromotionStatus, PromotionType, TargetKind } from "./promotion-enums.ts";

/**
 * The platform's campaigns (Indie campaign: Harbolnas 12.12, Payday …) sellers join with their
 * products at a campaign price (core/promotions/campaigns.ts). The platform's, not a business's:
 * made by the platform's command (`npm run campaigns:add`) and by the demo seed. Their terms are
 * data, shown translated: the least discount off each product's regular price, how many products.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    promoType: text().$type<PromotionType>().notNull().default("seasonal"),
    description: text().notNull().default(""),
    minDiscountBp: integer().notNull().default(0),
    maxProducts: integer().notNull().default(50),
    registrationEndsAt: timestamp({ withTimezone: true }).notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("campaigns_ends").on(t.endsAt, t.id),
    uniqueIndex("campaigns_name_start").on(t.name, t.startsAt),
    check("campaigns_numbers", sql`${t.endsAt} > ${t.startsAt} AND ${t.registrationEndsAt} <= ${t.startsAt}
      AND ${t.minDiscountBp} BETWEEN 0 AND 9900 AND ${t.maxProducts} BETWEEN 1 AND 100`),
  ],
);

export const promotions = pgTable(
  "promotions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    kind: text().$type<PromotionKind>().notNull(),
    promoType: text().$type<PromotionType>().notNull().default("common"),
    status: integer().$type<PromotionStatus>().notNull().default(0),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    // The benefit. discount, discount_time, cashback, voucher: percent (bp) or amount (rupiah) with a cap.
    discountType: text().$type<"percent" | "amount">(),
    discountValue: bigint({ mode: "number" }),
    maxDiscount: bigint({ mode: "number" }),
    minSpend: bigint({ mode: "number" }).notNull().default(0),
    // bundle: buyQty units for bundlePrice, or buyQty units with getQty more free.
    buyQty: integer(),
    getQty: integer(),
    bundlePrice: bigint({ mode: "number" }),
    // free: the gift; delivery: the cap per order (discountValue, amount).
    giftVariantId: integer().references(() => productVariants.id, { onDelete: "set null" }),
    cashbackAs: text().$type<"points" | "saldo">(),
    code: text(),
    followersOnly: boolean().notNull().default(false),
    // No target of that dimension: every product, channel, store (read by the pricing query).
    anyProduct: boolean().notNull().default(true),
    anyChannel: boolean().notNull().default(true),
    anyStore: boolean().notNull().default(true),
    // Uses: an order that gets the promotion is one use.
    quota: integer(),
    used: integer().notNull().default(0),
    perBuyer: integer(),
    // Flash sale units set aside (a cap on the units sold at the promotion's price).
    promoStock: integer(),
    stockUsed: integer().notNull().default(0),
    // Moderation (the platform's): a demo business is approved at this time by the sweeper.
    autoApproveAt: timestamp({ withTimezone: true }),
    statusNote: text(),
    recreatedFrom: integer(),
    /** A seller's entry in a platform campaign: its products at campaign prices (promotion_targets.price). */
    // Restrict: a campaign with entries is never deleted under the businesses that joined it.
    campaignId: integer().references(() => campaigns.id, { onDelete: "restrict" }),
    createdBy: integer(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("promotions_business_status").on(t.businessId, t.status, t.id),
    // The list's "all" tab, newest first.
    index("promotions_business_id").on(t.businessId, t.id),
    // The list's search (name or voucher code, any part of it).
    index("promotions_search").using("gin", sql`lower(${t.name} || ' ' || coalesce(${t.code}, '')) gin_trgm_ops`),
    // What may price an order: the business's upcoming and running ones.
    index("promotions_running").on(t.businessId, t.endsAt).where(sql`${t.status} IN (1, 5)`),
    // The sweeper's clock: what starts or ends next.
    index("promotions_due_start").on(t.startsAt).where(sql`${t.status} = 1`),
    index("promotions_due_end").on(t.endsAt).where(sql`${t.status} IN (5, 7)`),
    index("promotions_due_approve").on(t.autoApproveAt).where(sql`${t.status} = 0`),
    index("promotions_campaign").on(t.campaignId).where(sql`${t.campaignId} IS NOT NULL`),
    // One live entry per campaign: a rejected or withdrawn one may be entered again.
    uniqueIndex("promotions_business_campaign").on(t.businessId, t.campaignId).where(sql`${t.campaignId} IS NOT NULL AND ${t.status} NOT IN (2, 3)`),
    uniqueIndex("promotions_business_code").on(t.businessId, sql`upper(${t.code})`).where(sql`${t.code} IS NOT NULL AND ${t.status} NOT IN (2, 3, 6)`),
    check("promotions_numbers", sql`${t.endsAt} > ${t.startsAt} AND ${t.used} >= 0 AND ${t.stockUsed} >= 0
      AND (${t.quota} IS NULL OR (${t.quota} > 0 AND ${t.used} <= ${t.quota}))
      AND (${t.promoStock} IS NULL OR (${t.promoStock} > 0 AND ${t.stockUsed} <= ${t.promoStock}))
      AND (${t.perBuyer} IS NULL OR ${t.perBuyer} > 0) AND ${t.minSpend} >= 0
      AND (${t.discountValue} IS NULL OR ${t.discountValue} > 0) AND (${t.discountType} <> 'percent' OR ${t.discountValue} <= 10000)`),
  ],
);

/**
 * How many promotions a business has in each status: the list's tabs without counting thousands
 * of rows. Kept by statement-level triggers on promotions, in the same transaction as the write
 * (migration 0024, like the orders' counts: decision 8).
 */
export const promotionStatusCounts = pgTable(
  "promotion_status_counts",
  {
    businessId: integer().notNull(),
    status: integer().notNull(),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.status] })],
);

/**
 * A business's promotions version: raised in the transaction of every change to what prices orders
 * (an edit, a move of the lifecycle, a run-out, a use given back), so each process knows when its
 * copy of the running promotions is old (core/promotions/running.ts).
 */
export const promotionVersions = pgTable("promotion_versions", {
  businessId: integer().primaryKey(),
  version: bigint({ mode: "number" }).notNull().default(0),
});

export const promotionTargets = pgTable(
  "promotion_targets",
  {
    promotionId: integer().notNull().references(() => promotions.id, { onDelete: "cascade" }),
    businessId: integer().notNull(),
    kind: text().$type<TargetKind>().notNull(),
    refId: integer().notNull(),
    /** A campaign entry's price for this variant (whole rupiah); it prices the variant instead of a percent or amount off. */
    price: bigint({ mode: "number" }),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.kind, t.refId] }),
    index("promotion_targets_ref").on(t.businessId, t.kind, t.refId),
  ],
);

/**
 * A promotion an order got: one row per line it priced (order-level ones — voucher, delivery,
 * cashback, a bundle's set — name no line). Released (quota and promo stock given back) when the
 * order is cancelled.
 */
export const orderPromotions = pgTable(
  "order_promotions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull(),
    orderId: integer().notNull().references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: integer().references(() => orderItems.id, { onDelete: "cascade" }),
    promotionId: integer().notNull().references(() => promotions.id, { onDelete: "cascade" }),
    buyer: text().notNull(),
    units: integer().notNull().default(0),
    amount: bigint({ mode: "number" }).notNull(),
    releasedAt: timestamp({ withTimezone: true }),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_promotions_order").on(t.orderId),
    index("order_promotions_promotion").on(t.promotionId, t.id),
    index("order_promotions_buyer").on(t.promotionId, t.buyer).where(sql`${t.releasedAt} IS NULL`),
  ],
);
