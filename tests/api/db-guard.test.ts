/**
 * No query escapes its transaction (db/client.ts): inside a transaction's callback the global
 * handle throws at once instead of waiting for a pool connection the transaction may be holding;
 * after the transaction, and outside any, it works. And every connection carries bounded waits.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ConcurrentQueryInTransaction, db, prepared, preparedSql, QueryOutsideTransaction, sideBySide } from "#db/client.ts";

describe("the transaction guard", () => {
  it("refuses the global handle inside a transaction", async () => {
    const err = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await db.execute(sql`SELECT 1`);
    }).catch((e) => e);
    // Drizzle reports a failed query with the driver's error as its cause.
    expect(err.cause ?? err).toBeInstanceOf(QueryOutsideTransaction);
  });

  it("refuses a second transaction opened from the pool inside one", async () => {
    const err = await db.transaction(async () => {
      await db.transaction(async (inner) => inner.execute(sql`SELECT 1`));
    }).catch((e) => e);
    expect(err).toBeInstanceOf(QueryOutsideTransaction);
  });

  it("refuses a second query on a transaction's one connection while the first still runs", async () => {
    const err = await db.transaction(async (tx) => {
      await Promise.all([tx.execute(sql`SELECT pg_sleep(0.05)`), tx.execute(sql`SELECT 1`)]);
    }).catch((e) => e);
    expect(err.cause ?? err).toBeInstanceOf(ConcurrentQueryInTransaction);
    // The connection went back to the pool whole: the next transaction on it works.
    expect(await db.transaction(async (tx) => (await tx.execute(sql`SELECT 4 AS n`)).rows[0].n)).toBe(4);
  });

  it("sideBySide reads at once on the pool and in turn on a transaction, answering in order", async () => {
    const read = (exec: typeof db, n: number) => () => exec.execute(sql`SELECT ${n}::int AS n`).then((r) => r.rows[0].n);
    expect(await sideBySide(db, read(db, 1), read(db, 2), read(db, 3))).toEqual([1, 2, 3]);
    const inTx = await db.transaction((tx) => sideBySide(tx, read(tx as unknown as typeof db, 1), read(tx as unknown as typeof db, 2), () => "no query"));
    expect(inTx).toEqual([1, 2, "no query"]);
  });

  it("lets nested work through the transaction's own handle (savepoints) and the pool afterwards", async () => {
    const n = await db.transaction(async (tx) => {
      const inner = await tx.transaction(async (sp) => sp.execute(sql`SELECT 2 AS n`));
      return Number(inner.rows[0].n);
    });
    expect(n).toBe(2);
    expect((await db.execute(sql`SELECT 3 AS n`)).rows[0].n).toBe(3);
  });

  it("work started inside a transaction but run after it ends may use the pool", async () => {
    let later: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      later = new Promise((r) => setTimeout(r, 20)).then(() => db.execute(sql`SELECT 1`));
    });
    await expect(later).resolves.toBeTruthy();
  });

  it("every connection has a statement timeout and an idle-in-transaction timeout", async () => {
    const [statement] = (await db.execute(sql`SHOW statement_timeout`)).rows as { statement_timeout: string }[];
    const [idle] = (await db.execute(sql`SHOW idle_in_transaction_session_timeout`)).rows as { idle_in_transaction_session_timeout: string }[];
    expect(statement.statement_timeout).not.toBe("0");
    expect(idle.idle_in_transaction_session_timeout).not.toBe("0");
  });
});

describe("prepared reads (db/client.ts prepared, preparedSql)", () => {
  const doubled = (exec: typeof db) => preparedSql<{ n: number }>(exec, "test_doubled", (value) => sql`SELECT (${value("n")}::int * 2) AS n`);

  it("are written once on the pool, prepared by name, and answer each call's values", async () => {
    expect(doubled(db)).toBe(doubled(db));
    expect((await doubled(db).execute({ n: 2 }))[0].n).toBe(4);
    expect((await doubled(db).execute({ n: 21 }))[0].n).toBe(42);
    const [statement] = (await db.execute(sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = 'test_doubled'`)).rows;
    // The statement lives on the connection that prepared it; this read may get another one.
    expect([0, 1]).toContain(statement.n);
  });

  it("run on a transaction's handle inside one, where the pool's is refused", async () => {
    expect(await db.transaction(async (tx) => (await doubled(tx as unknown as typeof db).execute({ n: 5 }))[0].n)).toBe(10);
    // An array is one value (PostgreSQL's array) whether prepared or not.
    const anyOf = (exec: typeof db) => preparedSql<{ n: number }>(exec, "test_any", (value) => sql`SELECT count(*)::int AS n FROM generate_series(1, 5) g WHERE g = ANY(${value("ids")}::int[])`);
    expect((await anyOf(db).execute({ ids: [2, 4, 9] }))[0].n).toBe(2);
    expect(await db.transaction(async (tx) => (await anyOf(tx as unknown as typeof db).execute({ ids: [1, 2, 3] }))[0].n)).toBe(3);
    const err = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await doubled(db).execute({ n: 1 });
    }).catch((e) => e);
    expect(err).toBeInstanceOf(QueryOutsideTransaction);
  });

  it("a shape given no name is written per call", async () => {
    const once = (n: number) => prepared(db, null, (e) => ({ n, e }));
    expect(once(1)).not.toBe(once(1));
    expect((await preparedSql<{ n: number }>(db, null, (value) => sql`SELECT ${value("n")}::int AS n`).execute({ n: 7 }))[0].n).toBe(7);
  });
});
