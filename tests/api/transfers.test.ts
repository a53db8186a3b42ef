/**
 * Stock transfers (issue 14 item 4) through the REST API and core: the lifecycle (request → send →
 * receive full / partial → resolve short; cancel), the ledger rows it writes, bad input of every
 * shape (4xx under the field, never 5xx), tenant isolation on every call, and races: two sends of
 * one transfer at once move stock once; 20 concurrent receipts never receive more than was sent.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { actorFromToken, scopeOf } from "#core/actor.ts";
import { applyStockChanges } from "#core/stock/stock-ledger.ts";
import { inTransitByLevel, inTransitByLocation, receiveTransfer, sendTransfer } from "#core/stock/transfers.ts";
import { locationKey, parseLocationKey } from "#core/stock/locations.ts";
import { overviewQuery, stockOverview } from "#core/stock/overview.ts";
import { productStock } from "#core/stock/history.ts";
import { call, DEMO, login } from "./helpers.ts";

type Detail = {
  transfer_id: number; number: string; status: string; source: { key: string; name: string }; destination: { key: string; name: string };
  lines: { line_id: number; variant_id: number; sku: string; quantity: number; sent: number; received: number; lost: number; returned: number; in_transit: number }[];
  history: { action: string; status: string; user_name: string }[];
};

let seller: string;
let seller2: string;
let staff: string;
let businessId: number;
let userId: number;
let store: string;
let warehouse: string;
let partition: string;
let otherStore: string;
let variant: { id: number; sku: string; barcode: string | null };
let otherVariant: { id: number; sku: string };
let seq = 0;
const key = () => `trf-${process.pid}-${++seq}`;

async function post<T = Detail>(path: string, token: string, json: unknown) {
  return call<T>("POST", path, { token, json, headers: { "Idempotency-Key": key() } });
}
const put = <T = Detail>(path: string, token: string, json: unknown = {}) => call<T>("PUT", path, { token, json });
const B = "/v1.0.0/inventories/transfers";

async function level(variantId: number, loc: string) {
  const [kind, a, b] = loc.split("-");
  const rows = await db.select().from(s.stockLevels).where(and(
    eq(s.stockLevels.variantId, variantId),
    kind === "store" ? eq(s.stockLevels.storeId, Number(a)) : eq(s.stockLevels.warehouseId, Number(a)),
    kind === "store" ? sql`true` : b ? eq(s.stockLevels.partitionId, Number(b)) : sql`${s.stockLevels.partitionId} IS NULL`,
  ));
  return rows[0]?.onHand ?? 0;
}

async function setStock(variantId: number, loc: string, n: number) {
  const [kind, a, b] = loc.split("-");
  const location = kind === "store" ? { sourceType: 1 as const, storeId: Number(a) } : { sourceType: 2 as const, warehouseId: Number(a), partitionId: b ? Number(b) : null };
  await db.transaction((tx) => applyStockChanges(tx, { businessId, userId, reason: "manual" }, [{ variantId, location, set: n }]));
}

/** A fresh variant of the seller's business with `n` at the store. */
async function freshVariant(n: number, at = () => store) {
  seq += 1;
  const sku = `TRF-T-${process.pid}-${seq}`;
  const [p] = await db.insert(s.products).values({ businessId, name: `Transfer test ${seq}`, sku }).returning();
  const [v] = await db.insert(s.productVariants).values({ businessId, productId: p.id, sku: `${sku}-V`, barcode: `99${process.pid}${seq}` }).returning();
  if (n) await setStock(v.id, at(), n);
  return v;
}

async function newTransfer(lines: { sku: string; quantity: number }[], from = store, to = warehouse) {
  const r = await post(`${B}/create`, seller, { source: from, destination: to, lines });
  expect(r.status).toBe(201);
  return r.body.data!;
}

