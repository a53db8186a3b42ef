/**
 * One order as the detail page and API clients read it (spec section 7 GET /v0.0.2/orders/{id},
 * /v2.2.0/orders/{id}, /v0.0.0/orders/{id}/tracking): items, customer, shipping address, courier,
 * payment, status history, the actions the lifecycle table allows now, printed marks, feedback.
 * Scoped by the business: another business's order is 404, the same answer as an unknown id.
 * The service functions (orderDetail, orderTrackingJson) take the actor's scope and need the
 * "orders" privilege; orderOf, linesOf and sourceOf are the queries the other order modules share.
 * The reads run side by side: these are called on the pool (as the adapters do), never with a
 * transaction's scope (one transaction runs one query at a time).
 *
 * Decisions where the spec is silent:
 * - `allowed_actions` are the seller's actions of the lifecycle table for the order's state, in
 *   table order; `action_needs` says which of them ask for a reason (with the allowed reason
 *   codes) or a note, so a client builds the right form without its own copy of the rules.
 * - The tracking timeline is newest first; an order not yet with a courier has an empty timeline
 *   (200: the order exists, nothing has happened on the road yet).
 */
import { aliasedTable, and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { db as pool, sideBySide, type Db, type Tx } from "#db/client.ts";
import {
  channels, orderItems, orders, orderStatusHistory, orderTracking, stores, users, warehousePartitions, warehouses,
} from "#db/schema/index.ts";
import { unix } from "#core/lib/time.ts";
import { allowedActions, transitionFor } from "./lifecycle.ts";
import { courierNamesOf } from "./list.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound } from "#core/errors.ts";
import { promotionsOfOrder } from "#core/promotions/read.ts";

/** The order row of the business, or 404. */
export async function orderOf(businessId: number, orderId: number, db: Db | Tx = pool) {
  const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.businessId, businessId)));
  if (!order) throw new NotFound("api-orders:not_found");
  return order;
}

export type OrderRow = Awaited<ReturnType<typeof orderOf>>;

const lineStore = aliasedTable(stores, "line_store");
const lineWarehouse = aliasedTable(warehouses, "line_warehouse");

/** Where a line's stock is (or will be) taken from, with names: the level chosen on accept, else the order's source. */
export function locationJson(
  l: { storeId: number | null; storeName: string | null; warehouseId: number | null; warehouseName: string | null; partitionId: number | null; partitionName: string | null },
) {
  if (l.storeId) return { source_type: 1, store_id: l.storeId, warehouse_id: null, partition_id: null, name: l.storeName ?? "" };
  if (l.warehouseId) {
    return {
      source_type: 2, store_id: null, warehouse_id: l.warehouseId, partition_id: l.partitionId,
      name: [l.warehouseName, l.partitionName].filter(Boolean).join(" › "),
    };
  }
  return null;
}

/** A line placed on a level (on accept) takes that level; before that, the order's source. */
const placed = sql`(${orderItems.storeId} IS NOT NULL OR ${orderItems.warehouseId} IS NOT NULL)`;
const lineStoreId = sql<number | null>`CASE WHEN ${placed} THEN ${orderItems.storeId} ELSE ${orders.storeId} END`;
const lineWarehouseId = sql<number | null>`CASE WHEN ${placed} THEN ${orderItems.warehouseId} ELSE ${orders.warehouseId} END`;

