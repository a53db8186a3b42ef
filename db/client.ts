import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema/index.ts";

// BIGINT counts (count(*), sums of rupiah) come back as JS numbers: rupiah totals stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is not set: start the app through server.ts, which starts the embedded database");

export const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
// An idle connection dropped by the server (restart, failover) must not crash the process: the pool
// replaces it, and the next query reports any real outage to its caller.
pool.on("error", (err) => console.error("PostgreSQL connection lost:", err.message));
export const db = drizzle({ client: pool, schema, casing: "snake_case" });
export type Db = typeof db;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Ends the pool (process shutdown). */
export const closeDatabase = () => pool.end();
