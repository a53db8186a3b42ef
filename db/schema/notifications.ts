import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { businesses } from "./business.ts";

// The in-app notification feed (core/notifications): one row per recipient, written in the
// transaction of what caused it. `event` is one of core/notifications/events.ts; `vars` are the
// values of its message (translated when read, in the reader's language); `link` is the page of
// the object it is about, without the language prefix.
export const notifications = pgTable(
  "notifications",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
    event: text().notNull(),
    refType: text(),
    refId: integer(),
    link: text(),
    vars: jsonb().$type<Record<string, string | number>>().notNull().default({}),
    readAt: timestamp({ withTimezone: true }),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_feed_idx").on(t.businessId, t.userId, t.id),
    index("notifications_unread_idx").on(t.businessId, t.userId).where(sql`${t.readAt} IS NULL`),
  ],
);

// Which events reach a member by which channel, per member and business (/setting/notification).
// `channels` holds only what the member chose; an event not in it has the defaults (events.ts).
export const notificationSettings = pgTable(
  "notification_settings",
  {
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
    channels: jsonb().$type<Record<string, { in_app: boolean; email: boolean; sms: boolean }>>().notNull().default({}),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.userId] })],
);
