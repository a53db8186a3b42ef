import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { businesses } from "./business.ts";

// The deposit (issue 15 item 3; rules in core/money/deposit.ts, payments.ts, invoices.ts).
// Money itself only moves in the ledger (money.ts); these tables are what the money is about:
// a payment asked of the payment service, an invoice the platform issued, a business's settings.

export const PAYMENT_PURPOSES = ["topup", "invoice"] as const;
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "expired"] as const;
export const INVOICE_TYPES = ["sales_po", "system_subscription"] as const;
/** Stored: unpaid | paid. "overdue" is an unpaid invoice past its due time, read, never written. */
export const INVOICE_STATUSES = ["unpaid", "paid"] as const;
export const INVOICE_PAID_VIA = ["deposit", "method", "points", "auto"] as const;

export type InvoiceLine = { description: string; qty: number; price: number };
export type PaymentInstructions = { kind: "va" | "link" | "code"; value: string };

const inList = (xs: readonly string[]) => sql.raw(xs.map((x) => `'${x}'`).join(", "));

export const depositInvoices = pgTable(
  "deposit_invoices",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    /** INV/DEP/<yyyymm>/<n>: n counts the business's invoices of that month (WIB). */
    number: text().notNull(),
    type: text().$type<(typeof INVOICE_TYPES)[number]>().notNull(),
    /** The period billed [start, end): a subscription's day, week or month; a sales PO's order day. */
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    lines: jsonb().$type<InvoiceLine[]>().notNull().default([]),
    amount: bigint({ mode: "number" }).notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    status: text().$type<(typeof INVOICE_STATUSES)[number]>().notNull().default("unpaid"),
    paidVia: text().$type<(typeof INVOICE_PAID_VIA)[number]>(),
    /** Points spent on it (1 point = Rp 100); the rest came from paidVia. */
    pointsUsed: integer().notNull().default(0),
    paidAt: timestamp({ withTimezone: true }),
    paidBy: integer().references(() => users.id, { onDelete: "set null" }),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("deposit_invoices_number").on(t.businessId, t.number),
    // A subscription period is billed once, however many sweepers run.
    uniqueIndex("deposit_invoices_subscription_period").on(t.businessId, t.periodStart).where(sql`${t.type} = 'system_subscription'`),
    index("deposit_invoices_list").on(t.businessId, t.timeCreated, t.id),
    index("deposit_invoices_due").on(t.dueAt).where(sql`${t.status} = 'unpaid'`),
    check("deposit_invoices_type", sql`${t.type} IN (${inList(INVOICE_TYPES)})`),
    check("deposit_invoices_status", sql`${t.status} IN (${inList(INVOICE_STATUSES)})`),
    check("deposit_invoices_amount", sql`${t.amount} > 0`),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    purpose: text().$type<(typeof PAYMENT_PURPOSES)[number]>().notNull(),
    invoiceId: integer().references(() => depositInvoices.id, { onDelete: "set null" }),
    amount: bigint({ mode: "number" }).notNull(),
    /** Spec payment methods: 2 Instant, 3 Virtual Account, 4 E-Wallet, 5 Payment Point, 6 Cardless Credit. */
    method: smallint().notNull(),
    status: text().$type<(typeof PAYMENT_STATUSES)[number]>().notNull().default("pending"),
    providerRef: text(),
    instructions: jsonb().$type<PaymentInstructions | null>(),
    expiresAt: timestamp({ withTimezone: true }),
    /** What happened to the money when it came for an invoice already paid otherwise: "credited_to_deposit". */
    note: text(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeSettled: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("payments_business").on(t.businessId, t.timeCreated),
    index("payments_invoice").on(t.invoiceId),
    check("payments_purpose", sql`${t.purpose} IN (${inList(PAYMENT_PURPOSES)})`),
    check("payments_status", sql`${t.status} IN (${inList(PAYMENT_STATUSES)})`),
    check("payments_amount", sql`${t.amount} > 0`),
    check("payments_method", sql`${t.method} BETWEEN 2 AND 6`),
  ],
);

export const moneySettings = pgTable("money_settings", {
  businessId: integer().primaryKey().references(() => businesses.id, { onDelete: "cascade" }),
  /** Spec "Invoice setting": 1 Daily, 2 Weekly, 3 Monthly. */
  invoiceSetting: smallint().notNull().default(3),
  autoPayment: boolean().notNull().default(false),
  /** The platform subscription's price per month; null = no subscription (nothing to bill). */
  subscriptionFee: bigint({ mode: "number" }),
  timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [check("money_settings_invoice_setting", sql`${t.invoiceSetting} BETWEEN 1 AND 3`)]);
