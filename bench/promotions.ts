/**
 * Promotions at scale (issue 16, `npm run bench:promotions`), on an embedded PostgreSQL kept in
 * data/bench-promotions-pg (or DATABASE_URL), with Toko Demo given 10 000 promotions once: 1 000
 * running (every kind; half for every product, half aimed at products, variants, brands or
 * categories; some only on one channel or store) and 9 000 over (ended, cancelled, rejected).
 *
 * 1. Pricing an order of 10 lines as intake does, without claiming (the candidates read for the
 *    lines, channel and store, then priceOrder): the call's own time. Target p95 ≤ 5 ms.
 * 2. The promotion list (a page of 50 and every tab's count): database time — the server's own
 *    planning + execution of every statement (pg_stat_statements), read after each call. Target
 *    p95 ≤ 10 ms. The call's own time is printed beside it.
 * BENCH_RUNS (default 200) runs each after 5 unmeasured ones. Exits 1 when a target is missed.
 */
import os from "node:os";
import { timeEveryQuery } from "./query-timer.ts";
import { openBenchDb } from "./bench-db.ts";
import { serverTime } from "./server-time.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PRICE_MS = 5;
const LIST_MS = 10;
const RUNNING = 1_000;
const TOTAL = 10_000;

const { db, pool, stop } = await openBenchDb({
  dataDir: process.env.BENCH_PROMOTIONS_PG_DIR ?? "data/bench-promotions-pg", port: Number(process.env.BENCH_PROMOTIONS_PG_PORT ?? 54391),
  table: "products", wanted: 0, fill: async () => ({ ms: 0 }),
});
const { sql } = await import("drizzle-orm");

let dbMs = 0;
timeEveryQuery((text, ms) => { if (!text.includes("pg_stat_statements")) dbMs += ms; });

// The database's own time per call (bench/server-time.ts); without pg_stat_statements, the time each
// statement took to answer (an upper bound).
const stats = await serverTime(process.env.DATABASE_URL!);
if (!stats.on) console.log("(pg_stat_statements is not loaded on this server: database time is each statement's time to answer)");

// Core reads its locale files through Vite (import.meta.glob): load it as the dev server does.
const { createServer } = await import("vite");
const vite = await createServer({ server: { middlewareMode: true, hmr: false, watch: null }, appType: "custom", logLevel: "error" });
const load = <T>(path: string) => vite.ssrLoadModule(path) as Promise<T>;
const { actorFromToken, scopeOf } = await load<typeof import("#core/actor.ts")>("./core/actor.ts");
const { issueToken } = await load<typeof import("#core/auth/tokens.ts")>("./core/auth/tokens.ts");
const { candidatesFor } = await load<typeof import("#core/promotions/apply.ts")>("./core/promotions/apply.ts");
const { priceOrder } = await load<typeof import("#core/promotions/pricing.ts")>("./core/promotions/pricing.ts");
const { listPromotions, promotionQuery } = await load<typeof import("#core/promotions/read.ts")>("./core/promotions/read.ts");

const { rows: [toko] } = await db.execute<{ id: number; owner: number }>(sql`
  SELECT b.id, m.user_id AS owner FROM businesses b JOIN business_members m ON m.business_id = b.id AND m.role = 'owner'
   WHERE b.name = 'Toko Demo' ORDER BY b.id LIMIT 1`);
const { rows: variants } = await db.execute<{ variant_id: number; product_id: number; brand_id: number | null; category_id: number | null; price: string }>(sql`
  SELECT v.id AS variant_id, v.product_id, p.brand_id, p.category_id, v.price FROM product_variants v JOIN products p ON p.id = v.product_id
   WHERE v.business_id = ${toko.id} AND v.price > 0 ORDER BY v.id`);
const { rows: places } = await db.execute<{ kind: string; id: number }>(sql`
  SELECT 'channel' AS kind, id FROM channels WHERE business_id = ${toko.id} UNION ALL SELECT 'store', id FROM stores WHERE business_id = ${toko.id}`);

