/**
 * The last stock priority (issue 14 item 6): GET/PUT/POST /v1.0.0/inventories/last-stock-priority,
 * the page's action, and orders taking their stock from it — the first location with enough for
 * the line wins (a whole warehouse: its partition with the most), none enough or no list: the
 * order's own source as before, store-pickup orders their store; the order page names where each
 * line's stock came from; concurrent accepts never oversell. Orders arrive as a channel sends them
 * (receiveOrder) and are accepted through the lifecycle (applyOrderAction).
 */
import { and, asc, eq, ne } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { applyOrderAction } from "#core/orders/actions.ts";
import type { StockLocation } from "#core/stock/stock-ledger.ts";
import { locationKey } from "#core/stock/locations.ts";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import * as page from "#app/routes/admin/omnichannel/pos-report/inventory/last-stock-priority.tsx";
import { runAction, runLoader } from "../routes/harness.ts";
import { call, DEMO, login } from "./helpers.ts";
import { addStock, newOrder, newVariant, shopOf, sourceOf, type Shop } from "./order-fixtures.ts";

type Entry = { position: number | null; location_key: string; kind: string; name: string; is_active: boolean };
type Priority = { locations: Entry[]; unused: Entry[] };
type Item = { sku: string; location: { name: string; store_id: number | null; warehouse_id: number | null; partition_id: number | null } | null; location_placed: boolean };

let seller: string;
let seller2: string;
let staff: string;
let shop: Shop;
/** The orders' own source (the fixed rule's answer), and another warehouse with two partitions. */
let source: StockLocation;
let other: { warehouseId: number; name: string; partitions: { id: number; name: string }[] };
let otherWhole: StockLocation;

const put = (locations: string[], token = seller) => call<Priority>("PUT", "/v1.0.0/inventories/last-stock-priority", { token, json: { locations } });
const accept = (orderId: number) => applyOrderAction(shop.businessId, orderId, { action: "accept", actor: "seller", userId: shop.userId });
const part = (i: number): StockLocation => ({ sourceType: 2, warehouseId: other.warehouseId, partitionId: other.partitions[i].id });

async function itemsOf(orderId: number) {
  const res = await call<{ items: Item[] }>("GET", `/v0.0.2/orders/${orderId}`, { token: seller });
  expect(res.status).toBe(200);
  return res.body.data!.items;
}

async function placedAt(orderId: number) {
  const [i] = await db.select().from(s.orderItems).where(eq(s.orderItems.orderId, orderId));
  return { storeId: i.storeId, warehouseId: i.warehouseId, partitionId: i.partitionId };
}

beforeAll(async () => {
  [seller, seller2, staff] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
  shop = await shopOf(DEMO.seller);
  const probe = await newVariant(shop);
  source = await sourceOf(await newOrder(shop, [{ sku: probe.sku, quantity: 1 }]));
  const sourceWarehouse = source.sourceType === 2 ? source.warehouseId : 0;
  const [w] = await db.select().from(s.warehouses)
    .where(and(eq(s.warehouses.businessId, shop.businessId), eq(s.warehouses.status, 1), ne(s.warehouses.id, sourceWarehouse)))
    .orderBy(asc(s.warehouses.id)).limit(1);
  const partitions = await db.select({ id: s.warehousePartitions.id, name: s.warehousePartitions.name }).from(s.warehousePartitions)
    .where(eq(s.warehousePartitions.warehouseId, w.id)).orderBy(asc(s.warehousePartitions.id));
  expect(partitions.length).toBeGreaterThanOrEqual(2);
  other = { warehouseId: w.id, name: w.name, partitions };
  otherWhole = { sourceType: 2, warehouseId: w.id, partitionId: null };
});

beforeEach(async () => {
  await put([]);
});

