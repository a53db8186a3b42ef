/**
 * `npm run bench:orders` (first half; also part of `npm run bench`): the database time of the
 * /orders loader (app/routes/admin/orders/list.tsx) at a million orders.
 *
 * 1. Database: bench/orders-db.ts — DATABASE_URL, else an embedded PostgreSQL in
 *    data/bench-orders-pg topped up once to BENCH_ORDERS (1 000 000) orders in Toko Demo by the
 *    bulk generator; bench/orders-ssr.ts serves the same orders.
 * 2. What one page view asks of the database, as the web does it: the actor from the session's
 *    token and the account overview (the admin layout's middleware, app/lib/auth.server.ts), then
 *    the loader's core calls (app/routes/admin/orders/list.tsx) with the query the page builds
 *    from its URL (app/components/orders/list-params.ts): orderListLines (the 50 rows),
 *    countOrders (tab and stage counts), orderFilterChoices (channels, stores, couriers) and
 *    exportHistory (the export popup).
 * 3. DB time of one page view = the database's own time (planning + execution, pg_stat_statements,
 *    which bench/orders-db.ts loads) of every query those calls send. Shown beside it, the wall time:
 *    the sum of every query from the driver's call to its answer (pg.Client#query is wrapped),
 *    authentication included. The calls run one after the other (the loader sends them together),
 *    so no query's time holds another's. Each scenario runs 3 times to warm up, then RUNS times: p50 / p95.
 *
 * Targets (issue 5): the loader's DB time for the first page of any tab p95 ≤ 5 ms; page 1000
 * (keyset: the cursor reached by following next_cursor 999 times) ≤ 10 ms; the tab counts ≤ 1 ms —
 * the count call's read of the counter table, over every view measured. Each view's time is also
 * split into the order tables' queries (what grows with the orders), the token check (once per
 * view) and the rest (channels, stores, couriers, export history), so a miss shows where it is.
 * Filtered and searched views are measured too and shown, without a target. Exit code 1 when a
 * target is missed. BENCH_TRACE=1 prints every query with its time.
 */
import pg from "pg";
import { timeEveryQuery } from "./query-timer.ts";

const FIRST_PAGE_MS = 5;
const DEEP_PAGE_MS = 10;
const COUNTS_MS = 1;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const DEEP_PAGE = 1000;

// ---- 1. database ----------------------------------------------------------------------------
const { openOrdersBenchDb } = await import("./orders-db.ts");
const { db, pool, stop, orders: total } = await openOrdersBenchDb();
const { sql } = await import("drizzle-orm");

// ---- 2. timing every query ------------------------------------------------------------------
let dbMs = 0;
let queries = 0;
/** Time per kind of query in the current view: the order tables (what grows with the orders), the token check, the rest. */
let byKind = { orders: 0, auth: 0, other: 0 };
/** The counter-table read of the count call (the tab counts). */
let countsQueryMs = 0;
let inCountCall = false;
const kindOf = (text: string) =>
  text.includes("api_tokens") ? "auth" : /"(orders|order_items|order_status_counts)"/.test(text) ? "orders" : "other";
timeEveryQuery((text, ms) => {
  if (text.includes("pg_stat_statements")) return; // the bench's own reading
  dbMs += ms;
  queries += 1;
  byKind[kindOf(text)] += ms;
  if (inCountCall && text.includes("order_status_counts")) countsQueryMs += ms;
});

