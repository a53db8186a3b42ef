/**
 * Reading income (issue 15 items 1 and 4; spec 7 "Balances": GET /v0.0.1/balances/income/history
 * and /summary; the /income-balance/income and /income-balance/settlement pages; the omnichannel
 * transaction pages). Every query is scoped by the actor's business; privilege `balance`.
 *
 * Decisions where the spec is silent:
 * - The date filter selects whole WIB days: the day a settlement's order finished (its settlement
 *   period). The API's date_from / date_to (unix seconds) name the days holding them. So the
 *   list, its total and the summary always agree, and the totals come from the tables of totals
 *   (core/money/settlements.ts addToDays) instead of the million settlements: by day from one row
 *   a day (`settlement_day_totals`; `settlement_days` when a channel or store narrows it), by
 *   channel and store from the range's whole months (`settlement_months`) and its edge days.
 * - The list is newest finished first; a page of `limit` (10…150, default 50). Search is an order
 *   code prefix (case-insensitive). Each row links to its order (/orders/<id>).
 * - The omnichannel transaction pages read the same functions with privilege `omnichannel`
 *   (their sidebar group); the income pages and the API with `balance`.
 * - "Holding" is income not yet moved to saldo (net + adjustments − released), "released" what
 *   moved; the income balance card reads the ledger itself.
 */
import { and, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db as pool, sideBySide } from "#db/client.ts";
import { channels, settlementDays, settlementDayTotals, settlements, stores } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import type { Privilege } from "#core/auth/privileges.ts";
import { NotFound } from "#core/errors.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { DAY_MS, unix, wibDate } from "#core/lib/time.ts";
import { balancesOf } from "./ledger.ts";
import { SETTLEMENT_STATUS_FILTERS } from "./income-options.ts";

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const id = z.preprocess(blankToUndefined, z.coerce.number({ error: "invalid" }).int("invalid").min(0, "invalid").max(2_147_483_647, "invalid").optional());
const seconds = z.preprocess(blankToUndefined, z.coerce.number({ error: "invalid" }).int("invalid").min(0, "invalid").max(253402300799, "invalid").optional());

/** The income list's filters: the API's query and the page's (its date filter as unix seconds). */
export const incomeQuery = z.object({
  date_from: seconds,
  date_to: seconds,
  channel_id: id,
  store_id: id,
  status: z.preprocess(blankToUndefined, z.enum(SETTLEMENT_STATUS_FILTERS, { error: "invalid" }).optional()),
  search: z.preprocess(blankToUndefined, z.string().trim().max(100, "too_long").optional()),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1, "invalid").max(100_000, "invalid").default(1)),
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1, "invalid").max(150, "invalid").default(50)),
});
export type IncomeQuery = z.infer<typeof incomeQuery>;
export const incomeFilters = incomeQuery.omit({ page: true, limit: true });
export type IncomeFilters = z.infer<typeof incomeFilters>;

/** The WIB days a query's unix seconds name (either end open). */
function daysOf(q: Pick<IncomeFilters, "date_from" | "date_to">) {
  const from = q.date_from === undefined ? undefined : wibDate(new Date(q.date_from * 1000));
  const to = q.date_to === undefined ? undefined : wibDate(new Date(q.date_to * 1000));
  return from && to && from > to ? { from: to, to: from } : { from, to };
}

function dayWhere(businessId: number, q: IncomeFilters) {
  const { from, to } = daysOf(q);
  return and(
    eq(settlementDays.businessId, businessId),
    from ? gte(settlementDays.day, from) : undefined,
    to ? lte(settlementDays.day, to) : undefined,
    q.channel_id !== undefined ? eq(settlementDays.channelId, q.channel_id) : undefined,
    q.store_id !== undefined ? eq(settlementDays.storeId, q.store_id) : undefined,
  );
}

function rowWhere(businessId: number, q: IncomeFilters): SQL {
  const { from, to } = daysOf(q);
  return and(
    eq(settlements.businessId, businessId),
    from ? gte(settlements.day, from) : undefined,
    to ? lte(settlements.day, to) : undefined,
    q.channel_id !== undefined ? eq(settlements.channelId, q.channel_id) : undefined,
    q.store_id !== undefined ? eq(settlements.storeId, q.store_id) : undefined,
    q.status ? eq(settlements.status, q.status) : undefined,
    q.search ? sql`lower(${settlements.orderCode}) LIKE ${q.search.toLowerCase().replace(/[\\%_]/g, "\\$&") + "%"}` : undefined,
  )!;
}

