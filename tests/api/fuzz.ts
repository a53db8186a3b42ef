/**
 * What the bad-input suites share (tests/api/bad-input*.test.ts, issue 12 "Bad input never gets a
 * 500"): the run's fast-check seed, the table counts, and a watch on every write to the database.
 */
import { sql } from "drizzle-orm";
import { db } from "#db/client.ts";

/**
 * One fixed seed per run, so a failure comes back the same way: FUZZ_SEED=<n> (or FC_SEED, its
 * older name) tries another. fast-check prints it with the counterexample.
 */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? process.env.FC_SEED ?? 20240612);

export const BROKEN_MULTIPART = { "Content-Type": "multipart/form-data; boundary=zz" };

/** The row count of every table: a refusal writes nothing anywhere. */
export async function rowCounts() {
  const { rows } = await db.execute<{ name: string }>(sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const { rows: [r] } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`);
    counts[name] = r.n;
  }
  return counts;
}

/**
 * Every committed write, row by row: a trigger on each table of this test file's own database (a
 * copy, tests/setup-db.ts) notes the table and the operation in `fuzz_writes`, in the writer's
 * transaction — a write rolled back leaves no note. Counts would miss an UPDATE; this does not.
 */
export async function watchWrites() {
  await db.execute(sql.raw(`
    CREATE TABLE IF NOT EXISTS fuzz_writes (id bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL);
    CREATE OR REPLACE FUNCTION fuzz_note() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO fuzz_writes (tbl, op) VALUES (TG_TABLE_NAME, TG_OP);
      RETURN NULL;
    END $$;
    DO $$
    DECLARE t regclass;
    BEGIN
      FOR t IN
        SELECT c.oid::regclass FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> 'fuzz_writes'
      LOOP
        EXECUTE format('DROP TRIGGER IF EXISTS fuzz_note ON %s', t);
        EXECUTE format('CREATE TRIGGER fuzz_note AFTER INSERT OR UPDATE OR DELETE ON %s FOR EACH ROW EXECUTE FUNCTION fuzz_note()', t);
        EXECUTE format('DROP TRIGGER IF EXISTS fuzz_note_truncate ON %s', t);
        EXECUTE format('CREATE TRIGGER fuzz_note_truncate AFTER TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION fuzz_note()', t);
      END LOOP;
    END $$;
  `));
}

/** The writes noted since the last call ("table OP" each, in order), and forgets them. */
export async function takeWrites(): Promise<string[]> {
  const { rows } = await db.execute<{ w: string }>(sql`DELETE FROM fuzz_writes RETURNING id, tbl || ' ' || op AS w`);
  return (rows as Array<{ id: number; w: string }>).sort((a, b) => Number(a.id) - Number(b.id)).map((r) => r.w);
}
