import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { businesses } from "./business.ts";
import { bankAccounts } from "./profile.ts";

// Withdrawals (issue 15 item 2; the rules are in core/money/payouts.ts). A payout is the request to
// pay money out of the seller's saldo or deposit to their bank account; the money itself moves in
// the ledger (withdrawal → withdrawal_paid | withdrawal_failed), this row tracks the request and
// what the disbursement service said.

// The same lists as core/money/payout-options.ts (db imports nothing from core).
const PAYOUT_SOURCES = ["saldo", "deposit"] as const;
const PAYOUT_STATUSES = ["requested", "processing", "paid", "failed"] as const;
const inList = (xs: readonly string[]) => sql.raw(xs.map((x) => `'${x}'`).join(", "));

export const payouts = pgTable(
  "payouts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    source: text().$type<(typeof PAYOUT_SOURCES)[number]>().notNull(),
    amount: bigint({ mode: "number" }).notNull(),
    // The bank account as it was when the withdrawal was asked for (it may change or go later).
    bankAccountId: integer().references(() => bankAccounts.id, { onDelete: "set null" }),
    bankCode: text().notNull(),
    bankName: text().notNull(),
    accountNo: text().notNull(),
    accountName: text().notNull(),
    status: text().$type<(typeof PAYOUT_STATUSES)[number]>().notNull().default("requested"),
    providerRef: text(),
    /** Why it failed: "failed" or "expired" (what the service said). */
    failureReason: text(),
    /** Requests to the disbursement service that did not get through, and when to try again. */
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    lastError: text(),
    requestedBy: integer().references(() => users.id, { onDelete: "set null" }),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeSent: timestamp({ withTimezone: true }),
    timeFinished: timestamp({ withTimezone: true }),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payouts_business_time").on(t.businessId, t.timeCreated, t.id),
    // The sweeper's queue: requests the service has not taken yet.
    index("payouts_to_send").on(t.nextAttemptAt).where(sql`${t.status} = 'requested'`),
    check("payouts_amount", sql`${t.amount} > 0`),
    check("payouts_source", sql`${t.source} IN (${inList(PAYOUT_SOURCES)})`),
    check("payouts_status", sql`${t.status} IN (${inList(PAYOUT_STATUSES)})`),
  ],
);

/** Every disbursement callback received for a payout, and what was done with it (once per outcome). */
export const payoutCallbacks = pgTable(
  "payout_callbacks",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    payoutId: integer().notNull().references(() => payouts.id, { onDelete: "cascade" }),
    eventId: text().notNull(),
    status: text().notNull(),
    amount: bigint({ mode: "number" }).notNull(),
    providerRef: text().notNull(),
    /** applied | duplicate | conflict (the other outcome came first) | amount_mismatch */
    outcome: text().notNull(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payout_callbacks_payout").on(t.payoutId, t.id)],
);
