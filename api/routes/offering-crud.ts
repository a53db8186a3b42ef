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
 * The REST adapter over the kind's core service (core/catalog/offering-crud.ts holds the rules:
 * the "products" privilege, the business's records only, history, locks, unique fields). An
 * unknown record is 404 before its body is read.
 */
import type { Hono } from "hono";
import type { z } from "zod";
import { pageQuery, type OfferingService } from "#core/catalog/offering-crud.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok } from "#api/lib/http.ts";
import { statusRoutes } from "#api/lib/status-routes.ts";

export const seller = [requireAuth, requireSeller] as const;

export type CrudRoutesSpec<Q, B> = {
  base: string;
  idsField: string;
  /** The list's query schema (page, limit and the kind's filters). */
  listQuery: z.ZodType<Q>;
  body: z.ZodType<B>;
  service: OfferingService<unknown, B, Q>;
};

export function crudRoutes<Q extends { limit: number }, B>(routes: Hono<ApiEnv>, spec: CrudRoutesSpec<Q, B>) {
  const { service } = spec;
  const one = `${spec.base}/:id{[0-9]+}`;
  const idOf = (id: string | undefined) => Number(id);

  routes.get(spec.base, ...seller, async (c) => {
    const q = await input(c, spec.listQuery, "query");
    const { rows, total } = await service.list(c.var.scope, q);
    return list(c, rows, total, q.limit);
  });

  routes.get(one, ...seller, async (c) => ok(c, await service.get(c.var.scope, idOf(c.req.param("id")))));
  routes.get(`${one}/update`, ...seller, async (c) => ok(c, await service.get(c.var.scope, idOf(c.req.param("id")))));

  routes.post(spec.base, ...seller, async (c) => ok(c, await service.create(c.var.scope, await input(c, spec.body)), service.messages.created));

  routes.put(one, ...seller, async (c) => {
    const id = idOf(c.req.param("id"));
    await service.get(c.var.scope, id); // an unknown record is 404 before its body is read
    return ok(c, await service.update(c.var.scope, id, await input(c, spec.body)), service.messages.updated);
  });

  statusRoutes(routes, seller, {
    base: spec.base,
    bulkPaths: [spec.base, `${spec.base}/status`],
    idsField: spec.idsField,
    message: service.messages.status,
    set: service.setStatus,
  });

  routes.get(`${one}/update-history`, ...seller, async (c) => {
    const id = idOf(c.req.param("id"));
    await service.get(c.var.scope, id); // an unknown record is 404 before its query is read
    const q = await input(c, pageQuery, "query");
    const { rows, total } = await service.history(c.var.scope, id, q);
    return list(c, rows, total, q.limit);
  });
}
