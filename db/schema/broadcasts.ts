import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { businesses } from "./business.ts";
import { users } from "./auth.ts";
import { customers } from "./customers.ts";
import { jobs } from "./jobs.ts";

/**
 * Broadcasts of the customer centre (issue 17 item 6, decision 0028): one message to the customers
 * a set of the customer list's filters shows, through one channel (the notifier's outbox). The
 * recipients are written when the broadcast is made, so the count the seller confirmed is the
 * count that is sent; the send itself is a background job (core/customers/broadcast-send.ts).
 */
export const broadcasts = pgTable(
  "broadcasts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    userId: integer().notNull().references(() => users.id),
    name: text().notNull(),
    channel: text().notNull(), // whatsapp | sms | email
    message: text().notNull(),
    /** The customer list's filters the audience was chosen by (as given). */
    filters: jsonb().notNull().default({}),
    // scheduled → sending → done; scheduled → cancelled (broadcast-rules.ts)
    status: text().notNull(),
    scheduledAt: timestamp({ withTimezone: true }).notNull(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    jobId: integer().references(() => jobs.id, { onDelete: "set null" }),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("broadcasts_business_idx").on(t.businessId, t.timeCreated.desc(), t.id),
    // The sweep's question: which scheduled broadcasts are due.
    index("broadcasts_due_idx").on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
  ],
);

/**
 * One row per recipient, with the address resolved when the broadcast was made. Status:
 * queued → sending (claimed: its outbox row exists, in the same commit) → sent | failed;
 * sending found after a crash → unknown (never sent again); queued → skipped_opt_out at send time;
 * skipped_no_address / skipped_opt_out when made.
 */
export const broadcastRecipients = pgTable(
  "broadcast_recipients",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    broadcastId: integer().notNull().references(() => broadcasts.id, { onDelete: "cascade" }),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    name: text().notNull(),
    address: text(),
    status: text().notNull(),
    outboxId: integer(),
    error: text(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("broadcast_recipients_customer_idx").on(t.broadcastId, t.customerId),
    index("broadcast_recipients_status_idx").on(t.broadcastId, t.status, t.id),
  ],
);
