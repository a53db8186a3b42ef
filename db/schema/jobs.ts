import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { businesses } from "./business.ts";
import { users } from "./auth.ts";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

// Background jobs (exports now; bulk uploads later). Rows are claimed with FOR UPDATE SKIP LOCKED
// so any app process can run them; the produced file lives in the row so every process can serve it.
export const jobs = pgTable(
  "jobs",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    userId: integer().notNull().references(() => users.id),
    kind: text().notNull(), // e.g. export:company
    params: jsonb().notNull().default({}),
    status: text().notNull().default("waiting"), // waiting | processing | success | failed
    progress: integer().notNull().default(0),
    statusDetails: text(),
    filename: text(),
    file: bytea(),
    isDownloaded: boolean().notNull().default(false),
    lockedUntil: timestamp({ withTimezone: true }),
    // Times the job was claimed; also the claim's token: only the run holding the latest claim may write.
    attempts: integer().notNull().default(0),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The export history: one person's jobs in one business, newest first.
    index("jobs_business_idx").on(t.businessId, t.userId, t.timeCreated),
    index("jobs_waiting_idx").on(t.timeCreated).where(sql`${t.status} = 'waiting'`),
  ],
);

// Uploaded files (images, company documents). Stored in the database so every app process can
// serve them; names are random 128-bit ids, so a file URL is not guessable. A private file (a
// company's legal documents) is served only to those allowed to see it (core/lib/uploads.ts).
export const uploads = pgTable(
  "uploads",
  {
    name: text().primaryKey(),
    userId: integer().notNull().references(() => users.id),
    contentType: text().notNull(),
    originalName: text().notNull(),
    size: integer().notNull(),
    data: bytea().notNull(),
    private: boolean().notNull().default(false),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
);
