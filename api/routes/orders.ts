/**
 * Orders, the read side and the seller's marks (spec section 7 "Orders, legacy" and "Orders v2").
 * The status actions (accept, pack, send …) are in order-actions.ts; intake in webhooks.ts.
 * Privilege "orders"; every call is scoped to the caller's business: another business's order is
 * 404, exactly like an unknown id. The queries live in api/domain/order-*.ts.
 *
 *   GET  /v0.0.2/orders, /v2.2.0/orders        the list. Query: status (tab | stage | status, see
 *        order-tabs.ts), channel_id, store_id, date_from, date_to (unix s, WIB days, both included),
 *        order_type 1-3, courier (code), search (order code prefix, customer name, SKU prefix,
 *        tracking number, channel order id), sort 1 oldest | 2 newest, limit 10|20|50|100|150,
 *        cursor (keyset, from pagination) or page (legacy OFFSET).
 *        pagination: { total_page, total_record, summary_data: { capped, cap }, next_cursor, prev_cursor }
 *        (total_record is exact without filters; with filters it stops at cap and capped = true).
 *   GET  /v0.0.2/orders/{id}, /v2.2.0/orders/{id}   the order (order-detail.ts), with allowed_actions
 *   GET  /v0.0.0/orders/{id}/tracking          courier, tracking number, timeline (newest first)
 *   GET  /v0.0.0/orders/count, /v2.0.0/orders/count   { tabs, stages, statuses, capped: { tabs, stages,
 *        statuses }, cap } under the list's filters (status ignored). Without filters: the counter table,
 *        exact, statuses included. With filters: bounded at cap, statuses {} (the groups call has them).
 *   GET  /v0.0.0/orders/groups, /v2.0.0/orders/groups the same counts as a tree: tab → stage → status
 *   GET  /v0.0.0/orders/picklist, /v0.0.1/orders/picklist   order_ids or status → lines by location and SKU
 *   GET  /v2.0.0/orders/shipping-parameter?order_id=  pickup / drop-off, windows, weight, saved values
 *   POST /v2.0.0/orders/shipping-parameter     { order_id, method, pickup_time?, weight_gr?, note? }
 *   POST /v0.0.0/orders/{id}/feedback          { message, rating? }
 *   PUT  /v0.0.0/orders/printed                { order_ids, kind: invoice | label | picklist }
 *   POST /v0.0.0/orders/export                 the list's filters → an .xlsx background job (202)
 *        (also POST /v0.0.0/exports/orders; history also at GET /v0.0.0/exports?kind=orders)
 *   GET  /v0.0.0/orders/export-history         the caller's order exports
 *   GET  /v0.0.0/orders/export-history/download?job_id=   the file
 *   POST /v0.1.0/promotions/sellers            { order_id } or { product_ids }: the seller's active
 *        promotions for those products. There are no promotions yet: 404 "No data" with [] after the
 *        input and the order's ownership are checked (no made-up promotions).
 */
import { Hono, type Context } from "hono";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { db } from "#db/client.ts";
import { products } from "#db/schema/index.ts";
import { orderDetail, orderOf, orderTrackingJson } from "#core/orders/detail.ts";
import {
  COUNT_CAP, courierNamesOf, exactTotal, findOrders, itemPreviews, listTotal, orderCounts, orderFilterFields, orderFilters,
  orderListJson, orderListQuery, prepareFilters, type Cursor, type ListFilters, type OrderCounts, type OrderFilters,
} from "#core/orders/list.ts";
import { feedbackBody, giveFeedback, markPrinted, printedBody } from "#core/orders/marks.ts";
import { orderIdList, picklist, picklistQuery } from "#core/orders/picklist.ts";
import { saveShippingParameters, shippingBody, shippingParameters, shippingQuery } from "#core/orders/shipping.ts";
import { ORDER_STAGES, ORDER_TABS, STAGE_KEYS, type OrderStage, type OrderStatus, type OrderTabKey } from "#db/schema/order-tabs.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { fieldErrors, input, ok } from "#api/lib/http.ts";
import { exportHistoryList, queueExportCall, sendExport } from "./exports.ts";
import { NotFound, Refused } from "#core/errors.ts";

