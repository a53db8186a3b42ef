/**
 * The orders API read side, as a seller's staff and API clients use it: the list (filters, search,
 * keyset pages), counts and groups, the order, tracking, picklist, shipping parameters, feedback,
 * printed marks, the export, and that another business's order is never readable (404).
 * Orders are made the way production makes them: receiveOrder (a channel's order) and the
 * lifecycle's own actions.
 */
import { and, count, eq, gt, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "#api/app.ts";
import { applyOrderAction } from "#core/orders/actions.ts";
import { receiveOrder, sourceFor, type IncomingOrder } from "#core/orders/intake.ts";
import type { OrderAction } from "#core/orders/lifecycle.ts";
import { findOrders } from "#core/orders/list.ts";
import { ORDER_STAGES, ORDER_TABS } from "#db/schema/order-tabs.ts";
import { pickupWindows } from "#core/orders/shipping.ts";
import { runNextJob } from "#core/jobs/worker.ts";
import { db } from "#db/client.ts";
import { businesses, channels, orders, orderTracking, productVariants, products, stockLevels, users } from "#db/schema/index.ts";
import { call, DEMO, login } from "./helpers.ts";

type Row = Record<string, any>;
const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

let seller: string;
let seller2: string;
let tokoDemo: number;
let sekar: number;
let sellerId: number;
let channelId: number;
let skus: string[];
let sekarOrderId: number;
let seq = 0;

beforeAll(async () => {
  [seller, seller2] = await Promise.all([login(DEMO.seller), login(DEMO.seller2)]);
  const [toko] = await db.select().from(businesses).where(eq(businesses.name, "Toko Demo"));
  const [batik] = await db.select().from(businesses).where(eq(businesses.name, "Batik Sekar Jagad"));
  tokoDemo = toko.id;
  sekar = batik.id;
  sellerId = (await db.select().from(users).where(eq(users.email, DEMO.seller)))[0].id;
  const [ch] = await db.select().from(channels).where(and(eq(channels.businessId, tokoDemo), eq(channels.status, 1))).orderBy(channels.id).limit(1);
  channelId = ch.id;
  // SKUs with plenty of stock at the source this channel's orders take from, so accepts succeed.
  const source = await sourceFor(tokoDemo, channelId, { deliveryMethod: "courier" });
  const where = source.storeId ? eq(stockLevels.storeId, source.storeId) : eq(stockLevels.warehouseId, source.warehouseId!);
  const stocked = await db
    .select({ sku: productVariants.sku })
    .from(stockLevels)
    .innerJoin(productVariants, eq(productVariants.id, stockLevels.variantId))
    .innerJoin(products, eq(products.id, stockLevels.productId))
    .where(and(eq(stockLevels.businessId, tokoDemo), where, gt(sql`${stockLevels.onHand} - ${stockLevels.reserved}`, 20), eq(products.status, "published")))
    .orderBy(stockLevels.id);
  skus = [...new Set(stocked.map((s) => s.sku))];
  expect(skus.length).toBeGreaterThan(3);
  [{ id: sekarOrderId }] = await db.select({ id: orders.id }).from(orders).where(eq(orders.businessId, sekar)).limit(1);
});

/** A new order of Toko Demo from its channel, moved through `steps` by the seller. */
async function newOrder(opts: Partial<IncomingOrder> & { steps?: OrderAction[] } = {}) {
  const { steps = [], ...incoming } = opts;
  seq += 1;
  const made = await receiveOrder(channelId, {
    channelOrderId: `T-ORD-${process.pid}-${seq}-${Math.random().toString(36).slice(2, 8)}`,
    customer: { name: "Budi Santoso", phone: "+6281200000000" },
    shipping: { address: "Jl. Merdeka No. 1", city: "Bandung", province: "Jawa Barat", postcode: "40111" },
    courier: { code: "jne", service: "REG" },
    paid: true,
    items: [{ sku: skus[0], quantity: 1 }],
    ...incoming,
  });
  for (const action of steps) {
    // Booked as a seller does: with the courier's receipt number.
    const trackingNumber = action === "book-delivery" ? `JP${seq}${Date.now() % 100_000_000}` : null;
    await applyOrderAction(tokoDemo, made.orderId, { action, actor: action === "deliver" ? "system" : "seller", userId: sellerId, trackingNumber });
  }
  return made;
}
const TO_READY: OrderAction[] = ["accept", "prepare", "pack", "packing", "ready"];
const TO_RECEIVED: OrderAction[] = [...TO_READY, "book-delivery", "send", "pickup", "deliver"];

const list = (query: Record<string, string | number> = {}, token = seller) => call<Row[]>("GET", "/v0.0.2/orders", { token, query });

/** Every page of a list through next_cursor: the ids in order, and the pages' cursors. */
async function walk(query: Record<string, string | number>) {
  const pages: { ids: number[]; next: string | null; prev: string | null }[] = [];
  let cursor: string | null = null;
  do {
    const res = await list({ ...query, ...(cursor ? { cursor } : {}) });
    expect([200, 404]).toContain(res.status);
    const p = res.body.pagination as Row | undefined;
    pages.push({ ids: (res.body.data ?? []).map((o) => o.order_id), next: p?.next_cursor ?? null, prev: p?.prev_cursor ?? null });
    cursor = p?.next_cursor ?? null;
  } while (cursor && pages.length < 200);
  return pages;
}

describe("orders list", () => {
  it("pages newest first by cursor, without overlap or gaps, and back again", async () => {
    const expected = (await rows<{ id: number }>(sql`SELECT id FROM orders WHERE business_id = ${tokoDemo} ORDER BY time_created DESC, id DESC`)).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(25);
    const pages = await walk({ limit: 10 });
    expect(pages.flatMap((p) => p.ids)).toEqual(expected);
    expect(pages[0].prev).toBeNull();
    expect(pages.at(-1)!.next).toBeNull();

    // Back from the last page by prev_cursor: the same pages, in the same order within each.
    let prev = pages.at(-1)!.prev;
    for (let i = pages.length - 2; i >= 0; i--) {
      const res = await list({ limit: 10, cursor: prev! });
      expect(res.body.data!.map((o) => o.order_id)).toEqual(pages[i].ids);
      prev = (res.body.pagination as Row).prev_cursor;
    }
    expect(prev).toBeNull();

    // Oldest first is the same list reversed; the legacy `page` still works.
    const oldest = await walk({ limit: 20, sort: 1 });
    expect(oldest.flatMap((p) => p.ids)).toEqual([...expected].reverse());
    const page2 = await list({ limit: 10, page: 2 });
    expect(page2.body.data!.map((o) => o.order_id)).toEqual(pages[1].ids);
    expect((await list({ page: 999 })).status).toBe(404);
  });

  it("answers the row a list shows", async () => {
    const { orderId, orderCode } = await newOrder({ items: [{ sku: skus[1], quantity: 2 }, { sku: skus[2], quantity: 1 }], courier: { code: "sicepat", service: "BEST" } });
    const res = await list({ status: "waiting-approval", limit: 50 });
    const row = res.body.data!.find((o) => o.order_id === orderId)!;
    expect(row).toMatchObject({
      order_code: orderCode, channel_id: channelId, status: "waiting-approval", status_name: "Waiting Approval", tab: "waiting-approval",
      customer_name: "Budi Santoso", item_count: 2, quantity: 3, courier: { code: "sicepat", name: "SiCepat Ekspres", service: "BEST" },
      printed: { invoice: null, label: null, picklist: null },
    });
    expect(row.items.map((i: Row) => i.sku)).toEqual([skus[1], skus[2]]);
    expect(row.allowed_actions).toEqual(expect.arrayContaining(["accept", "reject"]));
    expect(row.allowed_actions).not.toContain("send");
    expect(typeof row.total_amount).toBe("number");
  });

  it("filters by tab, stage, single status, channel, store, order type, courier and WIB days", async () => {
    const all = async (query: Record<string, string | number>) => (await walk({ ...query, limit: 150 })).flatMap((p) => p.ids);
    type O = { id: number; status: string; channel_id: number; store_id: number | null; order_type: number; courier_code: string | null };
    const current = () => rows<O>(sql`SELECT id, status, channel_id, store_id, order_type, courier_code FROM orders WHERE business_id = ${tokoDemo}`);
    const expectIds = async (ids: number[], test: (o: O) => boolean) =>
      expect(ids.sort()).toEqual((await current()).filter(test).map((o) => o.id).sort());

    await expectIds(await all({ status: "process" }), (o) => (ORDER_TABS.process as readonly string[]).includes(o.status));
    await expectIds(await all({ status: "pack" }), (o) => (ORDER_STAGES.pack as readonly string[]).includes(o.status));
    await expectIds(await all({ status: "hold" }), (o) => (ORDER_STAGES.hold as readonly string[]).includes(o.status));
    await expectIds(await all({ status: "cancellation-request" }), (o) => o.status === "cancellation-request");
    await expectIds(await all({ status: "returned" }), (o) => o.status === "returned" || o.status === "complaint");
    await expectIds(await all({ channel_id: channelId }), (o) => o.channel_id === channelId);
    const storeId = (await current()).find((o) => o.store_id)!.store_id!;
    await expectIds(await all({ store_id: storeId }), (o) => o.store_id === storeId);
    await expectIds(await all({ courier: "JNT" }), (o) => o.courier_code === "jnt");

    const pre = await newOrder({ orderType: 2 });
    expect(await all({ order_type: 2 })).toContain(pre.orderId);
    await expectIds(await all({ order_type: 2, status: "waiting-approval" }), (o) => o.order_type === 2 && o.status === "waiting-approval");

    // 23:30 WIB belongs to its day; 00:30 WIB to the next. Both days of a range are included.
    const day = Date.UTC(2025, 4, 10) - 7 * 3600_000; // 10 May 2025 00:00 WIB
    const late = await newOrder({ placedAt: new Date(day + 23.5 * 3600_000) });
    const next = await newOrder({ placedAt: new Date(day + 24.5 * 3600_000) });
    const noon = Math.floor((day + 12 * 3600_000) / 1000);
    expect(await all({ date_from: noon, date_to: noon })).toEqual([late.orderId]);
    expect(await all({ date_from: noon + 86400, date_to: noon + 86400 })).toEqual([next.orderId]);
    expect(await all({ date_from: noon, date_to: noon + 86400, sort: 1 })).toEqual([late.orderId, next.orderId]);

    const bad = await list({ status: "lost" });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual({ status: ["Unknown order status"] });
    expect((await list({ date_from: noon + 86400, date_to: noon })).body.data).toEqual({ date_to: ["The end date is before the start date"] });
    expect((await list({ limit: 7 })).status).toBe(422);
    // Names every object has are not statuses.
    for (const status of ["constructor", "toString", "__proto__"]) expect((await list({ status })).status).toBe(422);
    expect((await list({ cursor: "not-a-cursor" })).body.data).toEqual({ cursor: ["This page link is no longer valid: open the list again"] });
  });

  it("searches by order code prefix, customer name, SKU and tracking number", async () => {
    const sku = skus[3];
    const a = await newOrder({ customer: { name: "Zulkarnain Wibisono" }, items: [{ sku, quantity: 1 }] });
    const b = await newOrder({ customer: { name: "Rina Zulkarnain" }, steps: [...TO_READY, "book-delivery"] });
    const search = async (text: string) => (await walk({ search: text, limit: 150 })).flatMap((p) => p.ids);

    expect(await search(a.orderCode)).toEqual([a.orderId]);
    expect(await search(a.orderCode.toLowerCase().slice(0, -1))).toContain(a.orderId);
    expect((await search("zulKARNAIN")).sort()).toEqual([a.orderId, b.orderId].sort());
    expect(await search("karnain wib")).toEqual([a.orderId]);

    const bySku = await search(sku.slice(0, -1).toLowerCase());
    expect(bySku).toContain(a.orderId);
    const withSku = await rows<{ order_id: number }>(sql`
      SELECT DISTINCT i.order_id FROM order_items i WHERE i.business_id = ${tokoDemo} AND lower(i.sku) LIKE ${`${sku.slice(0, -1).toLowerCase()}%`}`);
    expect(bySku.sort()).toEqual(withSku.map((r) => r.order_id).sort());

    const [{ tracking_number }] = await rows<{ tracking_number: string }>(sql`SELECT tracking_number FROM orders WHERE id = ${b.orderId}`);
    expect(await search(tracking_number)).toEqual([b.orderId]);
    // Many matches are read by walking the list's index (dense), few through the search's indexes
    // (sparse): both find the same orders in the same order.
    for (const text of ["zulkarnain", sku.slice(0, 3), a.orderCode, tracking_number]) {
      const q = { search: text, limit: 150 as const, page: 1, sort: 2 };
      const [dense, sparse] = await Promise.all([findOrders(tokoDemo, { ...q, searchMode: "dense" }), findOrders(tokoDemo, { ...q, searchMode: "sparse" })]);
      expect(dense.rows.map((r) => r.id)).toEqual(sparse.rows.map((r) => r.id));
      expect(dense.rows.length).toBeGreaterThan(0);
    }
    // LIKE wildcards are text; another business's orders are never found.
    expect((await list({ search: "%" })).status).toBe(404);
    const [{ order_code }] = await rows<{ order_code: string }>(sql`SELECT order_code FROM orders WHERE id = ${sekarOrderId}`);
    expect((await list({ search: order_code })).status).toBe(404);
    expect((await list({ search: order_code }, seller2)).body.data!.map((o) => o.order_id)).toEqual([sekarOrderId]);
  });
});

describe("counts and groups", () => {
  it("counts every tab, stage and status from the counter table, matching the rows", async () => {
    const res = await call("GET", "/v2.0.0/orders/count", { token: seller });
    expect(res.status).toBe(200);
    const counts = res.body.data as Row;
    const actual = new Map((await rows<{ status: string; n: number }>(sql`
      SELECT status, count(*)::int AS n FROM orders WHERE business_id = ${tokoDemo} GROUP BY status`)).map((r) => [r.status, r.n]));
    for (const [status, n] of Object.entries(counts.statuses)) expect(n).toBe(actual.get(status) ?? 0);
    expect(counts.tabs.all).toBe([...actual.values()].reduce((s, n) => s + n, 0));
    expect(counts.capped).toEqual({ tabs: [], stages: [], statuses: [] });
    const { all, ...tabs } = counts.tabs;
    expect(Object.values(tabs).reduce((s: number, n) => s + (n as number), 0)).toBe(all);
    for (const [key, n] of [...Object.entries(tabs), ...Object.entries(counts.stages)]) {
      const pages = await walk({ status: key, limit: 150 });
      expect(pages.flatMap((p) => p.ids).length).toBe(n);
      expect((await list({ status: key })).body.pagination?.total_record ?? 0).toBe(n);
    }

    // A new order and its accept move the counts at once.
    const { orderId } = await newOrder();
    const after = (await call("GET", "/v0.0.0/orders/count", { token: seller })).body.data as Row;
    expect(after.tabs["waiting-approval"]).toBe(counts.tabs["waiting-approval"] + 1);
    await applyOrderAction(tokoDemo, orderId, { action: "accept", actor: "seller", userId: sellerId });
    const accepted = (await call("GET", "/v0.0.0/orders/count", { token: seller })).body.data as Row;
    expect(accepted.tabs["waiting-approval"]).toBe(counts.tabs["waiting-approval"]);
    expect(accepted.stages.prepare).toBe(counts.stages.prepare + 1);
    expect(accepted.tabs.all).toBe(counts.tabs.all + 1);
  });

  it("counts under filters and a search the same as the list", async () => {
    const filters: Record<string, string | number>[] = [{ search: "siti" }, { channel_id: channelId }, { courier: "jne" }];
    for (const query of filters) {
      const counts = (await call("GET", "/v0.0.0/orders/count", { token: seller, query })).body.data as Row;
      for (const [tab, n] of Object.entries(counts.tabs)) {
        const ids = (await walk({ ...query, status: tab, limit: 150 })).flatMap((p) => p.ids);
        expect({ ...query, tab, n: ids.length }).toEqual({ ...query, tab, n });
      }
      for (const [stage, n] of Object.entries(counts.stages)) {
        expect((await walk({ ...query, status: stage, limit: 150 })).flatMap((p) => p.ids).length).toBe(n);
      }
      // The groups call under the same filters also splits each stage by status.
      const groups = (await call<Row[]>("GET", "/v0.0.0/orders/groups", { token: seller, query })).body.data!;
      for (const stage of groups.find((g) => g.key === "process")!.stages) {
        expect(stage.statuses.reduce((n: number, s: Row) => n + s.count, 0)).toBe(stage.count);
        // (A `status` filter of "hold" is the hold stage: the status is checked through the sum above.)
        for (const st of stage.statuses.filter((x: Row) => !(x.key in ORDER_STAGES))) {
          expect((await walk({ ...query, status: st.key, limit: 150 })).flatMap((p) => p.ids).length).toBe(st.count);
        }
      }
    }
  });

  it("gives the tabs as a tree: tab → stage → status with counts", async () => {
    const counts = (await call("GET", "/v0.0.0/orders/count", { token: seller })).body.data as Row;
    const res = await call<Row[]>("GET", "/v2.0.0/orders/groups", { token: seller, locale: "id" });
    expect(res.status).toBe(200);
    const groups = res.body.data!;
    expect(groups.map((g) => g.key)).toEqual(["all", ...Object.keys(ORDER_TABS)]);
    for (const g of groups) expect(g.count).toBe(counts.tabs[g.key]);
    const process = groups.find((g) => g.key === "process")!;
    expect(process.stages.map((s: Row) => s.key)).toEqual(Object.keys(ORDER_STAGES));
    expect(process.stages.reduce((n: number, s: Row) => n + s.count, 0)).toBe(process.count);
    const hold = process.stages.find((s: Row) => s.key === "hold");
    expect(hold.statuses.map((s: Row) => s.key)).toEqual(["hold", "prepare-hold", "packing-hold"]);
    expect(hold.statuses.reduce((n: number, s: Row) => n + s.count, 0)).toBe(hold.count);
    expect(groups.find((g) => g.key === "waiting-payment")!.name).toBe("Menunggu Pembayaran");
  });
});

describe("one order", () => {
  it("shows items, customer, address, courier, payment, history and the allowed actions", async () => {
    const { orderId, orderCode } = await newOrder({
      items: [{ sku: skus[0], quantity: 2, price: 150_000 }], shippingCost: 12_000, paymentMethod: 3, note: "Bungkus kado",
      steps: ["accept", "prepare"],
    });
    for (const path of ["/v0.0.2/orders", "/v2.2.0/orders"]) {
      const res = await call<Row>("GET", `${path}/${orderId}`, { token: seller });
      expect(res.status).toBe(200);
      const o = res.body.data!;
      expect(o).toMatchObject({
        order_id: orderId, order_code: orderCode, status: "preparing", stage: "prepare", stock_state: "reserved",
        customer: { name: "Budi Santoso", phone: "+6281200000000" },
        shipping_address: { address: "Jl. Merdeka No. 1", city: "Bandung", postcode: "40111" },
        courier: { code: "jne", name: "JNE", service: "REG" },
        payment: { method: 3, method_name: "Virtual Account", subtotal: 300_000, shipping_cost: 12_000, total_amount: 312_000 },
        notes: { customer_note: "Bungkus kado" },
        feedback: null,
      });
      expect(o.items).toHaveLength(1);
      expect(o.items[0]).toMatchObject({ sku: skus[0], quantity: 2, price: 150_000, total: 300_000, is_cancelled: false });
      expect(o.items[0].location.name).toBeTruthy();
      expect(o.history.map((h: Row) => [h.action, h.to_status])).toEqual([["create", "waiting-approval"], ["accept", "wait-to-prepare"], ["prepare", "preparing"]]);
      expect(o.history[1].user_name).toBeTruthy();
      expect(o.allowed_actions).toEqual(["pack", "hold", "cancel", "cancel-products", "undo-cancel-products"]);
      expect(o.action_needs.hold).toEqual({ reasons: null, note: "required" });
      expect(o.action_needs.cancel).toEqual({ reasons: [2, 3, 5, 6], note: "optional" });
    }
    expect((await call("GET", "/v2.2.0/orders/99999999", { token: seller })).body).toMatchObject({ code: 404, message: "Order not found" });
  });

  it("shows the courier's tracking timeline, newest first", async () => {
    const { orderId } = await newOrder({ steps: [...TO_READY, "book-delivery", "send", "pickup"] });
    await db.insert(orderTracking).values([
      { orderId, description: "Paket diterima di gudang JNE", location: "Bandung", timeCreated: new Date(Date.now() - 3600_000) },
      { orderId, description: "Paket dalam perjalanan", location: "Cikampek", timeCreated: new Date() },
    ]);
    const res = await call<Row>("GET", `/v0.0.0/orders/${orderId}/tracking`, { token: seller });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ order_id: orderId, status: "sending", courier: { code: "jne", name: "JNE" } });
    expect(res.body.data!.tracking_number).toMatch(/^[A-Z0-9-]{6,40}$/);
    expect(res.body.data!.timeline.map((e: Row) => e.description)).toEqual(["Paket dalam perjalanan", "Paket diterima di gudang JNE"]);
  });
});

