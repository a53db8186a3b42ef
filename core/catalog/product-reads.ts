/**
 * Reads side by side where that is safe. On the pool two reads run at once on two connections
 * (a list page and its count); on a transaction's handle they run one after the other, because a
 * transaction has one connection, which runs one query at a time (pg warns "client.query() when
 * the client is already executing a query", and the answers may mix).
 */
import { db as pool, type Db, type Tx } from "#db/client.ts";

export async function both<A, B>(exec: Db | Tx, a: () => PromiseLike<A>, b: () => PromiseLike<B>): Promise<[A, B]> {
  if (exec === pool) return Promise.all([a(), b()]);
  const first = await a();
  return [first, await b()];
}