export const orderRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller("orders")] as const;
const biz = (c: Context<ApiEnv>) => c.var.member.businessId;
const orderId = (c: Context<ApiEnv>) => Number(c.req.param("id"));

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------
async function listOrders(c: Context<ApiEnv>) {
  const businessId = biz(c);
  const q = await prepareFilters(businessId, await input(c, orderListQuery, "query"));
  const [page, { total, capped }, names] = await Promise.all([findOrders(businessId, q), listTotal(businessId, q), courierNamesOf()]);
  const previews = await itemPreviews(page.rows.map((r) => r.id));
  const data = page.rows.map((r) => orderListJson(r, previews.get(r.id), names, c.var.t));
  const pagination = {
    total_page: Math.ceil(total / q.limit),
    total_record: total,
    summary_data: { capped, cap: COUNT_CAP },
    next_cursor: page.nextCursor,
    prev_cursor: page.prevCursor,
  };
  // An empty list is 404 "No data" (spec 7), still with the envelope and pagination.
  if (!data.length) return c.json({ code: 404, message: c.var.t("api:no_data"), data: [], pagination }, 404);
  return c.json({ code: 200, message: c.var.t("api:ok"), data, pagination }, 200);
}

orderRoutes.get("/v0.0.2/orders", ...seller, listOrders);
orderRoutes.get("/v2.2.0/orders", ...seller, listOrders);

// ---------------------------------------------------------------------------------------------
// Counts and groups
// ---------------------------------------------------------------------------------------------
const countQuery = orderFilterFields.omit({ status: true, sort: true });

async function countOrders(c: Context<ApiEnv>) {
  return ok(c, await orderCounts(biz(c), await input(c, countQuery, "query")));
}
orderRoutes.get("/v0.0.0/orders/count", ...seller, countOrders);
orderRoutes.get("/v2.0.0/orders/count", ...seller, countOrders);

/**
 * Order groups (the spec names the resource, not its shape; ours): the tabs in page order, each
 * with its count and statuses; the process tab with its stages, each with its statuses.
 */
function groupsTree(counts: OrderCounts, t: (k: string) => string) {
  const statuses = (list: readonly OrderStatus[]) =>
    list.map((s) => ({ key: s, name: t(`orders:status.${s}`), count: counts.statuses[s] ?? 0, capped: counts.capped.statuses.includes(s) }));
  const stage = (k: OrderStage) => ({
    key: k, name: t(`orders:stages.${k}`), count: counts.stages[k], capped: counts.capped.stages.includes(k), statuses: statuses(ORDER_STAGES[k]),
  });
  return [
    { key: "all", name: t("orders:tabs.all"), count: counts.tabs.all, capped: counts.capped.tabs.includes("all"), stages: [], statuses: [] },
    ...(Object.entries(ORDER_TABS) as [OrderTabKey, readonly OrderStatus[]][]).map(([tab, list]) => ({
      key: tab,
      name: t(`orders:tabs.${tab}`),
      count: counts.tabs[tab],
      capped: counts.capped.tabs.includes(tab),
      stages: tab === "process" ? STAGE_KEYS.map(stage) : [],
      statuses: statuses(list),
    })),
  ];
}

async function orderGroups(c: Context<ApiEnv>) {
  const f = await input(c, countQuery, "query");
  const counts = await orderCounts(biz(c), f, { statuses: true });
  return c.json({ code: 200, message: c.var.t("api:ok"), data: groupsTree(counts, c.var.t), summary_data: { cap: counts.cap } }, 200);
}
orderRoutes.get("/v0.0.0/orders/groups", ...seller, orderGroups);
orderRoutes.get("/v2.0.0/orders/groups", ...seller, orderGroups);

// ---------------------------------------------------------------------------------------------
// Picklist, shipping parameters, printed marks (fixed paths before /orders/{id})
// ---------------------------------------------------------------------------------------------
async function picklistHandler(c: Context<ApiEnv>) {
  // order_ids may be repeated (?order_ids=1&order_ids=2) or a comma list.
  const raw = { ...c.req.query(), order_ids: c.req.queries("order_ids") };
  const parsed = picklistQuery.safeParse(raw);
  if (!parsed.success) throw new Refused("api:errors.validation", fieldErrors(parsed.error, c.var.t));
  return ok(c, await picklist(biz(c), parsed.data));
}
orderRoutes.get("/v0.0.0/orders/picklist", ...seller, picklistHandler);
orderRoutes.get("/v0.0.1/orders/picklist", ...seller, picklistHandler);

