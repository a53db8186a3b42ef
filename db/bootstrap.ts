/**
 * Makes a migrated database available and sets process.env.DATABASE_URL before anything imports
 * db/client.ts. With no DATABASE_URL it starts the embedded PostgreSQL in ./data/pg.
 */
import { startEmbeddedPostgres } from "./embedded.ts";
import { runMigrations } from "./migrate.ts";

/** `stopOnSignal: false`: the caller stops the embedded server itself (db/embedded.ts). */
export async function bootstrapDatabase(opts: { stopOnSignal?: boolean } = {}) {
  let stop = async () => {};
  let embedded = false;
  if (!process.env.DATABASE_URL) {
    const pg = await startEmbeddedPostgres({
      dataDir: process.env.PG_DATA_DIR ?? "data/pg",
      port: Number(process.env.PG_PORT ?? 54329),
      database: "indie",
      stopOnSignal: opts.stopOnSignal,
    });
    process.env.DATABASE_URL = pg.url;
    // Demo mode defaults to on only here, on the app's own database (core/lib/demo.ts).
    process.env.EMBEDDED_DB = "1";
    stop = pg.stop;
    embedded = true;
  }
  await runMigrations(process.env.DATABASE_URL!);
  return { url: process.env.DATABASE_URL!, embedded, stop };
}
