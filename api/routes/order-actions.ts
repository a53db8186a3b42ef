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
 * Each order is its own transaction through applyToOrders (the only writer of order status), so
 * one refused order does not undo the others of a bulk action. The answer lists every order:
 *   200 { data: [{ order_id, ok: true, status } | { order_id, ok: false, message }] } when at least one applied;
 *   404 when none of the orders is the business's (another business's order is not found);
 *   422 with the first refusal's message when none applied ("already accepted", "not allowed …").
 * After the commits every changed order is published (onSellerOrderUpdate) to the business's
 * room, so the lists and counts other staff have open refresh.
 *
 * Decisions where the spec is silent:
 * - Legacy "process" is prepare and "fulfil" is fulfill; v2 "book-deliveries" is book-delivery and
 *   "undo-cancel/products" is undo-cancel-products. Legacy has no accept path: v2's serves both.
 * - At most 200 orders per call (the list's largest page is 150).
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { applyToOrders } from "#core/orders/actions.ts";
import type { OrderAction } from "#core/orders/lifecycle.ts";
import { checkbox, idList } from "#core/profile/store-schema.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { publish } from "#core/lib/events.ts";
import { input } from "#api/lib/http.ts";
import { NotFound, Refused } from "#core/errors.ts";

export const orderActionRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller("orders")] as const;

const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

/** PHP-style form names (`order_ids[]`) mean the same field as the plain ones. */
function plainNames(v: unknown) {
  if (!v || typeof v !== "object" || Array.isArray(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v)) {
    const key = k.endsWith("[]") ? k.slice(0, -2) : k;
    out[key] = out[key] === undefined ? val : [out[key], val].flat();
  }
  return out;
}

/**
 * A hold's reason is free text (the table keeps it as the note); a written reason is taken as the
 * note, a number as the reason code (cancel, reject: spec section 8).
 */
function textReasonAsNote(v: unknown) {
  const body = plainNames(v) as Record<string, unknown> | undefined;
  if (!body || typeof body !== "object") return body;
  const reason = typeof body.reason === "string" ? body.reason.trim() : body.reason;
  if (typeof reason === "string" && reason !== "" && !/^\d+$/.test(reason)) {
    const { reason: _, ...rest } = body;
    return { ...rest, note: rest.note || reason };
  }
  return body;
}

const actionBody = z.preprocess(textReasonAsNote, z.object({
  order_ids: idList().optional(),
  // v2.1.0 cancel/products (and some clients) name the one order.
  order_id: blank(z.coerce.number().int("invalid").positive("invalid")),
  reason: blank(z.coerce.number().int("invalid").min(0, "invalid").max(255, "invalid")),
  note: blank(z.string().trim().max(500, "too_long")),
  tracking_number: blank(z.string().trim().max(40, "too_long")),
  damaged: checkbox.optional(),
  item_ids: idList().optional(),
}));

/** The handler of one action: every path of that action shares it. */
function handle(action: OrderAction) {
  return async (c: Context<ApiEnv>) => {
    const body = await input(c, actionBody);
    const fromPath = c.req.param("id");
    const ids = fromPath ? [Number(fromPath)] : [...(body.order_ids ?? []), ...(body.order_id ? [body.order_id] : [])];
    if (!ids.length) throw new Refused("api:errors.validation", { order_ids: ["validation:required"] });
    if (ids.length > 200) throw new Refused("api:errors.validation", { order_ids: ["validation:too_long"] });
    // Past the id column's range: no such order, and never a query error.
    if (ids.some((id) => id > 2_147_483_647)) throw new NotFound("api-orders:not_found");

    const businessId = c.var.member.businessId;
    const results = await applyToOrders(businessId, ids, {
      action,
      actor: "seller",
      userId: c.var.user.id,
      reason: body.reason ?? null,
      note: body.note ?? null,
      itemIds: body.item_ids,
      damaged: body.damaged,
      trackingNumber: body.tracking_number ?? null,
    });
    for (const r of results) if (r.ok) publish(businessId, "onSellerOrderUpdate", { sys_order_id: r.order_id, status: r.status });

    const data = results.map((r) => (r.ok
      ? { order_id: r.order_id, ok: true, status: r.status }
      : { order_id: r.order_id, ok: false, message: c.var.t(r.message!, r.vars), ...(r.errors ? { errors: fieldMessages(r.errors, (k) => c.var.t(k, r.vars)) } : {}) }));
    if (results.some((r) => r.ok)) return c.json({ code: 200, message: c.var.t("api:ok"), data }, 200);
    // Nothing applied: not found when none of them is the business's, else the first refusal.
    const refused = results.findIndex((r) => r.message !== "api-orders:not_found");
    const status = refused < 0 ? 404 : 422;
    const first = data[refused < 0 ? 0 : refused] as { message: string };
    return c.json({ code: status, message: first.message, data }, status);
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

/** A refusal's field messages ({ reason: ["api-orders:reason_required"] }), translated for the caller. */
function fieldMessages(errors: unknown, t: (key: string) => string): Record<string, string[]> {
  if (!errors || typeof errors !== "object" || Array.isArray(errors)) return {};
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, (Array.isArray(v) ? v : [v]).map((m) => t(String(m)))]));
}