beforeAll(async () => {
  [seller, seller2, staff] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
  const actor = await actorFromToken(seller, "en");
  businessId = actor.member!.businessId;
  userId = actor.user!.id;
  const [st] = await db.select().from(s.stores).where(and(eq(s.stores.businessId, businessId), eq(s.stores.status, 1))).orderBy(s.stores.id).limit(1);
  const [w] = await db.select().from(s.warehouses).where(and(eq(s.warehouses.businessId, businessId), eq(s.warehouses.status, 1))).orderBy(s.warehouses.id).limit(1);
  const [p] = await db.select().from(s.warehousePartitions).where(eq(s.warehousePartitions.warehouseId, w.id)).limit(1);
  store = `store-${st.id}`;
  warehouse = `warehouse-${w.id}`;
  partition = p ? `warehouse-${w.id}-${p.id}` : warehouse;
  const [os] = await db.select().from(s.stores).where(sql`${s.stores.businessId} <> ${businessId}`).limit(1);
  otherStore = `store-${os.id}`;
  const v = await freshVariant(100);
  variant = { id: v.id, sku: v.sku, barcode: v.barcode };
  const [ov] = await db.select().from(s.productVariants).where(sql`${s.productVariants.businessId} <> ${businessId}`).limit(1);
  otherVariant = { id: ov.id, sku: ov.sku };
});

describe("location keys", () => {
  it("parse and format each other; anything else is null", () => {
    for (const k of ["store-3", "warehouse-2", "warehouse-2-5"]) expect(locationKey(parseLocationKey(k)!)).toBe(k);
    expect(parseLocationKey("warehouse-2-5")).toEqual({ sourceType: 2, warehouseId: 2, partitionId: 5 });
    for (const k of ["", "store", "store-0", "store-01", "store-1-2", "warehouse--1", "shop-1", "store-1 ", "warehouse-9999999999", "store-2147483648"]) expect(parseLocationKey(k)).toBeNull();
  });
});

describe("the stock overview shows what is on its way", () => {
  it("sent and not yet received is in transit at the destination's level; received, it is on hand there", async () => {
    const v = await freshVariant(20);
    await setStock(v.id, warehouse, 1); // the destination holds the variant already: it has a level
    const t = await newTransfer([{ sku: v.sku, quantity: 5 }]);
    expect((await put(`${B}/${t.transfer_id}/send`, seller)).status).toBe(200);
    const scope = scopeOf(await actorFromToken(seller, "en"));
    const row = async (loc: string) => {
      const page = await stockOverview(scope, overviewQuery.parse({ search: v.sku, location: loc }));
      return page.rows.find((r) => r.variant_id === v.id)!;
    };
    expect(await row(warehouse)).toMatchObject({ on_hand: 1, in_transit: 5 });
    expect(await row(store)).toMatchObject({ on_hand: 15, in_transit: 0 });
    const stock = await productStock(scope, (await db.select().from(s.productVariants).where(eq(s.productVariants.id, v.id)))[0].productId);
    expect(stock.totals).toMatchObject({ on_hand: 16, in_transit: 5 });

    const r = await post(`${B}/${t.transfer_id}/receive`, seller, { lines: [{ line_id: t.lines[0].line_id, received: 5 }] });
    expect(r.status).toBe(200);
    expect(await row(warehouse)).toMatchObject({ on_hand: 6, in_transit: 0 });
  });
});

