/**
 * Orders, the read side and the seller's marks (spec section 7 "Orders, legacy" and "Orders v2").
 * The status actions (accept, pack, send …) are in order-actions.ts; intake in webhooks.ts.
 * Privilege "orders"; every call is scoped to the caller's business: another business's order is
 * 404, exactly like an unknown id.
 *
 *   GET  /v0.0.2/orders, /v2.2.0/orders        the list. Query: status (tab | stage | status, see
 *        order-tabs.ts), channel_id, store_id, date_from, date_to (unix s, WIB days, both included),
 *        order_type 1-3, courier (code), search (order code prefix, customer name, SKU prefix,
 *        tracking number, channel order id), sort 1 oldest | 2 newest, limit 10|20|50|100|150,
 *        cursor (keyset, from pagination) or page (legacy OFFSET).
 *        pagination: { total_page, total_record, summary_data: { capped, cap }, next_cursor, prev_cursor }
 *        (total_record is exact without filters; with filters it stops at cap and capped = true).
 *   GET  /v0.0.2/orders/{id}, /v2.2.0/orders/{id}   the order (core/orders/detail.ts), with allowed_actions
 *   GET  /v0.0.0/orders/{id}/tracking          courier, tracking number, timeline (newest first)
 *   GET  /v0.0.0/orders/count, /v2.0.0/orders/count   { tabs, stages, statuses, capped: { tabs, stages,
 *        statuses }, cap } under the list's filters (status ignored). Without filters: the counter table,
 *        exact, statuses included. With filters: bounded at cap, statuses {} (the groups call has them).
 *   GET  /v0.0.0/orders/groups, /v2.0.0/orders/groups the same counts as a tree: tab → stage → status
 *   GET  /v0.0.0/orders/picklist, /v0.0.1/orders/picklist   order_ids or status → lines by location and SKU
 *   GET  /v2.0.0/orders/shipping-parameter?order_id=  pickup / drop-off, windows, weight, saved values
 *   POST /v2.0.0/orders/shipping-parameter     { order_id, method, pickup_time?, weight_gr?, note? }
 *   POST /v0.0.0/orders/{id}/feedback          { message, rating? }
 *   PUT  /v0.0.0/orders/printed                { order_ids, kind: invoice | label | picklist }
 *   POST /v0.0.0/orders/export                 the list's filters → an .xlsx background job (202)
 *        (also POST /v0.0.0/exports/orders; history also at GET /v0.0.0/exports?kind=orders)
 *   GET  /v0.0.0/orders/export-history         the caller's order exports
 *   GET  /v0.0.0/orders/export-history/download?job_id=   the file
 *
 * (POST /v0.1.0/promotions/sellers is api/routes/promotions.ts.)
 * The rules and queries are core/orders/ (listing.ts, detail.ts, picklist.ts, shipping.ts,
 * marks.ts; the export kind "orders" is defined in listing.ts); this file is the
 * REST adapter over them.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { orderDetail, orderTrackingJson } from "#core/orders/detail.ts";
import { orderListQuery } from "#core/orders/list.ts";
import { countOrders, listOrders, orderCountQuery, orderGroups } from "#core/orders/listing.ts";
import { feedbackBody, giveFeedback, markPrinted, printedBody } from "#core/orders/marks.ts";
import { picklist, picklistQuery } from "#core/orders/picklist.ts";
import { saveShippingParameters, shippingBody, shippingParameters, shippingQuery } from "#core/orders/shipping.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, ok } from "#api/lib/http.ts";
import { parseInput } from "#core/errors.ts";
import { exportHistoryList, queueExportCall, sendExport } from "./exports.ts";

export const orderRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const orderId = (c: Context<ApiEnv>) => Number(c.req.param("id"));

/** An empty list is 404 "No data" (spec 7), still with the envelope and pagination (and the cursors). */
function listAnswer<T>(c: Context<ApiEnv>, data: T[], pagination: Record<string, unknown>) {
  if (!data.length) return c.json({ code: 404, message: c.var.t("api:no_data"), data: [], pagination }, 404);
  return c.json({ code: 200, message: c.var.t("api:ok"), data, pagination }, 200);
}

