import { sql } from "drizzle-orm";
import {
  bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from "drizzle-orm/pg-core";
import { businesses } from "./business.ts";
import { banks, cities, villages } from "./reference.ts";

// The seller profile (spec sections 2 "Profile", 3 "Shapes"): brands, online channels, offline
// stores, warehouses, factories, store fees and the business's bank accounts. Every row carries
// its business (the tenant key) and every list index starts with it.

const stamps = {
  timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** Product categories, three levels (Fashion › Clothing › Dresses); brands and products use them. */
export const productCategories = pgTable(
  "product_categories",
  {
    id: integer().primaryKey(),
    parentId: integer(),
    level: integer().notNull(),
    name: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index("product_categories_parent_idx").on(t.parentId)],
);

export const brands = pgTable(
  "brands",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    image: text(),
    productCategoryId: integer().notNull().references(() => productCategories.id),
    description: text(),
    status: integer().notNull().default(1), // 1 active, 3 inactive
    documents: jsonb().$type<{ type: string; url: string; name: string }[]>().notNull().default([]),
    ...stamps,
  },
  (t) => [
    index("brands_business_idx").on(t.businessId, t.timeCreated),
    uniqueIndex("brands_business_name_idx").on(t.businessId, sql`lower(${t.name})`),
  ],
);

/**
 * The owned-brand detail sections (social media, banners, pickup lines, notes, responses,
 * holidays): one row per entry, `data` shaped by the section's Zod schema in the API.
 */
export const brandEntries = pgTable(
  "brand_entries",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    brandId: integer().notNull().references(() => brands.id, { onDelete: "cascade" }),
    section: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    sortOrder: integer().notNull().default(0),
    ...stamps,
  },
  (t) => [index("brand_entries_brand_idx").on(t.brandId, t.section, t.sortOrder)],
);

/**
 * A partnership: `partnerBusinessId` works with a brand or store (`kind`, `refId`) that
 * `ownerBusinessId` owns. Status is the spec's 0 Waiting for Approval, 1 Connected,
 * 2 Requesting to Connect, 3 Requesting to Disconnect, 4 Disconnected (core/profile/partnerships.ts).
 */
export const partnerships = pgTable(
  "partnerships",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().notNull(), // brand | store
    refId: integer().notNull(),
    ownerBusinessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    partnerBusinessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    status: integer().notNull().default(0),
    // Which side asked for the pending change (connect or disconnect): the other side answers it.
    requestedByBusinessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    ...stamps,
  },
  (t) => [
    uniqueIndex("partnerships_ref_partner_idx").on(t.kind, t.refId, t.partnerBusinessId),
    index("partnerships_partner_idx").on(t.partnerBusinessId, t.kind, t.status),
    index("partnerships_owner_idx").on(t.ownerBusinessId, t.kind, t.status),
  ],
);

/** A business's online channel: a shop on a platform (api/domain/channel-platforms.ts). */
export const channels = pgTable(
  "channels",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    platformCode: text().notNull(),
    name: text().notNull(),
    logo: text(),
    email: text(),
    phone: text(),
    // { url, username, phone_number, line_id }: what the platform's code requires.
    config: jsonb().$type<Record<string, string>>().notNull().default({}),
    isDefault: boolean().notNull().default(false),
    status: integer().notNull().default(1), // 1 active, 0 inactive
    ...stamps,
  },
  (t) => [
    index("channels_business_idx").on(t.businessId, t.timeCreated),
    uniqueIndex("channels_one_default_idx").on(t.businessId).where(sql`${t.isDefault}`),
  ],
);

/** The business's payout bank accounts (spec "Banks"); a store may name one. */
export const bankAccounts = pgTable(
  "bank_accounts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    bankCode: text().notNull().references(() => banks.code),
    accountName: text().notNull(),
    accountNo: text().notNull(),
    isDefault: boolean().notNull().default(false),
    ...stamps,
  },
  (t) => [
    uniqueIndex("bank_accounts_number_idx").on(t.businessId, t.bankCode, t.accountNo),
    uniqueIndex("bank_accounts_one_default_idx").on(t.businessId).where(sql`${t.isDefault}`),
  ],
);

