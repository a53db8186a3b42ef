/**
 * All mutations at scale (issue 14 item 5: "check the indexes at 1M+ movements"): the ledger of
 * Toko Demo topped up to BENCH_MOVEMENTS (default 1 200 000) movements spread over a year, its
 * locations and every type, then each filter shape of /erp/inventory/all-mutation timed the way
 * the page asks (listMutations: the page's rows + the bounded total; mutationTypeCounts: the nine
 * tabs): first page, a deep page through cursors, each type, a location, a partition, a date
 * range, a reference search and a name search. Prints p50 / p95 of the wall time of the queries
 * of each call (the machine's own load included) and the plan of the rows query of each shape.
 *
 *   createdb inv_bench; DATABASE_URL=postgres://…/inv_bench node --import tsx bench/mutations-db.ts
 *
 * DATABASE_URL is required (a database of its own: the bench migrates and seeds it).
 */
import { timeEveryQuery } from "./query-timer.ts";

if (!process.env.DATABASE_URL) throw new Error("DATABASE_URL: a database of its own for the bench");
process.env.NOTIFY_CONSOLE = "off";
process.env.DB_STATEMENT_TIMEOUT_MS ??= "0";
const WANTED = Number(process.env.BENCH_MOVEMENTS ?? 1_200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const { runMigrations } = await import("#db/migrate.ts");
await runMigrations(process.env.DATABASE_URL);
const { db, pool } = await import("#db/client.ts");
const { sql } = await import("drizzle-orm");
const { seedDemo, seedReference } = await import("#core/demo/seed.ts");
await seedReference(db);
await seedDemo(db);

const [biz] = (await db.execute<{ id: number; owner: number }>(sql`
  SELECT b.id, m.user_id AS owner FROM businesses b JOIN business_members m ON m.business_id = b.id AND m.role = 'owner'
   WHERE b.name = 'Toko Demo' LIMIT 1`)).rows;
const have = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM stock_movements WHERE business_id = ${biz.id}`)).rows[0].n;
if (have < WANTED) {
  const t0 = performance.now();
  // Movements on the business's own levels (every location), reasons weighted like a shop's year:
  // mostly sales and reservations, some returns, counts, adjustments, transfers, uploads.
  for (let done = have; done < WANTED; done += 200_000) {
    const n = Math.min(200_000, WANTED - done);
    await db.execute(sql`
      WITH lv AS (SELECT id, product_id, variant_id, store_id, warehouse_id, partition_id, row_number() OVER (ORDER BY id) AS k, count(*) OVER () AS c
                    FROM stock_levels WHERE business_id = ${biz.id}),
           g AS (SELECT i, (random() * 100)::int AS r, (i % (SELECT max(c) FROM lv)) + 1 AS k FROM generate_series(1, ${n}) i)
      INSERT INTO stock_movements (business_id, stock_level_id, product_id, variant_id, store_id, warehouse_id, partition_id,
                                   on_hand_before, on_hand_after, reserved_before, reserved_after, reason, reference, user_id, time_created)
      SELECT ${biz.id}, lv.id, lv.product_id, lv.variant_id, lv.store_id, lv.warehouse_id, lv.partition_id,
             50, CASE WHEN g.r < 40 THEN 49 WHEN g.r < 45 THEN 51 WHEN g.r < 70 THEN 50 WHEN g.r < 75 THEN 47 WHEN g.r < 80 THEN 52
                      WHEN g.r < 85 THEN 45 WHEN g.r < 90 THEN 55 WHEN g.r < 95 THEN 60 ELSE 53 END,
             0, CASE WHEN g.r BETWEEN 45 AND 69 THEN 1 ELSE 0 END,
             CASE WHEN g.r < 70 THEN 'order' WHEN g.r < 75 THEN 'opname' WHEN g.r < 80 THEN 'adjustment' WHEN g.r < 85 THEN 'transfer_out'
                  WHEN g.r < 90 THEN 'transfer_in' WHEN g.r < 95 THEN 'bulk_upload' ELSE 'manual' END,
             CASE WHEN g.r < 70 THEN 'INV/2026' || lpad((g.i % 100000)::text, 6, '0') WHEN g.r < 75 THEN 'OPN-' || (g.i % 5000)
                  WHEN g.r < 80 THEN 'ADJ-' || (g.i % 5000) WHEN g.r < 90 THEN 'TRF-' || (g.i % 20000) ELSE NULL END,
             ${biz.owner}, now() - (g.i::float / ${n} * 365) * interval '1 day' - random() * interval '1 hour'
        FROM g JOIN lv ON lv.k = g.k`);
    console.log(`  ${Math.min(done + n, WANTED).toLocaleString()} movements`);
  }
  await db.execute(sql`ANALYZE stock_movements`);
  console.log(`filled in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
// Partition levels (the demo keeps its warehouse stock unpartitioned): a few hundred variants on
// one partition, with their own movements, so the partition filter has rows to find.
const partitionMoves = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM stock_movements WHERE business_id = ${biz.id} AND partition_id IS NOT NULL`)).rows[0].n;
if (!partitionMoves) {
  await db.execute(sql`
    INSERT INTO stock_levels (business_id, product_id, variant_id, warehouse_id, partition_id, on_hand)
    SELECT v.business_id, v.product_id, v.id, p.warehouse_id, p.id, 50
      FROM (SELECT * FROM product_variants WHERE business_id = ${biz.id} ORDER BY id LIMIT 300) v,
           (SELECT * FROM warehouse_partitions WHERE business_id = ${biz.id} ORDER BY id LIMIT 1) p
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO stock_movements (business_id, stock_level_id, product_id, variant_id, store_id, warehouse_id, partition_id,
                                 on_hand_before, on_hand_after, reserved_before, reserved_after, reason, reference, user_id, time_created)
    SELECT l.business_id, l.id, l.product_id, l.variant_id, NULL, l.warehouse_id, l.partition_id, 50,
           CASE WHEN i % 3 = 0 THEN 49 ELSE 51 END, 0, 0, CASE WHEN i % 7 = 0 THEN 'opname' ELSE 'order' END, NULL, ${biz.owner},
           now() - (i::float / 100000 * 365) * interval '1 day'
      FROM generate_series(1, 100000) i
      JOIN LATERAL (SELECT * FROM stock_levels WHERE business_id = ${biz.id} AND partition_id IS NOT NULL ORDER BY id OFFSET (i % 300) LIMIT 1) l ON true`);
  await db.execute(sql`ANALYZE stock_movements`);
}
const total = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM stock_movements WHERE business_id = ${biz.id}`)).rows[0].n;

