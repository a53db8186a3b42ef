/**
 * Staff moving orders on (spec section 7 "Orders, legacy" and "Orders v2": accept, pack, send …):
 * the one input schema of an action, and the service the REST calls, the list's bulk bar and the
 * order page share. The move itself is actions.ts (the only writer of an order's status); this is
 * the seller's side of it: the "orders" privilege, the actor's business and name on the history
 * row, several orders at once, and the business's staff told afterwards.
 *
 * Decisions where the spec is silent:
 * - Each order is its own transaction, so one refused order does not undo the others of a bulk
 *   action; the answer lists every order (`ok`, its new status or why not).
 * - A bulk action applied when at least one order moved; "not found" when none of them is the
 *   business's (another business's order is not found); else "refused", with the first refusal's
 *   message ("already accepted", "not allowed …").
 * - Privilege "orders"; the actions that end a sale (ENDING_A_SALE: reject, cancel, approving a
 *   buyer's cancellation, cancelling products) need "orders.cancel" too (core/auth/privileges.ts).
 * - At most 200 orders per call (the list's largest page is 150).
 * - After the commits every changed order is published (onSellerOrderUpdate) to the business's
 *   room, so the lists and counts other staff have open refresh.
 */
import { z } from "zod";
import { sellerScope, type Scope } from "#core/actor.ts";
import { DomainError, NotFound, pgErrorCode, Refused } from "#core/errors.ts";
import { publish } from "#core/lib/events.ts";
import { checkbox, idList } from "#core/profile/store-schema.ts";
import { applyOrderAction, type ActionInput } from "./actions.ts";
import { splitState, type OrderAction } from "./lifecycle.ts";

export const MAX_ACTION_ORDERS = 200;

/** The seller's actions that end a sale, or part of it: privilege "orders.cancel". */
export const ENDING_A_SALE: readonly OrderAction[] = ["reject", "cancel", "approve-cancellation", "cancel-products"];

/** The privilege `action` needs. */
export const privilegeOfAction = (action: OrderAction) => (ENDING_A_SALE.includes(action) ? "orders.cancel" : "orders");
const MAX_ID = 2_147_483_647;

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

/**
 * An action's body: JSON or form-encoded (ids as an array, repeated fields `order_ids` or
 * `order_ids[]`, or "1,2,3"); v2.1.0 cancel/products names its one order as `order_id`.
 */
export const orderActionBody = z.preprocess(textReasonAsNote, z.object({
  order_ids: idList().optional(),
  order_id: blank(z.coerce.number().int("invalid").positive("invalid")),
  reason: blank(z.coerce.number().int("invalid").min(0, "invalid").max(255, "invalid")),
  note: blank(z.string().trim().max(500, "too_long")),
  tracking_number: blank(z.string().trim().max(40, "too_long")),
  damaged: checkbox.optional(),
  item_ids: idList().optional(),
}));
export type OrderActionBody = z.infer<typeof orderActionBody>;

/** What an action takes besides its orders. */
export type OrderActionInput = Pick<OrderActionBody, "reason" | "note" | "tracking_number" | "damaged" | "item_ids">;

/** The ids an action body names (`order_ids` and `order_id` together). */
export const idsOfBody = (body: OrderActionBody) => [...(body.order_ids ?? []), ...(body.order_id ? [body.order_id] : [])];

function inputOf(action: OrderAction, userId: number, v: OrderActionInput): ActionInput {
  return {
    action,
    actor: "seller",
    userId,
    reason: v.reason ?? null,
    note: v.note ?? null,
    itemIds: v.item_ids,
    damaged: v.damaged,
    trackingNumber: v.tracking_number ?? null,
  };
}

type Result = { order_id: number; ok: boolean; status?: string; message?: string; vars?: Record<string, unknown>; errors?: Record<string, string[]> };

export type OrderActionRow =
  | { order_id: number; ok: true; status: string }
  | { order_id: number; ok: false; message: string; errors?: Record<string, string[]> };

/**
 * One action on several orders of the actor's business, each in its own transaction. The answer:
 * `outcome` (applied | not_found | refused, see the header), its `message` when nothing applied,
 * and every order's result with messages in the actor's language.
 */
export async function actOnOrders(scope: Scope, action: OrderAction, orderIds: number[], v: OrderActionInput) {
  const { actor } = sellerScope(scope, privilegeOfAction(action));
  if (!orderIds.length) throw new Refused("api:errors.validation", { order_ids: ["validation:required"] });
  if (orderIds.length > MAX_ACTION_ORDERS) throw new Refused("api:errors.validation", { order_ids: ["validation:too_long"] });
  // Past the id column's range: no such order, and never a query error.
  if (orderIds.some((id) => id > MAX_ID)) throw new NotFound("api-orders:not_found");

  const businessId = actor.member.businessId;
  const input = inputOf(action, actor.user.id, v);
  const results: Result[] = [];
  for (const id of [...new Set(orderIds)]) {
    try {
      const r = await applyOrderAction(businessId, id, input);
      results.push({ order_id: id, ok: true, status: splitState(r.to).status });
    } catch (e) {
      // Two changes that crossed (deadlock, serialization) fail this order only: the rest of the
      // bulk goes on, and the caller sees which to send again.
      const code = pgErrorCode(e);
      if (code === "40P01" || code === "40001") results.push({ order_id: id, ok: false, message: "api:errors.conflict" });
      else if (e instanceof DomainError) results.push({ order_id: id, ok: false, message: e.message, vars: e.vars, errors: e instanceof Refused ? e.fields : undefined });
      else throw e;
    }
  }
  for (const r of results) if (r.ok) publish(businessId, "onSellerOrderUpdate", { sys_order_id: r.order_id, status: r.status });

  const t = actor.t;
  const data = results.map((r): OrderActionRow => (r.ok
    ? { order_id: r.order_id, ok: true, status: r.status! }
    : { order_id: r.order_id, ok: false, message: t(r.message!, r.vars), ...(r.errors ? { errors: translated(r.errors, (k) => t(k, r.vars)) } : {}) }));
  if (results.some((r) => r.ok)) return { outcome: "applied" as const, message: null, data };
  // Nothing applied: not found when none of them is the business's, else the first refusal.
  const refused = results.findIndex((r) => r.message !== "api-orders:not_found");
  const first = data[refused < 0 ? 0 : refused] as { message: string };
  return { outcome: refused < 0 ? ("not_found" as const) : ("refused" as const), message: first.message, data };
}

/**
 * One action on one order (the order page): its refusal is thrown as it is (NotFound, Refused
 * with the messages per field), so the page puts it under the form that sent it.
 */
export async function actOnOrder(scope: Scope, action: OrderAction, orderId: number, v: OrderActionInput) {
  const { actor } = sellerScope(scope, privilegeOfAction(action));
  if (orderId > MAX_ID) throw new NotFound("api-orders:not_found");
  const businessId = actor.member.businessId;
  const r = await applyOrderAction(businessId, orderId, inputOf(action, actor.user.id, v));
  const { status } = splitState(r.to);
  publish(businessId, "onSellerOrderUpdate", { sys_order_id: r.orderId, status });
  return { order_id: r.orderId, status };
}

/** A refusal's field messages ({ reason: ["api-orders:reason_required"] }), translated. */
function translated(errors: unknown, t: (key: string) => string): Record<string, string[]> {
  if (!errors || typeof errors !== "object" || Array.isArray(errors)) return {};
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, (Array.isArray(v) ? v : [v]).map((m) => t(String(m)))]));
}