// Core reads its locale files through Vite (import.meta.glob): load it as the dev server does.
const { createServer } = await import("vite");
const vite = await createServer({ server: { middlewareMode: true, hmr: false, watch: null }, appType: "custom", logLevel: "error" });
const load = <T>(path: string) => vite.ssrLoadModule(path) as Promise<T>;
const { orderApiQuery, parseOrderParams } = await load<typeof import("#app/components/orders/list-params.ts")>("./app/components/orders/list-params.ts");
const { actorFromToken, scopeOf } = await load<typeof import("#core/actor.ts")>("./core/actor.ts");
const { accountOverview } = await load<typeof import("#core/auth/account.ts")>("./core/auth/account.ts");
const { issueToken } = await load<typeof import("#core/auth/tokens.ts")>("./core/auth/tokens.ts");
const { orderListQuery } = await load<typeof import("#core/orders/list.ts")>("./core/orders/list.ts");
const { countOrders, orderFilterChoices, orderListLines } = await load<typeof import("#core/orders/listing.ts")>("./core/orders/listing.ts");
const { exportHistory } = await load<typeof import("#core/jobs/export-history.ts")>("./core/jobs/export-history.ts");
const { QUICK_ACTIONS } = await load<typeof import("#app/components/orders/list-bulk.tsx")>("./app/components/orders/list-bulk.tsx");
const { rows: [seller] } = await db.execute<{ id: number }>(sql`SELECT id FROM users WHERE email = 'seller@indie.test'`);
const token = await issueToken(seller.id);


/** The API query the page sends for an /orders URL (its search params). */
function apiQuery(search: string) {
  return orderApiQuery(parseOrderParams(`http://bench/orders?${search}`));
}

// ---- the database's own time (pg_stat_statements: planning + execution, no network, no Node) ---
const statsClient = new pg.Client({ connectionString: process.env.DATABASE_URL });
await statsClient.connect();
const serverTiming = await statsClient.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
  .then(() => statsClient.query("SELECT pg_stat_statements_reset()")).then(() => true, () => false);
if (!serverTiming) console.log("(pg_stat_statements is not loaded on this server: only the wall time per query is shown)");
/** The statements run since the last reset: the database's milliseconds, all and by kind, and the counter read's. */
async function serverTime() {
  if (!serverTiming) return { db: NaN, dbOrders: NaN, dbCounts: NaN };
  const { rows } = await statsClient.query<{ query: string; ms: number; calls: number }>(
    `SELECT query, (total_plan_time + total_exec_time)::float8 AS ms, calls::int FROM pg_stat_statements
      WHERE query NOT LIKE '%pg_stat_statements%' AND dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`);
  await statsClient.query("SELECT pg_stat_statements_reset()");
  let db = 0, dbOrders = 0, dbCounts = 0;
  for (const r of rows) {
    db += r.ms;
    if (kindOf(r.query) === "orders") dbOrders += r.ms;
    // The counter read (the count call's, and the list's total for an unfiltered list: the same statement).
    if (/from "order_status_counts"/i.test(r.query)) dbCounts = Math.max(dbCounts, r.ms / r.calls);
  }
  return { db, dbOrders, dbCounts };
}

type View = {
  ms: number; queries: number; countsMs: number; orders: number; auth: number; other: number; rows: number; total: number; next: string | null;
  db: number; dbOrders: number; dbCounts: number;
};
/** One page view: the middleware's actor and overview, then the loader's four calls, one after the other. */
async function pageView(search: string): Promise<View> {
  const q = orderListQuery.parse(apiQuery(search));
  const { status: _s, cursor: _c, limit: _l, sort: _o, page: _p, ...filters } = q;
  dbMs = 0;
  queries = 0;
  countsQueryMs = 0;
  byKind = { orders: 0, auth: 0, other: 0 };
  await serverTime(); // starts the view's statistics afresh
  const scope = scopeOf(await actorFromToken(token, "en"));
  await accountOverview(scope);
  const list = await orderListLines(scope, q, QUICK_ACTIONS);
  inCountCall = true;
  const counts = await countOrders(scope, filters);
  inCountCall = false;
  await orderFilterChoices(scope);
  await exportHistory(scope, { kind: "orders", page: 1, limit: 10 });
  const tab = (q.status ?? "all") as keyof typeof counts.tabs;
  return {
    ms: dbMs, queries, countsMs: countsQueryMs, ...byKind, ...(await serverTime()), rows: list.rows.length,
    total: counts.tabs[tab] ?? counts.stages[tab as keyof typeof counts.stages] ?? 0, next: list.next,
  };
}

