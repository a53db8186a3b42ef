/**
 * The picklist (spec section 7 GET /v0.0.0/orders/picklist, /v0.0.1/orders/picklist; the print
 * pages /orders/print-picklist and /orders/selected-picklist): what to take from the shelves for
 * a set of orders, grouped by stock location and, within it, by SKU, so a picker walks each shelf
 * once and collects every order's quantity of a SKU in one go.
 *
 * Decisions where the spec is silent:
 * - `order_ids` (comma list or repeated, at most 150) picks the orders; any id that is not the
 *   business's order makes the call 404 (the same answer as for an unknown id).
 * - Without `order_ids` the picklist covers the orders of a `status` filter (default: the prepare
 *   stage, the orders waiting to be picked), oldest first, at most 500.
 * - A line's location is the level its stock was reserved at on accept (a store, or a warehouse
 *   and its partition); a line not accepted yet shows its order's store or warehouse. Cancelled
 *   lines are left out. Locations sort by name, SKUs within a location alphabetically.
 * The actor's, with the "orders" privilege.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { orders } from "#db/schema/index.ts";
import { unix } from "#core/lib/time.ts";
import { linesOf } from "./detail.ts";
import { statusCondition } from "./list.ts";
import { isStatusFilter } from "#db/schema/order-tabs.ts";
import { blank } from "#core/profile/warehouses-shared.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound } from "#core/errors.ts";

export const MAX_PICKLIST_IDS = 150;
export const MAX_PICKLIST_ORDERS = 500;

/** "1,2,3", ["1", "2"], 7: order ids (the same shape as the bulk calls take). */
export const orderIdList = (max: number) => z.preprocess(
  (v) => {
    if (Array.isArray(v)) return v.flatMap((x) => String(x).split(",")).map((x) => x.trim()).filter(Boolean);
    if (typeof v === "number") return [String(v)];
    if (typeof v === "string") return v.split(",").map((x) => x.trim()).filter(Boolean);
    return v;
  },
  z.array(z.string().regex(/^[1-9]\d{0,9}$/, "invalid").transform(Number).refine((n) => n <= 2_147_483_647, "invalid"), { error: "api-orders:none_selected" })
    .min(1, "api-orders:none_selected")
    .max(max, "api-orders:too_many"),
);

export const picklistQuery = z.object({
  order_ids: blank(orderIdList(MAX_PICKLIST_IDS)),
  status: blank(z.string().trim().refine(isStatusFilter, "api-orders:unknown_status")),
});

type Line = Awaited<ReturnType<typeof linesOf>>[number];

export async function picklist(scope: Scope, q: z.infer<typeof picklistQuery>) {
  const { db, actor } = sellerScope(scope, "orders");
  const businessId = actor.member.businessId;
  const ids = q.order_ids ? [...new Set(q.order_ids)] : undefined;
  const picked = await db
    .select({
      id: orders.id, orderCode: orders.orderCode, channelName: orders.channelName, customerName: orders.customerName, status: orders.status,
      courierCode: orders.courierCode, timeCreated: orders.timeCreated,
    })
    .from(orders)
    .where(and(eq(orders.businessId, businessId), ids ? inArray(orders.id, ids) : statusCondition(q.status ?? "prepare")))
    .orderBy(asc(orders.timeCreated), asc(orders.id))
    .limit(ids ? ids.length : MAX_PICKLIST_ORDERS);
  // Every id asked for must be the business's own order.
  if (ids && picked.length !== ids.length) throw new NotFound("api-orders:not_found");

  const lines = (await linesOf(picked.map((o) => o.id), db)).filter((l) => !l.cancelledAt);
  const codeOf = new Map(picked.map((o) => [o.id, o.orderCode]));
  const locations = new Map<string, { location: Line["location"]; lines: Map<string, PickLine> }>();
  for (const l of lines) {
    const key = l.location ? `${l.location.source_type}:${l.location.store_id ?? ""}:${l.location.warehouse_id ?? ""}:${l.location.partition_id ?? ""}` : "none";
    const place = locations.get(key) ?? { location: l.location, lines: new Map() };
    const sku = l.sku.toLowerCase();
    const line: PickLine = place.lines.get(sku) ?? {
      sku: l.sku, product_name: l.productName, variant_name: l.variantName, size_name: l.sizeName, image: l.image, quantity: 0, orders: [],
    };
    line.quantity += l.quantity;
    const already = line.orders.find((o) => o.order_id === l.orderId);
    if (already) already.quantity += l.quantity;
    else line.orders.push({ order_id: l.orderId, order_code: codeOf.get(l.orderId)!, quantity: l.quantity });
    place.lines.set(sku, line);
    locations.set(key, place);
  }
  const groups = [...locations.values()]
    .map((g) => {
      const list = [...g.lines.values()].sort((a, b) => a.sku.localeCompare(b.sku));
      return { location: g.location, quantity: list.reduce((n, l) => n + l.quantity, 0), lines: list };
    })
    .sort((a, b) => (a.location?.name ?? "").localeCompare(b.location?.name ?? ""));
  return {
    orders: picked.map((o) => ({
      order_id: o.id, order_code: o.orderCode, channel_name: o.channelName, customer_name: o.customerName, status: o.status,
      courier_code: o.courierCode, time_created: unix(o.timeCreated),
    })),
    locations: groups,
    total_lines: groups.reduce((n, g) => n + g.lines.length, 0),
    total_quantity: groups.reduce((n, g) => n + g.quantity, 0),
  };
}

type PickLine = {
  sku: string; product_name: string; variant_name: string | null; size_name: string | null; image: string | null; quantity: number;
  orders: { order_id: number; order_code: string; quantity: number }[];
};
