/**
 * What the order page reads: the API's own answers (core/orders/detail.ts, order-shipping.ts),
 * as types only — the page ships no code for them.
 */
import type { orderDetail, orderTrackingJson } from "#core/orders/detail.ts";
import type { shippingParameters } from "#core/orders/shipping.ts";

export type OrderDetail = Awaited<ReturnType<typeof orderDetail>>;
export type OrderItem = OrderDetail["items"][number];
export type OrderHistoryRow = OrderDetail["history"][number];
export type OrderTracking = Awaited<ReturnType<typeof orderTrackingJson>>;
export type ShippingParameters = Awaited<ReturnType<typeof shippingParameters>>;
