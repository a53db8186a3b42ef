/**
 * The history of one ledger account of the actor's business — the points history here; the saldo
 * and deposit histories are meant to call the same reader — and its xlsx export. Reads only: the
 * entries core/money/ledger.ts wrote, each joined to its transaction (what moved the money, its
 * reference, its memo) and, for an order's reference, the order's code.
 *
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
import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db as pool, type Db, type Tx } from "#db/client.ts";
import { ledgerAccounts, ledgerEntries, ledgerTransactions, type AccountCode } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { Refused } from "#core/errors.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { unix, wibDayStart } from "#core/lib/time.ts";
import { blank } from "#core/profile/warehouses-shared.ts";
import { LEDGER_KINDS, type LedgerKind } from "./ledger.ts";
import { HISTORY_PAGE_SIZES } from "./balance-pages.ts";
import { ledgerReference, referenceColumns } from "./references.ts";

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

function conditions(accountId: number, businessId: number, f: HistoryFilters): SQL {
  const w: SQL[] = [eq(ledgerEntries.accountId, accountId), eq(ledgerEntries.businessId, businessId)];
  if (f.date_from !== undefined) w.push(gte(ledgerEntries.timeCreated, wibDayStart(new Date(f.date_from * 1000))));
  if (f.date_to !== undefined) w.push(lt(ledgerEntries.timeCreated, wibDayStart(new Date(f.date_to * 1000), 1)));
  if (f.kind) w.push(eq(ledgerTransactions.kind, f.kind));
  if (f.direction === "in") w.push(sql`${ledgerEntries.amount} > 0`);
  if (f.direction === "out") w.push(sql`${ledgerEntries.amount} < 0`);
  return and(...w)!;
}

async function accountOf(exec: Db | Tx, businessId: number, code: AccountCode) {
  const [a] = await exec.select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance }).from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.businessId, businessId), eq(ledgerAccounts.code, code)));
  return a;
}

async function entryRows(exec: Db | Tx, where: SQL, businessId: number, offset: number, limit: number) {
  return exec
    .select({
      id: ledgerEntries.id, transactionId: ledgerEntries.transactionId, time: ledgerEntries.timeCreated,
      amount: ledgerEntries.amount, balanceAfter: ledgerEntries.balanceAfter,
      kind: ledgerTransactions.kind, memo: ledgerTransactions.memo, ...referenceColumns(businessId),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(limit)
    .offset(offset);
}
type EntryRow = Awaited<ReturnType<typeof entryRows>>[number];

export function historyJson(r: EntryRow, t: TFunction) {
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

async function summaryOf(exec: Db | Tx, where: SQL) {
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
 * One page of `account`'s history for the actor's business (see the header). Privilege "balance".
 * The caller's filters are already parsed (historyFilters / historyQuery).
 */
export async function accountHistory(scope: Scope, account: AccountCode, f: HistoryFilters, page: { page: number; limit: number }) {
  const { db, actor } = sellerScope(scope, "balance");
  const businessId = actor.member.businessId;
  const acc = await accountOf(db, businessId, account);
  if (!acc) return { rows: [] as HistoryRow[], total: 0, summary: { balance: 0, total_in: 0, total_out: 0 } };
  const where = conditions(acc.id, businessId, f);
  // One after the other: `db` may be a transaction's, which runs one query at a time.
  const rows = await entryRows(db, where, businessId, (page.page - 1) * page.limit, page.limit);
  const s = await summaryOf(db, where);
  return {
    rows: rows.map((r) => historyJson(r, actor.t)),
    total: s.total,
    summary: { balance: acc.balance, total_in: s.totalIn, total_out: s.totalOut },
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
      const acc = await accountOf(pool, businessId, account);
      const n = acc ? (await summaryOf(pool, conditions(acc.id, businessId, filters))).total : 0;
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
      const acc = await accountOf(pool, job.businessId, account);
      if (!acc) return { rows: [], total: 0 };
      const where = conditions(acc.id, job.businessId, filters);
      const [rows, s] = await Promise.all([entryRows(pool, where, job.businessId, offset, limit), summaryOf(pool, where)]);
      return {
        total: s.total,
        rows: rows.map((r) => historyJson(r, t)).map((h) => ({
          time: new Date(h.time_created * 1000), kind: h.kind_name, reference: h.reference, amount: h.amount, balance_after: h.balance_after, note: h.note,
        })),
      };
    },
  });
}