describe("GET / PUT /v1.0.0/inventories/last-stock-priority", () => {
  it("saves the order given, lists the rest as unused, and says so in both languages", async () => {
    const keys = [locationKey(otherWhole), locationKey(source), locationKey(part(1))];
    const saved = await put(keys);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Stock priority saved");
    expect(saved.body.data!.locations.map((l) => [l.position, l.location_key])).toEqual(keys.map((k, i) => [i + 1, k]));
    expect(saved.body.data!.locations[0]).toMatchObject({ kind: "warehouse", name: other.name, is_active: true });
    expect(saved.body.data!.locations[2]).toMatchObject({ kind: "partition", name: `${other.name} › ${other.partitions[1].name}` });
    const got = await call<Priority>("GET", "/v1.0.0/inventories/last-stock-priority", { token: seller });
    expect(got.body.data!.locations.map((l) => l.location_key)).toEqual(keys);
    expect(got.body.data!.unused.map((l) => l.location_key)).not.toContain(keys[0]);
    expect(got.body.data!.unused.length).toBeGreaterThan(0);
    const again = await call<Priority>("PUT", "/v1.0.0/inventories/last-stock-priority", { token: seller, json: { locations: keys }, locale: "id" });
    expect(again.body.message).toBe("Prioritas stok disimpan");
  });

  it("POST is the same call with an Idempotency-Key: the second answer is the first one replayed", async () => {
    const headers = { "Idempotency-Key": `prio-${Date.now()}` };
    const first = await call<Priority>("POST", "/v1.0.0/inventories/last-stock-priority", { token: seller, json: { locations: [locationKey(source)] }, headers });
    const second = await call<Priority>("POST", "/v1.0.0/inventories/last-stock-priority", { token: seller, json: { locations: [locationKey(source)] }, headers });
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const reused = await call("POST", "/v1.0.0/inventories/last-stock-priority", { token: seller, json: { locations: [] }, headers });
    expect(reused.status).toBe(422);
  });

  it("refuses bad lists with 422 under `locations`: not a key, twice the same, another business's location", async () => {
    for (const body of [{ locations: ["shelf-1"] }, { locations: [locationKey(source), locationKey(source)] }, { locations: "nope" }, { locations: [42] }, {}]) {
      const res = await call("PUT", "/v1.0.0/inventories/last-stock-priority", { token: seller, json: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const [sekarWarehouse] = await db.select({ id: s.warehouses.id }).from(s.warehouses).where(ne(s.warehouses.businessId, shop.businessId)).limit(1);
    const foreign = await put([`warehouse-${sekarWarehouse.id}`]);
    expect(foreign.status).toBe(422);
    expect((await call<Priority>("GET", "/v1.0.0/inventories/last-stock-priority", { token: seller })).body.data!.locations).toEqual([]);
  });

  it("is each business's own: another seller neither sees nor changes it; staff without Omnichannel: 403", async () => {
    await put([locationKey(otherWhole)]);
    const theirs = await call<Priority>("GET", "/v1.0.0/inventories/last-stock-priority", { token: seller2 });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data!.locations).toEqual([]);
    expect(theirs.body.data!.unused.map((l) => l.location_key)).not.toContain(locationKey(otherWhole));
    expect((await put([locationKey(otherWhole)], seller2)).status).toBe(422);
    expect((await call<Priority>("GET", "/v1.0.0/inventories/last-stock-priority", { token: seller })).body.data!.locations).toHaveLength(1);
    expect((await call("GET", "/v1.0.0/inventories/last-stock-priority", { token: staff })).status).toBe(403);
    expect((await put([], staff)).status).toBe(403);
  });
});

describe("orders take their stock from the priority", () => {
  it("the first location with enough for the line wins; in a whole warehouse the partition with the most; the order page names it", async () => {
    const v = await newVariant(shop);
    await addStock(shop, v.variantId, part(0), 4);
    await addStock(shop, v.variantId, part(1), 6);
    await addStock(shop, v.variantId, source, 10);
    await put([locationKey(otherWhole), locationKey(source)]);
    const id = await newOrder(shop, [{ sku: v.sku, quantity: 3 }]);
    const before = await itemsOf(id);
    expect(before[0].location_placed).toBe(false);
    await accept(id);
    expect(await placedAt(id)).toEqual({ storeId: null, warehouseId: other.warehouseId, partitionId: other.partitions[1].id });
    const [line] = await itemsOf(id);
    expect(line.location_placed).toBe(true);
    expect(line.location!.name).toBe(`${other.name} › ${other.partitions[1].name}`);
    const [level] = await db.select().from(s.stockLevels).where(and(eq(s.stockLevels.variantId, v.variantId), eq(s.stockLevels.partitionId, other.partitions[1].id)));
    expect(level).toMatchObject({ onHand: 6, reserved: 3 });
  });

  it("a location locked by a stock count is passed over: the next one with enough supplies the line", async () => {
    const v = await newVariant(shop);
    await addStock(shop, v.variantId, part(0), 4);
    await addStock(shop, v.variantId, part(1), 6);
    await put([locationKey(otherWhole), locationKey(source)]);
    // Partition 1 has the most, but a count has locked it (decision 0018).
    const [count] = await db.insert(s.stockOpnames).values({
      businessId: shop.businessId, warehouseId: other.warehouseId, partitionId: other.partitions[1].id, locked: true, status: "draft",
    }).returning();
    try {
      const id = await newOrder(shop, [{ sku: v.sku, quantity: 3 }]);
      await accept(id);
      expect(await placedAt(id)).toEqual({ storeId: null, warehouseId: other.warehouseId, partitionId: other.partitions[0].id });
    } finally {
      await db.update(s.stockOpnames).set({ status: "cancelled" }).where(eq(s.stockOpnames.id, count.id));
    }
  });

  it("a location without enough for the whole line is passed over for the next one", async () => {
    const v = await newVariant(shop);
    await addStock(shop, v.variantId, part(0), 2);
    await addStock(shop, v.variantId, source, 5);
    await put([locationKey(part(0)), locationKey(source)]);
    const id = await newOrder(shop, [{ sku: v.sku, quantity: 3 }]);
    await accept(id);
    const at = await placedAt(id);
    expect(source.sourceType === 1 ? at.storeId : at.warehouseId).toBe(source.sourceType === 1 ? source.storeId : source.warehouseId);
  });

  it("lines of one order count against each other and may come from different locations", async () => {
    const v = await newVariant(shop);
    await addStock(shop, v.variantId, part(0), 5);
    await addStock(shop, v.variantId, part(1), 5);
    await put([locationKey(part(0)), locationKey(part(1))]);
    const id = await newOrder(shop, [{ sku: v.sku, quantity: 3 }, { sku: v.sku, quantity: 3 }]);
    await accept(id);
    const items = await db.select().from(s.orderItems).where(eq(s.orderItems.orderId, id)).orderBy(asc(s.orderItems.id));
    expect(items.map((i) => i.partitionId)).toEqual([other.partitions[0].id, other.partitions[1].id]);
  });

  it("none in the list has enough: the order's own source, as before the priority", async () => {
    const v = await newVariant(shop);
    await addStock(shop, v.variantId, part(0), 1);
    await addStock(shop, v.variantId, source, 5);
    await put([locationKey(part(0))]);
    const id = await newOrder(shop, [{ sku: v.sku, quantity: 3 }]);
    await accept(id);
    const at = await placedAt(id);
    expect(at.partitionId === other.partitions[0].id).toBe(false);
    expect(source.sourceType === 1 ? at.storeId : at.warehouseId).toBe(source.sourceType === 1 ? source.storeId : source.warehouseId);
    expect((await itemsOf(id))[0].location_placed).toBe(true);
  });

  it("no priority: the fixed rule, unchanged", async () => {
    const v = await newVariant(shop);
    await addStock(shop, v.variantId, part(0), 9);
    await addStock(shop, v.variantId, source, 5);
    const id = await newOrder(shop, [{ sku: v.sku, quantity: 2 }]);
    await accept(id);
    const at = await placedAt(id);
    expect(source.sourceType === 1 ? at.storeId : at.warehouseId).toBe(source.sourceType === 1 ? source.storeId : source.warehouseId);
  });

  it("a store-pickup order takes from its pickup store whatever the priority", async () => {
    const [pickup] = await db.select().from(s.stores).where(and(eq(s.stores.businessId, shop.businessId), eq(s.stores.status, 1))).orderBy(asc(s.stores.id)).limit(1);
    const v = await newVariant(shop);
    await addStock(shop, v.variantId, part(0), 9);
    await addStock(shop, v.variantId, { sourceType: 1, storeId: pickup.id }, 4);
    await put([locationKey(part(0))]);
    const id = await newOrder(shop, [{ sku: v.sku, quantity: 2 }], { deliveryMethod: "pickup", pickupStoreId: pickup.id });
    await accept(id);
    expect(await placedAt(id)).toEqual({ storeId: pickup.id, warehouseId: null, partitionId: null });
  });

  it("concurrent accepts never oversell: each takes the next location with enough, the rest are refused", async () => {
    const v = await newVariant(shop);
    await addStock(shop, v.variantId, part(0), 6);
    await addStock(shop, v.variantId, source, 6);
    await put([locationKey(part(0)), locationKey(source)]);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await newOrder(shop, [{ sku: v.sku, quantity: 3 }]));
    const results = await Promise.allSettled(ids.map((id) => accept(id)));
    const ok = results.filter((r) => r.status === "fulfilled").length;
    expect(ok).toBe(4);
    for (const r of results) if (r.status === "rejected") expect((r.reason as Error).constructor.name).toBe("Refused");
    const levels = await db.select().from(s.stockLevels).where(eq(s.stockLevels.variantId, v.variantId));
    for (const l of levels) expect(l.reserved).toBeLessThanOrEqual(l.onHand);
    expect(levels.reduce((n, l) => n + l.reserved, 0)).toBe(12);
    const moves = await db.select().from(s.stockMovements).where(eq(s.stockMovements.variantId, v.variantId));
    for (const l of levels) {
      const last = moves.filter((m) => m.stockLevelId === l.id).sort((a, b) => a.id - b.id).at(-1)!;
      expect({ onHand: last.onHandAfter, reserved: last.reservedAfter }).toEqual({ onHand: l.onHand, reserved: l.reserved });
    }
  });
});

describe("the /omnichannel/pos-report/inventory/last-stock-priority page", () => {
  it("lists the priority and the rest; a button saves the list it carries (twice: the same list)", async () => {
    const url = "/omnichannel/pos-report/inventory/last-stock-priority";
    const shown = await runLoader(page, { url, as: DEMO.seller });
    expect(shown.status).toBe(200);
    expect(shown.data.locations).toEqual([]);
    const keys = [locationKey(source), locationKey(otherWhole)];
    for (let i = 0; i < 2; i++) {
      const res = await runAction(page, { url, as: DEMO.seller, form: { locations: keys.join(",") } });
      expect(res.redirect).toBe(url);
      expect(res.toasts).toContainEqual({ type: "success", message: "Stock priority saved" });
    }
    const after = await runLoader(page, { url, as: DEMO.seller });
    expect(after.data.locations.map((l: Entry) => l.location_key)).toEqual(keys);
    const bad = await runAction(page, { url, as: DEMO.seller, form: { locations: "store-x" } });
    expect(bad.status).toBe(400);
    expect(bad.data.errors).toEqual(["validation:invalid"]);
    expect((await runLoader(page, { url, as: DEMO.staff })).status).toBe(403);
  });
});

