/**
 * Channel webhooks: how a marketplace, a webstore or a courier tells us about an order
 * (POST /api/webhooks/channels/:code/orders, api/routes/webhooks.ts).
 *
 * - Address: `:code` is `<platform code, lower case>-<channel id>` (e.g. `tkp-2`), so a channel's
 *   URL says which shop it is and cannot be mistaken for another platform's.
 * - Signature: `X-Indie-Signature: sha256=<hex HMAC-SHA256 of the raw body>` with the channel's
 *   secret, derived from the server secret and the code (core/orders/webhook-signing.ts).
 *   A missing or wrong signature is 401 before anything is read or written.
 * - Idempotency: every delivery carries the channel's event id; a handled event is kept in
 *   channel_events in the same transaction as its effect, inserted before it, so of any number of
 *   deliveries of one event — at once or later — exactly one says `first_delivery: true` and acts;
 *   every other one changes nothing and answers what a later resend answers (`first_delivery:
 *   false`, the order as it is now). A new order is moreover idempotent by the channel's order id
 *   (receiveOrderIn), so the same order sent as three events is still one order.
 * - Events and what they do (the lifecycle table, core/orders/lifecycle.ts, decides whether
 *   the order may move; core/orders/actions.ts moves it):
 *     order.created                → receiveOrder
 *     order.paid                   → pay (system)
 *     order.cancellation_requested → request-cancellation (customer)
 *     order.complaint              → complain (customer; reason of spec section 8 required)
 *     order.appeal                 → appeal (customer)
 *     shipment.picked_up           → pickup (system)          + a tracking row
 *     shipment.in_transit          → in-transit (system)      + a tracking row
 *     shipment.out_for_delivery    → out-for-delivery (system) + a tracking row
 *     shipment.delivered           → deliver (system)         + a tracking row
 * - An order event the lifecycle refuses (a payment for a cancelled order) is 422 and is not
 *   recorded: the channel sees it failed. A courier event always adds its line to the tracking
 *   timeline; when the order is not where the event would move it from (couriers report late and
 *   out of order, or the seller already marked it delivered) the status stays and the answer says
 *   `applied: false` — the parcel's story is still true.
 * - Order of checks (receiveWebhook), so a stranger learns nothing and nothing is written for them:
 *   signature of the raw body (Unauthenticated) → the channel the code names (NotFound) → JSON and
 *   its schema (Refused) → the event (NotFound unknown order, Refused by the lifecycle). Before
 *   all of it, server/app.ts refuses a body with a NUL or a lone surrogate in any string (400).
 * A delivery has no user: these functions take the channel, never an actor's scope.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db, type Tx } from "#db/client.ts";
import { channelEvents, channels, orders, orderTracking } from "#db/schema/index.ts";
import { publish } from "#core/lib/events.ts";
import { announceOrder, receiveOrderIn, type IncomingOrder } from "./intake.ts";
import { applyOrderActionIn } from "./actions.ts";
import { COMPLAINT_REASONS, splitState, transitionFor, type Actor, type OrderAction } from "./lifecycle.ts";
import { verifySignature } from "./webhook-signing.ts";
import { Conflict, fieldMessages, NotFound, Refused, Unauthenticated } from "#core/errors.ts";

/** The active or inactive channel a code names (platform and id must both match), else 404. */
export async function channelForCode(code: string) {
  const m = /^([a-z]{3})-(\d{1,9})$/.exec(code);
  if (!m) throw new NotFound("api-webhooks:unknown_channel");
  const [channel] = await db
    .select({ id: channels.id, businessId: channels.businessId, platformCode: channels.platformCode, name: channels.name })
    .from(channels)
    .where(eq(channels.id, Number(m[2])));
  if (!channel || channel.platformCode.toLowerCase() !== m[1]) throw new NotFound("api-webhooks:unknown_channel");
  return channel;
}

// ---- payloads -----------------------------------------------------------------------------------

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullish().transform((v) => v || null);
const money = z.number().int().min(0).max(1_000_000_000_000);
const unixSeconds = z.number().int().min(946684800).max(4102444800); // 2000 … 2100

const orderCreated = z.object({
  order_id: text(64),
  customer: z.object({ name: text(120), phone: optionalText(30), email: z.email().max(200).nullish() }),
  shipping: z.object({
    recipient_name: optionalText(120), phone: optionalText(30), address: text(500),
    city: optionalText(120), province: optionalText(120), postcode: optionalText(10),
  }).nullish(),
  delivery_method: z.enum(["courier", "pickup"]).default("courier"),
  pickup_store_id: z.number().int().positive().nullish(),
  courier: z.object({ code: text(30), service: optionalText(30) }).nullish(),
  order_type: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  // The spec's payment methods: 0 Membership, 2 Instant, 3 Virtual Account, 4 E-Wallet, 5 Payment Point, 6 Cardless Credit.
  payment_method: z.number().int().refine((m) => [0, 2, 3, 4, 5, 6].includes(m), "invalid").nullish(),
  paid: z.boolean().default(false),
  items: z.array(z.object({ sku: text(80), quantity: z.number().int().min(1).max(10_000), price: money.nullish() })).min(1).max(200),
  shipping_cost: money.default(0),
  discount: money.default(0),
  // A voucher code the buyer typed and whether they follow the store (our promotions: core/promotions/apply.ts).
  voucher_code: optionalText(30),
  follower: z.boolean().default(false),
  note: optionalText(500),
  placed_at: unixSeconds.nullish(),
});

