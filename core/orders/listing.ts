/**
 * The orders list as a service (spec section 2 "Order tabs", section 7 GET /v0.0.2/orders,
 * /v2.2.0/orders, /count, /groups, the export): for the actor's business, with the "orders"
 * privilege. The queries are list.ts (the page) and counts.ts (the counts).
 *
 * Two callers, one set of rules:
 * - the REST API answers the list's full rows (listOrders: items, printed marks, allowed actions…);
 * - the /orders page shows only a few columns and the row's next step: orderListLines reads just
 *   the page (no item previews, no total: the page takes the total from the counts it shows
 *   anyway, the same figure for the tab shown) and answers exactly what the table shows.
 *
 * Decisions where the spec is silent:
 * - The filter choices (orderFilterChoices) are the business's channels and stores by name, and
 *   the couriers that have services (reference data, read once per process).
 * - The export pages through the list's own keyset query (see defineExport below) and refuses
 *   more than MAX_EXPORT_ROWS orders, naming the count, so the seller narrows it (a date range).
 */
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { sideBySide } from "#db/client.ts";
import { channels, stores } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { Refused } from "#core/errors.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { exactTotal, groupsTree, listTotal, orderCounts } from "./counts.ts";
import { sellerActions, type OrderAction } from "./lifecycle.ts";
import {
  COUNT_CAP, courierNamesOf, findOrderLines, findOrders, itemPreviews, orderFilterFields, orderFilters, orderListJson, prepareFilters,
  type Cursor, type ListFilters, type OrderFilters, type OrderListQuery,
} from "./list.ts";

/** The counts' filters: the list's, without its status and sort (every tab shows its own). */
export const orderCountQuery = orderFilterFields.omit({ status: true, sort: true });
export type OrderCountQuery = z.infer<typeof orderCountQuery>;

