/**
 * The order actions of spec section 7 ("Orders, legacy" and "Orders v2"): one handler per action of
 * the lifecycle table (core/orders/lifecycle.ts), mounted on every path that names it:
 *
 *   PUT /v0.0.0/orders/{process|packing|ready|…}        order_ids[]          (several orders)
 *   PUT /v0.0.0/orders/{id}/{reject|hold|cancel|pickup-customer}              (one order)
 *   PUT /v2.0.0/orders/{accept|prepare|…}               order_ids[], reason?, note?, tracking_number?, damaged?, item_ids?
 *   PUT /v2.1.0/orders/cancel/products                  order_id, item_ids[], reason
 *
 * Bodies are JSON or form-encoded (the web's forms post without JavaScript); ids come as an
 * array, repeated fields (`order_ids` or `order_ids[]`) or "1,2,3".
 *
 * The answer lists every order (core/orders/seller-actions.ts has the rules):
 *   200 { data: [{ order_id, ok: true, status } | { order_id, ok: false, message }] } when at least one applied;
 *   404 when none of the orders is the business's (another business's order is not found);
 *   422 with the first refusal's message when none applied ("already accepted", "not allowed …").
 *
 * Decisions where the spec is silent:
 * - Legacy "process" is prepare and "fulfil" is fulfill; v2 "book-deliveries" is book-delivery and
 *   "undo-cancel/products" is undo-cancel-products. Legacy has no accept path: v2's serves both.
 * - At most 200 orders per call (the list's largest page is 150).
 *
 * This file is the REST adapter over core/orders/seller-actions.ts.
 */
import { Hono, type Context } from "hono";
import type { OrderAction } from "#core/orders/lifecycle.ts";
import { actOnOrders, idsOfBody, orderActionBody } from "#core/orders/seller-actions.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input } from "#api/lib/http.ts";

export const orderActionRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;

/** The handler of one action: every path of that action shares it. */
function handle(action: OrderAction) {
  return async (c: Context<ApiEnv>) => {
    const body = await input(c, orderActionBody);
    const fromPath = c.req.param("id");
    const ids = fromPath ? [Number(fromPath)] : idsOfBody(body);
    const { outcome, message, data } = await actOnOrders(c.var.scope, action, ids, body);
    if (outcome === "applied") return c.json({ code: 200, message: c.var.t("api:ok"), data }, 200);
    const status = outcome === "not_found" ? 404 : 422;
    return c.json({ code: status, message, data }, status);
  };
}

/** The channel's, the courier's and the customer's moves: they come by webhook, never from staff. */
type NotSellers = "pay" | "expire-payment" | "expire-accept" | "expire-process" | "request-cancellation" | "in-transit" | "out-for-delivery" | "complain" | "appeal";

/** Every path of each seller action (legacy and v2 aliases share the action's one handler). */
export const ORDER_ACTION_PATHS: Record<Exclude<OrderAction, NotSellers>, string[]> = {
  accept: ["/v2.0.0/orders/accept"],
  reject: ["/v0.0.0/orders/:id{[0-9]+}/reject", "/v2.0.0/orders/reject"],
  prepare: ["/v0.0.0/orders/process", "/v2.0.0/orders/prepare"],
  pack: ["/v2.0.0/orders/pack"],
  packing: ["/v0.0.0/orders/packing", "/v2.0.0/orders/packing"],
  ready: ["/v0.0.0/orders/ready", "/v2.0.0/orders/ready"],
  "book-delivery": ["/v0.0.0/orders/book-delivery", "/v2.0.0/orders/book-deliveries"],
  send: ["/v2.0.0/orders/send"],
  pickup: ["/v2.0.0/orders/pickup"],
  "pickup-customer": ["/v0.0.0/orders/:id{[0-9]+}/pickup-customer"],
  deliver: ["/v0.0.0/orders/deliver", "/v2.0.0/orders/deliver"],
  fulfill: ["/v0.0.0/orders/fulfil", "/v2.0.0/orders/fulfill"],
  hold: ["/v0.0.0/orders/:id{[0-9]+}/hold", "/v2.0.0/orders/hold"],
  "resume-hold": ["/v2.0.0/orders/resume-hold"],
  "return-to-process": ["/v0.0.0/orders/return-to-process", "/v2.0.0/orders/return-to-process"],
  cancel: ["/v0.0.0/orders/:id{[0-9]+}/cancel", "/v2.0.0/orders/cancel"],
  "approve-cancellation": ["/v0.0.0/orders/approve-cancellation", "/v2.0.0/orders/approve-cancellation"],
  "decline-cancellation": ["/v0.0.0/orders/decline-cancellation", "/v2.0.0/orders/decline-cancellation"],
  "cancel-products": ["/v2.1.0/orders/cancel/products"],
  "undo-cancel-products": ["/v2.0.0/orders/undo-cancel/products"],
  "approve-returns": ["/v2.0.0/orders/approve-returns"],
  "decline-returns": ["/v2.0.0/orders/decline-returns"],
  "approve-appeal": ["/v2.0.0/orders/approve-appeal"],
  "decline-appeal": ["/v2.0.0/orders/decline-appeal"],
  "accept-returns": ["/v2.0.0/orders/accept-returns"],
  "finish-returns": ["/v2.0.0/orders/finish-returns"],
};

for (const [action, paths] of Object.entries(ORDER_ACTION_PATHS)) {
  const handler = handle(action as OrderAction);
  for (const path of paths) orderActionRoutes.put(path, ...seller, handler);
}