describe("lifecycle", () => {
  it("store → warehouse: 5 sent, 4 received, the short one lost; the ledger has transfer_out and transfer_in with TRF-<id>", async () => {
    const v = await freshVariant(20);
    const t = await newTransfer([{ sku: v.sku.toLowerCase(), quantity: 5 }]);
    expect(t).toMatchObject({ status: "draft", number: `TRF-${t.transfer_id}`, source: { key: store }, destination: { key: warehouse } });
    expect(t.lines[0]).toMatchObject({ variant_id: v.id, quantity: 5, sent: 0 });

    const sent = await put(`${B}/${t.transfer_id}/send`, seller);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ status: "in_transit", lines: [{ sent: 5, in_transit: 5 }] });
    expect(await level(v.id, store)).toBe(15);
    expect(await level(v.id, warehouse)).toBe(0);
    const transit = await inTransitByLevel(db, businessId, { variantIds: [v.id] });
    expect(transit).toEqual([expect.objectContaining({ variantId: v.id, key: warehouse, quantity: 5 })]);
    expect((await inTransitByLocation(db, businessId)).find((r) => r.key === warehouse)!.quantity).toBeGreaterThanOrEqual(5);

    const line = sent.body.data!.lines[0].line_id;
    const got = await post(`${B}/${t.transfer_id}/receive`, seller, { lines: [{ line_id: line, received: 4 }] });
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ status: "discrepancy", lines: [{ received: 4, in_transit: 1 }] });
    expect(await level(v.id, warehouse)).toBe(4);

    const lostNoNote = await put(`${B}/${t.transfer_id}/resolve`, seller, { resolution: "lost" });
    expect(lostNoNote.status).toBe(422);
    expect(lostNoNote.body.data).toHaveProperty("note");
    const resolved = await put(`${B}/${t.transfer_id}/resolve`, seller, { resolution: "lost", note: "Box torn on the way" });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({ status: "received", lines: [{ received: 4, lost: 1, in_transit: 0 }] });
    expect(resolved.body.data!.history.map((h) => h.action)).toEqual(["create", "send", "receive", "resolve_lost"]);
    expect(await inTransitByLevel(db, businessId, { variantIds: [v.id] })).toEqual([]);

    const moves = await db.select().from(s.stockMovements).where(eq(s.stockMovements.reference, `TRF-${t.transfer_id}`)).orderBy(s.stockMovements.id);
    expect(moves.map((m) => [m.reason, m.onHandAfter - m.onHandBefore])).toEqual([["transfer_out", -5], ["transfer_in", 4]]);
  });

  it("a short quantity returned to the source goes back in with transfer_in at the source", async () => {
    const v = await freshVariant(10);
    const t = await newTransfer([{ sku: v.sku, quantity: 6 }], store, partition);
    await put(`${B}/${t.transfer_id}/send`, seller);
    await post(`${B}/${t.transfer_id}/receive`, seller, { lines: [{ line_id: t.lines[0].line_id, received: 2 }] });
    const r = await put(`${B}/${t.transfer_id}/resolve`, seller, { resolution: "returned" });
    expect(r.status).toBe(200);
    expect(r.body.data!.lines[0]).toMatchObject({ received: 2, returned: 4, in_transit: 0 });
    expect(await level(v.id, store)).toBe(8);
    expect(await level(v.id, partition)).toBe(2);
  });

  it("short lines resolved one by one: one lost, one returned; every short line needs an answer", async () => {
    const a = await freshVariant(10);
    const b = await freshVariant(10);
    const t = await newTransfer([{ sku: a.sku, quantity: 3 }, { sku: b.sku, quantity: 4 }]);
    await put(`${B}/${t.transfer_id}/send`, seller);
    const [la, lb] = t.lines.map((l) => l.line_id);
    await post(`${B}/${t.transfer_id}/receive`, seller, { lines: [{ line_id: la, received: 1 }, { line_id: lb, received: 1 }] });
    let r = await put(`${B}/${t.transfer_id}/resolve`, seller, { lines: [{ line_id: la, resolution: "returned" }] });
    expect([r.status, r.body.data]).toEqual([422, { resolution: ["Choose whether the short quantity was lost or returned to the source"] }]);
    r = await put(`${B}/${t.transfer_id}/resolve`, seller, { lines: [{ line_id: la, resolution: "returned" }, { line_id: lb, resolution: "found" }] });
    expect([r.status, Object.keys(r.body.data!)]).toEqual([422, ["lines.1.resolution"]]);
    r = await put(`${B}/${t.transfer_id}/resolve`, seller, { lines: [{ line_id: la, resolution: "returned" }, { line_id: lb, resolution: "lost" }], note: "Fell off the truck" });
    expect(r.status).toBe(200);
    expect(r.body.data!.lines.map((l) => [l.received, l.returned, l.lost, l.in_transit])).toEqual([[1, 2, 0, 0], [1, 0, 3, 0]]);
    expect(r.body.data!.history.at(-1)!.action).toBe("resolve_mixed");
    expect([await level(a.id, store), await level(b.id, store)]).toEqual([9, 6]);
  });

  it("a partial receipt with more to come stays in transit; the second receipt completes it", async () => {
    const v = await freshVariant(10);
    const t = await newTransfer([{ sku: v.barcode!, quantity: 10 }]);
    await put(`${B}/${t.transfer_id}/send`, seller);
    const line = t.lines[0].line_id;
    const a = await post(`${B}/${t.transfer_id}/receive`, seller, { lines: [{ line_id: line, received: 3 }], more_to_come: true });
    expect(a.body.data).toMatchObject({ status: "in_transit", lines: [{ received: 3, in_transit: 7 }] });
    const over = await post(`${B}/${t.transfer_id}/receive`, seller, { lines: [{ line_id: line, received: 8 }] });
    expect(over.status).toBe(422);
    expect(over.body.data).toEqual({ "lines.0.received": ["More than is on the way: at most 7 can still be received"] });
    const b = await post(`${B}/${t.transfer_id}/receive`, seller, { lines: [{ line_id: line, received: 7 }] });
    expect(b.body.data).toMatchObject({ status: "received", lines: [{ received: 10, in_transit: 0 }] });
    expect(await level(v.id, warehouse)).toBe(10);
  });

  it("cancel before sending moves nothing; after sending it is refused", async () => {
    const v = await freshVariant(5);
    const t = await newTransfer([{ sku: v.sku, quantity: 5 }]);
    const c = await put(`${B}/${t.transfer_id}/cancel`, seller, { note: "wrong store" });
    expect(c.body.data).toMatchObject({ status: "cancelled" });
    expect(await level(v.id, store)).toBe(5);
    expect((await put(`${B}/${t.transfer_id}/send`, seller)).status).toBe(409);
    const t2 = await newTransfer([{ sku: v.sku, quantity: 5 }]);
    await put(`${B}/${t2.transfer_id}/send`, seller);
    expect((await put(`${B}/${t2.transfer_id}/cancel`, seller)).status).toBe(409);
  });

  it("drafts: add (same variant adds up), update, remove lines; sending more than the source has is refused and moves nothing", async () => {
    const v = await freshVariant(3);
    const t = await newTransfer([]);
    let r = await post(`${B}/${t.transfer_id}/products`, seller, { lines: [{ variant_id: v.id, quantity: 2 }] });
    r = await post(`${B}/${t.transfer_id}/products`, seller, { lines: [{ sku: v.sku, quantity: 2 }] });
    expect(r.body.data!.lines).toHaveLength(1);
    expect(r.body.data!.lines[0].quantity).toBe(4);
    const send = await put(`${B}/${t.transfer_id}/send`, seller);
    expect(send.status).toBe(422);
    expect(send.body.message).toMatch(/Not enough stock/);
    expect(await level(v.id, store)).toBe(3);
    r = await put(`${B}/${t.transfer_id}/products`, seller, { lines: [{ line_id: r.body.data!.lines[0].line_id, quantity: 3 }] });
    expect(r.body.data!.lines[0].quantity).toBe(3);
    const removed = await put(`${B}/${t.transfer_id}/products/remove`, seller, { line_ids: [r.body.data!.lines[0].line_id] });
    expect(removed.body.data!.lines).toEqual([]);
    expect((await put(`${B}/${t.transfer_id}/send`, seller)).status).toBe(422);
  });

  it("lists by status tab, number or SKU search and location (with counts per status)", async () => {
    const v = await freshVariant(5);
    const t = await newTransfer([{ sku: v.sku, quantity: 1 }]);
    const bySku = await call("GET", B, { token: seller, query: { search: v.sku } });
    expect(bySku.body.data!.map((r: { transfer_id: number }) => r.transfer_id)).toEqual([t.transfer_id]);
    const byNumber = await call("GET", B, { token: seller, query: { search: `TRF-${t.transfer_id}` } });
    expect(byNumber.body.data![0].transfer_id).toBe(t.transfer_id);
    const drafts = await call("GET", B, { token: seller, query: { status: "draft", location: store, direction: "out" } });
    expect(drafts.body.data!.every((r: { status: string }) => r.status === "draft")).toBe(true);
    expect(drafts.body.pagination!.summary_data).toMatchObject({ draft: expect.any(Number), in_transit: expect.any(Number) });
    expect((await call("GET", B, { token: seller, query: { status: "nope" } })).status).toBe(422);
  });
});

