import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { businesses } from "./business.ts";

// An owner's invitation to work for the business (core/team/invitations.ts). The person is named
// by an e-mail (lower case) or an E.164 phone (`target`, `channel` email | sms); the link carries a
// random token of which only the SHA-256 is kept. Open while neither accepted nor revoked (an
// expired one stays open: inviting again refreshes it). One open invitation per (business,
// target), held by the partial unique index, so two owners inviting the same person at once make
// one invitation.
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    channel: text().notNull(),
    target: text().notNull(),
    privileges: text().array().notNull().default(sql`'{}'::text[]`),
    defaultRoute: text().notNull(),
    tokenHash: text().notNull(),
    invitedBy: integer().references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: integer().references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp({ withTimezone: true }),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("staff_invitations_token_key").on(t.tokenHash),
    uniqueIndex("staff_invitations_open_key").on(t.businessId, t.target).where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL`),
    index("staff_invitations_business_idx").on(t.businessId, t.timeCreated),
  ],
);
