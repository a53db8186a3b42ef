import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { BUSINESS_STATUS } from "./company-enums.ts";
import { MEMBER_STATUS } from "./team-enums.ts";
import { apiTokens, users } from "./auth.ts";
import { cities, villages } from "./reference.ts";

// Company status codes live with the other company enumerations (shared with the web).
export { BUSINESS_STATUS };

export const businessGroups = pgTable("business_groups", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  ownerUserId: integer().notNull().references(() => users.id),
  timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const businesses = pgTable(
  "businesses",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    legalType: text().notNull(), // perorangan | cv | pt | pma
    businessType: integer().notNull(), // 1 Manufacture, 2 Retail, 3 Distribution, 4 Food & Beverages
    email: text(),
    phone: text().notNull(),
    address: text().notNull(),
    cityId: integer().references(() => cities.id),
    villageId: integer().references(() => villages.id),
    postcode: text(),
    taxId: text(),
    description: text(),
    image: text(),
    status: integer().notNull().default(0),
    // [{ type, url, name }]; type is one of the spec's company documents.
    documents: jsonb().$type<{ type: string; url: string; name: string }[]>().notNull().default([]),
    groupId: integer().references(() => businessGroups.id, { onDelete: "set null" }),
    ownerUserId: integer().notNull().references(() => users.id),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("businesses_owner_idx").on(t.ownerUserId),
    // One company in moderation per owner: a double-submitted seller registration cannot queue two.
    uniqueIndex("businesses_one_in_moderation_idx").on(t.ownerUserId)
      .where(sql`${t.status} = ${sql.raw(String(BUSINESS_STATUS.moderation))}`),
  ],
);

// Who works for a business. The owner has every privilege; staff have a list of sidebar
// group keys and a default route they land on when they open a page outside that list.
// `status` is the spec's employee status (team-enums.ts): only an Active (1) membership lets its
// user in; Suspended (2) and Resign (3, a removed member: the row stays so the history keeps its
// names and the person can be invited back) count as no membership at all (core/auth/tokens.ts).
export const businessMembers = pgTable(
  "business_members",
  {
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
    role: text().notNull(), // owner | staff
    privileges: text().array().notNull().default(sql`'{}'::text[]`),
    defaultRoute: text().notNull().default("/dashboard"),
    status: integer().notNull().default(MEMBER_STATUS.active),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.userId] }), index("business_members_user_idx").on(t.userId)],
);

// Update history of any business-owned record (who, when, what changed), loaded by ref id.
export const updateHistory = pgTable(
  "update_history",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    refType: text().notNull(),
    refId: integer().notNull(),
    userId: integer().references(() => users.id),
    action: text().notNull(),
    changes: jsonb().$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    // The audit log (core/audit/audit-log.ts): the session (bearer token) the change came from; null for the system.
    tokenId: integer().references(() => apiTokens.id, { onDelete: "set null" }),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("update_history_ref_idx").on(t.businessId, t.refType, t.refId, t.timeCreated),
    index("update_history_time_idx").on(t.businessId, t.timeCreated, t.id),
  ],
);

export const settings = pgTable("business_settings", {
  businessId: integer().primaryKey().references(() => businesses.id, { onDelete: "cascade" }),
  security2fa: text().notNull().default("none"), // none | password (otp variants are disabled in the spec)
  chat: jsonb().notNull().default({}),
  notification: jsonb().notNull().default({}),
  timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
