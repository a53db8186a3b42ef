/** Reads the e2e server's database, to check that a page shows what is really stored. */
import pg from "pg";
import { e2eDatabaseUrl } from "./env.ts";

/** Every row the statement returns. */
export async function query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  client.on("error", () => {}); // the e2e server stopping under it fails the query; unheard, it would crash the run
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The first row the statement returns. */
export async function queryOne<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T> {
  return (await query<T>(sql, params))[0];
}
