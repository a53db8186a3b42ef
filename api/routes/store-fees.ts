/**
 * Store fees: what a store pays on each sale (spec: the /profile/store-fee page; the model is ours,
 * the spec names the page only).
 *
 *   GET    /v0.0.0/store-fees                   list: store_id, channel_id, channel_type (0|2|3|4, or
 *                                               "none" = the store-wide fees), status 1|0, search (store
 *                                               or channel name), sort 1-6 (name = store name), page, limit
 *   GET    /v0.0.0/store-fees/choices           the business's stores and online channels for the form
 *   GET    /v0.0.0/store-fees/{id}
 *   POST   /v0.0.0/store-fees
 *   PUT    /v0.0.0/store-fees/{id}
 *   PUT    /v0.0.0/store-fees/status            store_fee_ids=4,7 & action=activate|inactivate (form or JSON)
 *   PUT    /v0.0.0/store-fees/{id}/{activate|inactivate}
 *   DELETE /v0.0.0/store-fees/{id}
 *   GET    /v0.0.0/store-fees/{id}/update-history
 *   export kind "store-fee" (POST /v0.0.0/exports/store-fee, the list's filters)
 *
 * The model, the rules and the decisions where the spec is silent are in core/profile/store-fees.ts;
 * this file is the REST adapter over it.
 */
import { Hono, type Context } from "hono";
import {
  createStoreFee, deleteStoreFee, getStoreFee, listStoreFees, setStoreFeeStatus, storeFeeBody, storeFeeChoices, storeFeeHistory,
  storeFeeListQuery, storeFeeStatusKey, updateStoreFee,
} from "#core/profile/store-fees.ts";
import { listQuery } from "#core/lib/list-query.ts";
import { statusRoutes } from "#api/lib/status-routes.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok } from "#api/lib/http.ts";

export const storeFeeRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const idParam = (c: Context<ApiEnv>) => Number(c.req.param("id"));
const pageQuery = listQuery.pick({ page: true, limit: true });

storeFeeRoutes.get("/v0.0.0/store-fees", ...seller, async (c) => {
  const q = await input(c, storeFeeListQuery, "query");
  const { rows, total } = await listStoreFees(c.var.scope, q);
  return list(c, rows, total, q.limit);
});

storeFeeRoutes.get("/v0.0.0/store-fees/choices", ...seller, async (c) => ok(c, await storeFeeChoices(c.var.scope)));

storeFeeRoutes.get("/v0.0.0/store-fees/:id{[0-9]+}", ...seller, async (c) => ok(c, await getStoreFee(c.var.scope, idParam(c))));

storeFeeRoutes.post("/v0.0.0/store-fees", ...seller, async (c) =>
  ok(c, await createStoreFee(c.var.scope, await input(c, storeFeeBody)), "site:api.fee_created"));

storeFeeRoutes.put("/v0.0.0/store-fees/:id{[0-9]+}", ...seller, async (c) => {
  const id = idParam(c);
  await getStoreFee(c.var.scope, id); // an unknown fee is 404 before its body is read
  return ok(c, await updateStoreFee(c.var.scope, id, await input(c, storeFeeBody)), "site:api.fee_updated");
});

statusRoutes(storeFeeRoutes, seller, {
  base: "/v0.0.0/store-fees",
  idsField: "store_fee_ids",
  set: setStoreFeeStatus,
  message: storeFeeStatusKey,
});

storeFeeRoutes.delete("/v0.0.0/store-fees/:id{[0-9]+}", ...seller, async (c) =>
  ok(c, await deleteStoreFee(c.var.scope, idParam(c)), "site:api.fee_deleted"));

storeFeeRoutes.get("/v0.0.0/store-fees/:id{[0-9]+}/update-history", ...seller, async (c) => {
  const q = await input(c, pageQuery, "query");
  const { rows, total } = await storeFeeHistory(c.var.scope, idParam(c), q);
  return list(c, rows, total, q.limit);
});
