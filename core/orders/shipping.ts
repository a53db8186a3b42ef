/**
 * Shipping parameters (spec section 7 GET + POST /v2.0.0/orders/shipping-parameter): how a courier
 * order is handed over when the seller books its delivery — the courier picks it up (in a time
 * window) or the seller drops it off at the courier's counter — and the package's weight.
 *
 * Decisions where the spec is silent:
 * - Pickup windows are 09–12, 13–16 and 16–19 WIB today and the next two days; a window must start
 *   at least an hour from now (a courier needs the notice). The POST takes the window's start.
 * - The weight offered is the sum of the live lines' product weights × quantity (grams); the seller
 *   may give the weighed figure instead (1 g to 100 kg).
 * - Parameters can be set while the order is ready to ship or booked and not yet handed over
 *   (ready-to-ship, wait-to-send), for courier orders only; setting them changes no status (booking
 *   is the book-delivery action). Store-pickup orders have none: the customer collects.
 * Both calls are the actor's, with the "orders" privilege; shippingParameters reads side by side
 * (on the pool, never with a transaction's scope).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { sideBySide, type Db, type Tx } from "#db/client.ts";
import { orderItems, orders, products } from "#db/schema/index.ts";
import { unix } from "#core/lib/time.ts";
import { orderOf, sourceOf, type OrderRow } from "./detail.ts";
import { courierNamesOf } from "./list.ts";
import { wibDayStart } from "#core/lib/time.ts";
import { blank } from "#core/profile/warehouses-shared.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { Refused } from "#core/errors.ts";

export const SHIPPING_STATUSES = ["ready-to-ship", "wait-to-send"] as const;
const WINDOWS = [[9, 12], [13, 16], [16, 19]] as const;
const HOUR = 3600_000;

/** The pickup windows still open, soonest first (unix seconds). */
export function pickupWindows(now = new Date()) {
  const out: { start: number; end: number }[] = [];
  for (let day = 0; day < 3; day++) {
    const midnight = wibDayStart(now, day).getTime();
    for (const [from, to] of WINDOWS) {
      const start = midnight + from * HOUR;
      if (start >= now.getTime() + HOUR) out.push({ start: start / 1000, end: (midnight + to * HOUR) / 1000 });
    }
  }
  return out;
}

const id = z.coerce.number({ error: "invalid" }).int("invalid").positive("invalid").max(2_147_483_647, "invalid");
export const shippingQuery = z.object({ order_id: id });
export const shippingBody = z.object({
  order_id: id,
  method: z.enum(["pickup", "dropoff"], { error: "api-orders:shipping.method" }),
  pickup_time: blank(z.coerce.number({ error: "invalid" }).int("invalid")),
  weight_gr: blank(z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(100_000, "invalid")),
  note: blank(z.string().trim().max(200, "too_long")),
});

const canSet = (o: OrderRow) => o.deliveryMethod === "courier" && (SHIPPING_STATUSES as readonly string[]).includes(o.status);

/** Grams of the order's live lines (product weight × quantity). */
async function weightOf(db: Db | Tx, orderId: number) {
  const { rows } = await db.execute<{ g: number }>(sql`
    SELECT coalesce(sum(${products.weightGr} * ${orderItems.quantity}), 0)::int AS g
      FROM ${orderItems} JOIN ${products} ON ${products.id} = ${orderItems.productId}
     WHERE ${orderItems.orderId} = ${orderId} AND ${orderItems.cancelledAt} IS NULL`);
  return rows[0].g;
}

export async function shippingParameters(scope: Scope, orderId: number) {
  const { db, actor } = sellerScope(scope, "orders");
  const order = await orderOf(actor.member.businessId, orderId, db);
  const [source, weight, names] = await sideBySide(db,() => sourceOf(order, db), () => weightOf(db, order.id), () => courierNamesOf());
  const courier = order.deliveryMethod === "courier";
  return {
    order_id: order.id,
    order_code: order.orderCode,
    status: order.status,
    delivery_method: order.deliveryMethod,
    can_set: canSet(order),
    courier: order.courierCode
      ? {
        code: order.courierCode, name: names.couriers.get(order.courierCode) ?? order.courierCode, service: order.courierService,
        service_name: order.courierService ? names.services.get(`${order.courierCode}:${order.courierService}`) ?? order.courierService : null,
      }
      : null,
    pickup_address: source,
    methods: courier ? ["pickup", "dropoff"] : [],
    pickup_times: courier ? pickupWindows() : [],
    weight_gr: weight,
    tracking_number: order.trackingNumber,
    saved: order.shippingParameter ?? null,
  };
}

export type ShippingBody = z.infer<typeof shippingBody>;

export async function saveShippingParameters(scope: Scope, body: ShippingBody) {
  const { db, actor } = sellerScope(scope, "orders");
  const businessId = actor.member.businessId;
  const order = await orderOf(businessId, body.order_id, db);
  if (!canSet(order)) {
    throw new Refused("api-orders:shipping.not_now", { order_id: ["api-orders:shipping.not_now"] }, { order: order.orderCode });
  }
  let window: { start: number; end: number } | undefined;
  if (body.method === "pickup") {
    window = pickupWindows().find((w) => w.start === body.pickup_time);
    if (!window) throw new Refused("api:errors.validation", { pickup_time: ["api-orders:shipping.pickup_time"] });
  }
  const saved = {
    method: body.method,
    pickup_time: window?.start ?? null,
    pickup_time_end: window?.end ?? null,
    weight_gr: body.weight_gr ?? (await weightOf(db, order.id)),
    note: body.note ?? null,
    time_saved: unix(new Date()),
  };
  // Only while the order is still where parameters may change (an action may have moved it meanwhile).
  const [row] = await db
    .update(orders)
    .set({ shippingParameter: saved, timeModified: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.businessId, businessId), inArray(orders.status, [...SHIPPING_STATUSES]), eq(orders.deliveryMethod, "courier")))
    .returning({ id: orders.id });
  if (!row) throw new Refused("api-orders:shipping.not_now", { order_id: ["api-orders:shipping.not_now"] }, { order: order.orderCode });
  return { order_id: order.id, ...saved };
}
