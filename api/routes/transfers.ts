/**
 * Stock transfers between locations (issue 14 item 4), in the spirit of spec section 7's
 * inventory calls (the opname calls: create, products add/update/remove, an action per step).
 * Rules and shapes: core/stock/transfers.ts; this file is the REST adapter.
 *
 *   GET  /v1.0.0/inventories/transfers                   list: status, search (TRF-<id>, SKU, barcode),
 *                                                        location (store-1, warehouse-2, warehouse-2-5),
 *                                                        direction in|out, sort 1 oldest | 2 newest, page, limit;
 *                                                        summary_data = counts per status
 *   GET  /v1.0.0/inventories/transfers/in-transit        in transit per variant × destination
 *   GET  /v1.0.0/inventories/transfers/{id}              detail: lines and status history
 *   POST /v1.0.0/inventories/transfers/create            { source, destination, note?, lines?[{ sku | variant_id, quantity }] }
 *   POST /v1.0.0/inventories/transfers/{id}/products     add lines { lines[] }
 *   PUT  /v1.0.0/inventories/transfers/{id}/products     quantities { lines[{ line_id, quantity }] }
 *   PUT  /v1.0.0/inventories/transfers/{id}/products/remove  { line_ids[] }
 *   PUT  /v1.0.0/inventories/transfers/{id}/send         draft → in transit (stock leaves the source)
 *   POST /v1.0.0/inventories/transfers/{id}/receive      { lines[{ line_id, received }], more_to_come?, note? }
 *   PUT  /v1.0.0/inventories/transfers/{id}/resolve      { lines[{ line_id, resolution: lost | returned }], resolution? (the
 *                                                        answer for lines not listed), note (required when anything is lost) }
 *   PUT  /v1.0.0/inventories/transfers/{id}/cancel       draft → cancelled
 *
 * Privilege "erp" (the Mini ERP's inventory pages). Receiving is a POST because it adds to what
 * was received: it takes the Idempotency-Key every POST takes, so a retried receipt is replayed,
 * not counted twice. The PUT steps change the status once; a second one is 409.
 */
import { Hono, type Context } from "hono";
import {
  addTransferLines, cancelTransfer, createTransfer, getTransfer, inTransitByLevel, listTransfers, receiveTransfer, removeTransferLines,
  resolveTransferShort, sendTransfer, transferAddLinesBody, transferCancelBody, transferCreateBody, transferListQuery,
  transferReceiveBody, transferRemoveLinesBody, transferResolveBody, transferUpdateLinesBody, updateTransferLines,
} from "#core/stock/transfers.ts";
import { sellerScope } from "#core/actor.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok, whole } from "#api/lib/http.ts";

export const transferRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const BASE = "/v1.0.0/inventories/transfers";
const idOf = (c: Context<ApiEnv>) => Number(c.req.param("id"));
const vars = (t: { number: string }) => ({ number: t.number });

transferRoutes.get(BASE, ...seller, async (c) => {
  const q = await input(c, transferListQuery, "query");
  const { rows, total, counts } = await listTransfers(c.var.scope, q);
  return list(c, rows, total, q.limit, counts);
});

transferRoutes.get(`${BASE}/in-transit`, ...seller, async (c) => {
  const { db, actor } = sellerScope(c.var.scope, "erp");
  const rows = await inTransitByLevel(db, actor.member.businessId);
  return whole(c, rows.map((r) => ({ variant_id: r.variantId, product_id: r.productId, destination: r.key, quantity: r.quantity })));
});

transferRoutes.get(`${BASE}/:id{[0-9]+}`, ...seller, async (c) => ok(c, await getTransfer(c.var.scope, idOf(c))));

transferRoutes.post(`${BASE}/create`, ...seller, async (c) => {
  const t = await createTransfer(c.var.scope, await input(c, transferCreateBody));
  return ok(c, t, "api-transfer:messages.created", 201, vars(t));
});

transferRoutes.post(`${BASE}/:id{[0-9]+}/products`, ...seller, async (c) => {
  const t = await addTransferLines(c.var.scope, idOf(c), await input(c, transferAddLinesBody));
  return ok(c, t, "api-transfer:messages.lines_added", 200, vars(t));
});

transferRoutes.put(`${BASE}/:id{[0-9]+}/products`, ...seller, async (c) =>
  ok(c, await updateTransferLines(c.var.scope, idOf(c), await input(c, transferUpdateLinesBody)), "api-transfer:messages.lines_updated"));

transferRoutes.put(`${BASE}/:id{[0-9]+}/products/remove`, ...seller, async (c) => {
  const t = await removeTransferLines(c.var.scope, idOf(c), await input(c, transferRemoveLinesBody));
  return ok(c, t, "api-transfer:messages.lines_removed", 200, vars(t));
});

transferRoutes.put(`${BASE}/:id{[0-9]+}/send`, ...seller, async (c) => {
  const t = await sendTransfer(c.var.scope, idOf(c));
  return ok(c, t, "api-transfer:messages.sent", 200, vars(t));
});

transferRoutes.post(`${BASE}/:id{[0-9]+}/receive`, ...seller, async (c) => {
  const t = await receiveTransfer(c.var.scope, idOf(c), await input(c, transferReceiveBody));
  return ok(c, t, receivedMessage(t.status), 200, vars(t));
});

transferRoutes.put(`${BASE}/:id{[0-9]+}/resolve`, ...seller, async (c) => {
  const t = await resolveTransferShort(c.var.scope, idOf(c), await input(c, transferResolveBody));
  return ok(c, t, "api-transfer:messages.resolved", 200, vars(t));
});

transferRoutes.put(`${BASE}/:id{[0-9]+}/cancel`, ...seller, async (c) => {
  const t = await cancelTransfer(c.var.scope, idOf(c), await input(c, transferCancelBody));
  return ok(c, t, "api-transfer:messages.cancelled", 200, vars(t));
});

/** The notice after a receipt, by the status it left. */
export const receivedMessage = (status: string) =>
  status === "received" ? "api-transfer:messages.received"
    : status === "discrepancy" ? "api-transfer:messages.discrepancy" : "api-transfer:messages.received_partly";