const orderEvent = z.object({ order_id: text(64), note: optionalText(500) });
const complaintEvent = orderEvent.extend({
  reason: z.number().int().refine((r) => (COMPLAINT_REASONS as readonly number[]).includes(r), "api-webhooks:complaint_reason"),
});

const shipmentEvent = orderEvent.extend({
  description: text(300),
  location: optionalText(120),
  tracking_number: z.string().trim().regex(/^[A-Za-z0-9-]{6,40}$/, "api-orders:tracking_invalid").nullish(),
  time: unixSeconds.nullish(),
});

/** Event type → the lifecycle action it triggers and who triggers it. */
const ACTIONS = {
  "order.paid": { action: "pay", actor: "system" },
  "order.cancellation_requested": { action: "request-cancellation", actor: "customer" },
  "order.complaint": { action: "complain", actor: "customer" },
  "order.appeal": { action: "appeal", actor: "customer" },
  "shipment.picked_up": { action: "pickup", actor: "system" },
  "shipment.in_transit": { action: "in-transit", actor: "system" },
  "shipment.out_for_delivery": { action: "out-for-delivery", actor: "system" },
  "shipment.delivered": { action: "deliver", actor: "system" },
} as const satisfies Record<string, { action: OrderAction; actor: Actor }>;
type ActionEventType = keyof typeof ACTIONS;

export const webhookEvent = z.discriminatedUnion("type", [
  z.object({ id: text(100), type: z.literal("order.created"), data: orderCreated }),
  ...(["order.paid", "order.cancellation_requested", "order.appeal"] as const).map((type) =>
    z.object({ id: text(100), type: z.literal(type), data: orderEvent })),
  z.object({ id: text(100), type: z.literal("order.complaint"), data: complaintEvent }),
  ...(["shipment.picked_up", "shipment.in_transit", "shipment.out_for_delivery", "shipment.delivered"] as const).map((type) =>
    z.object({ id: text(100), type: z.literal(type), data: shipmentEvent })),
]);
export type WebhookEvent = z.infer<typeof webhookEvent>;

export type WebhookResult = {
  event_id: string;
  type: string;
  /** false: this event was handled before; nothing changed now. */
  first_delivery: boolean;
  /** Whether the order moved (a courier event may only add to the timeline). */
  applied: boolean;
  sys_order_id: number | null;
  order_id: string | null;
  status: string | null;
};

type Channel = Awaited<ReturnType<typeof channelForCode>>;

/** Zod's own messages as the validation keys every form uses (a message the schema names wins). */
function message(issue: { code: string; input?: unknown; origin?: string }) {
  if (issue.input === undefined) return "required";
  if (issue.code === "too_big" && issue.origin === "string") return "too_long";
  if (issue.code === "too_small" && issue.origin === "string") return "required";
  return "invalid";
}

/**
 * A signed delivery as it came — the channel's code (from the URL), the raw body and its
 * signature header — checked in the order the header says: the signature (401), the channel, the
 * JSON, the event's shape (422, messages per field). Every inbound path reads its deliveries so
 * (orders and shipments here, the inbox's questions and reviews in core/inbox/webhooks.ts).
 */
export async function readDelivery<S extends z.ZodType>(code: string, raw: string, signature: string | undefined | null, schema: S) {
  if (!verifySignature(code, raw, signature)) throw new Unauthenticated("api-webhooks:bad_signature");
  const channel = await channelForCode(code);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Refused("api-webhooks:not_json");
  }
  const parsed = schema.safeParse(json, { error: message });
  if (!parsed.success) throw new Refused("api:errors.validation", fieldMessages(parsed.error.issues));
  return { channel, event: parsed.data as z.infer<S> };
}

/** One order or shipment delivery: read, then handled. */
export async function receiveWebhook(code: string, raw: string, signature: string | undefined | null) {
  const { channel, event } = await readDelivery(code, raw, signature, webhookEvent);
  return handleWebhookEvent(channel, event);
}

export async function handleWebhookEvent(channel: Channel, event: WebhookEvent): Promise<WebhookResult & { created?: boolean }> {
  // The common resend answered without a transaction; a concurrent one is caught by the insert.
  const seen = await previousDelivery(channel.id, event.id);
  if (seen) return answerSeen(event, seen);
  const r = event.type === "order.created" ? await created(channel, event.id, event.data) : await moved(channel, event.id, event.type, event.data);
  if (r) return r;
  const now = await previousDelivery(channel.id, event.id);
  if (!now) throw new Conflict("api:errors.conflict"); // the row is committed before the insert gives way
  return answerSeen(event, now);
}

/** A handled event's answer on every later delivery: nothing changed, the order as it is now. */
function answerSeen(event: WebhookEvent, seen: NonNullable<Awaited<ReturnType<typeof previousDelivery>>>): WebhookResult {
  return { event_id: event.id, type: event.type, first_delivery: false, applied: false, ...seen };
}