describe("bad input: 4xx under the field, never 5xx", () => {
  it("same location: the spec's message under destination (also in Indonesian)", async () => {
    const r = await post(`${B}/create`, seller, { source: store, destination: store, lines: [] });
    expect(r.status).toBe(422);
    expect(r.body.data).toEqual({ destination: ["Transfer to same store is not allowed"] });
    const id = await call("POST", `${B}/create`, { token: seller, locale: "id", json: { source: warehouse, destination: warehouse }, headers: { "Idempotency-Key": key() } });
    expect(id.body.data).toEqual({ destination: ["Transfer ke toko yang sama tidak diizinkan"] });
  });

  it.each([
    ["zero", 0], ["negative", -3], ["huge", 10_000_000], ["fraction", 1.5], ["text", "abc"], ["empty", ""], ["overflow", 1e300],
  ])("quantity %s → 422 under lines.0.quantity", async (_, quantity) => {
    const r = await post(`${B}/create`, seller, { source: store, destination: warehouse, lines: [{ sku: variant.sku, quantity }] });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.data!)).toEqual(["lines.0.quantity"]);
  });

  it("a variant or a location of another business, bad keys, unknown ids", async () => {
    let r = await post(`${B}/create`, seller, { source: store, destination: warehouse, lines: [{ variant_id: otherVariant.id, quantity: 1 }] });
    expect(r.status).toBe(422);
    expect(r.body.data).toHaveProperty(["lines.0.variant_id"]);
    r = await post(`${B}/create`, seller, { source: store, destination: warehouse, lines: [{ sku: otherVariant.sku, quantity: 1 }] });
    expect(r.body.data).toHaveProperty(["lines.0.sku"]);
    r = await post(`${B}/create`, seller, { source: otherStore, destination: warehouse });
    expect([r.status, r.body.data]).toEqual([422, { source: ["This store or warehouse is not one of yours"] }]);
    for (const bad of ["", "store-", "store-0", "store-1-2", "shop-1", "warehouse-99999999999", { a: 1 }, null, ["store-1"]]) {
      r = await post(`${B}/create`, seller, { source: bad, destination: warehouse });
      expect(r.status).toBe(422);
      expect(r.body.data).toHaveProperty("source");
    }
    expect((await call("GET", `${B}/99999999999`, { token: seller })).status).toBe(404);
    expect((await put(`${B}/2147483647/send`, seller)).status).toBe(404);
    expect((await post(`${B}/1/receive`, seller, { lines: [{ line_id: "x", received: -1 }] })).status).toBe(422);
    expect((await put(`${B}/1/resolve`, seller, { resolution: "eaten" })).status).toBe(422);
  });

  it("bodies of any other shape: 4xx, nothing written", async () => {
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(s.stockTransfers);
    const line = { sku: variant.sku, quantity: 1 };
    for (const body of [
      [], "text", 42, null, { source: store, destination: warehouse, lines: "x" }, { source: store, destination: warehouse, lines: [null] },
      { source: store, destination: warehouse, lines: [{ quantity: 1 }] }, { source: store, destination: warehouse, lines: [{ sku: { $ne: 1 }, quantity: 1 }] },
      { source: store, destination: warehouse, lines: [{ sku: variant.sku, quantity: { a: 1 } }] },
      { source: store, destination: warehouse, lines: Array.from({ length: 501 }, () => line) },
      { source: store, destination: warehouse, note: "x".repeat(501) },
    ]) {
      const r = await post(`${B}/create`, seller, body);
      expect([JSON.stringify(body).slice(0, 60), r.status >= 400 && r.status < 500]).toEqual([JSON.stringify(body).slice(0, 60), true]);
    }
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(s.stockTransfers);
    expect(after[0].n).toBe(before[0].n);
  });

  it("receiving more than sent, or a line of another transfer", async () => {
    const a = await newTransfer([{ sku: variant.sku, quantity: 2 }]);
    const b = await newTransfer([{ sku: variant.sku, quantity: 2 }]);
    await put(`${B}/${a.transfer_id}/send`, seller);
    let r = await post(`${B}/${a.transfer_id}/receive`, seller, { lines: [{ line_id: a.lines[0].line_id, received: 3 }] });
    expect([r.status, Object.keys(r.body.data!)]).toEqual([422, ["lines.0.received"]]);
    r = await post(`${B}/${a.transfer_id}/receive`, seller, { lines: [{ line_id: b.lines[0].line_id, received: 1 }] });
    expect([r.status, Object.keys(r.body.data!)]).toEqual([422, ["lines.0.line_id"]]);
    r = await post(`${B}/${a.transfer_id}/receive`, seller, { lines: [{ line_id: a.lines[0].line_id, received: 1 }, { line_id: a.lines[0].line_id, received: 2 }] });
    expect([r.status, Object.keys(r.body.data!)]).toEqual([422, ["lines.1.received"]]);
    expect(await post(`${B}/${b.transfer_id}/receive`, seller, { lines: [] }).then((x) => x.status)).toBe(409);
  });
});