/** An offline store (the spec's "store branch"). */
export const stores = pgTable(
  "stores",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    type: integer().notNull(), // 1 Dept, 2 Mall, 3 Street, 4 Home, 5 Office
    image: text(),
    email: text(),
    phone: text(),
    status: integer().notNull().default(1), // 1 active, 0 inactive
    isDefault: boolean().notNull().default(false),
    address: text().notNull(),
    cityId: integer().notNull().references(() => cities.id),
    villageId: integer().references(() => villages.id),
    postcode: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    deliveryAddressType: integer().notNull().default(1), // 1 same as the store, 2 another address
    // The other address (type 2): its city (delivery_location_data.name), street and postcode.
    deliveryCityId: integer().references(() => cities.id),
    deliveryAddress: text(),
    deliveryPostcode: text(),
    isPickupAtStore: boolean().notNull().default(false),
    processDay: integer().notNull().default(1),
    bankAccountId: integer().references(() => bankAccounts.id, { onDelete: "set null" }),
    courierServiceIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    orderFinishedMessage: text(),
    orderFinishedActive: boolean().notNull().default(false),
    orderReturnedMessage: text(),
    orderReturnedActive: boolean().notNull().default(false),
    ...stamps,
  },
  (t) => [
    index("stores_business_idx").on(t.businessId, t.timeCreated),
    uniqueIndex("stores_one_default_idx").on(t.businessId).where(sql`${t.isDefault}`),
    check("stores_process_day", sql`${t.processDay} BETWEEN 0 AND 30`),
  ],
);

/** Which online channels sell a store's stock: a row is a connection. */
export const storeChannels = pgTable(
  "store_channels",
  {
    storeId: integer().notNull().references(() => stores.id, { onDelete: "cascade" }),
    channelId: integer().notNull().references(() => channels.id, { onDelete: "cascade" }),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.channelId] }), index("store_channels_channel_idx").on(t.channelId)],
);

export const warehouses = pgTable(
  "warehouses",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    type: integer().notNull(), // 1 Central, 2 Branch, 3 Office
    region: integer().notNull().default(1), // 1 Domestic, 2 Overseas
    isPartner: boolean().notNull().default(false), // run by a logistics partner (3PL)
    isDefault: boolean().notNull().default(false),
    status: integer().notNull().default(1), // 1 active, 0 inactive
    image: text(),
    email: text(),
    phone: text(),
    address: text().notNull(),
    cityId: integer().references(() => cities.id),
    postcode: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    ...stamps,
  },
  (t) => [
    index("warehouses_business_idx").on(t.businessId, t.timeCreated),
    uniqueIndex("warehouses_one_default_idx").on(t.businessId).where(sql`${t.isDefault}`),
  ],
);

/** Named areas of a warehouse (racks, rooms) that stock pickers choose from. */
export const warehousePartitions = pgTable(
  "warehouse_partitions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    warehouseId: integer().notNull().references(() => warehouses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("warehouse_partitions_name_idx").on(t.warehouseId, sql`lower(${t.name})`)],
);

/** The business's own production sites. */
export const factories = pgTable(
  "factories",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    image: text(),
    contactName: text(),
    email: text(),
    phone: text(),
    address: text().notNull(),
    cityId: integer().references(() => cities.id),
    postcode: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    monthlyCapacity: integer(), // pieces a month, when the seller knows it
    status: integer().notNull().default(1), // 1 active, 0 inactive
    ...stamps,
  },
  (t) => [index("factories_business_idx").on(t.businessId, t.timeCreated)],
);

/**
 * What a store pays on each sale: a percentage (basis points, 250 = 2.5 %) of the sale plus a fixed
 * rupiah amount per transaction, for one online channel or, with no channel, for every sale of the
 * store (its offline till included). The most specific fee applies: store + channel, else store.
 */
export const storeFees = pgTable(
  "store_fees",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    storeId: integer().notNull().references(() => stores.id, { onDelete: "cascade" }),
    channelId: integer().references(() => channels.id, { onDelete: "cascade" }),
    percentBp: integer().notNull().default(0),
    fixedAmount: bigint({ mode: "number" }).notNull().default(0),
    note: text(),
    status: integer().notNull().default(1), // 1 active, 0 inactive
    ...stamps,
  },
  (t) => [
    index("store_fees_business_idx").on(t.businessId, t.timeCreated),
    uniqueIndex("store_fees_store_channel_idx").on(t.storeId, sql`coalesce(${t.channelId}, 0)`),
    check("store_fees_amounts", sql`${t.percentBp} BETWEEN 0 AND 10000 AND ${t.fixedAmount} >= 0`),
  ],
);
