/**
 * The history of one ledger account of a business — the one reader under the saldo, deposit and
 * points histories (their pages, API calls and exports; each answers its own spec shape from these
 * rows) — and the points history's xlsx export. Reads only: the entries core/money/ledger.ts
 * wrote, each joined to its transaction (what moved the money, its reference, its memo), the
 * order or invoice it names (core/money/references.ts) and an invoice's type (the deposit's).
 *
 *   accountLines(exec, businessId, "saldo", { date_from, date_to, kind, direction }, { offset, limit, oldestFirst })
 *     → { balance, rows, total, totalIn, totalOut }
 *   accountHistory(scope, "points", { date_from, date_to, kind, direction }, { page, limit })
 *     → { rows: [{ entry_id, transaction_id, time_created, kind, kind_name, direction, amount,
 *                  balance_after, ref_type, ref_id, reference, reference_path, note, memo }],
 *         total, summary: { balance, total_in, total_out } }
 *   defineAccountHistoryExport("points-history", "points", { filename, sheet })
 *
 * Decisions where the spec is silent:
 * - Order: newest entry first, by the entry's id — the order the ledger wrote them in, the only one
 *   in which each row's "balance after" follows from the one below it (a backfilled posting may
 *   carry an earlier time than entries written before it). One range of ledger_entries_account
 *   (account_id, id); OFFSET pages with an exact total (an account's history is one seller's
 *   movements of one balance, not the business's orders).
 * - Dates: `date_from` / `date_to` are unix seconds naming WIB calendar days, both included (as
 *   the orders list; the pages send them from the one date filter, app/lib/date-range.ts).
 *   date_to before date_from is refused under date_to.
 * - `kind`: one ledger kind (LEDGER_KINDS); `direction`: in (the balance grew) or out.
 * - The summary is over the filtered entries: total_in and total_out (both ≥ 0), and the
 *   account's balance now (not filtered).
 * - An account never used answers no rows and a balance of 0. Another business's entries are never
 *   read: the account is looked up by the actor's business and code, and every entry is checked
 *   against the business too.
 * - The reference: an order's code, else the reference named in the reader's language
 *   (money:refs.<type>, "Invoice #12"); reference_path where the web can open it
 *   (balance-pages.ts referencePath).
 */
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db as pool, sideBySide, type Exec } from "#db/client.ts";
import { depositInvoices, ledgerAccounts, ledgerEntries, ledgerTransactions, type AccountCode } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { Refused } from "#core/errors.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { unix, wibDayStart } from "#core/lib/time.ts";
import { blank } from "#core/profile/warehouses-shared.ts";
import { LEDGER_KINDS, type LedgerKind } from "./ledger.ts";
import { HISTORY_PAGE_SIZES } from "./balance-pages.ts";
import { ledgerReference, referenceColumns, refInvoiceJoin } from "./references.ts";

export const MAX_EXPORT_ROWS = 100_000;

const unixSeconds = blank(z.coerce.number({ error: "invalid" }).int("invalid").min(0, "invalid").max(4_102_444_800, "invalid"));

/** The filters of every account history (page URL → core, API query, export). */
export const historyFilterFields = z.object({
  date_from: unixSeconds,
  date_to: unixSeconds,
  kind: blank(z.enum(LEDGER_KINDS, { error: "invalid" })),
  direction: blank(z.enum(["in", "out"], { error: "invalid" })),
});
export type HistoryFilters = z.infer<typeof historyFilterFields>;

const withDateRange = <S extends z.ZodType<{ date_from?: number; date_to?: number }>>(schema: S) =>
  schema.superRefine((f, ctx) => {
    if (f.date_from !== undefined && f.date_to !== undefined && f.date_to < f.date_from) {
      ctx.addIssue({ code: "custom", path: ["date_to"], message: "money:history.date_range" });
    }
  });

export const historyFilters = withDateRange(historyFilterFields);

const pageSize = (fallback: number) => z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number({ error: "invalid" }).int("invalid")
  .refine((v) => (HISTORY_PAGE_SIZES as readonly number[]).includes(v), "invalid").default(fallback));

/** An account history's query through the API: the filters, page (from 1) and limit (default 10, spec section 9). */
export const historyQuery = withDateRange(historyFilterFields.extend({
  page: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(1_000_000, "invalid").default(1)),
  limit: pageSize(10),
}));
export type HistoryQuery = z.infer<typeof historyQuery>;

/** What narrows an account's lines: WIB days (both included), a ledger kind, money in or out. */
export type LineFilters = { date_from?: number; date_to?: number; kind?: LedgerKind; direction?: "in" | "out" };

function conditions(accountId: number, businessId: number, f: LineFilters): SQL {
  const w: SQL[] = [eq(ledgerEntries.accountId, accountId), eq(ledgerEntries.businessId, businessId)];
  if (f.date_from !== undefined) w.push(gte(ledgerEntries.timeCreated, wibDayStart(new Date(f.date_from * 1000))));
  if (f.date_to !== undefined) w.push(lt(ledgerEntries.timeCreated, wibDayStart(new Date(f.date_to * 1000), 1)));
  if (f.kind) w.push(eq(ledgerTransactions.kind, f.kind));
  if (f.direction === "in") w.push(sql`${ledgerEntries.amount} > 0`);
  if (f.direction === "out") w.push(sql`${ledgerEntries.amount} < 0`);
  return and(...w)!;
}

