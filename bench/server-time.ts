/**
 * The database's own time (planning + execution, pg_stat_statements: no network, no Node's event
 * loop) of everything run between two reads. `serverTime(url)` connects a client of its own;
 * `take()` answers the milliseconds since the last take (and starts afresh), or null when the
 * extension is not loaded (the bench then says so and shows the time each statement took to
 * answer instead). Statements naming pg_stat_statements (these reads) are left out.
 */
import pg from "pg";

export async function serverTime(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const on = await client.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
    .then(() => client.query("SELECT pg_stat_statements_reset()")).then(() => true, () => false);
  return {
    on,
    async take(): Promise<number | null> {
      if (!on) return null;
      const { rows: [r] } = await client.query<{ ms: number }>(`SELECT coalesce(sum(total_plan_time + total_exec_time), 0)::float8 AS ms FROM pg_stat_statements
        WHERE query NOT LIKE '%pg_stat_statements%' AND dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`);
      await client.query("SELECT pg_stat_statements_reset()");
      return r.ms;
    },
    end: () => client.end(),
  };
}