/** GET /orders: a keyset page of full rows, the total (bounded under filters) and the cursors. */
export async function listOrders(scope: Scope, q: OrderListQuery) {
  const { actor } = sellerScope(scope, "orders");
  const businessId = actor.member.businessId;
  const f = await prepareFilters(businessId, q);
  const [page, { total, capped }, names] = await Promise.all([findOrders(businessId, f), listTotal(businessId, f), courierNamesOf()]);
  const previews = await itemPreviews(page.rows.map((r) => r.id));
  return {
    rows: page.rows.map((r) => orderListJson(r, previews.get(r.id), names, actor.t)),
    total,
    capped,
    cap: COUNT_CAP,
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}

/** A row of the /orders page. `status` is the label key: a status, or `return_stage.<stage>` during a complaint. */
export type OrderListLine = {
  order_id: number;
  order_code: string;
  channel_name: string;
  customer_name: string;
  status: string;
  total_amount: number;
  time_created: number;
  /** The first of `quick` the lifecycle allows now: the row's one-tap next step. */
  next?: OrderAction;
};

/** The /orders page's rows and cursors (see the header); `quick`: the steps the page offers as row buttons. */
export async function orderListLines(scope: Scope, q: OrderListQuery, quick: readonly OrderAction[]) {
  const { actor } = sellerScope(scope, "orders");
  const page = await findOrderLines(actor.member.businessId, q);
  // The next step depends only on the memoized seller actions of the row's state: one find per array.
  const nextOf = new Map<readonly OrderAction[], OrderAction | undefined>();
  const next = (actions: readonly OrderAction[]) => {
    if (!nextOf.has(actions)) nextOf.set(actions, actions.find((a) => quick.includes(a)));
    return nextOf.get(actions);
  };
  const rows = page.rows.map((r): OrderListLine => ({
    order_id: r.id,
    order_code: r.orderCode,
    channel_name: r.channelName,
    customer_name: r.customerName,
    status: r.status === "complaint" && r.returnStage ? `return_stage.${r.returnStage}` : r.status,
    total_amount: r.totalAmount,
    time_created: r.createdUnix,
    next: next(sellerActions(r)),
  }));
  return { rows, next: page.nextCursor, prev: page.prevCursor };
}

/** GET /orders/count: per tab, stage (and without filters, status) under the filters. */
export async function countOrders(scope: Scope, f: OrderCountQuery) {
  const { actor } = sellerScope(scope, "orders");
  return orderCounts(actor.member.businessId, f);
}

/** GET /orders/groups: the same counts as a tree, tab → stage → status, with names. */
export async function orderGroups(scope: Scope, f: OrderCountQuery) {
  const { actor } = sellerScope(scope, "orders");
  const counts = await orderCounts(actor.member.businessId, f, { statuses: true });
  return { groups: groupsTree(counts, actor.t), cap: counts.cap };
}

export type OrderFilterChoices = {
  channels: { id: number; name: string }[];
  stores: { id: number; name: string }[];
  couriers: { code: string; name: string }[];
};

/** What the list's filters offer: the business's channels and stores (one round trip) and the couriers. */
export async function orderFilterChoices(scope: Scope): Promise<OrderFilterChoices> {
  const { db, actor } = sellerScope(scope, "orders");
  const businessId = actor.member.businessId;
  const [{ rows }, names] = await sideBySide(db,
    () => db.execute<{ kind: "c" | "s"; id: number; name: string }>(sql`
      SELECT kind, id, name FROM (
        SELECT 'c' AS kind, ${channels.id} AS id, ${channels.name} AS name FROM ${channels} WHERE ${channels.businessId} = ${businessId}
        UNION ALL
        SELECT 's', ${stores.id}, ${stores.name} FROM ${stores} WHERE ${stores.businessId} = ${businessId}
      ) choice ORDER BY kind, lower(name), id`),
    () => courierNamesOf(),
  );
  const withServices = new Set([...names.services.keys()].map((k) => k.slice(0, k.indexOf(":"))));
  return {
    channels: rows.filter((r) => r.kind === "c").map((r) => ({ id: r.id, name: r.name })),
    stores: rows.filter((r) => r.kind === "s").map((r) => ({ id: r.id, name: r.name })),
    couriers: [...names.couriers]
      .filter(([code]) => withServices.has(code))
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

// ---------------------------------------------------------------------------------------------
// Export kind "orders": the list's filters, as an .xlsx background job (core/jobs/exports.ts).
// ---------------------------------------------------------------------------------------------

/** One workbook is built in memory and xlsx stops at 1,048,576 rows: a bigger export is refused. */
const MAX_EXPORT_ROWS = 100_000;
/**
 * Each page continues from the cursor the previous page ended on (kept per job object, the same on
 * every page of one run), so the last page of a big export costs what the first does. The total
 * is counted once, exactly.
 */
const exportState = new WeakMap<object, { filters: Promise<ListFilters>; total: Promise<number>; next?: { offset: number; cursor: Cursor } }>();

defineExport("orders", {
  privilege: "orders",
  filename: "api-orders:export.filename",
  sheet: "api-orders:export.sheet",
  filters: orderFilters,
  async check(businessId, filters: OrderFilters) {
    const count = await exactTotal(businessId, filters);
    if (count > MAX_EXPORT_ROWS) {
      throw new Refused("api-orders:export_too_big", { date_from: ["api-orders:export_too_big"] }, { count, max: MAX_EXPORT_ROWS });
    }
  },
  columns: [
    { key: "order_code", header: "api-orders:export.order_code", width: 24 },
    { key: "time_created", header: "api-orders:export.time_created", date: true },
    { key: "channel", header: "api-orders:export.channel", width: 20 },
    { key: "channel_order_id", header: "api-orders:export.channel_order_id", width: 20 },
    { key: "status", header: "api-orders:export.status", width: 20 },
    { key: "order_type", header: "api-orders:export.order_type", width: 12 },
    { key: "customer", header: "api-orders:export.customer", width: 24 },
    { key: "city", header: "api-orders:export.city", width: 18 },
    { key: "courier", header: "api-orders:export.courier", width: 18 },
    { key: "tracking_number", header: "api-orders:export.tracking_number", width: 20 },
    { key: "items", header: "api-orders:export.items", width: 40 },
    { key: "quantity", header: "api-orders:export.quantity", width: 8 },
    { key: "total_amount", header: "api-orders:export.total_amount", width: 14 },
    { key: "paid_at", header: "api-orders:export.paid_at", date: true },
  ],
  async page(job, filters: OrderFilters, offset, limit, t) {
    let state = exportState.get(job);
    if (!state) {
      const prepared = prepareFilters(job.businessId, filters);
      state = { filters: prepared, total: exactTotal(job.businessId, filters) };
      exportState.set(job, state);
    }
    const f = await state.filters;
    const cursor = state.next?.offset === offset ? state.next.cursor : undefined;
    const [page, total, names] = await Promise.all([
      // An offset other than where the last page ended (the first page) is read by OFFSET.
      findOrders(job.businessId, { ...f, sort: f.sort ?? 2, limit: limit as 10, page: cursor ? 1 : Math.floor(offset / limit) + 1, cursor }),
      state.total,
      courierNamesOf(),
    ]);
    if (page.next) state.next = { offset: offset + page.rows.length, cursor: page.next };
    const previews = await itemPreviews(page.rows.map((r) => r.id), 50);
    return {
      total,
      rows: page.rows.map((r) => {
        const p = previews.get(r.id);
        return {
          order_code: r.orderCode,
          time_created: r.timeCreated,
          channel: r.channelName,
          channel_order_id: r.channelOrderId,
          status: t(`orders:status.${r.status}`),
          order_type: t(`api-orders:order_types.${r.orderType}`),
          customer: r.customerName,
          city: r.shippingCity,
          courier: r.courierCode ? [names.couriers.get(r.courierCode) ?? r.courierCode, r.courierService].filter(Boolean).join(" ") : null,
          tracking_number: r.trackingNumber,
          items: (p?.items ?? []).filter((i) => !i.cancelled).map((i) => `${i.sku} × ${i.quantity}`).join(", "),
          quantity: p?.quantity ?? 0,
          total_amount: r.totalAmount,
          paid_at: r.paidAt,
        };
      }),
    };
  },
});