async function accountOf(exec: Exec, businessId: number, code: AccountCode) {
  const [a] = await exec.select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance }).from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.businessId, businessId), eq(ledgerAccounts.code, code)));
  return a;
}

type Page = { offset: number; limit: number; oldestFirst?: boolean };

async function entryRows(exec: Exec, where: SQL, businessId: number, page: Page) {
  return exec
    .select({
      id: ledgerEntries.id, transactionId: ledgerEntries.transactionId, time: ledgerEntries.timeCreated,
      amount: ledgerEntries.amount, balanceAfter: ledgerEntries.balanceAfter,
      kind: ledgerTransactions.kind, memo: ledgerTransactions.memo, invoiceType: depositInvoices.type, ...referenceColumns(businessId),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(depositInvoices, refInvoiceJoin(businessId))
    .where(where)
    .orderBy(page.oldestFirst ? asc(ledgerEntries.id) : desc(ledgerEntries.id))
    .limit(page.limit)
    .offset(page.offset);
}
export type LineRow = Awaited<ReturnType<typeof entryRows>>[number];

async function summaryOf(exec: Exec, where: SQL) {
  const [s] = await exec
    .select({
      total: count(),
      totalIn: sql<number>`coalesce(sum(${ledgerEntries.amount}) FILTER (WHERE ${ledgerEntries.amount} > 0), 0)::bigint`.mapWith(Number),
      totalOut: sql<number>`coalesce(-sum(${ledgerEntries.amount}) FILTER (WHERE ${ledgerEntries.amount} < 0), 0)::bigint`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(where);
  return s;
}

/**
 * A page of `account`'s lines of `businessId` (newest first unless `oldestFirst`), with the count
 * and the money in and out of every line the filters keep, and the account's balance now. An
 * account never used answers nothing and a balance of 0. The caller checked who asks.
 */
export async function accountLines(exec: Exec, businessId: number, account: AccountCode, f: LineFilters, page: Page) {
  const acc = await accountOf(exec, businessId, account);
  if (!acc) return { balance: 0, rows: [] as LineRow[], total: 0, totalIn: 0, totalOut: 0 };
  const where = conditions(acc.id, businessId, f);
  const [rows, s] = await sideBySide(exec, () => entryRows(exec, where, businessId, page), () => summaryOf(exec, where));
  return { balance: acc.balance, rows, total: s.total, totalIn: s.totalIn, totalOut: s.totalOut };
}

export function historyJson(r: LineRow, t: TFunction) {
  const memo = r.memo ?? {};
  return {
    entry_id: r.id,
    transaction_id: r.transactionId,
    time_created: unix(r.time)!,
    kind: r.kind as LedgerKind,
    kind_name: t(`money:kinds.${r.kind}`, { defaultValue: r.kind }),
    direction: r.amount > 0 ? ("in" as const) : ("out" as const),
    amount: r.amount,
    balance_after: r.balanceAfter,
    ref_type: r.refType,
    ref_id: r.refId,
    ...ledgerReference(r, t),
    note: typeof memo.note === "string" ? memo.note : null,
    memo,
  };
}
export type HistoryRow = ReturnType<typeof historyJson>;

/**
 * One page of `account`'s history for the actor's business (see the header). Privilege "balance".
 * The caller's filters are already parsed (historyFilters / historyQuery).
 */
export async function accountHistory(scope: Scope, account: AccountCode, f: HistoryFilters, page: { page: number; limit: number }) {
  const { db, actor } = sellerScope(scope, "balance");
  const lines = await accountLines(db, actor.member.businessId, account, f, { offset: (page.page - 1) * page.limit, limit: page.limit });
  return {
    rows: lines.rows.map((r) => historyJson(r, actor.t)),
    total: lines.total,
    summary: { balance: lines.balance, total_in: lines.totalIn, total_out: lines.totalOut },
  };
}

/**
 * An account history's xlsx export (core/jobs/exports.ts): the page's filters, every page of them,
 * newest first; refused beyond MAX_EXPORT_ROWS (narrow the dates). `names` are translation keys.
 */
export function defineAccountHistoryExport(kind: string, account: AccountCode, names: { filename: string; sheet: string }) {
  defineExport(kind, {
    privilege: "balance",
    filename: names.filename,
    sheet: names.sheet,
    filters: historyFilters,
    async check(businessId, filters: HistoryFilters) {
      const n = (await accountLines(pool, businessId, account, filters, { offset: 0, limit: 0 })).total;
      if (n > MAX_EXPORT_ROWS) throw new Refused("money:history.export_too_big", { date_from: ["money:history.export_too_big"] }, { count: n, max: MAX_EXPORT_ROWS });
    },
    columns: [
      { key: "time", header: "money:history.column.time", width: 18, date: true },
      { key: "kind", header: "money:history.column.kind", width: 24 },
      { key: "reference", header: "money:history.column.reference", width: 26 },
      { key: "amount", header: "money:history.column.amount", width: 14 },
      { key: "balance_after", header: "money:history.column.balance_after", width: 14 },
      { key: "note", header: "money:history.column.note", width: 30 },
    ],
    async page(job, filters: HistoryFilters, offset, limit, t) {
      const lines = await accountLines(pool, job.businessId, account, filters, { offset, limit });
      return {
        total: lines.total,
        rows: lines.rows.map((r) => historyJson(r, t)).map((h) => ({
          time: new Date(h.time_created * 1000), kind: h.kind_name, reference: h.reference, amount: h.amount, balance_after: h.balance_after, note: h.note,
        })),
      };
    },
  });
}
