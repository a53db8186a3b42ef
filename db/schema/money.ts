import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { businesses } from "./business.ts";

// The money ledger (issue 15; the rules are in core/money/ledger.ts, the only writer).
// Append-only double entry: a transaction's entries sum to zero per unit; an account's balance is
// the sum of its entries, kept on the account row in the same transaction under a row lock.
//
// The account chart, one set per business (created on first use). Seller balances first — the
// money a seller has: the sign is "positive = the seller's". Then the other side of each movement
// (where the money came from or went): their sign is free, they only make the sums zero.

export const ACCOUNTS = {
  // The seller's balances.
  income: { unit: "idr", floor: 0 }, // earned on finished orders, held for the hold period
  saldo: { unit: "idr", floor: 0 }, // withdrawable
  payout: { unit: "idr", floor: 0 }, // withdrawals on their way to the bank
  deposit: { unit: "idr", floor: null }, // prepaid for platform costs; only an invoice charge may take it below 0 (debt)
  points: { unit: "point", floor: 0 },
  // The other side.
  sales: { unit: "idr", floor: null }, // gross order value (credit: negative)
  store_fees: { unit: "idr", floor: null }, // the store fee of each sale (profile → store fee)
  commission: { unit: "idr", floor: null }, // the channel's commission
  shipping: { unit: "idr", floor: null }, // shipping subsidy borne by the seller
  cashback: { unit: "idr", floor: null }, // cashback the seller's promotions give buyers (as points or saldo), paid when the order finishes
  ads: { unit: "idr", floor: null }, // Indie ads spend, paid from the deposit
  adjustments: { unit: "idr", floor: null }, // the platform's corrections
  payment: { unit: "idr", floor: null }, // money paid in through the payment service (top-ups, invoices paid by method)
  bank: { unit: "idr", floor: null }, // money paid out to the seller's bank
  platform_costs: { unit: "idr", floor: null }, // deposit invoices: subscriptions, sales PO
  points_issued: { unit: "point", floor: null }, // points earned (credit) and spent (debit)
} as const;
export type AccountCode = keyof typeof ACCOUNTS;
export const ACCOUNT_CODES = Object.keys(ACCOUNTS) as AccountCode[];
export const UNITS = ["idr", "point"] as const;
export type Unit = (typeof UNITS)[number];
const inList = (xs: readonly string[]) => sql.raw(xs.map((x) => `'${x}'`).join(", "));
const NON_NEGATIVE = ACCOUNT_CODES.filter((c) => ACCOUNTS[c].floor === 0);

export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    code: text().$type<AccountCode>().notNull(),
    unit: text().$type<Unit>().notNull(),
    balance: bigint({ mode: "number" }).notNull().default(0),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_business_code").on(t.businessId, t.code),
    check("ledger_accounts_code", sql`${t.code} IN (${inList(ACCOUNT_CODES)})`),
    check("ledger_accounts_unit", sql`${t.unit} IN (${inList(UNITS)})`),
    // The backstop under the writer's own check: a seller balance never goes below zero.
    check("ledger_accounts_floor", sql`${t.code} NOT IN (${inList(NON_NEGATIVE)}) OR ${t.balance} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    /** What moved the money (core/money/ledger.ts LEDGER_KINDS). */
    kind: text().notNull(),
    /** The posting's own key: the same key posts once (an order's settlement, a callback, a form token). */
    key: text().notNull(),
    /** What it is about: "order", "payout", "payment", "invoice", "settlement" … and its id. */
    refType: text(),
    refId: integer(),
    memo: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_transactions_key").on(t.businessId, t.key),
    index("ledger_transactions_ref").on(t.businessId, t.refType, t.refId),
    index("ledger_transactions_time").on(t.businessId, t.timeCreated, t.id),
  ],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: integer().notNull().references(() => ledgerTransactions.id),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    accountId: integer().notNull().references(() => ledgerAccounts.id),
    /** Copied from the account so the per-unit zero sum is one grouped query. */
    unit: text().$type<Unit>().notNull(),
    /** Signed: + adds to the account's balance. Never 0. */
    amount: bigint({ mode: "number" }).notNull(),
    balanceAfter: bigint({ mode: "number" }).notNull(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_entries_account").on(t.accountId, t.id),
    index("ledger_entries_transaction").on(t.transactionId),
    check("ledger_entries_amount", sql`${t.amount} <> 0`),
  ],
);
