/**
 * Factories: the business's own production sites, in the style of the spec's warehouse calls.
 *
 *   GET  /v0.0.0/factories                      list: status 1|0, search (name, contact, address, city),
 *                                               sort 1-6, page, limit
 *   GET  /v0.0.0/factories/{id}
 *   POST /v0.0.1/factories/create
 *   PUT  /v0.0.0/factories/{id}
 *   PUT  /v0.0.0/factories/status               factory_ids=4,7 & action=activate|inactivate (form-encoded or JSON)
 *   PUT  /v0.0.0/factories/{id}/{activate|inactivate}   the same for one factory (the web's switch)
 *   GET  /v0.0.0/factories/{id}/update-history
 *   export kind "factory" (POST /v0.0.0/exports/factory, the list's filters)
 *
 * Decisions where the spec is silent:
 * - A factory is always the business's own (a partner's production is a supplier, a later issue),
 *   so there is no ownership: the web shows the ownership filter disabled (spec section 6) and
 *   the API ignores an `ownership` parameter.
 * - A factory needs its address and city (they are in Indonesia: the shipping of raw material and
 *   goods is planned from them); postcode, contact, email, phone, pin point and monthly capacity
 *   (whole pieces a month, 0 to 100 million) are optional.
 * - No delete: a factory that stops working for the business is deactivated, which keeps its
 *   history readable. Status changes follow the warehouse rules (whole call 404 if any id is not
 *   the business's; repeating the current status is a harmless 200 without a history row).
 * - Scope, PUT semantics and history as the warehouses (core/profile/warehouse-changes.ts).
 *
 * The rules and queries are core/profile/factories.ts; this file is the REST adapter over them.
 */
import { Hono } from "hono";
import {
  createFactory, factoryBody, factoryHistory, factoryListQuery, factoryStatusMessage, getFactory, listFactories, setFactoryStatus, updateFactory,
} from "#core/profile/factories.ts";
import { listQuery } from "#core/lib/list-query.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok } from "#api/lib/http.ts";
import { statusRoutes } from "#api/lib/status-routes.ts";

export const factoryRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const idParam = (id: string) => Number(id);
const pageQuery = listQuery.pick({ page: true, limit: true });

factoryRoutes.get("/v0.0.0/factories", ...seller, async (c) => {
  const q = await input(c, factoryListQuery, "query");
  const { rows, total } = await listFactories(c.var.scope, q);
  return list(c, rows, total, q.limit);
});

factoryRoutes.get("/v0.0.0/factories/:id{[0-9]+}", ...seller, async (c) => ok(c, await getFactory(c.var.scope, idParam(c.req.param("id")))));

factoryRoutes.post("/v0.0.1/factories/create", ...seller, async (c) =>
  ok(c, await createFactory(c.var.scope, await input(c, factoryBody)), "site:api.factory_created"));

factoryRoutes.put("/v0.0.0/factories/:id{[0-9]+}", ...seller, async (c) => {
  const id = idParam(c.req.param("id"));
  await getFactory(c.var.scope, id); // an unknown factory is 404 before its body is read
  return ok(c, await updateFactory(c.var.scope, id, await input(c, factoryBody)), "site:api.factory_updated");
});

statusRoutes(factoryRoutes, seller, {
  base: "/v0.0.0/factories",
  idsField: "factory_ids",
  set: setFactoryStatus,
  message: factoryStatusMessage,
});

factoryRoutes.get("/v0.0.0/factories/:id{[0-9]+}/update-history", ...seller, async (c) => {
  const q = await input(c, pageQuery, "query");
  const { rows, total } = await factoryHistory(c.var.scope, idParam(c.req.param("id")), q);
  return list(c, rows, total, q.limit);
});