/** The cursor of page `n` of a list: follow next_cursor from the first page, as a person clicking Next would. */
async function cursorOfPage(search: string, n: number) {
  let cursor: string | null = null;
  for (let page = 1; page < n; page++) {
    const scope = scopeOf(await actorFromToken(token, "en"));
    const res = await orderListLines(scope, orderListQuery.parse({ ...apiQuery(search), cursor: cursor ?? undefined }), QUICK_ACTIONS);
    cursor = res.next ?? null;
    if (!cursor) throw new Error(`${search}: the list ends before page ${n} (page ${page} has no next)`);
  }
  return cursor!;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)];
type Row = {
  label: string; view: View; p50: number; p95: number; ordersP95: number; authP95: number; otherP95: number; countsP95: number;
  /** The database's own time (pg_stat_statements), what the targets are about. */
  dbP50: number; dbP95: number; dbOrdersP95: number; target?: number; kind: string;
};
async function measure(label: string, search: string, kind: string, target?: number): Promise<Row> {
  for (let i = 0; i < 3; i++) await pageView(search);
  const views: View[] = [];
  // Views without a target are shown for information: a quarter of the runs is enough.
  const runs = target === undefined ? Math.max(5, Math.ceil(RUNS / 4)) : RUNS;
  for (let i = 0; i < runs; i++) views.push(await pageView(search));
  const sorted = (f: (v: View) => number) => views.map(f).sort((a, b) => a - b);
  const all = sorted((v) => v.ms);
  if (target !== undefined) countSamples.push(...views.map((v) => (serverTiming ? v.dbCounts : v.countsMs)));
  return {
    label, view: views[views.length - 1], p50: pct(all, 0.5), p95: pct(all, 0.95),
    ordersP95: pct(sorted((v) => v.orders), 0.95), authP95: pct(sorted((v) => v.auth), 0.95), otherP95: pct(sorted((v) => v.other), 0.95),
    countsP95: pct(sorted((v) => v.countsMs), 0.95), target, kind,
    dbP50: pct(sorted((v) => v.db), 0.5), dbP95: pct(sorted((v) => v.db), 0.95), dbOrdersP95: pct(sorted((v) => v.dbOrders), 0.95),
  };
}

// ---- 3. scenarios ---------------------------------------------------------------------------
const { ORDER_STAGES, ORDER_TABS } = await import("#db/schema/order-tabs.ts");
const rows: Row[] = [];
const countSamples: number[] = [];
const base = "limit=50&sort=2";
rows.push(await measure("tab All", base, "first", FIRST_PAGE_MS));
for (const tab of Object.keys(ORDER_TABS)) rows.push(await measure(`tab ${tab}`, `${base}&tab=${tab}`, "first", FIRST_PAGE_MS));
for (const stage of Object.keys(ORDER_STAGES)) rows.push(await measure(`process › ${stage}`, `${base}&tab=process&stage=${stage}`, "first", FIRST_PAGE_MS));
rows.push(await measure("tab All, oldest first", "limit=50&sort=1", "first", FIRST_PAGE_MS));

