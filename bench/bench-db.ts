/**
 * The database a scale bench reads: DATABASE_URL if set, else an embedded PostgreSQL kept in its
 * own data directory (made once, so later runs start at once), migrated, with the demo data, and
 * topped up by a bulk generator to `wanted` rows of `table` in Toko Demo. pg_stat_statements is
 * loaded, so a bench can read the database's own time per query (planning + execution).
 *
 * Sets process.env.DATABASE_URL before db/client.ts is imported; returns the URL, the row count,
 * the Drizzle handle and pool, and a stop function for the embedded server.
 */
import fs from "node:fs";
import path from "node:path";

type Db = typeof import("#db/client.ts").db;

export async function openBenchDb(opts: {
  dataDir: string; port: number; table: "orders" | "products" | "conversations"; wanted: number;
  fill: (db: Db, n: number) => Promise<{ ms: number }>;
}) {
  let stop = async () => {};
  if (!process.env.DATABASE_URL) {
    const { startEmbeddedPostgres } = await import("#db/embedded.ts");
    fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true });
    const flags = ["-c", "shared_preload_libraries=pg_stat_statements", "-c", "pg_stat_statements.track_planning=on"];
    const server = await startEmbeddedPostgres({ dataDir: opts.dataDir, port: opts.port, database: "indie", flags });
    process.env.DATABASE_URL = server.url;
    stop = server.stop;
  }
  process.env.NOTIFY_CONSOLE = "off";
  const { runMigrations } = await import("#db/migrate.ts");
  await runMigrations(process.env.DATABASE_URL!);
  // Topping up a million rows runs statements far longer than a request's bound (db/client.ts).
  process.env.DB_STATEMENT_TIMEOUT_MS ??= "0";
  const { db, pool } = await import("#db/client.ts");
  const { sql } = await import("drizzle-orm");
  const { seedDemo, seedReference } = await import("#core/demo/seed.ts");
  await seedReference(db);
  await seedDemo(db);
  const count = async () => (await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM ${sql.identifier(opts.table)} t JOIN businesses b ON b.id = t.business_id WHERE b.name = 'Toko Demo'`)).rows[0].n;
  const have = await count();
  if (have < opts.wanted) {
    console.log(`Seeding ${(opts.wanted - have).toLocaleString("en")} ${opts.table} (once; kept in the bench database)…`);
    const made = await opts.fill(db, opts.wanted - have);
    console.log(`  done in ${(made.ms / 1000).toFixed(1)} s`);
  }
  return { url: process.env.DATABASE_URL!, rows: await count(), db, pool, stop };
}
