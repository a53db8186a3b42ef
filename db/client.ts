import { AsyncLocalStorage } from "node:async_hooks";
import { drizzle } from "drizzle-orm/node-postgres";
import { fillPlaceholders, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema/index.ts";

// BIGINT counts (count(*), sums of rupiah) come back as JS numbers: rupiah totals stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is not set: start the app through server.ts, which starts the embedded database");

const ms = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/**
 * Bounded waits, so one stuck request can never hold the app: a connection is waited for at most
 * DB_CONNECT_TIMEOUT_MS (then the request fails, the others go on); a statement runs at most
 * DB_STATEMENT_TIMEOUT_MS; a transaction left idle (a bug, a lost client) is ended by the server
 * after DB_IDLE_TX_TIMEOUT_MS and its connection returns to the pool. 0 turns one off (the
 * million-order seed and the benches' bulk loads).
 */
export const pool = new pg.Pool({
  connectionString: url,
  max: ms("DB_POOL_SIZE", 10),
  connectionTimeoutMillis: ms("DB_CONNECT_TIMEOUT_MS", 10_000),
  statement_timeout: ms("DB_STATEMENT_TIMEOUT_MS", 30_000),
  idle_in_transaction_session_timeout: ms("DB_IDLE_TX_TIMEOUT_MS", 30_000),
});
// A connection dropped by the server (restart, failover) must not crash the process: an idle one
// the pool replaces (the pool's 'error'); one in use, which the pool leaves without a listener
// while it is out (a transaction between two statements), fails its caller's next query. Both are
// reported — unless the process is stopping (databaseClosing()): the report waits a moment for
// that, since a Ctrl-C in a terminal reaches the embedded server and this process at once, and the
// server's goodbye can be read before the signal is.
let closing = false;
const lost = (err: Error) => {
  setTimeout(() => closing || console.error("PostgreSQL connection lost:", err.message), 100).unref();
};
pool.on("error", lost);
pool.on("acquire", (client) => client.on("error", lost));
pool.on("release", (_err, client) => client.removeListener("error", lost));
export const db = drizzle({ client: pool, schema, casing: "snake_case" });
export type Db = typeof db;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * No query escapes its transaction. While a transaction's callback runs, the pool is closed to
 * the code inside it: a query through the global `db` (or a second transaction opened from the
 * pool) throws at once instead of waiting for a connection the transaction itself may be holding
 * — twenty such waits used to exhaust the pool and hang every request. Code inside a transaction
 * reaches the database through its `tx` only.
 */
const openTransaction = new AsyncLocalStorage<{ open: boolean; committed: (() => unknown)[] }>();

export class QueryOutsideTransaction extends Error {
  constructor() {
    super("A query used the global database handle inside an open transaction: use the transaction's handle (tx)");
  }
}

function assertNoOpenTransaction() {
  if (openTransaction.getStore()?.open) throw new QueryOutsideTransaction();
}

const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
const poolConnect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
pool.query = ((...args: unknown[]) => {
  assertNoOpenTransaction();
  return poolQuery(...args);
}) as typeof pool.query;
pool.connect = ((...args: unknown[]) => {
  assertNoOpenTransaction();
  return poolConnect(...args);
}) as typeof pool.connect;

export class ConcurrentQueryInTransaction extends Error {
  constructor() {
    super("A transaction's handle got a query while its last one was still running: a transaction has one connection, so read one after the other (sideBySide)");
  }
}

/**
 * A transaction has one connection, which runs one statement at a time: a second query sent
 * before the first answered (a Promise.all over `tx`) is queued by pg@8 with a deprecation
 * warning and refused by pg@9. It throws here at once, wherever it happens, so the tests find
 * every such place; sideBySide() below is the way to read side by side on any handle.
 */
function oneQueryAtATime(tx: Tx): () => void {
  const client = (tx as unknown as { session?: { client?: pg.PoolClient } }).session?.client;
  if (!client || typeof client.query !== "function") return () => {};
  const query = client.query;
  let running = false;
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    if (running) throw new ConcurrentQueryInTransaction();
    const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (answer && typeof (answer as Promise<unknown>).then === "function") {
      running = true;
      (answer as Promise<unknown>).then(() => (running = false), () => (running = false));
    }
    return answer;
  } as typeof client.query;
  return () => void delete (client as { query?: unknown }).query; // the prototype's again, for the pool
}

const transaction = db.transaction.bind(db);
db.transaction = (async (work, config) => {
  const mark = { open: true, committed: [] as (() => unknown)[] };
  const result = await transaction((tx) => {
    const release = oneQueryAtATime(tx);
    return openTransaction.run(mark, () => work(tx)).finally(() => {
      mark.open = false;
      release();
    });
  }, config);
  for (const then of mark.committed) {
    try {
      await then();
    } catch (e) {
      console.error("after commit", e); // the transaction stands; what follows it is best effort
    }
  }
  return result;
}) as Db["transaction"];

/** Any database handle: the pool's, or a transaction's. */
export type Exec = Db | Tx;