// ---- the 10 000 promotions (once; kept) -------------------------------------------------------
const { rows: [{ n: have }] } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM promotions WHERE business_id = ${toko.id}`);
if (have < TOTAL) {
  const t0 = performance.now();
  const kinds = ["discount", "discount_time", "cashback", "delivery", "bundle", "free", "voucher"];
  const pick = <T>(xs: T[], i: number) => xs[i % xs.length];
  for (let i = have; i < TOTAL; i++) {
    const running = i < RUNNING;
    const kind = pick(kinds, i);
    const aimed = i % 2 === 1;
    const v = pick(variants, i * 7);
    const { rows: [p] } = await db.execute<{ id: number }>(sql`
      INSERT INTO promotions (business_id, name, kind, promo_type, status, starts_at, ends_at, discount_type, discount_value, max_discount, min_spend,
                              buy_qty, get_qty, bundle_price, gift_variant_id, cashback_as, code, quota, promo_stock, any_product, any_channel, any_store)
      VALUES (${toko.id}, ${`Bench ${kind} ${i}`}, ${kind}, ${kind === "discount_time" ? "flash_sale" : "common"},
              ${running ? 5 : pick([6, 3, 2], i)}, now() - interval '1 day', ${running ? sql`now() + interval '30 days'` : sql`now() - interval '2 hours'`},
              ${["bundle", "free"].includes(kind) ? null : kind === "delivery" ? "amount" : pick(["percent", "amount"], i)},
              ${["bundle", "free"].includes(kind) ? null : kind === "delivery" ? 10_000 : pick([500, 1000, 2500], i)},
              ${kind === "discount" ? 50_000 : null}, ${kind === "voucher" || kind === "delivery" ? 100_000 : 0},
              ${kind === "bundle" ? 3 : null}, ${kind === "bundle" && i % 4 === 0 ? 1 : null}, ${kind === "bundle" && i % 4 !== 0 ? 100_000 : null},
              ${kind === "free" ? v.variant_id : null}, ${kind === "cashback" ? "points" : null}, ${kind === "voucher" ? `BENCH${i}` : null},
              ${i % 3 === 0 ? 100_000 : null}, ${kind === "discount_time" ? 1_000_000 : null}, ${!aimed}, ${!(aimed && i % 5 === 0)}, ${!(aimed && i % 7 === 0)})
      RETURNING id`);
    if (aimed) {
      const target = pick([["variant", v.variant_id], ["product", v.product_id], ["brand", v.brand_id], ["category", v.category_id]] as const, i);
      await db.execute(sql`INSERT INTO promotion_targets (promotion_id, business_id, kind, ref_id) VALUES (${p.id}, ${toko.id}, ${target[0]}, ${target[1] ?? 0})`);
      if (i % 5 === 0) await db.execute(sql`INSERT INTO promotion_targets VALUES (${p.id}, ${toko.id}, 'channel', ${places.find((x) => x.kind === "channel")!.id})`);
      if (i % 7 === 0) await db.execute(sql`INSERT INTO promotion_targets VALUES (${p.id}, ${toko.id}, 'store', ${places.find((x) => x.kind === "store")!.id})`);
    }
  }
  // As autovacuum would leave them: counted from the index alone.
  await db.execute(sql`VACUUM ANALYZE promotions`);
  await db.execute(sql`VACUUM ANALYZE promotion_targets`);
  console.log(`Made ${(TOTAL - have).toLocaleString("en")} promotions in ${((performance.now() - t0) / 1000).toFixed(1)} s (once; kept).`);
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
async function measure(run: (i: number) => Promise<unknown>) {
  const walls: number[] = [];
  const dbs: number[] = [];
  for (let i = 0; i < RUNS + 5; i++) {
    await stats.take();
    dbMs = 0;
    const t0 = performance.now();
    await run(i);
    const wall = performance.now() - t0;
    const db = (await stats.take()) ?? dbMs;
    if (i >= 5) {
      walls.push(wall);
      dbs.push(db);
    }
  }
  return { wall: [pct(walls, 50), pct(walls, 95)], db: [pct(dbs, 50), pct(dbs, 95)] };
}
let missed = false;
const line = (label: string, r: Awaited<ReturnType<typeof measure>>, target: number, on: "wall" | "db") => {
  const bad = r[on][1] > target;
  missed ||= bad;
  console.log(`  ${label.padEnd(52)} call p50 ${r.wall[0].toFixed(2)} ms, p95 ${r.wall[1].toFixed(2)} ms; database p50 ${r.db[0].toFixed(2)}, p95 ${r.db[1].toFixed(2)} ms${bad ? `  ✗ over ${target} ms` : ""}`);
};

const { rows: [{ n: running }] } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM promotions WHERE business_id = ${toko.id} AND status = 5`);
console.log(`\nPromotions of Toko Demo: ${TOTAL.toLocaleString("en")}, ${running.toLocaleString("en")} running (load ${os.loadavg()[0].toFixed(1)}):`);
const floor = await measure(() => db.execute(sql`SELECT 1`));
line("SELECT 1, floor", floor, Infinity, "wall");

// 1. An order of 10 lines, a different mix each run, on a channel and store.
const channelId = places.find((x) => x.kind === "channel")!.id;
const storeId = places.find((x) => x.kind === "store")!.id;
let found = 0;
const pricing = await measure(async (i) => {
  const lines = Array.from({ length: 10 }, (_, k) => {
    const v = variants[(i * 3 + k * 5) % variants.length];
    return { variantId: v.variant_id, productId: v.product_id, brandId: v.brand_id, categoryId: v.category_id, quantity: 1 + (k % 3), regularPrice: Number(v.price) };
  });
  const ctx = { channelId, storeId, at: new Date(), voucherCode: i % 4 === 0 ? `BENCH${7 * (i % 142) + 6}` : null };
  const candidates = await candidatesFor(db, toko.id, lines, ctx);
  found += candidates.length;
  priceOrder({ lines, shippingCost: 15_000, voucherCode: ctx.voucherCode }, candidates);
});
line(`price an order of 10 lines (≈${Math.round(found / (RUNS + 5))} candidates)`, pricing, PRICE_MS, "wall");

// 2. The list: a page of 50 and the tabs' counts, as the page reads them.
const scope = scopeOf(await actorFromToken(await issueToken(toko.owner), "en"));
for (const [label, q] of [["list, all", {}], ["list, on going", { tab: "on_going" }], ["list, search", { search: "flash" }], ["list, page 20", { page: 20 }]] as const) {
  line(label, await measure(() => listPromotions(scope, promotionQuery.parse(q))), LIST_MS, "db");
}

await vite.close();
await stats.end();
await pool.end();
await stop();
process.exit(missed ? 1 : 0);