type SettlementRow = typeof settlements.$inferSelect & { storeName: string | null };

export function settlementJson(s: SettlementRow, t: TFunction) {
  return {
    settlement_id: s.id,
    order_id: s.orderId,
    order_code: s.orderCode,
    order_link: `/orders/${s.orderId}`,
    channel: { channel_id: s.channelId || null, name: s.channelId ? s.channelName : t("income:no_channel"), platform_code: s.platformCode },
    store: s.storeId ? { store_id: s.storeId, name: s.storeName ?? "" } : null,
    day: s.day,
    gross: s.gross,
    store_fee: s.storeFee,
    commission: s.commission,
    commission_bp: s.commissionBp,
    shipping_subsidy: s.shipping,
    cashback: s.cashback,
    /** Everything taken from gross on finishing: store fee, commission, shipping subsidy, cashback. */
    fees: s.storeFee + s.commission + s.shipping + s.cashback,
    adjustment: s.adjustment,
    net: s.net + s.adjustment,
    points: s.points,
    status: s.status,
    status_name: t(`income:status.${s.status}`),
    finished_at: unix(s.finishedAt),
    release_at: unix(s.releaseAt),
    released_at: unix(s.releasedAt),
  };
}
export type SettlementJson = ReturnType<typeof settlementJson>;

const rowColumns = { s: settlements, storeName: stores.name };

/** The income history: one page of settlements and the total (spec GET /v0.0.1/balances/income/history). */
export async function incomeHistory(scope: Scope, q: IncomeQuery, privilege: Privilege = "balance") {
  const { db, actor } = sellerScope(scope, privilege);
  const businessId = actor.member.businessId;
  const rowsQ = db.select(rowColumns).from(settlements)
    .leftJoin(stores, and(eq(stores.id, settlements.storeId), eq(stores.businessId, businessId)))
    .where(rowWhere(businessId, q))
    .orderBy(desc(settlements.day), desc(settlements.finishedAt), desc(settlements.id))
    .limit(q.limit).offset((q.page - 1) * q.limit);
  const [rows, total] = await sideBySide(db,() => rowsQ, () => countOf(scope, businessId, q));
  return { rows: rows.map((r) => settlementJson({ ...r.s, storeName: r.storeName }, actor.t)), total };
}

/** The list's total: from the day table, unless a search narrows it (then a count of the few rows it finds). */
async function countOf(scope: Scope, businessId: number, q: IncomeFilters) {
  if (q.search) {
    const [{ n }] = await scope.db.select({ n: sql<number>`count(*)::int` }).from(settlements).where(rowWhere(businessId, q));
    return n;
  }
  const n = q.status === "released" ? sql`n_released` : q.status === "holding" ? sql`n - n_released` : sql`n`;
  const [{ total }] = await scope.db.select({ total: sql<number>`coalesce(sum(${n}), 0)::int` }).from(settlementDays).where(dayWhere(businessId, q));
  return total;
}

const sums = {
  count: sql<number>`coalesce(sum(${settlementDays.n}), 0)::int`,
  released_count: sql<number>`coalesce(sum(${settlementDays.nReleased}), 0)::int`,
  gross: sql<string>`coalesce(sum(${settlementDays.gross}), 0)`,
  store_fee: sql<string>`coalesce(sum(${settlementDays.storeFee}), 0)`,
  commission: sql<string>`coalesce(sum(${settlementDays.commission}), 0)`,
  shipping_subsidy: sql<string>`coalesce(sum(${settlementDays.shipping}), 0)`,
  cashback: sql<string>`coalesce(sum(${settlementDays.cashback}), 0)`,
  adjustment: sql<string>`coalesce(sum(${settlementDays.adjustment}), 0)`,
  net: sql<string>`coalesce(sum(${settlementDays.net} + ${settlementDays.adjustment}), 0)`,
  released: sql<string>`coalesce(sum(${settlementDays.released}), 0)`,
};
type Sums = { [K in keyof typeof sums]: number | string };