type Answers<T extends readonly (() => unknown)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Reads side by side where that is safe: on the pool at once, each on its own connection (a list
 * page and its count); on a transaction's handle one after the other, since its one connection
 * runs one statement at a time (see oneQueryAtATime).
 */
export async function sideBySide<T extends readonly (() => unknown)[]>(exec: Exec, ...reads: T): Promise<Answers<T>> {
  if (exec === db) return (await Promise.all(reads.map((read) => read()))) as Answers<T>;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as Answers<T>;
}

/**
 * The reads of every page view, written once per process and prepared by name on each
 * connection. drizzle writes a query's text anew on every call (0.1–0.4 ms for a select of twenty
 * columns: the product listing's reads were a twentieth of its server time, bench/ssr.ts
 * --profile), and PostgreSQL parses and plans it anew; a prepared statement is planned for its
 * first runs only, then its generic plan is kept (the store list's ten joins, planned in 5–10 ms,
 * then cost nothing). `name` is PostgreSQL's name for it, so it says the query and its shape
 * (what changes the text: a tab, a sort); what changes per call goes in as sql.placeholder(…).
 * `build(exec, name)` ends with drizzle's `.prepare(name)`. On the pool the query is made once;
 * on a transaction's handle, per call (a statement prepared on its connection stays there). A
 * shape that is not worth a statement of its own (a rare filter) gives no name: built per call.
 */
export function prepared<Q>(exec: Exec, name: string | null, build: (exec: Exec, name: string) => Q): Q {
  if (exec !== db || !name) return build(exec, name ?? ""); // "": pg's unnamed statement
  let query = preparedQueries.get(name) as Q | undefined;
  if (query === undefined) preparedQueries.set(name, (query = build(db, name)));
  return query;
}
const preparedQueries = new Map<string, unknown>();

/**
 * `prepared` for a query written with sql`…` (db.execute's), answering its rows. `query(value)`
 * writes it with value(key) where a value goes: a placeholder when prepared, else the value.
 */
export function preparedSql<R extends Record<string, unknown>>(exec: Exec, name: string | null, query: (value: (key: string) => SQLWrapper) => SQL) {
  type Run = { execute(values?: Record<string, unknown>): Promise<R[]> };
  // sql.param: one parameter even for an array (drizzle would write an array as a list).
  if (exec !== db || !name) return { execute: async (values = {}) => (await exec.execute<R>(query((key) => sql.param(values[key])))).rows } as Run;
  return prepared(db, name, (): Run => {
    const { sql: text, params } = dialect.sqlToQuery(query((key) => sql.placeholder(key)));
    return { execute: async (values = {}) => (await pool.query<R>({ name, text, values: fillPlaceholders(params, values) })).rows };
  });
}
const dialect = new PgDialect({ casing: "snake_case" });

/**
 * Runs `read` with the planner keeping the joins in the order they are written
 * (join_collapse_limit = 1). For a row read with its many lookups by key (a store with its city,
 * province, village, bank and partnership), the written order is the plan, and letting the
 * planner try every order costs more than the query: /profile/store's list joins 10 tables,
 * planned in 5.7 ms and run in 0.6 ms; planned this way, 0.7 ms. On the pool it is its own short
 * transaction; inside one, the setting is put back to the default after the read.
 */
export async function joinsAsWritten<T>(exec: Exec, read: (exec: Exec) => Promise<T>): Promise<T> {
  const set = sql`SET LOCAL join_collapse_limit = 1`;
  if (exec === db) return db.transaction(async (tx) => (await tx.execute(set), read(tx)));
  await exec.execute(set);
  try {
    return await read(exec);
  } finally {
    // After a failed statement the transaction takes no more: its end resets the setting anyway.
    await exec.execute(sql`SET LOCAL join_collapse_limit TO DEFAULT`).catch(() => undefined);
  }
}

/**
 * Runs `then` once the transaction this is called in has committed (not at all when it rolls
 * back), outside it, before the transaction's caller goes on: what must only follow a commit —
 * telling people about it (sockets, e-mail) — is said where the change is written. Called
 * outside a transaction, `then` runs at once.
 */
export function afterCommit(then: () => unknown): void {
  const open = openTransaction.getStore();
  if (open?.open) open.committed.push(then);
  else void Promise.resolve().then(then).catch((e) => console.error("after commit", e));
}

/**
 * Whether the database answers `SELECT 1` through the app's own pool within `ms` (the readiness
 * probe, /readyz): a pool with no connection to give, a server down or too slow all mean no.
 */
export async function databaseAnswers(ms = 1000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const probe = pool.query("SELECT 1").then(() => true, () => false);
  try {
    return await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Process shutdown, first thing: the database may go at any moment now (a Ctrl-C in a terminal
 * stops the embedded server at once), and the connections it drops are not reported.
 */
export function databaseClosing() {
  closing = true;
}

/** Ends the pool (process shutdown). */
export const closeDatabase = () => {
  closing = true;
  return pool.end();
};