let spent = 0;
timeEveryQuery((_text, ms) => { spent += ms; });
const { actorFromToken, scopeOf } = await import("#core/actor.ts");
const { issueToken } = await import("#core/auth/tokens.ts");
const { listMutations, mutationListQuery, mutationTypeCounts } = await import("#core/stock/mutations.ts");
const token = await issueToken(biz.owner);
const scope = scopeOf(await actorFromToken(typeof token === "string" ? token : (token as { token: string }).token, "en"));

const loc = (await db.execute<{ store_id: number | null; warehouse_id: number | null; partition_id: number | null }>(sql`
  SELECT store_id, warehouse_id, partition_id FROM stock_levels WHERE business_id = ${biz.id} AND partition_id IS NOT NULL ORDER BY id LIMIT 1`)).rows[0];
const [store] = (await db.execute<{ id: number }>(sql`SELECT id FROM stores WHERE business_id = ${biz.id} ORDER BY id LIMIT 1`)).rows;
const day = (daysAgo: number) => new Date(Date.now() + 7 * 3600_000 - daysAgo * 86400_000).toISOString().slice(0, 10);

const shapes: [string, Record<string, string | number>][] = [
  ["first page (all)", {}],
  ["type sale", { type: "sale" }],
  ["type count", { type: "count" }],
  ["type transfer_in", { type: "transfer_in" }],
  ["type other", { type: "other" }],
  ["store", { location: `store-${store.id}` }],
  ["warehouse", { location: `warehouse-${loc.warehouse_id}` }],
  ["partition", { location: `warehouse-${loc.warehouse_id}-${loc.partition_id}` }],
  ["partition + count", { location: `warehouse-${loc.warehouse_id}-${loc.partition_id}`, type: "count" }],
  ["a week 100 days ago", { date_from: day(107), date_to: day(100) }],
  ["reference TRF-123", { search: "TRF-123" }],
  ["search name 'batik'", { search: "batik" }],
];

const pct = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))];
console.log(`\n${total.toLocaleString()} movements in Toko Demo; ${RUNS} runs each (wall time of the queries, ms)`);
console.log("shape".padEnd(24), "rows p50".padStart(9), "rows p95".padStart(9), "tabs p95".padStart(9));
for (const [label, q] of shapes) {
  const rowsMs: number[] = [];
  const tabsMs: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    spent = 0;
    await listMutations(scope, mutationListQuery.parse({ ...q, limit: 50 }));
    const a = spent;
    spent = 0;
    await mutationTypeCounts(scope, mutationListQuery.parse(q));
    if (i >= 3) { rowsMs.push(a); tabsMs.push(spent); }
  }
  console.log(label.padEnd(24), pct(rowsMs, 0.5).toFixed(1).padStart(9), pct(rowsMs, 0.95).toFixed(1).padStart(9), pct(tabsMs, 0.95).toFixed(1).padStart(9));
}
// A deep page: 200 pages in by cursor, then timed.
let cursor: string | null = null;
for (let i = 0; i < 200; i++) cursor = (await listMutations(scope, mutationListQuery.parse({ limit: 50, ...(cursor ? { cursor } : {}) }))).nextCursor;
const deep: number[] = [];
for (let i = 0; i < RUNS; i++) {
  spent = 0;
  await listMutations(scope, mutationListQuery.parse({ limit: 50, cursor: cursor! }));
  deep.push(spent);
}
console.log("page 201 (cursor)".padEnd(24), pct(deep, 0.5).toFixed(1).padStart(9), pct(deep, 0.95).toFixed(1).padStart(9));
await pool.end();
process.exit(0);
