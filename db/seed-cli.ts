// npm run seed [-- --orders N]: seeds reference data, and demo data into an empty database.
import { bootstrapDatabase } from "./bootstrap.ts";

const { stop } = await bootstrapDatabase();
const { db, pool } = await import("./client.ts");
const { seedDemo, seedReference } = await import("./seed.ts");

const args = process.argv.slice(2);
const orders = args.includes("--orders") ? Number(args[args.indexOf("--orders") + 1]) : undefined;
await seedReference(db);
console.log((await seedDemo(db, { orders })) ? "Demo data seeded." : "Database already has users: demo data left as it is.");
await pool.end();
await stop();
