/**
 * The deposit (issue 15 item 3): the business's prepaid balance for platform costs. Its money is
 * the ledger's `deposit` account (core/money/ledger.ts); this module reads it and keeps the
 * business's deposit settings. Top-ups: payments.ts; invoices and auto-payment: invoices.ts.
 *
 *   balance    the deposit account; below zero it is a debt (only an automatic invoice charge
 *              makes one, invoices.ts), shown as such, paid off by the next top-up.
 *   histories  every ledger entry of the deposit account, newest first, with its kind and the
 *              spec's deposit type (topup, withdraw, sales_po, system_subscription), the date
 *              filter and pages; exported as xlsx ("deposit-histories").
 *   settings   invoice setting (1 Daily, 2 Weekly, 3 Monthly — how often the subscription is
 *              billed) and auto-payment on/off (spec 4: a status toggle, activate | deactivate).
 *
 * Decisions where the spec is silent: the settings need privilege "balance" like every deposit
 * page (not the finer balance.withdraw: nothing leaves the platform); a setting is answered with the
 * business's whole settings; a business without a settings row has the defaults (Monthly, off).
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { TFunction } from "i18next";
import { db as pool } from "#db/client.ts";
import { moneySettings } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { registerSweep } from "#core/jobs/worker.ts";
import { LEDGER_KINDS } from "./ledger.ts";
import { balancesOf } from "./ledger.ts";
import { accountLines, type LineRow } from "./history.ts";
import { ledgerReference } from "./references.ts";
import { INVOICE_SETTINGS } from "./deposit-options.ts";
import { findInvoices, invoiceJson, invoiceListQuery, sweepDepositInvoices } from "./invoices.ts";
import "./payments.ts"; // the simulator's callbacks land there

// ───────────────────────────── balance ─────────────────────────────

export async function depositBalance(scope: Scope) {
  const { db, actor } = sellerScope(scope, "balance");
  const b = await balancesOf(db, actor.member.businessId);
  return { balance: b.deposit, debt: Math.max(0, -b.deposit), points: b.points };
}

// ───────────────────────────── histories ─────────────────────────────

export const historyQuery = z.object({
  page: z.coerce.number().int("invalid").min(1, "invalid").max(1_000_000, "invalid").default(1),
  limit: z.coerce.number().int("invalid").min(1, "invalid").max(150, "invalid").default(50),
  kind: z.enum(LEDGER_KINDS, { message: "invalid" }).optional(),
  date_from: z.coerce.number().int("invalid").min(0, "invalid").max(2 ** 40, "invalid").optional(),
  date_to: z.coerce.number().int("invalid").min(0, "invalid").max(2 ** 40, "invalid").optional(),
});
export type HistoryQuery = z.input<typeof historyQuery>;

/** The spec's deposit type of a ledger movement. */
function depositType(kind: string, invoiceType: string | null) {
  if (kind === "topup") return "topup";
  if (kind.startsWith("withdrawal")) return "withdraw";
  return invoiceType ?? kind;
}

function historyJson(r: LineRow, t: TFunction) {
  const type = depositType(r.kind, r.invoiceType);
  return {
    history_id: r.id,
    kind: r.kind,
    kind_name: t(`money:kinds.${r.kind}`),
    type,
    type_name: t(`deposit:types.${type}`, { defaultValue: t(`money:kinds.${r.kind}`) }),
    amount: r.amount,
    balance_after: r.balanceAfter,
    ...ledgerReference(r, t),
    invoice_id: r.refType === "invoice" ? r.refId : null,
    time_created: Math.floor(r.time.getTime() / 1000),
  };
}
export type DepositHistory = ReturnType<typeof historyJson>;

export async function depositHistories(scope: Scope, q: HistoryQuery) {
  const { db, actor } = sellerScope(scope, "balance");
  const f = historyQuery.parse(q);
  const lines = await accountLines(db, actor.member.businessId, "deposit", f, { offset: (f.page - 1) * f.limit, limit: f.limit });
  return { rows: lines.rows.map((r) => historyJson(r, actor.t)), total: lines.total, limit: f.limit, summary: { balance: lines.balance, debt: Math.max(0, -lines.balance) } };
}

