/**
 * Stock counts (opname), spec section 7 "Inventory": the read calls under /v1.0.0/inventories/opname
 * and the integration-side calls. The spec writes the integration side as ".../inventories/opname"
 * inside its "Omnichannel integration" list whose "..." is /v0.0.0/omnichannel/integration, so
 * those calls live under /omnichannel/integration/inventories/opname with the versions the spec
 * gives each (a call without its own version takes the one before it in the spec's line, v0.0.0).
 * Rules and shapes: core/stock/opname.ts; this file is the REST adapter.
 *
 *   GET  /v1.0.0/inventories/opname                      list (status, location, search, page, limit)
 *   GET  /v1.0.0/inventories/opname/{id}                 one count with its totals
 *   GET  /v1.0.0/inventories/opname/{id}/products        its lines; each carries opname_result (null
 *                                                        until counted) and stock = opname_result.stock or 0
 *   GET  /v0.0.0/omnichannel/integration/inventories/opname            list (the same)
 *   GET  /v0.0.0/omnichannel/integration/inventories/opname/summary    over counts
 *   GET  /v0.0.0/omnichannel/integration/inventories/opname/{id}       one count
 *   GET  /v0.0.0/omnichannel/integration/inventories/opname/{id}/summary
 *   POST /v0.0.0/omnichannel/integration/inventories/opname/create     { location, scope, category_id?, brand_id?, variant_ids?, lock?, note? }
 *   POST /v0.1.0/omnichannel/integration/inventories/opname/{id}/products         add: { variant_ids?, barcodes? } (each barcode +1)
 *   PUT  /v0.0.0/omnichannel/integration/inventories/opname/{id}/products         counts: { products: [{ variant_id, stock }] }
 *   PUT  /v0.0.0/omnichannel/integration/inventories/opname/{id}/products/remove  { variant_ids }
 *   PUT  /v0.1.0/omnichannel/integration/inventories/opname/{id}/adjust           adjust (or send for approval; an approver's adjust of an awaiting count approves it)
 *   PUT  /v0.0.0/omnichannel/integration/inventories/opname/{id}/cancel
 *   PUT  /v0.0.0/omnichannel/integration/inventories/opname/{id}/reject           (ours: an approver sends it back to draft)
 *
 * Privilege "erp" (core/auth/privileges.ts); approving above the thresholds is erp.approve,
 * checked in core. POSTs take an Idempotency-Key (api/lib/idempotency.ts); the PUTs are safe to
 * repeat (counts set values; adjust and cancel refuse a second time naming the status).
 */
import { Hono } from "hono";
import { NotFound } from "#core/errors.ts";
import {
  addOpnameProducts, adjustOpname, cancelOpname, createOpname, getOpname, listOpnames, opnameAddBody, opnameBody, opnameCountsBody,
  opnameListQuery, opnameProducts, opnameProductsQuery, opnameRejectBody, opnameRemoveBody, opnameSummary, opnameSummaryOf,
  opnameSummaryQuery, rejectOpname, removeOpnameProducts, updateOpnameProducts,
} from "#core/stock/opname.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok } from "#api/lib/http.ts";

export const opnameRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const ID = ":id{[0-9]+}";
const INT = "/omnichannel/integration/inventories/opname";
/** An id beyond the column's range names nothing: 404, as an unknown one. */
const idOf = (c: { req: { param: (k: "id") => string } }) => {
  const id = c.req.param("id");
  if (id.length > 9) throw new NotFound("api-opname:errors.not_found");
  return Number(id);
};

for (const base of ["/v1.0.0/inventories/opname", `/v0.0.0${INT}`]) {
  opnameRoutes.get(base, ...seller, async (c) => {
    const q = await input(c, opnameListQuery, "query");
    const r = await listOpnames(c.var.scope, q);
    return list(c, r.rows, r.total, q.limit, r.counts);
  });
}
opnameRoutes.get(`/v0.0.0${INT}/summary`, ...seller, async (c) =>
  ok(c, await opnameSummary(c.var.scope, await input(c, opnameSummaryQuery, "query"))));
for (const base of ["/v1.0.0/inventories/opname", `/v0.0.0${INT}`]) {
  opnameRoutes.get(`${base}/${ID}`, ...seller, async (c) => ok(c, await getOpname(c.var.scope, idOf(c))));
  opnameRoutes.get(`${base}/${ID}/products`, ...seller, async (c) => {
    const q = await input(c, opnameProductsQuery, "query");
    const r = await opnameProducts(c.var.scope, idOf(c), q);
    return list(c, r.rows, r.total, q.limit);
  });
}
opnameRoutes.get(`/v0.0.0${INT}/${ID}/summary`, ...seller, async (c) => ok(c, await opnameSummaryOf(c.var.scope, idOf(c))));

opnameRoutes.post(`/v0.0.0${INT}/create`, ...seller, async (c) =>
  ok(c, await createOpname(c.var.scope, await input(c, opnameBody)), "api-opname:created", 201));
opnameRoutes.post(`/v0.1.0${INT}/${ID}/products`, ...seller, async (c) =>
  ok(c, await addOpnameProducts(c.var.scope, idOf(c), await input(c, opnameAddBody)), "api-opname:products_added"));
opnameRoutes.put(`/v0.0.0${INT}/${ID}/products`, ...seller, async (c) =>
  ok(c, await updateOpnameProducts(c.var.scope, idOf(c), await input(c, opnameCountsBody)), "api-opname:counts_saved"));
opnameRoutes.put(`/v0.0.0${INT}/${ID}/products/remove`, ...seller, async (c) =>
  ok(c, await removeOpnameProducts(c.var.scope, idOf(c), await input(c, opnameRemoveBody)), "api-opname:products_removed"));
opnameRoutes.put(`/v0.1.0${INT}/${ID}/adjust`, ...seller, async (c) => {
  const o = await adjustOpname(c.var.scope, idOf(c));
  return ok(c, o, o.status === "adjusted" ? "api-opname:adjusted" : "api-opname:sent_for_approval");
});
opnameRoutes.put(`/v0.0.0${INT}/${ID}/cancel`, ...seller, async (c) =>
  ok(c, await cancelOpname(c.var.scope, idOf(c)), "api-opname:cancelled"));
opnameRoutes.put(`/v0.0.0${INT}/${ID}/reject`, ...seller, async (c) =>
  ok(c, await rejectOpname(c.var.scope, idOf(c), await input(c, opnameRejectBody)), "api-opname:rejected"));
