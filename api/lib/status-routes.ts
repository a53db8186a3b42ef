/**
 * The status change of a "sites" resource (warehouses, factories, store fees), one way for all:
 *
 *   PUT <base>/status                           <idsField>=4,7 & action=activate|inactivate (form-encoded or JSON)
 *   PUT <base>/{id}/{activate|inactivate}        the same for one record (the web's switch)
 *
 * Rules (spec section 4 and the warehouse decisions): the whole call is 404 if any id is not the
 * business's; the rows are locked in id order (two overlapping calls never wait on each other in a
 * circle); repeating the current status is a harmless 200 without a history row; each real change
 * writes one history row in the same transaction. The answer is the records as the resource shows
 * them, with "X activated" for one and "3 Xs activated" for several.
 *
 * Stores (api/routes/stores.ts) do not use this: a store is checked one by one through its partner
 * rules (a partner's store is refused), locks the business and answers with the store's name.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Context, Hono, MiddlewareHandler } from "hono";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { db, type Tx } from "#db/client.ts";
import { statusChangeBody } from "#core/profile/warehouses-shared.ts";
import type { ApiEnv } from "./env.ts";
import { recordHistory } from "#core/lib/history.ts";
import { input, notFound } from "./http.ts";

type StatusTable = PgTable & { id: AnyPgColumn; businessId: AnyPgColumn; status: AnyPgColumn; timeModified: AnyPgColumn };
/** A locked row: its id, status and the `columns` asked for. */
export type LockedRow = { id: number; status: number } & Record<string, unknown>;

export type StatusRoutesSpec<Row> = {
  /** "/v0.0.0/factories" */
  base: string;
  /** The ids field of the several-at-once body: "factory_ids". */
  idsField: string;
  table: StatusTable;
  /** History ref type: "factory". */
  refType: string;
  find: (businessId: number, id: number) => Promise<Row | null | undefined>;
  answer: (c: Context<ApiEnv>, row: Row) => unknown;
  /** The message key for one (count 1) or several. */
  message: (activate: boolean, count: number) => string;
  /** More columns to lock and read (for `check`). */
  columns?: Record<string, AnyPgColumn>;
  /** Runs first in the transaction (e.g. a business-wide lock). */
  lock?: (tx: Tx, businessId: number) => Promise<unknown>;
  /** Refuses a change (throws an ApiError) once the rows are locked. */
  check?: (rows: LockedRow[], activate: boolean) => void;
  /** The several-at-once paths (default `<base>/status`); e.g. the spec's bare `PUT /v0.0.0/services` too. */
  bulkPaths?: string[];
};

export function statusRoutes<Row>(
  routes: Hono<ApiEnv>,
  guard: readonly [MiddlewareHandler<ApiEnv>, MiddlewareHandler<ApiEnv>],
  spec: StatusRoutesSpec<Row>,
) {
  const { table } = spec;

  async function changeStatus(c: Context<ApiEnv>, ids: number[], activate: boolean) {
    const businessId = c.var.member.businessId;
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
      if (rows.length !== wanted.length) throw notFound();
      spec.check?.(rows, activate);
      for (const r of rows.filter((r) => r.status !== to)) {
        await tx.update(table).set({ status: to, timeModified: new Date() } as never).where(eq(table.id, r.id));
        await recordHistory(tx, {
          businessId, refType: spec.refType, refId: r.id, userId: c.var.user.id, action: activate ? "activate" : "inactivate",
          changes: { status: { from: r.status, to } },
        });
      }
    });
    const rows = await Promise.all(wanted.map((id) => spec.find(businessId, id)));
    return (rows.filter(Boolean) as Row[]).map((r) => spec.answer(c, r));
  }

  routes.on("PUT", spec.bulkPaths ?? [`${spec.base}/status`], ...guard, async (c) => {
    const body = await input(c, statusChangeBody(spec.idsField));
    const activate = body.action === "activate";
    const rows = await changeStatus(c, body[spec.idsField] as number[], activate);
    return c.json({ code: 200, message: c.var.t(spec.message(activate, rows.length), { count: rows.length }), data: rows }, 200);
  });

  routes.put(`${spec.base}/:id{[0-9]+}/:action{activate|inactivate}`, ...guard, async (c) => {
    const activate = c.req.param("action") === "activate";
    const [row] = await changeStatus(c, [Number(c.req.param("id"))], activate);
    return c.json({ code: 200, message: c.var.t(spec.message(activate, 1)), data: row }, 200);
  });
}