describe("tenant isolation and privilege", () => {
  it("another business sees and changes nothing of the seller's transfers (404 on every call)", async () => {
    const t = await newTransfer([{ sku: variant.sku, quantity: 1 }]);
    const id = t.transfer_id;
    const line = t.lines[0].line_id;
    const calls: [string, string, unknown][] = [
      ["GET", `${B}/${id}`, undefined],
      ["POST", `${B}/${id}/products`, { lines: [{ sku: variant.sku, quantity: 1 }] }],
      ["PUT", `${B}/${id}/products`, { lines: [{ line_id: line, quantity: 2 }] }],
      ["PUT", `${B}/${id}/products/remove`, { line_ids: [line] }],
      ["PUT", `${B}/${id}/send`, {}],
      ["POST", `${B}/${id}/receive`, { lines: [] }],
      ["PUT", `${B}/${id}/resolve`, { resolution: "returned" }],
      ["PUT", `${B}/${id}/cancel`, {}],
    ];
    for (const [method, path, json] of calls) {
      const r = await call(method, path, { token: seller2, json, headers: method === "POST" ? { "Idempotency-Key": key() } : {} });
      expect([method, path, r.status]).toEqual([method, path, 404]);
    }
    const list = await call("GET", B, { token: seller2, query: { search: `TRF-${id}` } });
    expect(list.status).toBe(404);
    const mine = await call("GET", B, { token: seller2, query: { location: store } });
    expect((mine.body.data ?? []).length).toBe(0);
    const transit = await call("GET", `${B}/in-transit`, { token: seller2 });
    expect((transit.body.data ?? []).some((r: { variant_id: number }) => r.variant_id === variant.id)).toBe(false);
    const unchanged = await call<Detail>("GET", `${B}/${id}`, { token: seller });
    expect(unchanged.body.data).toMatchObject({ status: "draft", lines: [{ quantity: 1 }] });
    // And seller2 cannot move stock into the seller's store with its own transfer.
    const r = await post(`${B}/create`, seller2, { source: otherStore, destination: store });
    expect([r.status, r.body.data]).toEqual([422, { destination: ["This store or warehouse is not one of yours"] }]);
  });

  it("staff without the Mini ERP privilege get 403; without a token 401", async () => {
    expect((await call("GET", B, { token: staff })).status).toBe(403);
    expect((await post(`${B}/create`, staff, { source: store, destination: warehouse })).status).toBe(403);
    expect((await call("GET", B)).status).toBe(401);
  });

  it("an API create with the same Idempotency-Key makes one transfer", async () => {
    const k = key();
    const json = { source: store, destination: warehouse, lines: [{ sku: variant.sku, quantity: 1 }] };
    const [a, b] = await Promise.all([
      call<Detail>("POST", `${B}/create`, { token: seller, json, headers: { "Idempotency-Key": k } }),
      call<Detail>("POST", `${B}/create`, { token: seller, json, headers: { "Idempotency-Key": k } }),
    ]);
    expect(a.body.data!.transfer_id).toBe(b.body.data!.transfer_id);
  });
});

