/**
 * The stock-count bench (issue 14 "Performance": a count of 5,000 lines saves and adjusts in
 * ≤ 2 s). On DATABASE_URL if set, else an embedded PostgreSQL in BENCH_OPNAME_PG_DIR (default
 * data/bench-opname-pg, port BENCH_OPNAME_PG_PORT 54391), migrated, with the demo data and 5,000
 * bench variants in Toko Demo with stock at its default warehouse (made once).
 *
 * Each run: creates a count of the 5,000 variants (the snapshot), saves 5,000 counts in one call
 * (updateOpnameProducts, as the page's form and PUT …/opname/{id}/products do), and adjusts it
 * (every line a variance: half +1, half −1, so each line is a ledger change). Prints the times;
 * exits 1 when save + adjust take more than 2 s.
 */
import { performance } from "node:perf_hooks";

const LINES = Number(process.env.BENCH_OPNAME_LINES ?? 5000);
const LIMIT_MS = 2000;

async function main() {
  let stop = async () => {};
  if (!process.env.DATABASE_URL) {
    const fs = await import("node:fs");
    const path = await import("node:path");
    const { startEmbeddedPostgres } = await import("#db/embedded.ts");
    const dataDir = process.env.BENCH_OPNAME_PG_DIR ?? "data/bench-opname-pg";
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    const server = await startEmbeddedPostgres({ dataDir, port: Number(process.env.BENCH_OPNAME_PG_PORT ?? 54391), database: "indie", flags: [] });
    process.env.DATABASE_URL = server.url;
    stop = server.stop;
  }
  process.env.NOTIFY_CONSOLE = "off";
  process.env.DB_STATEMENT_TIMEOUT_MS ??= "0";
  const { runMigrations } = await import("#db/migrate.ts");
  await runMigrations(process.env.DATABASE_URL!);
  const { db, pool } = await import("#db/client.ts");
  const { and, eq, like, sql } = await import("drizzle-orm");
  const s = await import("#db/schema/index.ts");
  const { seedDemo, seedReference } = await import("#core/demo/seed.ts");
  await seedReference(db);
  await seedDemo(db);
  const { applyStockChanges } = await import("#core/stock/stock-ledger.ts");
  const { adjustOpname, createOpname, updateOpnameProducts } = await import("#core/stock/opname.ts");
  const { translator } = await import("#core/i18n.ts");

  const [biz] = await db.select().from(s.businesses).where(eq(s.businesses.name, "Toko Demo"));
  const [owner] = await db.select().from(s.businessMembers).where(and(eq(s.businessMembers.businessId, biz.id), eq(s.businessMembers.role, "owner")));
  const [user] = await db.select().from(s.users).where(eq(s.users.id, owner.userId));
  const [w] = await db.select().from(s.warehouses).where(and(eq(s.warehouses.businessId, biz.id), eq(s.warehouses.isDefault, true)));
  const location = { sourceType: 2 as const, warehouseId: w.id, partitionId: null };

  let variants = await db.select({ id: s.productVariants.id }).from(s.productVariants)
    .where(and(eq(s.productVariants.businessId, biz.id), like(s.productVariants.sku, "BENCH-OPN-%"))).orderBy(s.productVariants.id);
  if (variants.length < LINES) {
    console.log(`Making ${LINES - variants.length} bench variants (once)…`);
    for (let i = variants.length; i < LINES; i += 1000) {
      const n = Math.min(1000, LINES - i);
      const ps = await db.insert(s.products).values(Array.from({ length: n }, (_, k) => ({
        businessId: biz.id, name: `Bench opname ${i + k}`, sku: `BENCH-OPN-P${i + k}`, status: "published", minStock: 0,
      }))).returning({ id: s.products.id });
      const vs = await db.insert(s.productVariants).values(ps.map((p, k) => ({
        businessId: biz.id, productId: p.id, sku: `BENCH-OPN-${i + k}`, barcode: `99${String(i + k).padStart(10, "0")}`, price: 10_000,
      }))).returning({ id: s.productVariants.id });
      await db.transaction((tx) => applyStockChanges(tx, { businessId: biz.id, userId: user.id, reason: "initial" },
        vs.map((v) => ({ variantId: v.id, location, delta: 100 }))));
    }
    variants = await db.select({ id: s.productVariants.id }).from(s.productVariants)
      .where(and(eq(s.productVariants.businessId, biz.id), like(s.productVariants.sku, "BENCH-OPN-%"))).orderBy(s.productVariants.id);
  }
  variants = variants.slice(0, LINES);
  const actor = {
    user: { id: user.id, name: user.name, email: user.email, phone: user.phone, photo: user.photo, profileStatus: user.profileStatus, role: user.role },
    tokenId: null, member: owner, locale: "en", t: translator("en"),
  };
  const scope = { db, actor } as unknown as Parameters<typeof createOpname>[0];

  const t0 = performance.now();
  const o = await createOpname(scope, { location: `warehouse-${w.id}`, scope: "picked", variant_ids: variants.map((v) => v.id), lock: false });
  const t1 = performance.now();
  const levels = new Map((await db.select({ v: s.stockLevels.variantId, n: s.stockLevels.onHand }).from(s.stockLevels)
    .where(and(eq(s.stockLevels.warehouseId, w.id), sql`${s.stockLevels.partitionId} IS NULL`))).map((r) => [r.v, r.n]));
  const products = variants.map((v, i) => {
    const have = levels.get(v.id) ?? 0;
    return { variant_id: v.id, stock: i % 2 || have === 0 ? have + 1 : have - 1 };
  });
  const t2 = performance.now();
  await updateOpnameProducts(scope, o.opname_id, { products });
  const t3 = performance.now();
  const adjusted = await adjustOpname(scope, o.opname_id);
  const t4 = performance.now();
  const save = t3 - t2;
  const adjust = t4 - t3;
  console.log(`opname bench: ${LINES} lines`);
  console.log(`  create (snapshot)  ${(t1 - t0).toFixed(0)} ms`);
  console.log(`  save counts        ${save.toFixed(0)} ms`);
  console.log(`  adjust             ${adjust.toFixed(0)} ms  (${adjusted.status}, ${adjusted.surplus_qty + adjusted.shortage_qty} units moved)`);
  console.log(`  save + adjust      ${(save + adjust).toFixed(0)} ms (limit ${LIMIT_MS} ms)`);
  await pool.end();
  await stop();
  if (save + adjust > LIMIT_MS) process.exit(1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
