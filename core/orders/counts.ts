/**
 * The orders list's counts (spec section 7 GET /v0.0.0/orders/count, /v2.0.0/orders/count, /groups):
 * per tab, per process stage and per status, under the list's filters (never its status), and the
 * list's total. Every query is scoped by the business; list.ts says why they are built this way
 * (the counter table without filters, bounded counts with them).
 *
 * A count never needs the search's plan (list.ts searchMode): a search is always counted through
 * the search's indexes, so the counts ask for no probe.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { db } from "#db/client.ts";
import { orders, orderStatusCounts } from "#db/schema/index.ts";
import {
  ORDER_STAGES, ORDER_STATUSES, ORDER_TABS, STAGE_KEYS, statusesFor, TAB_KEYS,
  type OrderStage, type OrderStatus, type OrderTab, type OrderTabKey,
} from "#db/schema/order-tabs.ts";
import { COUNT_CAP, exactStatus, filterConditions, isFiltered, searchIds, statusCondition, type ListFilters } from "./list.ts";

export type OrderCounts = {
  tabs: Record<OrderTab, number>;
  stages: Record<OrderStage, number>;
  /** Per status: always without filters; under filters only when asked for (groups), else {}. */
  statuses: Partial<Record<OrderStatus, number>>;
  /** The figures that are lower bounds (shown "N+"), by kind. */
  capped: { tabs: OrderTab[]; stages: OrderStage[]; statuses: OrderStatus[] };
  cap: number;
};

/** Orders per status of the business from the counter table (exact, one index range). */
async function counterStatuses(businessId: number) {
  const rows = await db
    .select({ status: orderStatusCounts.status, n: orderStatusCounts.n })
    .from(orderStatusCounts)
    .where(eq(orderStatusCounts.businessId, businessId));
  return new Map(rows.map((r) => [r.status, r.n]));
}

/** SELECT (bounded count of each condition) AS key, …: one round trip, each on its own index range. */
async function boundedCounts(base: SQL[], parts: [string, SQL | undefined][]) {
  const cols = parts.map(([key, cond]) =>
    sql`(SELECT count(*) FROM (SELECT 1 FROM ${orders} WHERE ${and(...base, cond)} LIMIT ${COUNT_CAP + 1}) x)::int AS ${sql.identifier(key)}`);
  const { rows } = await db.execute<Record<string, number>>(sql`SELECT ${sql.join(cols, sql`, `)}`);
  return rows[0];
}

/**
 * With a search the matches are collected once (at most COUNT_CAP + 1, through the search's
 * indexes) and counted per status; when there are more, every figure found is a lower bound.
 */
async function searchStatuses(businessId: number, f: ListFilters) {
  const rows = await db
    .select({ status: orders.status })
    .from(orders)
    .where(and(...countConditions(businessId, f)))
    .limit(COUNT_CAP + 1);
  const byStatus = new Map<string, number>();
  for (const r of rows) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  return { byStatus, truncated: rows.length > COUNT_CAP };
}

/** Sums of statuses per tab and stage (exact when the per-status figures are). */
function fromStatuses(byStatus: Map<string, number>) {
  const sum = (list: readonly string[]) => list.reduce((n, s) => n + (byStatus.get(s) ?? 0), 0);
  return {
    tabs: Object.fromEntries(TAB_KEYS.map((k) => [k, sum(k === "all" ? ORDER_STATUSES : ORDER_TABS[k])])) as Record<OrderTab, number>,
    stages: Object.fromEntries(STAGE_KEYS.map((k) => [k, sum(ORDER_STAGES[k])])) as Record<OrderStage, number>,
    statuses: Object.fromEntries(ORDER_STATUSES.map((s) => [s, byStatus.get(s) ?? 0])) as Record<OrderStatus, number>,
  };
}

/**
 * Every tab's and stage's count (and status's: see OrderCounts) under the filters; the `status`
 * filter itself is ignored. Without filters: the counter table, exact. With a search: the matches,
 * collected once. With other filters: each tab and stage counted up to the cap on its own index
 * (14 short index ranges; a figure past the cap is "1.000+").
 */