// ───────────────────────────── settings ─────────────────────────────

export const invoiceSettingBody = z.object({
  invoice_setting: z.coerce.number({ message: "deposit:errors.invoice_setting" })
    .refine((n) => (INVOICE_SETTINGS as readonly number[]).includes(n), "deposit:errors.invoice_setting"),
});

function settingsJson(s: { invoiceSetting: number; autoPayment: boolean; subscriptionFee: number | null }, t: TFunction) {
  return {
    invoice_setting: s.invoiceSetting,
    invoice_setting_name: t(`deposit:invoice_setting.${s.invoiceSetting}`),
    auto_payment: s.autoPayment,
    subscription_fee: s.subscriptionFee,
  };
}

export async function depositSettings(scope: Scope) {
  const { db, actor } = sellerScope(scope, "balance");
  const [s] = await db.select().from(moneySettings).where(eq(moneySettings.businessId, actor.member.businessId));
  return settingsJson(s ?? { invoiceSetting: 3, autoPayment: false, subscriptionFee: null }, actor.t);
}

async function saveSettings(scope: Scope, set: { invoiceSetting?: number; autoPayment?: boolean }) {
  const { db, actor } = sellerScope(scope, "balance");
  const [s] = await db.insert(moneySettings).values({ businessId: actor.member.businessId, ...set })
    .onConflictDoUpdate({ target: moneySettings.businessId, set: { ...set, timeModified: new Date() } }).returning();
  return settingsJson(s, actor.t);
}

export const setInvoiceSetting = (scope: Scope, body: z.infer<typeof invoiceSettingBody>) => saveSettings(scope, { invoiceSetting: body.invoice_setting });
export const setAutoPayment = (scope: Scope, on: boolean) => saveSettings(scope, { autoPayment: on });

// ───────────────────────────── exports and the sweeper ─────────────────────────────

defineExport("deposit-histories", {
  privilege: "balance",
  filename: "deposit:export.histories_file",
  sheet: "deposit:export.histories_sheet",
  filters: historyQuery.omit({ page: true, limit: true }),
  columns: [
    { key: "time", header: "deposit:column.time", date: true },
    { key: "type", header: "deposit:column.type", width: 24 },
    { key: "reference", header: "deposit:column.reference", width: 24 },
    { key: "amount", header: "deposit:column.amount", width: 16 },
    { key: "balance_after", header: "deposit:column.balance_after", width: 16 },
  ],
  async page(job, filters, offset, limit, t) {
    const { rows, total } = await accountLines(pool, job.businessId, "deposit", filters, { offset, limit });
    return { total, rows: rows.map((r) => {
      const h = historyJson(r, t);
      return { time: r.time, type: h.type_name, reference: h.reference, amount: h.amount, balance_after: h.balance_after };
    }) };
  },
});

defineExport("deposit-invoices", {
  privilege: "balance",
  filename: "deposit:export.invoices_file",
  sheet: "deposit:export.invoices_sheet",
  filters: invoiceListQuery.omit({ page: true, limit: true }),
  columns: [
    { key: "number", header: "deposit:column.number", width: 24 },
    { key: "type", header: "deposit:column.type", width: 22 },
    { key: "time", header: "deposit:column.issued", date: true },
    { key: "due", header: "deposit:column.due", date: true },
    { key: "amount", header: "deposit:column.amount", width: 16 },
    { key: "status", header: "deposit:column.status", width: 14 },
    { key: "paid_via", header: "deposit:column.paid_via", width: 18 },
  ],
  async page(job, filters, offset, limit, t) {
    const { rows, total } = await findInvoices(pool, job.businessId, { ...filters, page: Math.floor(offset / limit) + 1, limit });
    return { total, rows: rows.map((r) => {
      const i = invoiceJson(r, t);
      return { number: i.number, type: i.type_name, time: r.timeCreated, due: r.dueAt, amount: i.amount, status: i.status_name, paid_via: i.paid_via_name };
    }) };
  },
});

// Every minute: the subscription invoices of the new period, then the auto-payments that fell due.
registerSweep("deposit-invoices", Number(process.env.DEPOSIT_SWEEP_MS ?? 60_000), () => sweepDepositInvoices());