/** The lines of orders with their stock location's names (order → its lines in id order). */
export async function linesOf(orderIds: number[], db: Db | Tx = pool) {
  if (!orderIds.length) return [];
  const rows = await db
    .select({
      id: orderItems.id, orderId: orderItems.orderId, productId: orderItems.productId, variantId: orderItems.variantId,
      productName: orderItems.productName, variantName: orderItems.variantName, sizeName: orderItems.sizeName, sku: orderItems.sku,
      image: orderItems.image, quantity: orderItems.quantity, price: orderItems.price, regularPrice: orderItems.regularPrice, cancelledAt: orderItems.cancelledAt,
      storeId: lineStoreId, warehouseId: lineWarehouseId, partitionId: orderItems.partitionId,
      storeName: lineStore.name, warehouseName: lineWarehouse.name, partitionName: warehousePartitions.name,
      placed: sql<boolean>`${placed}`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(lineStore, eq(lineStore.id, lineStoreId))
    .leftJoin(lineWarehouse, eq(lineWarehouse.id, lineWarehouseId))
    .leftJoin(warehousePartitions, eq(warehousePartitions.id, orderItems.partitionId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  return rows.map((r) => ({ ...r, location: locationJson(r) }));
}

/** The seller's allowed actions and what each asks for (see the header). */
export function actionsJson(order: OrderRow) {
  const actions = allowedActions(order);
  const needs: Record<string, { reasons: number[] | null; note: "required" | "optional" | null }> = {};
  for (const action of actions) {
    const t = transitionFor(order, action, "seller")!;
    if (t.reasons || t.note) needs[action] = { reasons: t.reasons ? [...t.reasons] : null, note: t.note ?? null };
  }
  return { allowed_actions: actions, action_needs: needs };
}

/** GET /{id}: the order as the page and API clients read it. */
export async function orderDetail(scope: Scope, orderId: number) {
  const { db, actor } = sellerScope(scope, "orders");
  const t = actor.t;
  const order = await orderOf(actor.member.businessId, orderId, db);
  const [lines, history, channel, source, names, promotions] = await sideBySide(db,
    () => linesOf([order.id], db),
    () => db
      .select({
        action: orderStatusHistory.action, actor: orderStatusHistory.actor, userName: users.name, fromStatus: orderStatusHistory.fromStatus,
        toStatus: orderStatusHistory.toStatus, reason: orderStatusHistory.reason, note: orderStatusHistory.note, timeCreated: orderStatusHistory.timeCreated,
      })
      .from(orderStatusHistory)
      .leftJoin(users, eq(users.id, orderStatusHistory.userId))
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.id)),
    () => order.channelId
      ? db.select({ id: channels.id, name: channels.name, platformCode: channels.platformCode }).from(channels).where(eq(channels.id, order.channelId)).then((r) => r[0])
      : undefined,
    () => sourceOf(order, db),
    () => courierNamesOf(),
    () => promotionsOfOrder(db, order.id, t),
  );
  const cancelReasonName = (code: number | null) => (code ? t(`orders:cancel_reasons.${code}`) : null);
  return {
    order_id: order.id,
    order_code: order.orderCode,
    channel: { channel_id: order.channelId, name: channel?.name ?? order.channelName, platform_code: channel?.platformCode ?? null },
    channel_order_id: order.channelOrderId,
    status: order.status,
    status_name: t(`orders:status.${order.status}`),
    tab: order.tab,
    stage: order.stage,
    return_stage: order.returnStage,
    previous_status: order.previousStatus,
    order_type: order.orderType,
    delivery_method: order.deliveryMethod,
    stock_state: order.stockState,
    source,
    customer: { customer_id: order.customerId, name: order.customerName, phone: order.customerPhone, email: order.customerEmail },
    shipping_address: {
      recipient_name: order.recipientName, phone: order.recipientPhone, address: order.shippingAddress, city: order.shippingCity,
      province: order.shippingProvince, postcode: order.shippingPostcode,
    },
    courier: {
      code: order.courierCode,
      name: order.courierCode ? names.couriers.get(order.courierCode) ?? order.courierCode : null,
      service: order.courierService,
      service_name: order.courierCode && order.courierService ? names.services.get(`${order.courierCode}:${order.courierService}`) ?? order.courierService : null,
      tracking_number: order.trackingNumber,
      shipping_parameter: order.shippingParameter ?? null,
    },
    payment: {
      method: order.paymentMethod,
      method_name: order.paymentMethod != null ? t(`utilities:payment_methods.${order.paymentMethod}`) : null,
      paid_at: unix(order.paidAt),
      subtotal: order.subtotal,
      shipping_cost: order.shippingCost,
      discount: order.discount,
      total_amount: order.totalAmount,
    },
    items: lines.map((l) => ({
      item_id: l.id, product_id: l.productId, variant_id: l.variantId, product_name: l.productName, variant_name: l.variantName,
      size_name: l.sizeName, sku: l.sku, image: l.image, quantity: l.quantity, price: l.price, total: l.price * l.quantity,
      // The price before a promotion lowered it (null: none did); the promotion is in `promotions` by item_id.
      regular_price: l.regularPrice,
      is_cancelled: l.cancelledAt != null, time_cancelled: unix(l.cancelledAt), location: l.location,
      // The location was chosen (on accept, by the last stock priority or the order's source); before that, the order's source.
      location_placed: l.placed,
    })),
    // The business's own promotions the order got (core/promotions/apply.ts): per line, bundles and order-level ones.
    promotions,
    notes: {
      customer_note: order.customerNote,
      hold_reason: order.holdReason,
      cancel_reason: order.cancelReason,
      cancel_reason_name: cancelReasonName(order.cancelReason),
      cancel_note: order.cancelNote,
      complaint_reason: order.complaintReason,
      complaint_reason_name: order.complaintReason ? t(`orders:complaint_reasons.${order.complaintReason}`) : null,
      complaint_note: order.complaintNote,
      return_damaged: order.returnDamaged,
    },
    history: history.map((h) => ({
      action: h.action, actor: h.actor, user_name: h.userName, from_status: h.fromStatus, to_status: h.toStatus, reason: h.reason,
      note: h.note, time_created: unix(h.timeCreated),
    })),
    feedback: order.sellerFeedback != null ? { message: order.sellerFeedback, rating: order.sellerRating } : null,
    printed: { invoice: unix(order.invoicePrintedAt), label: unix(order.labelPrintedAt), picklist: unix(order.picklistPrintedAt) },
    ...actionsJson(order),
    deadline_at: unix(order.deadlineAt),
    time_created: unix(order.timeCreated),
    time_modified: unix(order.timeModified),
  };
}

/** The store or warehouse the order ships from (also where a courier picks it up). */
export async function sourceOf(order: Pick<OrderRow, "storeId" | "warehouseId">, db: Db | Tx = pool) {
  if (order.storeId) {
    const [s] = await db
      .select({ id: stores.id, name: stores.name, phone: stores.phone, address: stores.address, postcode: stores.postcode })
      .from(stores)
      .where(eq(stores.id, order.storeId));
    return s ? { source_type: 1, store_id: s.id, warehouse_id: null, name: s.name, phone: s.phone, address: s.address, postcode: s.postcode } : null;
  }
  if (order.warehouseId) {
    const [w] = await db
      .select({ id: warehouses.id, name: warehouses.name, phone: warehouses.phone, address: warehouses.address, postcode: warehouses.postcode })
      .from(warehouses)
      .where(eq(warehouses.id, order.warehouseId));
    return w ? { source_type: 2, store_id: null, warehouse_id: w.id, name: w.name, phone: w.phone, address: w.address, postcode: w.postcode } : null;
  }
  return null;
}

/** GET /{id}/tracking: the courier, the receipt number and the timeline, newest first. */
export async function orderTrackingJson(scope: Scope, orderId: number) {
  const { db, actor } = sellerScope(scope, "orders");
  const order = await orderOf(actor.member.businessId, orderId, db);
  const [events, names] = await sideBySide(db,
    () => db
      .select({ description: orderTracking.description, location: orderTracking.location, timeCreated: orderTracking.timeCreated })
      .from(orderTracking)
      .where(eq(orderTracking.orderId, order.id))
      .orderBy(desc(orderTracking.timeCreated), desc(orderTracking.id)),
    () => courierNamesOf(),
  );
  return {
    order_id: order.id,
    order_code: order.orderCode,
    status: order.status,
    delivery_method: order.deliveryMethod,
    courier: order.courierCode
      ? { code: order.courierCode, name: names.couriers.get(order.courierCode) ?? order.courierCode, service: order.courierService }
      : null,
    tracking_number: order.trackingNumber,
    timeline: events.map((e) => ({ description: e.description, location: e.location, time_created: unix(e.timeCreated) })),
  };
}
