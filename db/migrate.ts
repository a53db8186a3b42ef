import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import path from "node:path";
import pg from "pg";

/** Applies the committed drizzle-kit migrations. Safe to run by several processes at once. */
export async function runMigrations(url: string) {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {}); // a lost connection fails its query; unheard, it would crash the process
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(72417)");
    await migrate(drizzle({ client }), { migrationsFolder: path.resolve("db/migrations") });
  } finally {
    await client.query("SELECT pg_advisory_unlock(72417)").catch(() => {});
    await client.end();
  }
}