export async function orderCounts(businessId: number, f: ListFilters = {}, opts: { statuses?: boolean } = {}): Promise<OrderCounts> {
  if (!isFiltered(f)) return { ...fromStatuses(await counterStatuses(businessId)), capped: { tabs: [], stages: [], statuses: [] }, cap: COUNT_CAP };
  let figures: { tabs: Record<OrderTab, number>; stages: Record<OrderStage, number>; statuses: Partial<Record<OrderStatus, number>> };
  let truncated = false;
  if (f.search) {
    const found = await searchStatuses(businessId, f);
    truncated = found.truncated;
    figures = fromStatuses(found.byStatus);
    if (!opts.statuses) figures.statuses = {};
  } else {
    const base = filterConditions(businessId, f);
    const parts: [string, SQL | undefined][] = [
      ...TAB_KEYS.map((k): [string, SQL | undefined] => [`tab:${k}`, k === "all" ? undefined : eq(orders.tab, k)]),
      ...STAGE_KEYS.map((k): [string, SQL | undefined] => [`stage:${k}`, eq(orders.stage, k)]),
      ...(opts.statuses ? ORDER_STATUSES.map((s): [string, SQL | undefined] => [`status:${s}`, exactStatus(s)]) : []),
    ];
    const n = await boundedCounts(base, parts);
    figures = {
      tabs: Object.fromEntries(TAB_KEYS.map((k) => [k, n[`tab:${k}`]])) as Record<OrderTab, number>,
      stages: Object.fromEntries(STAGE_KEYS.map((k) => [k, n[`stage:${k}`]])) as Record<OrderStage, number>,
      statuses: opts.statuses ? Object.fromEntries(ORDER_STATUSES.map((s) => [s, n[`status:${s}`]])) : {},
    };
  }
  // Past the cap (or from a truncated search, anything found) a figure is a lower bound.
  const bound = <K extends string>(rec: Partial<Record<K, number>>) => {
    const capped: K[] = [];
    for (const [k, v] of Object.entries(rec) as [K, number][]) {
      if (v > COUNT_CAP || (truncated && v > 0)) {
        capped.push(k);
        rec[k] = Math.min(v, COUNT_CAP);
      }
    }
    return capped;
  };
  const capped = { tabs: bound(figures.tabs), stages: bound(figures.stages), statuses: bound(figures.statuses) };
  return { ...figures, capped, cap: COUNT_CAP };
}

/**
 * The filters as a bounded count takes them: a search always through the search's indexes,
 * whatever the list's mode — a count needs no order, and a scan testing every row for a search
 * that matches one day's orders would read the whole table. (The inner bound leaves room for the
 * same order found twice, by its code and by a SKU.)
 */
function countConditions(businessId: number, f: ListFilters): SQL[] {
  if (!f.search) return filterConditions(businessId, f);
  const matched = sql`SELECT u.id FROM (${searchIds(businessId, f.search)}) u LIMIT ${(COUNT_CAP + 1) * 4}`;
  return [...filterConditions(businessId, { ...f, search: undefined }), sql`${orders.id} IN (${matched})`];
}

/** How many orders the list holds under its filters: exact from the counter table, else bounded. */
export async function listTotal(businessId: number, f: ListFilters): Promise<{ total: number; capped: boolean }> {
  if (!isFiltered(f)) {
    const byStatus = await counterStatuses(businessId);
    const statuses = statusesFor(f.status) ?? ORDER_STATUSES;
    return { total: statuses.reduce((n, s) => n + (byStatus.get(s) ?? 0), 0), capped: false };
  }
  const where = and(...countConditions(businessId, f), statusCondition(f.status));
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${orders} WHERE ${where} LIMIT ${COUNT_CAP + 1}) x`);
  const n = rows[0].n;
  return n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: n, capped: false };
}

/** Exact count under the filters (the export writes every row anyway, so it may count them all). */
export async function exactTotal(businessId: number, f: ListFilters) {
  // Every match, through the search's indexes (see countConditions).
  const where = and(...filterConditions(businessId, { ...f, searchMode: "sparse" }), statusCondition(f.status));
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${orders} WHERE ${where}`);
  return rows[0].n;
}

/**
 * Order groups (the spec names the resource, not its shape; ours): the tabs in page order, each
 * with its count and statuses; the process tab with its stages, each with its statuses.
 */
export function groupsTree(counts: OrderCounts, t: (k: string) => string) {
  const statuses = (list: readonly OrderStatus[]) =>
    list.map((s) => ({ key: s, name: t(`orders:status.${s}`), count: counts.statuses[s] ?? 0, capped: counts.capped.statuses.includes(s) }));
  const stage = (k: OrderStage) => ({
    key: k, name: t(`orders:stages.${k}`), count: counts.stages[k], capped: counts.capped.stages.includes(k), statuses: statuses(ORDER_STAGES[k]),
  });
  return [
    { key: "all", name: t("orders:tabs.all"), count: counts.tabs.all, capped: counts.capped.tabs.includes("all"), stages: [], statuses: [] },
    ...(Object.entries(ORDER_TABS) as [OrderTabKey, readonly OrderStatus[]][]).map(([tab, list]) => ({
      key: tab,
      name: t(`orders:tabs.${tab}`),
      count: counts.tabs[tab],
      capped: counts.capped.tabs.includes(tab),
      stages: tab === "process" ? STAGE_KEYS.map(stage) : [],
      statuses: statuses(list),
    })),
  ];
}