async function previousDelivery(channelId: number, eventId: string) {
  const [row] = await db
    .select({ sys_order_id: orders.id, order_id: orders.orderCode, status: orders.status })
    .from(channelEvents)
    .leftJoin(orders, eq(orders.id, channelEvents.orderId))
    .where(and(eq(channelEvents.channelId, channelId), eq(channelEvents.eventId, eventId)));
  return row;
}

/**
 * Claims the event in `tx`: true when this delivery is the first (the row is now this
 * transaction's), false when the event was handled already — a concurrent delivery of the same
 * event waits here for the other's commit, then finds its row (or takes over after its rollback).
 */
async function claimEvent(tx: Tx, channelId: number, eventId: string, orderId: number | null) {
  const [fresh] = await tx.insert(channelEvents).values({ channelId, eventId, orderId })
    .onConflictDoNothing().returning({ eventId: channelEvents.eventId });
  return Boolean(fresh);
}

async function created(channel: Channel, eventId: string, d: z.infer<typeof orderCreated>) {
  const incoming: IncomingOrder = {
    channelOrderId: d.order_id,
    customer: { name: d.customer.name, phone: d.customer.phone, email: d.customer.email ?? null },
    shipping: d.shipping
      ? { recipientName: d.shipping.recipient_name, phone: d.shipping.phone, address: d.shipping.address,
          city: d.shipping.city, province: d.shipping.province, postcode: d.shipping.postcode }
      : null,
    deliveryMethod: d.delivery_method,
    pickupStoreId: d.pickup_store_id ?? null,
    courier: d.courier ? { code: d.courier.code, service: d.courier.service } : null,
    orderType: d.order_type,
    paymentMethod: d.payment_method ?? null,
    paid: d.paid,
    items: d.items.map((i) => ({ sku: i.sku, quantity: i.quantity, price: i.price ?? null })),
    shippingCost: d.shipping_cost,
    discount: d.discount,
    voucherCode: d.voucher_code,
    follower: d.follower,
    note: d.note,
    // A channel's clock may run ahead: an order is never placed in the future.
    placedAt: d.placed_at ? new Date(Math.min(d.placed_at * 1000, Date.now())) : undefined,
  };
  // One transaction: the event's row first, then the order (idempotent by the channel's order id:
  // another event id for the same order finds it and makes none), then the row points at it.
  const r = await db.transaction(async (tx) => {
    if (!(await claimEvent(tx, channel.id, eventId, null))) return undefined;
    const received = await receiveOrderIn(tx, channel.id, incoming);
    await tx.update(channelEvents).set({ orderId: received.orderId })
      .where(and(eq(channelEvents.channelId, channel.id), eq(channelEvents.eventId, eventId)));
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, received.orderId));
    return { ...received, status: order?.status ?? null };
  });
  if (!r) return undefined;
  announceOrder(r);
  return {
    event_id: eventId, type: "order.created", first_delivery: true, applied: r.created, created: r.created,
    sys_order_id: r.orderId, order_id: r.orderCode, status: r.status,
  };
}

type EventData = z.infer<typeof orderEvent> | z.infer<typeof complaintEvent> | z.infer<typeof shipmentEvent>;

async function moved(channel: Channel, eventId: string, type: ActionEventType, d: EventData) {
  const { action, actor } = ACTIONS[type];
  const shipment = type.startsWith("shipment.");
  const result = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.channelId, channel.id), eq(orders.channelOrderId, d.order_id)))
      .for("update");
    if (!order) throw new NotFound("api-orders:not_found");
    // The event first: a delivery racing its own resend waits here for the other's commit, then
    // finds it and changes nothing (handleWebhookEvent answers it as a resend).
    if (!(await claimEvent(tx, channel.id, eventId, order.id))) return undefined;

    let applied = false;
    let status = order.status;
    if (shipment) {
      const s = d as z.infer<typeof shipmentEvent>;
      await tx.insert(orderTracking).values({
        orderId: order.id, description: s.description, location: s.location,
        timeCreated: s.time ? new Date(Math.min(s.time * 1000, Date.now())) : new Date(),
      });
      if (s.tracking_number && !order.trackingNumber) {
        await tx.update(orders).set({ trackingNumber: s.tracking_number }).where(eq(orders.id, order.id));
      }
      if (!transitionFor(order, action, actor)) return { order, applied, status };
    }
    const r = await applyOrderActionIn(tx, order.businessId, order.id, { action, actor, reason: "reason" in d ? d.reason : null, note: d.note });
    applied = true;
    status = splitState(r.to).status;
    return { order, applied, status };
  });
  if (!result) return undefined;
  // After commit: the business's staff see the order move (lists and counts refresh).
  if (result.applied) publish(result.order.businessId, "onSellerOrderUpdate", { sys_order_id: result.order.id, status: result.status });
  return {
    event_id: eventId, type, first_delivery: true, applied: result.applied,
    sys_order_id: result.order.id, order_id: result.order.orderCode, status: result.status,
  };
}