export function totalsJson(r: Sums) {
  const n = (v: number | string) => Number(v);
  return {
    count: n(r.count), gross: n(r.gross), store_fee: n(r.store_fee), commission: n(r.commission), shipping_subsidy: n(r.shipping_subsidy), cashback: n(r.cashback),
    fees: n(r.store_fee) + n(r.commission) + n(r.shipping_subsidy) + n(r.cashback), adjustment: n(r.adjustment), net: n(r.net), released: n(r.released), holding: n(r.net) - n(r.released),
  };
}
export type IncomeTotals = ReturnType<typeof totalsJson>;

const NO_TOTALS = { count: 0, released_count: 0, gross: 0, store_fee: 0, commission: 0, shipping_subsidy: 0, cashback: 0, adjustment: 0, net: 0, released: 0 };

/** The first day of the month after `day`'s. */
const nextMonth = (day: string) => {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * The filters' sums per channel and store (a few rows): the whole months of the date range from
 * settlement_months, its edge days from settlement_days, in one statement (decision 21).
 */
async function pairsOf(exec: Scope["db"], businessId: number, q: IncomeFilters) {
  const { from, to } = daysOf(q);
  // Whole months: [firstFull, afterFull) — an open end is open.
  const firstFull = from === undefined ? undefined : from.endsWith("-01") ? from : nextMonth(from);
  const afterFull = to === undefined ? undefined : nextDay(to).endsWith("-01") ? nextDay(to) : `${to.slice(0, 7)}-01`;
  const none = firstFull !== undefined && afterFull !== undefined && firstFull >= afterFull;
  const inWhole = (col: SQL) => (none ? sql`false` : and(firstFull ? sql`${col} >= ${firstFull}` : undefined, afterFull ? sql`${col} < ${afterFull}` : undefined) ?? sql`true`);
  const same = sql.join([
    q.channel_id !== undefined ? sql` AND channel_id = ${q.channel_id}` : sql``,
    q.store_id !== undefined ? sql` AND store_id = ${q.store_id}` : sql``,
  ]);
  const columns = sql`channel_id, store_id, n, n_released, gross, store_fee, commission, shipping, cashback, adjustment, net, released`;
  // The channel's and the store's names come with them (the summary names each).
  const { rows } = await exec.execute<{ channel_id: number; store_id: number; channel_name: string | null; platform_code: string | null; store_name: string | null } & Sums>(sql`
    SELECT p.*, c.name AS channel_name, c.platform_code, st.name AS store_name
      FROM (SELECT channel_id, store_id, sum(n)::int AS count, sum(n_released)::int AS released_count, sum(gross) AS gross, sum(store_fee) AS store_fee,
                   sum(commission) AS commission, sum(shipping) AS shipping_subsidy, sum(cashback) AS cashback, sum(adjustment) AS adjustment, sum(net + adjustment) AS net,
                   sum(released) AS released
              FROM (SELECT ${columns} FROM settlement_months WHERE business_id = ${businessId} AND ${inWhole(sql`month`)}${same}
                    UNION ALL
                    SELECT ${columns} FROM settlement_days WHERE business_id = ${businessId}
                       ${from ? sql`AND day >= ${from}` : sql``} ${to ? sql`AND day <= ${to}` : sql``} AND NOT (${inWhole(sql`day`)})${same}) x
             GROUP BY channel_id, store_id) p
      LEFT JOIN channels c ON c.id = p.channel_id AND c.business_id = ${businessId}
      LEFT JOIN stores st ON st.id = p.store_id AND st.business_id = ${businessId}`);
  return rows;
}

/**
 * The totals of the filters and the balances now — what the income page's cards show: the sums
 * per channel and store, added up.
 */
export async function incomeTotals(scope: Scope, q: IncomeFilters, privilege: Privilege = "balance") {
  const { db, actor } = sellerScope(scope, privilege);
  const businessId = actor.member.businessId;
  const [pairs, balances] = await sideBySide(db, () => pairsOf(db, businessId, q), () => balancesOf(db, businessId));
  return { totals: totalsJson(totalOf(pairs)), balances: { income: balances.income, saldo: balances.saldo, points: balances.points } };
}

/** The newest 400 days of the filters with their sums: one row a day, unless a channel or store narrows them. */
function byDay(exec: Scope["db"], businessId: number, q: IncomeFilters) {
  const { from, to } = daysOf(q);
  if (q.channel_id === undefined && q.store_id === undefined) {
    const t = settlementDayTotals;
    return exec.select({
      day: t.day, count: t.n, released_count: t.nReleased, gross: t.gross, store_fee: t.storeFee, commission: t.commission, shipping_subsidy: t.shipping,
      cashback: t.cashback, adjustment: t.adjustment, net: sql<number>`${t.net} + ${t.adjustment}`.mapWith(Number), released: t.released,
    }).from(t)
      .where(and(eq(t.businessId, businessId), from ? gte(t.day, from) : undefined, to ? lte(t.day, to) : undefined))
      .orderBy(desc(t.day)).limit(400);
  }
  return exec.select({ day: settlementDays.day, ...sums }).from(settlementDays).where(dayWhere(businessId, q))
    .groupBy(settlementDays.day).orderBy(desc(settlementDays.day)).limit(400);
}

/**
 * The income summary (spec GET /v0.0.1/balances/income/summary): the totals of the filters, the
 * same by day (the newest 400), by channel and by store, and the balances now (income held, saldo).
 */
export async function incomeSummary(scope: Scope, q: IncomeFilters, privilege: Privilege = "balance") {
  const { db, actor } = sellerScope(scope, privilege);
  const businessId = actor.member.businessId;
  const [pairs, days, balances] = await sideBySide(db, () => pairsOf(db, businessId, q), () => byDay(db, businessId, q), () => balancesOf(db, businessId));
  const channelOf = new Map(pairs.map((p) => [p.channel_id, { name: p.channel_name ?? "", platformCode: p.platform_code }]));
  const storeName = new Map(pairs.map((p) => [p.store_id, p.store_name ?? ""]));
  const byNet = <T extends { net: number }>(xs: T[]) => xs.sort((a, b) => b.net - a.net);
  return {
    totals: totalsJson(totalOf(pairs)),
    balances: { income: balances.income, saldo: balances.saldo, points: balances.points },
    by_day: days.map((r) => ({ day: r.day, ...totalsJson(r) })),
    by_channel: byNet([...addUp(pairs, (r) => r.channel_id)].map(([channelId, r]) => ({
      channel_id: channelId || null, name: channelId ? channelOf.get(channelId)?.name ?? "" : actor.t("income:no_channel"),
      platform_code: channelOf.get(channelId)?.platformCode ?? null, ...totalsJson(r),
    }))),
    by_store: byNet([...addUp(pairs, (r) => r.store_id)].map(([storeId, r]) => ({
      store_id: storeId || null, name: storeId ? storeName.get(storeId) ?? "" : actor.t("income:no_store"), ...totalsJson(r),
    }))),
  };
}

/** Sums of rows by a key (bigint sums come from the driver as text: added as integers). */
function addUp<R extends Sums>(rows: R[], keyOf: (r: R) => number) {
  const out = new Map<number, Record<keyof Sums, number>>();
  for (const r of rows) {
    const k = keyOf(r);
    const acc = out.get(k) ?? { ...NO_TOTALS };
    for (const c of Object.keys(NO_TOTALS) as (keyof Sums)[]) acc[c] += Number(r[c]);
    out.set(k, acc);
  }
  return out;
}
const totalOf = (rows: Sums[]) => addUp(rows, () => 0).get(0) ?? NO_TOTALS;
export type IncomeSummary = Awaited<ReturnType<typeof incomeSummary>>;

/** Settlement periods: the days with settlements, newest first, a page of them with their totals. */
export async function settlementPeriods(scope: Scope, q: IncomeQuery, privilege: Privilege = "balance") {
  const { db, actor } = sellerScope(scope, privilege);
  const where = dayWhere(actor.member.businessId, q);
  const [rows, [{ n }]] = await sideBySide(db,
    () => db.select({ day: settlementDays.day, ...sums }).from(settlementDays).where(where).groupBy(settlementDays.day)
      .orderBy(desc(settlementDays.day)).limit(q.limit).offset((q.page - 1) * q.limit),
    () => db.select({ n: sql<number>`count(DISTINCT ${settlementDays.day})::int` }).from(settlementDays).where(where),
  );
  return { rows: rows.map((r) => ({ day: r.day, ...totalsJson(r) })), total: n };
}

/** One order's settlement (the transaction detail): its breakdown, or 404 when it has none. */
export async function orderSettlement(scope: Scope, orderId: number, privilege: Privilege = "balance") {
  const { db, actor } = sellerScope(scope, privilege);
  const businessId = actor.member.businessId;
  const [r] = await db.select(rowColumns).from(settlements)
    .leftJoin(stores, and(eq(stores.id, settlements.storeId), eq(stores.businessId, businessId)))
    .where(and(eq(settlements.businessId, businessId), eq(settlements.orderId, orderId)));
  if (!r) throw new NotFound("income:errors.not_settled");
  return settlementJson({ ...r.s, storeName: r.storeName }, actor.t);
}

/** The order a typed code or id names, for the transaction detail's search box. */
export async function findSettledOrder(scope: Scope, text: string, privilege: Privilege = "balance") {
  const { db, actor } = sellerScope(scope, privilege);
  const code = text.trim().toLowerCase();
  if (!code) return null;
  const [r] = await db.select({ orderId: settlements.orderId }).from(settlements)
    .where(and(eq(settlements.businessId, actor.member.businessId),
      /^\d+$/.test(code) ? sql`(${settlements.orderId} = ${Number(code) <= 2_147_483_647 ? Number(code) : 0} OR lower(${settlements.orderCode}) = ${code})` : sql`lower(${settlements.orderCode}) = ${code}`))
    .limit(1);
  return r?.orderId ?? null;
}

/** Filter choices: the business's channels and stores. */
export async function incomeChoices(scope: Scope, privilege: Privilege = "balance") {
  const { db, actor } = sellerScope(scope, privilege);
  const businessId = actor.member.businessId;
  const [chs, sts] = await sideBySide(db,
    () => db.select({ id: channels.id, name: channels.name }).from(channels).where(eq(channels.businessId, businessId)).orderBy(channels.name),
    () => db.select({ id: stores.id, name: stores.name }).from(stores).where(eq(stores.businessId, businessId)).orderBy(stores.name),
  );
  return { channels: chs, stores: sts };
}

defineExport("income", {
  privilege: "balance",
  filename: "income:export.filename",
  sheet: "income:export.sheet",
  filters: incomeFilters,
  columns: [
    { key: "finished", header: "income:column.finished", date: true },
    { key: "order", header: "income:column.order", width: 26 },
    { key: "channel", header: "income:column.channel" },
    { key: "store", header: "income:column.store" },
    { key: "gross", header: "income:column.gross" },
    { key: "store_fee", header: "income:column.store_fee" },
    { key: "commission", header: "income:column.commission" },
    { key: "shipping", header: "income:column.shipping" },
    { key: "cashback", header: "income:column.cashback" },
    { key: "adjustment", header: "income:column.adjustment" },
    { key: "net", header: "income:column.net" },
    { key: "status", header: "income:column.status" },
    { key: "release", header: "income:column.release", date: true },
  ],
  page: async (job, filters, offset, limit, t) => {
    const where = rowWhere(job.businessId, filters);
    const [rows, [{ n }]] = await Promise.all([
      pool.select(rowColumns).from(settlements).leftJoin(stores, and(eq(stores.id, settlements.storeId), eq(stores.businessId, job.businessId))).where(where)
        .orderBy(desc(settlements.day), desc(settlements.finishedAt), desc(settlements.id)).limit(limit).offset(offset),
      pool.select({ n: sql<number>`count(*)::int` }).from(settlements).where(where),
    ]);
    return {
      total: n,
      rows: rows.map(({ s, storeName }) => ({
        finished: s.finishedAt, order: s.orderCode, channel: s.channelId ? s.channelName : t("income:no_channel"), store: storeName ?? "",
        gross: s.gross, store_fee: s.storeFee, commission: s.commission, shipping: s.shipping, cashback: s.cashback, adjustment: s.adjustment, net: s.net + s.adjustment,
        status: t(`income:status.${s.status}`), release: s.releaseAt,
      })),
    };
  },
});