// ---------------------------------------------------------------------------------------------
// The list, counts and groups
// ---------------------------------------------------------------------------------------------
async function list(c: Context<ApiEnv>) {
  const q = await input(c, orderListQuery, "query");
  const page = await listOrders(c.var.scope, q);
  return listAnswer(c, page.rows, {
    total_page: Math.ceil(page.total / q.limit),
    total_record: page.total,
    summary_data: { capped: page.capped, cap: page.cap },
    next_cursor: page.nextCursor,
    prev_cursor: page.prevCursor,
  });
}
orderRoutes.get("/v0.0.2/orders", ...seller, list);
orderRoutes.get("/v2.2.0/orders", ...seller, list);

async function counts(c: Context<ApiEnv>) {
  return ok(c, await countOrders(c.var.scope, await input(c, orderCountQuery, "query")));
}
orderRoutes.get("/v0.0.0/orders/count", ...seller, counts);
orderRoutes.get("/v2.0.0/orders/count", ...seller, counts);

async function groups(c: Context<ApiEnv>) {
  const { groups, cap } = await orderGroups(c.var.scope, await input(c, orderCountQuery, "query"));
  return c.json({ code: 200, message: c.var.t("api:ok"), data: groups, summary_data: { cap } }, 200);
}
orderRoutes.get("/v0.0.0/orders/groups", ...seller, groups);
orderRoutes.get("/v2.0.0/orders/groups", ...seller, groups);

// ---------------------------------------------------------------------------------------------
// Picklist, shipping parameters, printed marks (fixed paths before /orders/{id})
// ---------------------------------------------------------------------------------------------
async function picklistHandler(c: Context<ApiEnv>) {
  // order_ids may be repeated (?order_ids=1&order_ids=2) or a comma list.
  const q = parseInput(picklistQuery, { ...c.req.query(), order_ids: c.req.queries("order_ids") });
  return ok(c, await picklist(c.var.scope, q));
}
orderRoutes.get("/v0.0.0/orders/picklist", ...seller, picklistHandler);
orderRoutes.get("/v0.0.1/orders/picklist", ...seller, picklistHandler);

orderRoutes.get("/v2.0.0/orders/shipping-parameter", ...seller, async (c) => {
  const q = await input(c, shippingQuery, "query");
  return ok(c, await shippingParameters(c.var.scope, q.order_id));
});
orderRoutes.post("/v2.0.0/orders/shipping-parameter", ...seller, async (c) =>
  ok(c, await saveShippingParameters(c.var.scope, await input(c, shippingBody)), "api-orders:shipping.saved"));

orderRoutes.put("/v0.0.0/orders/printed", ...seller, async (c) => {
  const body = await input(c, printedBody);
  return ok(c, await markPrinted(c.var.scope, body), `api-orders:printed.${body.kind}`);
});

// ---------------------------------------------------------------------------------------------
// Export (the list's filters, as an .xlsx background job) and its history
// ---------------------------------------------------------------------------------------------
orderRoutes.post("/v0.0.0/orders/export", ...seller, (c) => queueExportCall(c, "orders"));
orderRoutes.get("/v0.0.0/orders/export-history", ...seller, (c) => exportHistoryList(c, "orders"));
orderRoutes.get("/v0.0.0/orders/export-history/download", ...seller, async (c) => {
  const q = await input(c, z.object({ job_id: z.coerce.number({ error: "invalid" }).int("invalid").positive("invalid").max(2_147_483_647, "invalid") }), "query");
  return sendExport(c, q.job_id, "orders");
});

// ---------------------------------------------------------------------------------------------
// One order (after the fixed paths above)
// ---------------------------------------------------------------------------------------------
async function oneOrder(c: Context<ApiEnv>) {
  return ok(c, await orderDetail(c.var.scope, orderId(c)));
}
orderRoutes.get("/v0.0.2/orders/:id{[0-9]+}", ...seller, oneOrder);
orderRoutes.get("/v2.2.0/orders/:id{[0-9]+}", ...seller, oneOrder);

orderRoutes.get("/v0.0.0/orders/:id{[0-9]+}/tracking", ...seller, async (c) => ok(c, await orderTrackingJson(c.var.scope, orderId(c))));

orderRoutes.post("/v0.0.0/orders/:id{[0-9]+}/feedback", ...seller, async (c) => {
  const body = await input(c, feedbackBody);
  const given = await giveFeedback(c.var.scope, orderId(c), body);
  return ok(c, given, "api-orders:feedback.saved", 200, { order: given.order_code });
});
