import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    email: text(),
    phone: text(),
    passwordHash: text().notNull(),
    // The 6-digit PIN of the POS and the kiosk switch (core/auth/pin.ts), argon2id like the password; null: none set.
    pinHash: text(),
    // Profile status of the spec: 1 email verified, 3 email and phone verified.
    profileStatus: integer().notNull().default(1),
    // NEWBIE | OFFICIAL | MAJOR
    role: text().notNull().default("NEWBIE"),
    locale: text().notNull().default("en"),
    // The person's photo (an /uploads URL, cropped square on /setting/account); null: their initial is shown.
    photo: text(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_phone_key").on(t.phone),
  ],
);

// Bearer tokens: only the SHA-256 of the random token is stored; revoked by setting revokedAt.
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    // The business the token acts for (the header's active business); null until the user is a seller.
    businessId: integer(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    // Re-authentication (core/auth/reauth.ts): when the password was last typed again on this session.
    reauthAt: timestamp({ withTimezone: true }),
    // The active-sessions list (core/auth/sessions.ts): last use (at most a minute stale), from where, on what.
    lastSeenAt: timestamp({ withTimezone: true }),
    ip: text(),
    device: text(),
  },
  (t) => [uniqueIndex("api_tokens_hash_key").on(t.tokenHash), index("api_tokens_user_idx").on(t.userId)],
);

// One-time passwords: hashed, 120 s, single use, at most 5 wrong tries.
export const otps = pgTable(
  "otps",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    target: text().notNull(),
    purpose: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("otps_target_idx").on(t.target, t.purpose, t.timeCreated)],
);

// Every message the notifier sent (email or SMS); the demo outbox page reads it.
export const outbox = pgTable(
  "outbox",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    channel: text().notNull(), // email | sms | whatsapp | chat (core/lib/notifier.ts)
    target: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    delivered: boolean().notNull().default(false),
    error: text(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("outbox_time_idx").on(t.timeCreated)],
);

// Fixed-window counters for rate limits when no Redis is configured.
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});

// The first answer to an API POST per caller and Idempotency-Key, kept 24 h (core/lib/idempotency.ts).
// business_id is the token's business, 0 when it has none. A row without status is a request still
// running; owner is that run's claim, so only it completes or releases the row.
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
    businessId: integer().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    owner: text().notNull(),
    status: integer(),
    contentType: text(),
    body: text(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.businessId, t.key] }), index("idempotency_keys_time_idx").on(t.timeCreated)],
);
