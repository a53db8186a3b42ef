/**
 * What a seller reads of their saldo (issue 15 item 2; spec 7 "Saldo": summary, amount, histories,
 * withdraw-history, and GET balances/histories/saldo): read from the ledger (core/money/ledger.ts)
 * and the payouts (core/money/payouts.ts), never kept anywhere else. Privilege "balance".
 *
 *   summary     saldo, in withdrawal (the payout account: asked for, not yet paid or failed),
 *               withdrawn this month (saldo payouts paid since the 1st, WIB), holding income
 *               (the income account: earned, still in its hold period), the deposit beside them
 *   amount      the saldo alone
 *   histories   the saldo account's ledger entries: kind, reference, amount (+ in, − out) and the
 *               balance after each; filter by kind and dates; summary_data the money in and out
 *   withdraw-history  the payouts: status, source, dates; summary_data the count per status
 *
 * Decisions where the spec is silent: dates are unix seconds naming WIB days, both included (as
 * the orders list's); newest first (sort 2) unless sort 1; the API's page size defaults to 10
 * (spec 9), at most 150. Both lists export to xlsx (defineExport "saldo-history", "withdraw-history").
 */
import { and, asc, count, desc, eq, gte, inArray, lt, sum, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { TFunction } from "i18next";
import { db as pool, sideBySide, type Exec } from "#db/client.ts";
import { payouts, users } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { unix, wibDayStart, WIB_OFFSET_MS } from "#core/lib/time.ts";
import { balancesOf, LEDGER_KINDS } from "./ledger.ts";
import { PAYOUT_SOURCES, PAYOUT_STATUSES } from "./payout-options.ts";
import { accountLines } from "./history.ts";
import { ledgerReference } from "./references.ts";
import { payoutJson } from "./payouts.ts";

const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());
const unixDay = blank(z.coerce.number({ error: "invalid" }).int("invalid").min(0, "invalid").max(4_102_444_800, "invalid"));
const common = {
  page: z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(100_000, "invalid").default(1),
  limit: z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(150, "invalid").default(10),
  sort: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(2, "invalid").default(2)),
  date_from: unixDay,
  date_to: unixDay,
};
const rangeChecked = <S extends z.ZodType<{ date_from?: number; date_to?: number }>>(s: S) => s.superRefine((f, ctx) => {
  if (f.date_from !== undefined && f.date_to !== undefined && f.date_to < f.date_from) ctx.addIssue({ code: "custom", path: ["date_to"], message: "money:errors.date_range" });
});

export const saldoHistoryQuery = rangeChecked(z.object({ ...common, kind: blank(z.enum(LEDGER_KINDS, { error: "invalid" })) }));
export type SaldoHistoryQuery = z.infer<typeof saldoHistoryQuery>;
export const withdrawHistoryQuery = rangeChecked(z.object({
  ...common, status: blank(z.enum(PAYOUT_STATUSES, { error: "invalid" })), source: blank(z.enum(PAYOUT_SOURCES, { error: "invalid" })),
}));
export type WithdrawHistoryQuery = z.infer<typeof withdrawHistoryQuery>;

const dayFrom = (s: number) => wibDayStart(new Date(s * 1000));
const dayAfter = (s: number) => wibDayStart(new Date(s * 1000), 1);

// ---- summary and amount ---------------------------------------------------------------------

export async function saldoSummaryOf(exec: Exec, businessId: number, now = new Date()) {
  const monthStart = new Date(Date.parse(`${new Date(now.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 7)}-01T00:00:00Z`) - WIB_OFFSET_MS);
  const [b, [paid]] = await sideBySide(exec,
    () => balancesOf(exec, businessId),
    () => exec.select({ total: sum(payouts.amount).mapWith(Number) }).from(payouts)
      .where(and(eq(payouts.businessId, businessId), eq(payouts.source, "saldo"), eq(payouts.status, "paid"), gte(payouts.timeFinished, monthStart))),
  );
  return { saldo: b.saldo, in_withdrawal: b.payout, withdrawn_this_month: paid?.total ?? 0, holding_income: b.income, deposit: b.deposit };
}

export async function saldoSummary(scope: Scope) {
  const { db, actor } = sellerScope(scope, "balance");
  return saldoSummaryOf(db, actor.member.businessId);
}

export async function saldoAmount(scope: Scope) {
  const { db, actor } = sellerScope(scope, "balance");
  return { saldo: (await balancesOf(db, actor.member.businessId)).saldo };
}

// ---- the saldo account's history ------------------------------------------------------------

export async function saldoHistoryOf(exec: Exec, businessId: number, q: SaldoHistoryQuery, t: TFunction, offset = (q.page - 1) * q.limit) {
  const lines = await accountLines(exec, businessId, "saldo", q, { offset, limit: q.limit, oldestFirst: q.sort === 1 });
  return {
    rows: lines.rows.map((r) => ({
      entry_id: r.id,
      transaction_id: r.transactionId,
      kind: r.kind,
      kind_name: t(`money:kinds.${r.kind}`),
      ref_type: r.refType,
      ref_id: r.refId,
      ...ledgerReference(r, t),
      amount: r.amount,
      balance_after: r.balanceAfter,
      time_created: unix(r.time)!,
    })),
    total: lines.total,
    summary: { money_in: lines.totalIn, money_out: lines.totalOut },
  };
}
export type SaldoHistoryRow = Awaited<ReturnType<typeof saldoHistoryOf>>["rows"][number];

