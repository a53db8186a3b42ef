/**
 * The status switch of a "sites" record (warehouses, factories, store fees), one way for all.
 * Rules (spec section 4 and the warehouse decisions): the whole change is NotFound if any id is
 * not the business's; the rows are locked in id order (two overlapping changes never wait on each
 * other in a circle); repeating the current status is harmless and writes no history; each real
 * change writes one history row in the same transaction.
 *
 * Stores do not use this: a store is checked one by one through its partner rules.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "#db/client.ts";
import type { SellerScope } from "#core/actor.ts";
import { NotFound } from "#core/errors.ts";
import { recordHistory } from "./history.ts";

type StatusTable = PgTable & { id: AnyPgColumn; businessId: AnyPgColumn; status: AnyPgColumn; timeModified: AnyPgColumn };
/** A locked row: its id, status and the `columns` asked for. */
export type LockedRow = { id: number; status: number } & Record<string, unknown>;

export type StatusSpec = {
  table: StatusTable;
  /** History ref type: "factory". */
  refType: string;
  /** More columns to lock and read (for `check`). */
  columns?: Record<string, AnyPgColumn>;
  /** Runs first in the transaction (e.g. a business-wide lock). */
  lock?: (tx: Tx, businessId: number) => Promise<unknown>;
  /** Refuses a change (throws a Refused) once the rows are locked. */
  check?: (rows: LockedRow[], activate: boolean) => void;
};

/** Sets the status of the business's records `ids`; answers the ids, each once, in the order given. */
export async function changeStatus({ db, actor }: SellerScope, spec: StatusSpec, ids: number[], activate: boolean) {
  const { table } = spec;
  const businessId = actor.member.businessId;
  const to = activate ? 1 : 0;
  const wanted = [...new Set(ids)];
  await db.transaction(async (tx) => {
    if (spec.lock) await spec.lock(tx, businessId);
    const rows = (await tx
      .select({ id: table.id, status: table.status, ...spec.columns })
      .from(table)
      .where(and(eq(table.businessId, businessId), inArray(table.id, wanted)))
      .orderBy(asc(table.id))
      .for("update")) as LockedRow[];
    if (rows.length !== wanted.length) throw new NotFound();
    spec.check?.(rows, activate);
    for (const r of rows.filter((r) => r.status !== to)) {
      await tx.update(table).set({ status: to, timeModified: new Date() } as never).where(eq(table.id, r.id));
      await recordHistory(tx, {
        businessId, refType: spec.refType, refId: r.id, userId: actor.user.id, action: activate ? "activate" : "inactivate",
        changes: { status: { from: r.status, to } },
      });
    }
  });
  return wanted;
}
