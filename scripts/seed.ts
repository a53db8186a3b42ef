// npm run seed [-- --orders N] [-- --products N]: seeds reference data, and demo data into an empty
// database; --products N then adds N generated products to Toko Demo (core/demo/catalog-bulk.ts),
// --orders N then N generated orders (core/demo/orders-bulk.ts; products first when both are given,
// so the orders can sell them).
import { bootstrapDatabase } from "#db/bootstrap.ts";

// Generating a million orders runs statements far longer than a request's bound (db/client.ts).
process.env.DB_STATEMENT_TIMEOUT_MS ??= "0";

const { stop } = await bootstrapDatabase();
const { db, pool } = await import("#db/client.ts");
const { seedDemo, seedReference } = await import("#core/demo/seed.ts");

const args = process.argv.slice(2);
const numberAfter = (flag: string) => (args.includes(flag) ? Number(args[args.indexOf(flag) + 1]) : undefined);
const orders = numberAfter("--orders");
const products = numberAfter("--products");
if (products !== undefined && !(Number.isInteger(products) && products > 0 && products <= 1_000_000)) {
  throw new Error("--products takes a whole number from 1 to 1000000");
}
if (orders !== undefined && !(Number.isInteger(orders) && orders > 0 && orders <= 5_000_000)) {
  throw new Error("--orders takes a whole number from 1 to 5000000");
}
await seedReference(db);
console.log((await seedDemo(db)) ? "Demo data seeded." : "Database already has users: demo data left as it is.");
if (products) {
  const { seedBulkCatalog } = await import("#core/demo/catalog-bulk.ts");
  console.log(`Adding ${products.toLocaleString("en")} products to Toko Demo…`);
  const made = await seedBulkCatalog(db, products, { log: console.log });
  console.log(`Added ${made.products} products, ${made.variants} variants, ${made.levels} stock levels and ${made.movements} stock movements in ${(made.ms / 1000).toFixed(1)} s.`);
}
if (orders) {
  const { seedBulkOrders } = await import("#core/demo/orders-bulk.ts");
  console.log(`Adding ${orders.toLocaleString("en")} orders to Toko Demo…`);
  const made = await seedBulkOrders(db, orders, { log: console.log });
  console.log(`Added ${made.orders} orders with ${made.items} lines in ${(made.ms / 1000).toFixed(1)} s.`);
  // Their finished orders are settled as if they had finished here, and what is past its hold released (issue 15).
  const { settleDay } = await import("#core/money/settle-day.ts");
  const { releaseDueSettlements } = await import("#core/money/settlements.ts");
  const { sql } = await import("drizzle-orm");
  const { rows: [toko] } = await db.execute<{ id: number }>(sql`SELECT id FROM businesses WHERE name = 'Toko Demo' ORDER BY id LIMIT 1`);
  const t0 = performance.now();
  const settled = await settleDay(toko.id, null);
  const released = await releaseDueSettlements(new Date(), { businessId: toko.id });
  console.log(`Settled ${settled} finished orders (${released} released to saldo) in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
}
await pool.end();
await stop();
