/**
 * The calls every offering (service, gift voucher, voucher, package) has, one way for all four:
 *
 *   GET  <base>                      list: search, status 1|0, sort 1-6, page, limit (+ the kind's filters)
 *   GET  <base>/{id}                 one record
 *   GET  <base>/{id}/update          the record as the edit form needs it (spec: "/{id}/update")
 *   POST <base>                      create
 *   PUT  <base>/{id}                 update (replaces the editable fields)
 *   PUT  <base>  and  <base>/status  <ids_field>=4,7 & action=activate|inactivate (spec section 4 toggles)
 *   PUT  <base>/{id}/{activate|inactivate}
 *   GET  <base>/{id}/update-history
 *
 * Rules: the "products" privilege; the caller's business only (another business's id is 404);
 * every change writes its update-history row in the same transaction, and the record is locked
 * while it changes, so two saves never interleave. A unique field taken by another record of the
 * business (SKU, code) is a 422 on that field, also when two saves race for it.
 */
import type { Context, Hono } from "hono";
import type { z } from "zod";
import { db, type Tx } from "#db/client.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { recordHistory } from "#core/lib/history.ts";
import { historyList } from "#api/lib/history.ts";
import { input, list, ok } from "#api/lib/http.ts";
import { listQuery, offsetOf } from "#core/lib/list-query.ts";
import { sellerScope } from "#core/actor.ts";
import { changeStatus, type StatusSpec } from "#core/lib/status-change.ts";
import type { TFunction } from "i18next";
import { statusRoutes } from "#api/lib/status-routes.ts";
import { NotFound, Refused, pgErrorCode } from "#core/errors.ts";

export const seller = [requireAuth, requireSeller("products")] as const;
export type Changes = Record<string, { from: unknown; to: unknown }>;
export type WriteContext = { businessId: number; userId: number; c: Context<ApiEnv> };

export type CrudSpec<B, R, F extends z.ZodObject> = {
  base: string;
  refType: string;
  idsField: string;
  table: StatusSpec["table"];
  body: z.ZodType<B>;
  filters: F;
  find: (businessId: number, id: number, tx?: Tx) => Promise<R | undefined>;
  findMany: (businessId: number, filters: z.infer<F>, page: { limit: number; offset: number }) => Promise<{ rows: R[]; total: number }>;
  json: (t: TFunction, row: R) => unknown;
  /** Inserts the record (and its children); answers its id. The history's "create" row is written here. */
  create: (tx: Tx, ctx: WriteContext, body: B) => Promise<number>;
  /** Applies the body to the locked record; answers what changed (empty: nothing to save). */
  update: (tx: Tx, ctx: WriteContext, before: R, body: B) => Promise<Changes>;
  /** Message keys. */
  messages: { created: string; updated: string; status: (activate: boolean, count: number) => string };
  /** The field a unique-index violation (23505) is reported on, and its message key. */
  unique?: { field: string; message: string };
  /** The list's summary_data (e.g. counts), computed on the same filters. */
  summary?: (businessId: number, filters: z.infer<F>) => Promise<unknown>;
};

export function crudRoutes<B, R extends { id: number }, F extends z.ZodObject>(routes: Hono<ApiEnv>, spec: CrudSpec<B, R, F>) {
  const biz = (c: Context<ApiEnv>) => c.var.member.businessId;
  const idOf = (c: Context<ApiEnv>) => Number(c.req.param("id"));
  const one = `${spec.base}/:id{[0-9]+}`;

  async function recordFor(c: Context<ApiEnv>, id: number, tx?: Tx) {
    const row = await spec.find(biz(c), id, tx);
    if (!row) throw new NotFound();
    return row;
  }

  /** Runs a write; a unique violation becomes the 422 of spec.unique. */
  async function write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(fn);
    } catch (err) {
      if (spec.unique && pgErrorCode(err) === "23505") throw new Refused("api:errors.validation", { [spec.unique.field]: [spec.unique.message] });
      throw err;
    }
  }

  routes.get(spec.base, ...seller, async (c) => {
    const page = await input(c, listQuery.pick({ page: true, limit: true }), "query");
    const filters = await input(c, spec.filters, "query");
    const [{ rows, total }, summary] = await Promise.all([
      spec.findMany(biz(c), filters, { limit: page.limit, offset: offsetOf(page) }),
      spec.summary?.(biz(c), filters),
    ]);
    return list(c, rows.map((r) => spec.json(c.var.t, r)), total, page.limit, summary);
  });

  routes.get(one, ...seller, async (c) => ok(c, spec.json(c.var.t, await recordFor(c, idOf(c)))));
  routes.get(`${one}/update`, ...seller, async (c) => ok(c, spec.json(c.var.t, await recordFor(c, idOf(c)))));

  routes.post(spec.base, ...seller, async (c) => {
    const body = await input(c, spec.body);
    const ctx = { businessId: biz(c), userId: c.var.user.id, c };
    const row = await write(async (tx) => {
      const id = await spec.create(tx, ctx, body);
      await recordHistory(tx, { businessId: ctx.businessId, refType: spec.refType, refId: id, userId: ctx.userId, action: "create" });
      return (await spec.find(ctx.businessId, id, tx))!;
    });
    return ok(c, spec.json(c.var.t, row), spec.messages.created);
  });

  routes.put(one, ...seller, async (c) => {
    const id = (await recordFor(c, idOf(c))).id;
    const body = await input(c, spec.body);
    const ctx = { businessId: biz(c), userId: c.var.user.id, c };
    const row = await write(async (tx) => {
      const before = await recordFor(c, id, tx);
      const changes = await spec.update(tx, ctx, before, body);
      if (!Object.keys(changes).length) return before;
      await recordHistory(tx, { businessId: ctx.businessId, refType: spec.refType, refId: id, userId: ctx.userId, action: "update", changes });
      return (await spec.find(ctx.businessId, id, tx))!;
    });
    return ok(c, spec.json(c.var.t, row), spec.messages.updated);
  });

  statusRoutes(routes, seller, {
    base: spec.base,
    bulkPaths: [spec.base, `${spec.base}/status`],
    idsField: spec.idsField,
    message: spec.messages.status,
    async set(scope, ids, activate) {
      const s = sellerScope(scope, "products");
      const done = await changeStatus(s, { table: spec.table, refType: spec.refType }, ids, activate);
      const rows = await Promise.all(done.map((id) => spec.find(s.actor.member.businessId, id)));
      return rows.filter((r) => r !== undefined).map((r) => spec.json(s.actor.t, r!));
    },
  });

  routes.get(`${one}/update-history`, ...seller, async (c) => {
    const row = await recordFor(c, idOf(c));
    const q = await input(c, listQuery.pick({ page: true, limit: true }), "query");
    return historyList(c, { businessId: biz(c), refType: spec.refType, refId: row.id }, q);
  });
}