describe("picklist", () => {
  it("groups the lines of the chosen orders by location and SKU", async () => {
    const a = await newOrder({ items: [{ sku: skus[0], quantity: 2 }, { sku: skus[1], quantity: 1 }], steps: ["accept"] });
    const b = await newOrder({ items: [{ sku: skus[0], quantity: 1 }], steps: ["accept"] });
    for (const path of ["/v0.0.0/orders/picklist", "/v0.0.1/orders/picklist"]) {
      const res = await call<Row>("GET", path, { token: seller, query: { order_ids: `${a.orderId},${b.orderId}` } });
      expect(res.status).toBe(200);
      const p = res.body.data!;
      expect(p.orders.map((o: Row) => o.order_id)).toEqual([a.orderId, b.orderId]);
      expect(p.total_quantity).toBe(4);
      const lines = p.locations.flatMap((g: Row) => g.lines);
      const first = lines.find((l: Row) => l.sku === skus[0]);
      expect(first.quantity).toBe(3);
      expect(first.orders).toEqual([
        { order_id: a.orderId, order_code: a.orderCode, quantity: 2 },
        { order_id: b.orderId, order_code: b.orderCode, quantity: 1 },
      ]);
      expect(lines.find((l: Row) => l.sku === skus[1]).quantity).toBe(1);
      expect(p.locations.every((g: Row) => g.location?.name)).toBe(true);
    }
    // Repeated ids in the query work too; the default is the prepare stage.
    const repeated = await api.request(`/api/v0.0.0/orders/picklist?order_ids=${a.orderId}&order_ids=${b.orderId}`, { headers: { Authorization: `Bearer ${seller}` } });
    expect((await repeated.json()).data.total_quantity).toBe(4);
    const prepare = await call<Row>("GET", "/v0.0.0/orders/picklist", { token: seller });
    const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders WHERE business_id = ${tokoDemo} AND stage = 'prepare'`);
    expect(prepare.body.data!.orders).toHaveLength(n);
    expect((await call("GET", "/v0.0.0/orders/picklist", { token: seller, query: { order_ids: "x" } })).status).toBe(422);
  });
});

describe("shipping parameters", () => {
  it("offers pickup or drop-off for a ready courier order and saves the choice", async () => {
    const { orderId } = await newOrder({ steps: TO_READY });
    const res = await call<Row>("GET", "/v2.0.0/orders/shipping-parameter", { token: seller, query: { order_id: orderId } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ order_id: orderId, can_set: true, methods: ["pickup", "dropoff"], courier: { code: "jne" }, saved: null });
    expect(res.body.data!.pickup_address.name).toBeTruthy();
    const [slot] = res.body.data!.pickup_times;
    expect(slot.start * 1000).toBeGreaterThan(Date.now());

    const bad = await call("POST", "/v2.0.0/orders/shipping-parameter", { token: seller, json: { order_id: orderId, method: "pickup", pickup_time: slot.start + 60 } });
    expect(bad.status).toBe(422);
    const saved = await call<Row>("POST", "/v2.0.0/orders/shipping-parameter", {
      token: seller, json: { order_id: orderId, method: "pickup", pickup_time: slot.start, weight_gr: 1200 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ method: "pickup", pickup_time: slot.start, pickup_time_end: slot.end, weight_gr: 1200 });
    const detail = await call<Row>("GET", `/v2.2.0/orders/${orderId}`, { token: seller });
    expect(detail.body.data!.courier.shipping_parameter).toMatchObject({ method: "pickup", weight_gr: 1200 });
    expect(pickupWindows(new Date()).length).toBeGreaterThan(0);

    const early = await newOrder();
    const refused = await call("POST", "/v2.0.0/orders/shipping-parameter", { token: seller, json: { order_id: early.orderId, method: "dropoff" } });
    expect(refused.status).toBe(422);
  });
});

describe("feedback", () => {
  it("is given once, after the customer received the order", async () => {
    const waiting = await newOrder();
    const early = await call("POST", `/v0.0.0/orders/${waiting.orderId}/feedback`, { token: seller, json: { message: "Terima kasih" } });
    expect(early.status).toBe(422);
    expect(early.body.message).toContain("once the customer has received");

    const { orderId } = await newOrder({ steps: TO_RECEIVED });
    expect((await call("POST", `/v0.0.0/orders/${orderId}/feedback`, { token: seller, json: { message: "Ok", rating: 6 } })).status).toBe(422);
    expect((await call("POST", `/v0.0.0/orders/${orderId}/feedback`, { token: seller, json: { message: " " } })).status).toBe(422);
    const given = await call<Row>("POST", `/v0.0.0/orders/${orderId}/feedback`, { token: seller, json: { message: "Terima kasih sudah belanja!", rating: 5 } });
    expect(given.status).toBe(200);
    expect(given.body.message).toMatch(/^Feedback sent for order INV\/\d{8}\/\d+$/);
    const again = await call("POST", `/v0.0.0/orders/${orderId}/feedback`, { token: seller, json: { message: "Lagi" } });
    expect(again.status).toBe(422);
    const detail = await call<Row>("GET", `/v0.0.2/orders/${orderId}`, { token: seller });
    expect(detail.body.data!.feedback).toEqual({ message: "Terima kasih sudah belanja!", rating: 5 });
  });
});

describe("printed marks", () => {
  it("marks orders printed once per document, seen in the list and the order", async () => {
    const a = await newOrder({ steps: ["accept"] });
    const b = await newOrder({ steps: ["accept"] });
    const res = await call<Row[]>("PUT", "/v0.0.0/orders/printed", { token: seller, json: { order_ids: [a.orderId, b.orderId], kind: "invoice" } });
    expect(res.status).toBe(200);
    expect(res.body.data!.map((r) => r.order_id).sort()).toEqual([a.orderId, b.orderId].sort());
    const first = res.body.data![0].printed_at;
    expect(first).toBeGreaterThan(0);

    const shown = (await list({ status: "prepare", limit: 150 })).body.data!.filter((o: Row) => o.order_id === a.orderId || o.order_id === b.orderId);
    expect(shown.map((o: Row) => o.printed.invoice)).toEqual([first, first]);
    expect(shown.map((o: Row) => o.printed.label)).toEqual([null, null]);

    // A reprint keeps the first time; a form-encoded call (the print page without JS) works too.
    await db.update(orders).set({ invoicePrintedAt: new Date(Date.now() - 86400_000) }).where(eq(orders.id, a.orderId));
    const form = new URLSearchParams({ order_ids: `${a.orderId}`, kind: "invoice" });
    const again = await api.request("/api/v0.0.0/orders/printed", {
      method: "PUT", headers: { Authorization: `Bearer ${seller}`, "Content-Type": "application/x-www-form-urlencoded" }, body: form,
    });
    expect(again.status).toBe(200);
    const detail = await call<Row>("GET", `/v0.0.2/orders/${a.orderId}`, { token: seller });
    expect(detail.body.data!.printed.invoice).toBeLessThan(first - 80_000);
    expect((await call("PUT", "/v0.0.0/orders/printed", { token: seller, json: { order_ids: [a.orderId], kind: "poster" } })).status).toBe(422);
  });
});

describe("export", () => {
  it("writes the filtered list into an xlsx, listed in the export history and downloadable", async () => {
    const queued = await call<Row>("POST", "/v0.0.0/orders/export", { token: seller, json: { status: "finished", sort: 1 }, locale: "id" });
    expect(queued.status).toBe(202);
    const jobId = queued.body.data!.job_id;
    expect(await runNextJob()).toBe(true);

    const history = await call<Row[]>("GET", "/v0.0.0/orders/export-history", { token: seller });
    expect(history.body.data![0]).toMatchObject({ job_id: jobId, kind: "orders", status: "success", is_downloaded: false });
    expect(history.body.data![0].filename).toMatch(/^pesanan_\d{2}-\d{2}-\d{4}_\d{6}\.xlsx$/);

    const file = await api.request(`/api/v0.0.0/orders/export-history/download?job_id=${jobId}`, { headers: { Authorization: `Bearer ${seller}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("spreadsheetml");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe("Pesanan");
    expect(sheet.getRow(1).getCell(1).value).toBe("Kode pesanan");
    const finished = await rows<{ order_code: string }>(sql`
      SELECT order_code FROM orders WHERE business_id = ${tokoDemo} AND status = 'finish' ORDER BY time_created, id`);
    expect(finished.length).toBeGreaterThan(0);
    expect(sheet.rowCount).toBe(finished.length + 1);
    expect(Array.from({ length: finished.length }, (_, i) => sheet.getRow(i + 2).getCell(1).value)).toEqual(finished.map((r) => r.order_code));
    expect(sheet.getRow(2).getCell(5).value).toBe("Selesai");

    const again = await call<Row[]>("GET", "/v0.0.0/exports", { token: seller, query: { kind: "orders" } });
    expect(again.body.data![0]).toMatchObject({ job_id: jobId, is_downloaded: true });
    // Another seller sees neither the job nor the file.
    expect((await call("GET", "/v0.0.0/orders/export-history", { token: seller2 })).status).toBe(404);
    const theirs = await api.request(`/api/v0.0.0/orders/export-history/download?job_id=${jobId}`, { headers: { Authorization: `Bearer ${seller2}` } });
    expect(theirs.status).toBe(404);
  });

  it("pages a large export by cursor without losing or repeating rows", async () => {
    // More rows than one export page (500): every order of the business, oldest first.
    const [{ n }] = await db.select({ n: count() }).from(orders).where(eq(orders.businessId, tokoDemo));
    const extra = Math.max(0, 1100 - n);
    await db.execute(sql`
      INSERT INTO orders (business_id, order_code, channel_name, customer_name, status, total_amount, time_created)
      SELECT ${tokoDemo}, 'INV/BULK/' || g, 'Shopee', 'Bulk Buyer ' || g, 'finish', 10000, now() - make_interval(mins => g)
        FROM generate_series(1, ${extra}) g`);
    const queued = await call<Row>("POST", "/v0.0.0/exports/orders", { token: seller, json: { sort: 1 } });
    expect(queued.status).toBe(202);
    expect(await runNextJob()).toBe(true);
    const file = await api.request(`/api/v0.0.0/orders/export-history/download?job_id=${queued.body.data!.job_id}`, { headers: { Authorization: `Bearer ${seller}` } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const codes = workbook.worksheets[0].getColumn(1).values.slice(2);
    const expected = await rows<{ order_code: string }>(sql`SELECT order_code FROM orders WHERE business_id = ${tokoDemo} ORDER BY time_created, id`);
    expect(codes).toEqual(expected.map((r) => r.order_code));
  });
});

describe("promotions for an order's products", () => {
  it("answers 404 No data with an empty list when no promotion runs for it, after checking the order", async () => {
    const { orderId } = await newOrder();
    const res = await call("POST", "/v0.1.0/promotions/sellers", { token: seller, json: { order_id: orderId } });
    expect(res.body).toMatchObject({ code: 404, message: "No data", data: [] });
    expect((await call("POST", "/v0.1.0/promotions/sellers", { token: seller, json: {} })).status).toBe(422);
    expect((await call("POST", "/v0.1.0/promotions/sellers", { token: seller, json: { order_id: sekarOrderId } })).body.message).toBe("Order not found");
  });
});

describe("tenant isolation and privileges", () => {
  it("answers 404 for another business's order on every read path and changes nothing", async () => {
    const before = await rows<Row>(sql`SELECT * FROM orders WHERE id = ${sekarOrderId}`);
    const own = await newOrder({ steps: ["accept"] });
    const id = sekarOrderId;
    const attempts = [
      call("GET", `/v0.0.2/orders/${id}`, { token: seller }),
      call("GET", `/v2.2.0/orders/${id}`, { token: seller }),
      call("GET", `/v0.0.0/orders/${id}/tracking`, { token: seller }),
      call("GET", "/v0.0.0/orders/picklist", { token: seller, query: { order_ids: `${own.orderId},${id}` } }),
      call("GET", "/v0.0.1/orders/picklist", { token: seller, query: { order_ids: `${id}` } }),
      call("GET", "/v2.0.0/orders/shipping-parameter", { token: seller, query: { order_id: id } }),
      call("POST", "/v2.0.0/orders/shipping-parameter", { token: seller, json: { order_id: id, method: "dropoff" } }),
      call("POST", `/v0.0.0/orders/${id}/feedback`, { token: seller, json: { message: "Halo" } }),
      call("PUT", "/v0.0.0/orders/printed", { token: seller, json: { order_ids: [own.orderId, id], kind: "label" } }),
      call("POST", "/v0.1.0/promotions/sellers", { token: seller, json: { order_id: id } }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.body).toMatchObject({ code: 404, message: "Order not found" });
    expect(await rows<Row>(sql`SELECT * FROM orders WHERE id = ${sekarOrderId}`)).toEqual(before);
    // The mixed printed call marked nothing, not even the caller's own order.
    const [{ label_printed_at }] = await rows<Row>(sql`SELECT label_printed_at FROM orders WHERE id = ${own.orderId}`);
    expect(label_printed_at).toBeNull();

    // Lists and counts are the caller's own business's only.
    const theirs = (await walk({ limit: 150 })).flatMap((p) => p.ids);
    const sekarIds = (await rows<{ id: number }>(sql`SELECT id FROM orders WHERE business_id = ${sekar}`)).map((r) => r.id);
    expect(theirs.some((x) => sekarIds.includes(x))).toBe(false);
    const counts2 = (await call("GET", "/v0.0.0/orders/count", { token: seller2 })).body.data as Row;
    expect(counts2.tabs.all).toBe(sekarIds.length);
    const mine = await call("GET", `/v0.0.2/orders/${id}`, { token: seller2 });
    expect(mine.status).toBe(200);
  });

  it("needs the orders privilege", async () => {
    const staff = await login(DEMO.staff);
    expect((await call("GET", "/v0.0.2/orders", { token: staff })).status).toBe(200);
    expect((await call("GET", "/v0.0.2/orders", { token: await login(DEMO.newbie) })).status).toBe(403);
    expect((await call("GET", "/v0.0.0/orders/count")).status).toBe(401);
    expect((await call("GET", "/v0.0.0/orders/groups")).status).toBe(401);
  });
});