export async function saldoHistory(scope: Scope, q: SaldoHistoryQuery) {
  const { db, actor } = sellerScope(scope, "balance");
  return saldoHistoryOf(db, actor.member.businessId, q, actor.t);
}

// ---- withdrawals ----------------------------------------------------------------------------

function payoutWhere(businessId: number, q: Omit<WithdrawHistoryQuery, "page" | "limit" | "sort" | "status">): SQL[] {
  const where: SQL[] = [eq(payouts.businessId, businessId)];
  if (q.source) where.push(eq(payouts.source, q.source));
  if (q.date_from !== undefined) where.push(gte(payouts.timeCreated, dayFrom(q.date_from)));
  if (q.date_to !== undefined) where.push(lt(payouts.timeCreated, dayAfter(q.date_to)));
  return where;
}

export async function withdrawHistoryOf(exec: Exec, businessId: number, q: WithdrawHistoryQuery, t: TFunction, offset = (q.page - 1) * q.limit) {
  const base = payoutWhere(businessId, q);
  const where = and(...base, ...(q.status ? [eq(payouts.status, q.status)] : []));
  const [rows, counts] = await sideBySide(exec,
    () => exec.select({ p: payouts, name: users.name }).from(payouts).leftJoin(users, eq(users.id, payouts.requestedBy)).where(where)
      .orderBy(...(q.sort === 1 ? [asc(payouts.timeCreated), asc(payouts.id)] : [desc(payouts.timeCreated), desc(payouts.id)]))
      .limit(q.limit).offset(offset),
    () => exec.select({ status: payouts.status, n: count() }).from(payouts).where(and(...base)).groupBy(payouts.status),
  );
  const byStatus = Object.fromEntries(PAYOUT_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?.n ?? 0])) as Record<(typeof PAYOUT_STATUSES)[number], number>;
  const total = q.status ? byStatus[q.status] : Object.values(byStatus).reduce((a, b) => a + b, 0);
  return { rows: rows.map((r) => payoutJson({ ...r.p, requestedByName: r.name }, t)), total, summary: { counts: byStatus } };
}

export async function withdrawHistory(scope: Scope, q: WithdrawHistoryQuery) {
  const { db, actor } = sellerScope(scope, "balance");
  return withdrawHistoryOf(db, actor.member.businessId, q, actor.t);
}

/** The statuses of some payouts of the business (the page's live refresh). */
export async function payoutStatuses(scope: Scope, ids: number[]) {
  const { db, actor } = sellerScope(scope, "balance");
  if (!ids.length) return [];
  return db.select({ id: payouts.id, status: payouts.status }).from(payouts)
    .where(and(eq(payouts.businessId, actor.member.businessId), inArray(payouts.id, ids.slice(0, 200))));
}

// ---- exports --------------------------------------------------------------------------------

const exportPage = <Q extends { page: number; limit: number }>(q: Q, limit: number) => ({ ...q, page: 1, limit });

defineExport("saldo-history", {
  privilege: "balance",
  filename: "saldo:export.history_file",
  sheet: "saldo:export.history_sheet",
  filters: saldoHistoryQuery,
  columns: [
    { key: "time", header: "saldo:column.time", width: 18, date: true },
    { key: "kind", header: "saldo:column.kind", width: 26 },
    { key: "reference", header: "saldo:column.reference", width: 16 },
    { key: "amount", header: "saldo:column.amount", width: 16 },
    { key: "balance_after", header: "saldo:column.balance_after", width: 16 },
  ],
  async page(job, filters, offset, limit, t) {
    const r = await saldoHistoryOf(pool, job.businessId, exportPage(filters, limit), t, offset);
    return {
      total: r.total,
      rows: r.rows.map((h) => ({ time: new Date(h.time_created * 1000), kind: h.kind_name, reference: h.reference, amount: h.amount, balance_after: h.balance_after })),
    };
  },
});

defineExport("withdraw-history", {
  privilege: "balance",
  filename: "saldo:export.withdrawals_file",
  sheet: "saldo:export.withdrawals_sheet",
  filters: withdrawHistoryQuery,
  columns: [
    { key: "time", header: "saldo:column.time", width: 18, date: true },
    { key: "number", header: "saldo:column.number", width: 12 },
    { key: "source", header: "saldo:column.source", width: 12 },
    { key: "amount", header: "saldo:column.amount", width: 16 },
    { key: "bank", header: "saldo:column.bank", width: 36 },
    { key: "status", header: "saldo:column.status", width: 14 },
    { key: "requested_by", header: "saldo:column.requested_by", width: 20 },
    { key: "finished", header: "saldo:column.finished", width: 18, date: true },
  ],
  async page(job, filters, offset, limit, t) {
    const r = await withdrawHistoryOf(pool, job.businessId, exportPage(filters, limit), t, offset);
    return {
      total: r.total,
      rows: r.rows.map((p) => ({
        time: new Date(p.time_created * 1000), number: p.number, source: p.source_name, amount: p.amount,
        bank: `${p.bank_data.bank_name} ${p.bank_data.account_no} a.n. ${p.bank_data.account_name}`, status: p.status_name,
        requested_by: p.requested_by, finished: p.time_finished ? new Date(p.time_finished * 1000) : null,
      })),
    };
  },
});
