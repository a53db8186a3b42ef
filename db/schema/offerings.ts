import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { businesses } from "./business.ts";
import { productVariants } from "./catalog.ts";
import { stores } from "./profile.ts";

// What a seller sells besides stocked products (spec section 2 "Products": service, gift-voucher,
// voucher, package). Status 1 active, 0 inactive, like the profile's lists. Money is integer rupiah.

const stamps = {
  timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** A service sold at a store (e.g. tailoring, a massage): duration in minutes and a price. */
export const services = pgTable(
  "services",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    sku: text().notNull(),
    description: text().notNull().default(""),
    image: text(),
    durationMinutes: integer().notNull(),
    price: bigint({ mode: "number" }).notNull(),
    status: integer().notNull().default(1),
    ...stamps,
  },
  (t) => [
    index("services_business_idx").on(t.businessId, t.timeCreated),
    uniqueIndex("services_business_sku_idx").on(t.businessId, sql`lower(${t.sku})`),
    check("services_numbers", sql`${t.durationMinutes} > 0 AND ${t.price} >= 0`),
  ],
);

/** The stores a service is offered at (none = every store). */
export const serviceStores = pgTable(
  "service_stores",
  {
    serviceId: integer().notNull().references(() => services.id, { onDelete: "cascade" }),
    storeId: integer().notNull().references(() => stores.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.storeId] })],
);

/** A gift voucher: a face value sold as `quantity` codes, redeemable within its validity. */
export const giftVouchers = pgTable(
  "gift_vouchers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    description: text().notNull().default(""),
    image: text(),
    value: bigint({ mode: "number" }).notNull(),
    price: bigint({ mode: "number" }).notNull(),
    quantity: integer().notNull(),
    validFrom: timestamp({ withTimezone: true }).notNull(),
    validUntil: timestamp({ withTimezone: true }).notNull(),
    status: integer().notNull().default(1),
    ...stamps,
  },
  (t) => [
    index("gift_vouchers_business_idx").on(t.businessId, t.timeCreated),
    check("gift_vouchers_numbers", sql`${t.value} > 0 AND ${t.price} >= 0 AND ${t.quantity} > 0 AND ${t.validUntil} > ${t.validFrom}`),
  ],
);

/** One code of a gift voucher; redeemed once. */
export const giftVoucherCodes = pgTable(
  "gift_voucher_codes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    giftVoucherId: integer().notNull().references(() => giftVouchers.id, { onDelete: "cascade" }),
    code: text().notNull(),
    timeRedeemed: timestamp({ withTimezone: true }),
    reference: text(),
  },
  (t) => [
    uniqueIndex("gift_voucher_codes_code_idx").on(t.businessId, t.code),
    index("gift_voucher_codes_voucher_idx").on(t.giftVoucherId, t.id),
  ],
);

/**
 * A discount voucher: a code giving a percentage (basis points, capped by maxDiscount) or a fixed
 * rupiah amount off a purchase of at least minPurchase, `quota` times, within its validity.
 */
export const vouchers = pgTable(
  "vouchers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    code: text().notNull(),
    description: text().notNull().default(""),
    discountType: text().notNull(), // percent | amount
    discountValue: bigint({ mode: "number" }).notNull(), // basis points or rupiah
    maxDiscount: bigint({ mode: "number" }),
    minPurchase: bigint({ mode: "number" }).notNull().default(0),
    quota: integer().notNull(),
    used: integer().notNull().default(0),
    validFrom: timestamp({ withTimezone: true }).notNull(),
    validUntil: timestamp({ withTimezone: true }).notNull(),
    status: integer().notNull().default(1),
    ...stamps,
  },
  (t) => [
    index("vouchers_business_idx").on(t.businessId, t.timeCreated),
    uniqueIndex("vouchers_business_code_idx").on(t.businessId, sql`upper(${t.code})`),
    check("vouchers_numbers", sql`${t.discountValue} > 0 AND ${t.minPurchase} >= 0 AND ${t.quota} > 0 AND ${t.used} >= 0 AND ${t.used} <= ${t.quota} AND ${t.validUntil} > ${t.validFrom} AND (${t.discountType} <> 'percent' OR ${t.discountValue} <= 10000)`),
  ],
);

/**
 * A package (bundle): a price for a set of variants. It has no stock of its own: what can be sold
 * is the smallest "component available ÷ quantity" over its items (core/catalog/packages.ts).
 */
export const packages = pgTable(
  "packages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    sku: text().notNull(),
    description: text().notNull().default(""),
    image: text(),
    price: bigint({ mode: "number" }).notNull(),
    status: integer().notNull().default(1),
    ...stamps,
  },
  (t) => [
    index("packages_business_idx").on(t.businessId, t.timeCreated),
    uniqueIndex("packages_business_sku_idx").on(t.businessId, sql`lower(${t.sku})`),
    check("packages_price", sql`${t.price} >= 0`),
  ],
);

export const packageItems = pgTable(
  "package_items",
  {
    packageId: integer().notNull().references(() => packages.id, { onDelete: "cascade" }),
    variantId: integer().notNull().references(() => productVariants.id, { onDelete: "restrict" }),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.variantId] }),
    index("package_items_variant_idx").on(t.variantId),
    check("package_items_quantity", sql`${t.quantity} > 0`),
  ],
);
