/**
 * The orders benches' database (bench/orders-listing.ts, bench/orders-ssr.ts): bench/bench-db.ts in
 * BENCH_ORDERS_PG_DIR (default data/bench-orders-pg, port BENCH_ORDERS_PG_PORT 54389), topped up to
 * BENCH_ORDERS (1 000 000) orders in Toko Demo by the bulk generator (core/demo/orders-bulk.ts).
 */
import { openBenchDb } from "./bench-db.ts";

export async function openOrdersBenchDb() {
  const { seedBulkOrders } = await import("#core/demo/orders-bulk.ts");
  const database = await openBenchDb({
    dataDir: process.env.BENCH_ORDERS_PG_DIR ?? "data/bench-orders-pg",
    port: Number(process.env.BENCH_ORDERS_PG_PORT ?? 54389),
    table: "orders",
    wanted: Number(process.env.BENCH_ORDERS ?? 1_000_000),
    fill: (db, n) => seedBulkOrders(db, n, { log: console.log }),
  });
  return { ...database, orders: database.rows };
}
