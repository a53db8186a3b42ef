/**
 * `npm run bench:products` (also the last part of `npm run bench`): the database time of the
 * product listing's loader (app/routes/admin/products/listing.tsx) on a 100 000-product catalogue.
 *
 * 1. Database: DATABASE_URL if set, else an embedded PostgreSQL kept in BENCH_PRODUCTS_PG_DIR
 *    (default data/bench-products-pg, port BENCH_PRODUCTS_PG_PORT 54379) so the catalogue is made
 *    once. When Toko Demo has fewer than BENCH_PRODUCTS (100 000) products it is seeded like
 *    `npm run seed -- --products N` (core/demo/catalog-bulk.ts).
 * 2. The loader's API calls, in-process as the web makes them (Bearer token of seller@indie.test):
 *    GET /v0.0.1/products (tab, search, sort 2, page 1, limit 50 — the page's defaults),
 *    GET /v0.0.1/products/listing-filters and GET /v0.0.0/exports?kind=product-listing.
 * 3. DB time of one page view = the sum of the wall time of every query those calls send, from
 *    the driver's call to its answer (pg.Client#query is wrapped; queries sent in parallel count
 *    in full, so this is an upper bound), authentication included. Each scenario — the first page
 *    of every tab, search by name (a common word, a model name) and by SKU (a family, one
 *    variant) — runs 3 times to warm up and then RUNS times; p50/p95 per scenario and the p95 of
 *    all page views against the 20 ms target. Exit code 1 above the target.
 */
import { timeEveryQuery } from "./query-timer.ts";

const TARGET_MS = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WANTED = Number(process.env.BENCH_PRODUCTS ?? 100_000);

// ---- 1. database ----------------------------------------------------------------------------
const { openBenchDb } = await import("./bench-db.ts");
const { seedBulkCatalog } = await import("#core/demo/catalog-bulk.ts");
const { db, pool, stop, rows: catalogue } = await openBenchDb({
  dataDir: process.env.BENCH_PRODUCTS_PG_DIR ?? "data/bench-products-pg",
  port: Number(process.env.BENCH_PRODUCTS_PG_PORT ?? 54379),
  table: "products",
  wanted: WANTED,
  fill: (database, n) => seedBulkCatalog(database, n, { log: console.log }),
});
const { sql } = await import("drizzle-orm");

// ---- 2. timing every query ------------------------------------------------------------------
let dbMs = 0;
let queries = 0;
timeEveryQuery((_text, ms) => {
  dbMs += ms;
  queries += 1;
});

// The API reads its locale files through Vite (import.meta.glob), so it is loaded as the dev server
// loads it; `pg` stays a plain Node module, shared with the wrapper above.
const { createServer } = await import("vite");
const vite = await createServer({ server: { middlewareMode: true, hmr: false, watch: null }, appType: "custom", logLevel: "error" });
const { api } = (await vite.ssrLoadModule("./api/app.ts")) as typeof import("#api/app.ts");
const login = await api.request("/api/v0.0/auth/login", {
  method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "seller@indie.test", password: "indie-demo" }),
});
const token = ((await login.json()) as { data: { token: string } }).data.token;

async function get(pathAndQuery: string) {
  const res = await api.request(`/api${pathAndQuery}`, { headers: { Authorization: `Bearer ${token}`, "Accept-Language": "en" } });
  const body = (await res.json()) as { code: number; pagination?: { total_record: number } };
  return body;
}

/** One page view of the listing: the loader's three calls (and the counts call when the page is empty). */
async function pageView(query: Record<string, string>) {
  const q = new URLSearchParams({ page: "1", limit: "50", sort: "2", ...query });
  dbMs = 0;
  queries = 0;
  // One after the other (the loader sends them together): a query's time then holds no other's.
  const list = await get(`/v0.0.1/products?${q}`);
  await get("/v0.0.1/products/listing-filters");
  await get("/v0.0.0/exports?kind=product-listing&limit=10");
  if (list.code === 404) {
    q.delete("page"); q.delete("limit"); q.delete("sort");
    await get(`/v0.0.1/products/count?${q}`);
  }
  if (list.code !== 200 && list.code !== 404) throw new Error(`GET /v0.0.1/products?${q} answered ${list.code}`);
  return { ms: dbMs, queries, total: list.pagination?.total_record ?? 0 };
}

// Search terms taken from the catalogue itself: a product type word, a model name, a family SKU and one variant's SKU.
const { rows: [sample] } = await db.execute<{ model: string; family: string; variant: string }>(sql`
  SELECT split_part(p.name, ' ', array_length(string_to_array(p.name, ' '), 1)) AS model, p.sku AS family, v.sku AS variant
    FROM products p JOIN product_variants v ON v.product_id = p.id
   WHERE p.sku LIKE 'G%' ORDER BY p.id DESC, v.id DESC LIMIT 1 OFFSET 1000`);
const scenarios: [string, Record<string, string>][] = [
  ["tab All", {}],
  ["tab Active", { tab: "active" }],
  ["tab Not Active", { tab: "not_active" }],
  ["tab Out Of Stock", { tab: "out_of_stock" }],
  ["tab Blocked", { tab: "blocked" }],
  ["search name \"kemeja\"", { search: "kemeja" }],
  [`search name "${sample.model.toLowerCase()}"`, { search: sample.model.toLowerCase() }],
  [`search SKU "${sample.family}"`, { search: sample.family }],
  [`search SKU "${sample.variant}"`, { search: sample.variant }],
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)];
const all: number[] = [];
const rows: string[][] = [];
for (const [label, query] of scenarios) {
  for (let i = 0; i < 3; i++) await pageView(query);
  const times: number[] = [];
  let last = { queries: 0, total: 0 };
  for (let i = 0; i < RUNS; i++) {
    const v = await pageView(query);
    times.push(v.ms);
    last = v;
  }
  times.sort((a, b) => a - b);
  all.push(...times);
  rows.push([label, String(last.total), String(last.queries), pct(times, 0.5).toFixed(1), pct(times, 0.95).toFixed(1)]);
}
all.sort((a, b) => a - b);

const head = ["scenario (first page, 50 rows)", "matches", "queries", "DB p50 ms", "DB p95 ms"];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
console.log(`\nProduct listing loader, DB time per page view (${catalogue.toLocaleString("en")} products in Toko Demo, ${RUNS} views per scenario after 3 warm-ups):`);
console.log(line(head));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const r of rows) console.log(line(r));
const p95 = pct(all, 0.95);
console.log(`\nAll page views: p50 ${pct(all, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target ≤ ${TARGET_MS} ms): ${p95 <= TARGET_MS ? "OK" : "OVER TARGET"}`);
console.log("(\"matches\" is the tab's count as the page shows it: 1000 means \"1.000+\", the bounded count's cap.)");

await vite.close();
await pool.end();
await stop();
process.exit(p95 <= TARGET_MS ? 0 : 1);