describe("races", () => {
  it("two sends of the same transfer at once: stock leaves the source once", async () => {
    for (let round = 0; round < 5; round++) {
      const v = await freshVariant(10);
      const t = await newTransfer([{ sku: v.sku, quantity: 4 }]);
      const results = await Promise.all([0, 1].map(() => put(`${B}/${t.transfer_id}/send`, seller)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await level(v.id, store)).toBe(6);
      const outs = await db.select().from(s.stockMovements).where(and(eq(s.stockMovements.reference, `TRF-${t.transfer_id}`), eq(s.stockMovements.reason, "transfer_out")));
      expect(outs).toHaveLength(1);
    }
  });

  it("20 concurrent receipts (1 each, more to come) never receive more than was sent", async () => {
    const v = await freshVariant(30);
    const t = await newTransfer([{ sku: v.sku, quantity: 12 }]);
    const actor = await actorFromToken(seller, "en");
    await sendTransfer(scopeOf(actor), t.transfer_id);
    const line = t.lines[0].line_id;
    const results = await Promise.allSettled(Array.from({ length: 20 }, () =>
      receiveTransfer(scopeOf(actor), t.transfer_id, { lines: [{ line_id: line, received: 1 }], more_to_come: true, note: "" })));
    const ok = results.filter((r) => r.status === "fulfilled").length;
    expect(ok).toBe(12);
    for (const r of results) if (r.status === "rejected") expect((r.reason as Error).constructor.name).toMatch(/Refused|Conflict/);
    const [l] = await db.select().from(s.stockTransferLines).where(eq(s.stockTransferLines.id, line));
    expect(l).toMatchObject({ sent: 12, received: 12 });
    expect(await level(v.id, warehouse)).toBe(12);
    expect(await level(v.id, store)).toBe(18);
  });

  it("20 concurrent full receipts over the API: one succeeds, the rest are refused", async () => {
    const v = await freshVariant(5);
    const t = await newTransfer([{ sku: v.sku, quantity: 5 }]);
    await put(`${B}/${t.transfer_id}/send`, seller);
    const results = await Promise.all(Array.from({ length: 20 }, () =>
      post(`${B}/${t.transfer_id}/receive`, seller, { lines: [{ line_id: t.lines[0].line_id, received: 5 }] })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(await level(v.id, warehouse)).toBe(5);
  });

  it("20 transfers of one piece each sent at once from a level of 10: 10 go, 10 are refused, never below 0", async () => {
    const v = await freshVariant(10);
    const ts = [];
    for (let i = 0; i < 20; i++) ts.push(await newTransfer([{ sku: v.sku, quantity: 1 }], store, i % 2 ? warehouse : partition));
    const results = await Promise.all(ts.map((t) => put(`${B}/${t.transfer_id}/send`, seller)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 422)).toHaveLength(10);
    expect(await level(v.id, store)).toBe(0);
    const transit = await inTransitByLevel(db, businessId, { variantIds: [v.id] });
    expect(transit.reduce((s, r) => s + r.quantity, 0)).toBe(10);
  });

  it("the database itself refuses a line received beyond what was sent", async () => {
    const t = await newTransfer([{ sku: variant.sku, quantity: 1 }]);
    await expect(db.update(s.stockTransferLines).set({ received: 1 }).where(eq(s.stockTransferLines.id, t.lines[0].line_id))).rejects.toThrow();
  });
});
