/**
 * The orders benches' database (bench/orders-listing.ts, bench/orders-ssr.ts): DATABASE_URL if
 * set, else an embedded PostgreSQL kept in BENCH_ORDERS_PG_DIR (default data/bench-orders-pg, port
 * BENCH_ORDERS_PG_PORT 54389), migrated, with the demo data, and topped up to BENCH_ORDERS
 * (1 000 000) orders in Toko Demo by the bulk generator (db/demo/orders-bulk.ts) — made once and
 * kept, so later runs start at once.
 *
 * Sets process.env.DATABASE_URL before db/client.ts is imported; returns the URL, how many orders
 * Toko Demo holds, and a stop function for the embedded server.
 */
import fs from "node:fs";
import path from "node:path";

export const WANTED_ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);

export async function openOrdersBenchDb() {
  let stop = async () => {};
  if (!process.env.DATABASE_URL) {
    const { startEmbeddedPostgres } = await import("../db/embedded.ts");
    const dataDir = process.env.BENCH_ORDERS_PG_DIR ?? "data/bench-orders-pg";
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    // pg_stat_statements: the benches read the database's own time per query (planning + execution).
    const flags = ["-c", "shared_preload_libraries=pg_stat_statements", "-c", "pg_stat_statements.track_planning=on"];
    const server = await startEmbeddedPostgres({ dataDir, port: Number(process.env.BENCH_ORDERS_PG_PORT ?? 54389), database: "indie", flags });
    process.env.DATABASE_URL = server.url;
    stop = server.stop;
  }
  process.env.NOTIFY_CONSOLE = "off";
  const { runMigrations } = await import("../db/migrate.ts");
  await runMigrations(process.env.DATABASE_URL!);
  const { db, pool } = await import("../db/client.ts");
  const { sql } = await import("drizzle-orm");
  const { seedDemo, seedReference } = await import("../db/seed.ts");
  await seedReference(db);
  await seedDemo(db);
  const count = async () =>
    (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders o JOIN businesses b ON b.id = o.business_id WHERE b.name = 'Toko Demo'`)).rows[0].n;
  const have = await count();
  if (have < WANTED_ORDERS) {
    const { seedBulkOrders } = await import("../db/demo/orders-bulk.ts");
    console.log(`Seeding ${(WANTED_ORDERS - have).toLocaleString("en")} orders (once; kept in the bench database)…`);
    const made = await seedBulkOrders(db, WANTED_ORDERS - have, { log: console.log });
    console.log(`  done in ${(made.ms / 1000).toFixed(1)} s`);
  }
  return { url: process.env.DATABASE_URL!, orders: await count(), db, pool, stop };
}