orderRoutes.get("/v2.0.0/orders/shipping-parameter", ...seller, async (c) => {
  const q = await input(c, shippingQuery, "query");
  return ok(c, await shippingParameters(biz(c), q.order_id));
});
orderRoutes.post("/v2.0.0/orders/shipping-parameter", ...seller, async (c) => {
  const body = await input(c, shippingBody);
  return ok(c, await saveShippingParameters(biz(c), body), "api-orders:shipping.saved");
});

orderRoutes.put("/v0.0.0/orders/printed", ...seller, async (c) => {
  const body = await input(c, printedBody);
  return ok(c, await markPrinted(biz(c), body), `api-orders:printed.${body.kind}`);
});

// ---------------------------------------------------------------------------------------------
// Export (the list's filters, as an .xlsx background job) and its history
// ---------------------------------------------------------------------------------------------
orderRoutes.post("/v0.0.0/orders/export", ...seller, (c) => queueExportCall(c, "orders"));
orderRoutes.get("/v0.0.0/orders/export-history", ...seller, (c) => exportHistoryList(c, "orders"));
orderRoutes.get("/v0.0.0/orders/export-history/download", ...seller, async (c) => {
  const q = await input(c, z.object({ job_id: z.coerce.number({ error: "invalid" }).int("invalid").positive("invalid").max(2_147_483_647, "invalid") }), "query");
  return sendExport(c, q.job_id, "orders");
});

/**
 * The export pages through the list's own keyset query: each page continues from the cursor the
 * previous page ended on (kept per job object, the same on every page of one run), so the last page
 * of a big export costs what the first does. The total is counted once, exactly.
 */
const MAX_EXPORT_ROWS = 100_000;
const exportState = new WeakMap<object, { filters: Promise<ListFilters>; total: Promise<number>; next?: { offset: number; cursor: Cursor } }>();

defineExport("orders", {
  privilege: "orders",
  filename: "api-orders:export.filename",
  sheet: "api-orders:export.sheet",
  filters: orderFilters,
  // One workbook is built in the app's memory and xlsx stops at 1,048,576 rows: a bigger export is
  // refused with the count, so the seller narrows it (a date range) instead of waiting for a crash.
  async check(businessId, filters: OrderFilters) {
    const count = await exactTotal(businessId, await prepareFilters(businessId, filters));
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
      state = { filters: prepared, total: prepared.then((f) => exactTotal(job.businessId, f)) };
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

// ---------------------------------------------------------------------------------------------
// Promotions for an order's products (no promotions exist yet: an honest empty answer)
// ---------------------------------------------------------------------------------------------
const promotionsBody = z.object({
  order_id: z.coerce.number({ error: "invalid" }).int("invalid").positive("invalid").max(2_147_483_647, "invalid").optional(),
  product_ids: orderIdList(150).optional(),
}).refine((b) => b.order_id !== undefined || b.product_ids !== undefined, { message: "api-orders:promotions.what", path: ["order_id"] });

orderRoutes.post("/v0.1.0/promotions/sellers", ...seller, async (c) => {
  const body = await input(c, promotionsBody);
  const businessId = biz(c);
  if (body.order_id !== undefined) await orderOf(businessId, body.order_id);
  if (body.product_ids) {
    const ids = [...new Set(body.product_ids)];
    const mine = await db.select({ id: products.id }).from(products).where(and(eq(products.businessId, businessId), inArray(products.id, ids)));
    if (mine.length !== ids.length) throw new NotFound();
  }
  return c.json({ code: 404, message: c.var.t("api:no_data"), data: [] }, 404);
});

// ---------------------------------------------------------------------------------------------
// One order (after the fixed paths above)
// ---------------------------------------------------------------------------------------------
async function oneOrder(c: Context<ApiEnv>) {
  return ok(c, await orderDetail(biz(c), orderId(c), c.var.t));
}
orderRoutes.get("/v0.0.2/orders/:id{[0-9]+}", ...seller, oneOrder);
orderRoutes.get("/v2.2.0/orders/:id{[0-9]+}", ...seller, oneOrder);

orderRoutes.get("/v0.0.0/orders/:id{[0-9]+}/tracking", ...seller, async (c) => ok(c, await orderTrackingJson(biz(c), orderId(c))));

orderRoutes.post("/v0.0.0/orders/:id{[0-9]+}/feedback", ...seller, async (c) => {
  const body = await input(c, feedbackBody);
  return ok(c, await giveFeedback(biz(c), orderId(c), body), "api-orders:feedback.saved");
});