for (const [label, search] of [["tab All", base], ["tab finished", `${base}&tab=finished`], ["tab cancelled", `${base}&tab=cancelled`], ["tab All, oldest first", "limit=50&sort=1"]]) {
  const t0 = performance.now();
  const cursor = await cursorOfPage(search, DEEP_PAGE);
  console.log(`  (${label}: followed next_cursor to page ${DEEP_PAGE} in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  rows.push(await measure(`${label}, page ${DEEP_PAGE}`, `${search}&cursor=${cursor}`, "deep", DEEP_PAGE_MS));
}

// Filtered views (no target): a channel, the last 7 days, a customer's name, an order code, a SKU.
const { rows: [sample] } = await db.execute<{ code: string; channel: number; sku: string }>(sql`
  SELECT o.order_code AS code, o.channel_id AS channel, (SELECT sku FROM order_items i WHERE i.order_id = o.id LIMIT 1) AS sku
    FROM orders o JOIN businesses b ON b.id = o.business_id WHERE b.name = 'Toko Demo' ORDER BY o.id DESC LIMIT 1 OFFSET 5000`);
const filtered: [string, string][] = [
  [`channel ${sample.channel}, tab All`, `${base}&channel_id=${sample.channel}`],
  ["last 7 days, tab process", `${base}&tab=process&date=7`],
  ["search customer \"wibowo\"", `${base}&search=wibowo`],
  [`search order code "${sample.code.slice(0, 12)}"`, `${base}&search=${encodeURIComponent(sample.code.slice(0, 12))}`],
  [`search SKU "${sample.sku}"`, `${base}&search=${encodeURIComponent(sample.sku)}`],
];
for (const [label, search] of filtered) rows.push(await measure(label, search, "filtered"));

// ---- 4. report ------------------------------------------------------------------------------
// The targets are about database time: the database's own (pg_stat_statements) when the server has
// it loaded, else the wall time of each query as the app saw it (which adds the network round trip
// and the app's own event loop: on a busy 2-CPU machine that is most of it).
const judged = (r: Row) => (serverTiming ? r.dbP95 : r.p95);
const head = ["scenario (50 rows)", "matches", "queries", "db p50", "db p95", "db orders p95", "wall p50", "wall p95", "wall auth p95", "target", ""];
const table = rows.map((r) => {
  const over = r.target !== undefined && judged(r) > r.target;
  return [r.label, String(r.view.total), String(r.view.queries), r.dbP50.toFixed(2), r.dbP95.toFixed(2), r.dbOrdersP95.toFixed(2),
    r.p50.toFixed(2), r.p95.toFixed(2), r.authP95.toFixed(2), r.target !== undefined ? `≤ ${r.target}` : "-", over ? "OVER" : ""];
});
const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
console.log(`\n/orders loader, database time per page view in ms (${total.toLocaleString("en")} orders in Toko Demo, ${RUNS} views per target scenario after 3 warm-ups):`);
console.log(line(head));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const r of table) console.log(line(r));
console.log(`"db" = the database's own planning + execution time of every query of the view (pg_stat_statements); "db orders" = the
queries on the order tables (what grows with the orders); "wall" = each query from the app's call to its answer (network and
the app's event loop included), "wall auth" = the token check (once per view). "matches" 1000 on a filtered view means "1.000+".`);

const worst = (kind: string) => Math.max(...rows.filter((r) => r.kind === kind).map(judged));
const worstWall = (kind: string) => Math.max(...rows.filter((r) => r.kind === kind).map((r) => r.p95));
countSamples.sort((a, b) => a - b);
const countsP95 = pct(countSamples, 0.95);
const misses = [
  ...rows.filter((r) => r.target !== undefined && judged(r) > r.target).map((r) => r.label),
  ...(countsP95 > COUNTS_MS ? [`tab counts ${countsP95.toFixed(2)} ms`] : []),
];
const kindOfTime = serverTiming ? "database time" : "wall time";
console.log(`\nFirst page of every tab and stage: worst p95 ${worst("first").toFixed(2)} ms of ${kindOfTime} (target ≤ ${FIRST_PAGE_MS}); wall ${worstWall("first").toFixed(2)} ms.`);
console.log(`Page ${DEEP_PAGE} (keyset): worst p95 ${worst("deep").toFixed(2)} ms of ${kindOfTime} (target ≤ ${DEEP_PAGE_MS}); wall ${worstWall("deep").toFixed(2)} ms.`);
console.log(`Tab counts (the counter-table read, ${countSamples.length} views): p50 ${pct(countSamples, 0.5).toFixed(3)} ms, p95 ${countsP95.toFixed(3)} ms of ${kindOfTime} (target ≤ ${COUNTS_MS}).`);
console.log(misses.length ? `Over target: ${misses.join(", ")}` : "Every target met.");

await vite.close();
await statsClient.end();
await pool.end();
await stop();
process.exit(misses.length ? 1 : 0);
