/**
 * Stock counts (opname) and adjustments through the REST API and core (api/routes/opname.ts,
 * core/stock/opname.ts, adjustments.ts): lifecycle, scans, variance, approval thresholds, the
 * location lock, tenant isolation per call, bad input, and the ledger under concurrency:
 * - 50 concurrent +5 and 50 concurrent −5 adjustments on one level → unchanged, Σ movements = level;
 * - a count adjusted while 20 orders reserve and ship the same items → counted − shipped;
 * - a locked location takes no movement but the count's own adjustment.
 * Fixtures: products made here at Toko Demo's default warehouse (its own shelf).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { applyStockChanges, type StockLocation } from "#core/stock/stock-ledger.ts";
import { actorFromToken, scopeOf } from "#core/actor.ts";
import { adjustOpname, createOpname, importOpnameCounts, updateOpnameProducts } from "#core/stock/opname.ts";
import { createAdjustment } from "#core/stock/adjustments.ts";
import { saveInventorySettings } from "#core/stock/inventory-settings.ts";
import { call, DEMO, login } from "./helpers.ts";
import { addStock, newOrder, newVariant, orderRow, shopOf, stockOf } from "./order-fixtures.ts";
import { locationKey } from "#core/stock/locations.ts";

const INT = "/omnichannel/integration/inventories/opname";
let seller: string;
let seller2: string;
let staff: string;
let businessId: number;
let ownerId: number;
let warehouseId: number;
let loc: StockLocation;
let key: string;
let otherKey: string;

let seq = 0;
async function variant(stock: number, price = 10_000, at: StockLocation = loc) {
  seq += 1;
  const sku = `OPN-T-${process.pid}-${seq}`;
  const [p] = await db.insert(s.products).values({ businessId, name: `Opname test ${seq}`, sku, status: "published", minStock: 0 }).returning();
  const [v] = await db.insert(s.productVariants).values({ businessId, productId: p.id, sku: `${sku}-V`, barcode: `77${process.pid}${String(seq).padStart(4, "0")}`, price }).returning();
  if (stock) await db.transaction((tx) => applyStockChanges(tx, { businessId, userId: ownerId, reason: "initial" }, [{ variantId: v.id, location: at, delta: stock }]));
  return v;
}
async function level(variantId: number, at: StockLocation = loc) {
  const [r] = await db.select().from(s.stockLevels).where(and(eq(s.stockLevels.variantId, variantId),
    at.sourceType === 1 ? eq(s.stockLevels.storeId, at.storeId) : and(eq(s.stockLevels.warehouseId, at.warehouseId), sql`${s.stockLevels.partitionId} IS NOT DISTINCT FROM ${at.partitionId ?? null}`)));
  return r;
}
async function movementSum(levelId: number) {
  const rows = await db.select().from(s.stockMovements).where(eq(s.stockMovements.stockLevelId, levelId)).orderBy(asc(s.stockMovements.id));
  return rows.reduce((n, m) => n + m.onHandAfter - m.onHandBefore, 0);
}
const ownerScope = async () => scopeOf(await actorFromToken(seller, "en"));
const staffScope = async () => scopeOf(await actorFromToken(staff, "en"));
async function setThresholds(v: { count_value_threshold: number | null; count_percent_threshold: number | null; adjustment_value_threshold: number | null }) {
  await saveInventorySettings(await ownerScope(), v);
}

beforeAll(async () => {
  [seller, seller2, staff] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
  const [u] = await db.select().from(s.users).where(eq(s.users.email, DEMO.seller));
  ownerId = u.id;
  const [m] = await db.select().from(s.businessMembers).where(and(eq(s.businessMembers.userId, u.id), eq(s.businessMembers.role, "owner"))).orderBy(asc(s.businessMembers.businessId)).limit(1);
  businessId = m.businessId;
  const [w] = await db.select().from(s.warehouses).where(and(eq(s.warehouses.businessId, businessId), eq(s.warehouses.isDefault, true))).limit(1);
  warehouseId = w.id;
  loc = { sourceType: 2, warehouseId, partitionId: null };
  key = `warehouse-${warehouseId}`;
  const [u2] = await db.select().from(s.users).where(eq(s.users.email, DEMO.seller2));
  const [m2] = await db.select().from(s.businessMembers).where(eq(s.businessMembers.userId, u2.id)).limit(1);
  const [w2] = await db.select().from(s.warehouses).where(eq(s.warehouses.businessId, m2.businessId)).limit(1);
  otherKey = `warehouse-${w2.id}`;
  // The staff member counts stock but may not approve.
  const [st] = await db.select().from(s.users).where(eq(s.users.email, DEMO.staff));
  await db.update(s.businessMembers).set({ privileges: ["orders", "products", "erp"] }).where(and(eq(s.businessMembers.userId, st.id), eq(s.businessMembers.businessId, businessId)));
});

describe("a count: create, scan, variance, adjust", () => {
  it("counts a warehouse by scanning three barcodes and adjusts through the ledger", async () => {
    const a = await variant(10, 20_000);
    const b = await variant(4, 5_000);
    const c = await variant(0, 1_000);
    const created = await call("POST", `/v0.0.0${INT}/create`, { token: seller, json: { location: key, scope: "picked", variant_ids: [a.id, b.id], note: "Monthly count" } });
    expect(created.status).toBe(201);
    const o = created.body.data;
    expect(o).toMatchObject({ code: `OPN-${o.opname_id}`, status: "draft", location: key, total_product: 2, total_counted: 0, is_locked: false });

    // Three scans: a, a, c (c is not on the count: its line is added with snapshot 0).
    const scan = await call("POST", `/v0.1.0${INT}/${o.opname_id}/products`, { token: seller, json: { barcodes: [a.barcode, a.barcode, c.barcode] } });
    expect(scan.status).toBe(200);
    expect(scan.body.data.scanned).toEqual(expect.arrayContaining([{ code: a.barcode, variant_id: a.id, counted: 2 }, { code: c.barcode, variant_id: c.id, counted: 1 }]));
    // Typed counts: b = 4.
    expect((await call("PUT", `/v0.0.0${INT}/${o.opname_id}/products`, { token: seller, json: { products: [{ variant_id: b.id, stock: 4 }] } })).status).toBe(200);

    const lines = await call("GET", `/v1.0.0/inventories/opname/${o.opname_id}/products`, { token: seller });
    expect(lines.status).toBe(200);
    const byVariant = Object.fromEntries(lines.body.data.map((l: { variant_id: number }) => [l.variant_id, l]));
    expect(byVariant[a.id]).toMatchObject({ snapshot_stock: 10, opname_result: { stock: 2 }, stock: 2, variance: -8, variance_value: -160_000, variance_percent: 80 });
    expect(byVariant[b.id]).toMatchObject({ snapshot_stock: 4, stock: 4, variance: 0 });
    expect(byVariant[c.id]).toMatchObject({ snapshot_stock: 0, stock: 1, variance: 1, variance_percent: null });

    const summary = await call("GET", `/v0.0.0${INT}/${o.opname_id}/summary`, { token: seller });
    expect(summary.body.data).toMatchObject({ total_product: 3, total_counted: 3, surplus_qty: 1, shortage_qty: 8, net_variance_value: -159_000, abs_variance_value: 161_000 });

    const adj = await call("PUT", `/v0.1.0${INT}/${o.opname_id}/adjust`, { token: seller });
    expect(adj.status).toBe(200);
    expect(adj.body.data.status).toBe("adjusted");
    expect((await level(a.id)).onHand).toBe(2);
    expect((await level(c.id)).onHand).toBe(1);
    const moves = await db.select().from(s.stockMovements).where(eq(s.stockMovements.reference, `OPN-${o.opname_id}`));
    expect(moves.map((m) => m.reason)).toEqual(["opname", "opname"]);
    // Adjusting twice is refused naming the status; nothing moves again.
    const again = await call("PUT", `/v0.1.0${INT}/${o.opname_id}/adjust`, { token: seller });
    expect(again.status).toBe(422);
    expect((await level(a.id)).onHand).toBe(2);
    // The summary over counts sees it.
    const all = await call("GET", `/v0.0.0${INT}/summary`, { token: seller });
    expect(all.body.data.adjusted).toBeGreaterThanOrEqual(1);
  });

  it("an uncounted line counts as 0 (opname_result null, stock 0)", async () => {
    const a = await variant(3);
    const o = (await call("POST", `/v0.0.0${INT}/create`, { token: seller, json: { location: key, variant_ids: String(a.id) } })).body.data;
    const lines = await call("GET", `/v1.0.0/inventories/opname/${o.opname_id}/products`, { token: seller });
    expect(lines.body.data[0]).toMatchObject({ opname_result: null, stock: 0, variance: -3 });
    await call("PUT", `/v0.0.0${INT}/${o.opname_id}/products/remove`, { token: seller, json: { variant_ids: [a.id] } });
    expect((await call("GET", `/v1.0.0/inventories/opname/${o.opname_id}/products`, { token: seller })).status).toBe(404);
    const adj = await call("PUT", `/v0.1.0${INT}/${o.opname_id}/adjust`, { token: seller });
    expect(adj.status).toBe(422);
    expect((await call("PUT", `/v0.0.0${INT}/${o.opname_id}/cancel`, { token: seller })).body.data.status).toBe("cancelled");
  });

  it("a variance is valued at the variant's cost (HPP) when it has one, else at its price", async () => {
    const costed = await variant(4, 10_000);
    await db.update(s.productVariants).set({ cost: 6_000 }).where(eq(s.productVariants.id, costed.id));
    const priced = await variant(4, 10_000);
    const o = (await call("POST", `/v0.0.0${INT}/create`, { token: seller, json: { location: key, variant_ids: [costed.id, priced.id] } })).body.data;
    await call("PUT", `/v0.0.0${INT}/${o.opname_id}/products`, { token: seller, json: { products: [{ variant_id: costed.id, stock: 2 }, { variant_id: priced.id, stock: 2 }] } });
    const lines = (await call("GET", `/v1.0.0/inventories/opname/${o.opname_id}/products`, { token: seller })).body.data as { variant_id: number; unit_value: number; variance_value: number }[];
    expect(lines.find((l) => l.variant_id === costed.id)).toMatchObject({ unit_value: 6_000, variance_value: -12_000 });
    expect(lines.find((l) => l.variant_id === priced.id)).toMatchObject({ unit_value: 10_000, variance_value: -20_000 });
    await call("PUT", `/v0.0.0${INT}/${o.opname_id}/cancel`, { token: seller });
  });

  it("imports counts from an .xlsx", async () => {
    const a = await variant(5);
    const b = await variant(5);
    const o = await createOpname(await ownerScope(), { location: key, scope: "picked", variant_ids: [a.id], lock: false });
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Counts");
    ws.addRow(["SKU", "Product", "Counted"]);
    ws.addRow([a.sku, "x", 7]);
    ws.addRow([b.barcode, "y", "3"]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const r = await importOpnameCounts(await ownerScope(), o.opname_id, buf);
    expect(r).toMatchObject({ imported: 2, total_product: 2, total_counted: 2, surplus_qty: 2, shortage_qty: 2 });
    await expect(importOpnameCounts(await ownerScope(), o.opname_id, Buffer.from("not a sheet"))).rejects.toMatchObject({ fields: { file: ["api-opname:errors.file_not_xlsx"] } });
  });
});

describe("a big count (the ledger's array statements)", () => {
  it("30 lines adjust in one batch: each level is its count, Σ movements = level, product sums follow", async () => {
    const vs: Awaited<ReturnType<typeof variant>>[] = [];
    for (let i = 0; i < 30; i++) vs.push(await variant(10 + i, 1_000));
    const scope = await ownerScope();
    const o = await createOpname(scope, { location: key, scope: "picked", variant_ids: vs.map((v) => v.id), lock: false });
    await updateOpnameProducts(scope, o.opname_id, { products: vs.map((v, i) => ({ variant_id: v.id, stock: i % 3 === 0 ? 10 + i : i })) });
    // A sale during the count (after the snapshot) is kept.
    await db.transaction((tx) => applyStockChanges(tx, { businessId, userId: ownerId, reason: "order" }, [{ variantId: vs[1].id, location: loc, delta: -1 }]));
    expect((await adjustOpname(scope, o.opname_id)).status).toBe("adjusted");
    for (const [i, v] of vs.entries()) {
      const l = await level(v.id);
      expect(l.onHand).toBe((i % 3 === 0 ? 10 + i : i) - (i === 1 ? 1 : 0));
      expect(await movementSum(l.id)).toBe(l.onHand);
      const [p] = await db.select().from(s.products).where(eq(s.products.id, v.productId));
      expect(p.onHand).toBe(l.onHand);
    }
  });

  it("a count of a brand or a category snapshots the items it names", async () => {
    const [brand] = await db.select().from(s.brands).where(eq(s.brands.businessId, businessId)).limit(1);
    const branded = await db.select({ id: s.productVariants.id }).from(s.productVariants)
      .innerJoin(s.products, eq(s.products.id, s.productVariants.productId)).where(eq(s.products.brandId, brand.id));
    const o = (await call("POST", `/v0.0.0${INT}/create`, { token: seller, json: { location: key, scope: "brand", brand_id: brand.id } })).body.data;
    expect(o).toMatchObject({ scope: "brand", scope_name: brand.name, total_product: branded.length });
    await call("PUT", `/v0.0.0${INT}/${o.opname_id}/cancel`, { token: seller });
    const all = (await call("POST", `/v0.0.0${INT}/create`, { token: seller, json: { location: key, scope: "all" } })).body.data;
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(s.productVariants).where(eq(s.productVariants.businessId, businessId));
    expect(all.total_product).toBe(n);
    await call("PUT", `/v0.0.0${INT}/${all.opname_id}/cancel`, { token: seller });
  });
});

describe("approval above the thresholds", () => {
  it("a staff member without erp.approve sends the count to approval; the owner approves", async () => {
    await setThresholds({ count_value_threshold: 50_000, count_percent_threshold: null, adjustment_value_threshold: 10_000 });
    const a = await variant(10, 20_000);
    const o = (await call("POST", `/v0.0.0${INT}/create`, { token: staff, json: { location: key, variant_ids: [a.id] } })).body.data;
    await call("PUT", `/v0.0.0${INT}/${o.opname_id}/products`, { token: staff, json: { products: [{ variant_id: a.id, stock: 6 }] } });
    const sent = await call("PUT", `/v0.1.0${INT}/${o.opname_id}/adjust`, { token: staff });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ status: "awaiting_approval", needs_approval: true, actions: ["cancel"] });
    expect((await level(a.id)).onHand).toBe(10);
    // Neither the staff member's adjust again nor a counts change goes through now.
    expect((await call("PUT", `/v0.1.0${INT}/${o.opname_id}/adjust`, { token: staff })).status).toBe(422);
    expect((await call("PUT", `/v0.0.0${INT}/${o.opname_id}/products`, { token: staff, json: { products: [{ variant_id: a.id, stock: 9 }] } })).status).toBe(422);
    expect((await call("PUT", `/v0.0.0${INT}/${o.opname_id}/reject`, { token: staff })).status).toBe(403);
    // The owner approves.
    const ok = await call("PUT", `/v0.1.0${INT}/${o.opname_id}/adjust`, { token: seller });
    expect(ok.body.data).toMatchObject({ status: "adjusted", decided_by: expect.any(String) });
    expect((await level(a.id)).onHand).toBe(6);
  });

  it("within the thresholds the staff member adjusts at once; a line's % above its threshold waits; reject goes back to draft", async () => {
    await setThresholds({ count_value_threshold: 50_000, count_percent_threshold: 20, adjustment_value_threshold: null });
    const a = await variant(10, 1_000);
    const o = (await call("POST", `/v0.0.0${INT}/create`, { token: staff, json: { location: key, variant_ids: [a.id] } })).body.data;
    await call("PUT", `/v0.0.0${INT}/${o.opname_id}/products`, { token: staff, json: { products: [{ variant_id: a.id, stock: 9 }] } });
    expect((await call("PUT", `/v0.1.0${INT}/${o.opname_id}/adjust`, { token: staff })).body.data.status).toBe("adjusted");
    const o2 = (await call("POST", `/v0.0.0${INT}/create`, { token: staff, json: { location: key, variant_ids: [a.id] } })).body.data;
    await call("PUT", `/v0.0.0${INT}/${o2.opname_id}/products`, { token: staff, json: { products: [{ variant_id: a.id, stock: 5 }] } });
    expect((await call("PUT", `/v0.1.0${INT}/${o2.opname_id}/adjust`, { token: staff })).body.data.status).toBe("awaiting_approval");
    const rejected = await call("PUT", `/v0.0.0${INT}/${o2.opname_id}/reject`, { token: seller, json: { note: "Recount shelf 3" } });
    expect(rejected.body.data).toMatchObject({ status: "draft", reject_note: "Recount shelf 3" });
    await setThresholds({ count_value_threshold: null, count_percent_threshold: null, adjustment_value_threshold: null });
  });

  it("adjustments: above the threshold a staff member's waits; the owner approves; below it applies at once", async () => {
    await setThresholds({ count_value_threshold: null, count_percent_threshold: null, adjustment_value_threshold: 10_000 });
    const a = await variant(10, 5_000);
    const small = await createAdjustment(await staffScope(), { location: key, reason_code: "damaged", note: "Torn", lines: [{ code: a.sku, delta: -1 }] });
    expect(small).toMatchObject({ status: "adjusted", total_qty: -1, abs_value: 5_000 });
    expect((await level(a.id)).onHand).toBe(9);
    const big = await createAdjustment(await staffScope(), { location: key, reason_code: "found", lines: [{ code: a.barcode!, delta: 2 }, { variant_id: a.id, delta: 1 }] });
    expect(big).toMatchObject({ status: "awaiting_approval", total_line: 1, total_qty: 3 });
    expect((await level(a.id)).onHand).toBe(9);
    const { decideAdjustment } = await import("#core/stock/adjustments.ts");
    await expect(decideAdjustment(await staffScope(), big.adjustment_id, "approve")).rejects.toMatchObject({ name: "Forbidden" });
    expect(await decideAdjustment(await ownerScope(), big.adjustment_id, "approve")).toMatchObject({ status: "adjusted" });
    expect((await level(a.id)).onHand).toBe(12);
    const moves = await db.select().from(s.stockMovements).where(eq(s.stockMovements.reference, `ADJ-${big.adjustment_id}`));
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ reason: "adjustment", onHandBefore: 9, onHandAfter: 12 });
    await expect(createAdjustment(await ownerScope(), { location: key, reason_code: "lost", lines: [{ code: a.sku, delta: -100 }] }))
      .rejects.toMatchObject({ message: "api:stock.negative" });
    await setThresholds({ count_value_threshold: null, count_percent_threshold: null, adjustment_value_threshold: null });
  });
});

/**
 * A warehouse of Toko Demo's made for one lock test: other test files move stock at the shared
 * locations at the same time, and a lock there would refuse their movements.
 */
async function ownWarehouse() {
  const [w] = await db.insert(s.warehouses).values({ businessId, name: `Lock test ${process.pid}-${++seq}`, type: 2, address: "Jl. Uji No. 1" }).returning();
  return { loc: { sourceType: 2 as const, warehouseId: w.id, partitionId: null }, key: `warehouse-${w.id}` };
}

describe("the location lock", () => {
  it("no movement lands in a locked location except the count's own adjustment; cancel releases it", async () => {
    const { loc, key } = await ownWarehouse();
    const a = await variant(10, 10_000, loc);
    const o = (await call("POST", `/v0.0.0${INT}/create`, { token: seller, json: { location: key, variant_ids: [a.id], lock: true } })).body.data;
    expect(o.is_locked).toBe(true);
    // A second lock of the same location is refused.
    const second = await call("POST", `/v0.0.0${INT}/create`, { token: seller, json: { location: key, variant_ids: [a.id], lock: "on" } });
    expect(second.status).toBe(422);
    const tryMove = async (reason: "order" | "manual", change: { delta?: number; reservedDelta?: number }) => {
      try {
        await db.transaction((tx) => applyStockChanges(tx, { businessId, userId: ownerId, reason }, [{ variantId: a.id, location: loc, ...change }]));
        return "applied";
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(await tryMove("order", { reservedDelta: 1 })).toBe("api:stock.location_locked");
    expect(await tryMove("manual", { delta: 3 })).toBe("api:stock.location_locked");
    await expect(createAdjustment(await ownerScope(), { location: key, reason_code: "found", lines: [{ code: a.sku, delta: 1 }] })).rejects.toMatchObject({ message: "api:stock.location_locked" });
    // Another location of the same variant is not locked.
    const [store] = await db.select().from(s.stores).where(eq(s.stores.businessId, businessId)).limit(1);
    await db.transaction((tx) => applyStockChanges(tx, { businessId, userId: ownerId, reason: "manual" }, [{ variantId: a.id, location: { sourceType: 1, storeId: store.id }, delta: 1 }]));
    const before = await db.select().from(s.stockMovements).where(eq(s.stockMovements.stockLevelId, (await level(a.id, loc)).id));
    await updateOpnameProducts(await ownerScope(), o.opname_id, { products: [{ variant_id: a.id, stock: 8 }] });
    expect((await adjustOpname(await ownerScope(), o.opname_id)).status).toBe("adjusted");
    const after = await db.select().from(s.stockMovements).where(eq(s.stockMovements.stockLevelId, (await level(a.id, loc)).id));
    expect(after.length - before.length).toBe(1);
    expect(after.at(-1)).toMatchObject({ reason: "opname", reference: `OPN-${o.opname_id}`, onHandAfter: 8 });
    // Adjusted: the lock is gone.
    expect(await tryMove("manual", { delta: 1 })).toBe("applied");
    const o2 = (await call("POST", `/v0.0.0${INT}/create`, { token: seller, json: { location: key, variant_ids: [a.id], lock: true } })).body.data;
    expect(await tryMove("manual", { delta: 1 })).toBe("api:stock.location_locked");
    await call("PUT", `/v0.0.0${INT}/${o2.opname_id}/cancel`, { token: seller });
    expect(await tryMove("manual", { delta: 1 })).toBe("applied");
  });
});

describe("an order at a locked location (docs/decisions/0018)", () => {
  it("accepting is refused naming the count and the order stays waiting; after the count it is accepted", async () => {
    const shop = await shopOf(DEMO.seller);
    const v = await newVariant(shop);
    const orderId = await newOrder(shop, [{ sku: v.sku, quantity: 2 }]);
    // The order is sourced at a warehouse of its own (see ownWarehouse).
    const { loc: source } = await ownWarehouse();
    await db.update(s.orders).set({ storeId: null, warehouseId: source.warehouseId }).where(eq(s.orders.id, orderId));
    await addStock(shop, v.variantId, source, 10);
    const before = await orderRow(orderId);
    const o = (await call("POST", `/v0.0.0${INT}/create`, { token: seller, json: { location: locationKey(source), variant_ids: [v.variantId], lock: true } })).body.data;
    const refused = await call("PUT", "/v2.0.0/orders/accept", { token: seller, json: { order_ids: [orderId] } });
    expect(JSON.stringify(refused.body)).toContain(`OPN-${o.opname_id}`);
    expect((await orderRow(orderId)).status).toBe(before.status);
    expect(await stockOf(v.variantId)).toEqual({ onHand: 10, reserved: 0 });
    await call("PUT", `/v0.0.0${INT}/${o.opname_id}/cancel`, { token: seller });
    const ok = await call("PUT", "/v2.0.0/orders/accept", { token: seller, json: { order_ids: [orderId] } });
    expect(ok.status).toBe(200);
    expect(await stockOf(v.variantId)).toEqual({ onHand: 10, reserved: 2 });
  });
});

describe("concurrency", () => {
  it("50 concurrent +5 and 50 concurrent −5 adjustments leave the level unchanged; Σ movements = level", async () => {
    const a = await variant(500, 1);
    const scope = await ownerScope();
    const jobs = Array.from({ length: 100 }, (_, i) =>
      createAdjustment(scope, { location: key, reason_code: i % 2 ? "found" : "damaged", lines: [{ variant_id: a.id, delta: i % 2 ? 5 : -5 }] }));
    const results = await Promise.allSettled(jobs);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const l = await level(a.id);
    expect(l.onHand).toBe(500);
    expect(await movementSum(l.id)).toBe(500);
    const [p] = await db.select().from(s.products).where(eq(s.products.id, a.productId));
    expect(p.onHand).toBeGreaterThanOrEqual(500);
  });

  it("a count adjusted while 20 orders reserve and ship the same items ends at counted − shipped after the snapshot", async () => {
    const a = await variant(100);
    const scope = await ownerScope();
    const o = await createOpname(scope, { location: key, scope: "picked", variant_ids: [a.id], lock: false });
    await updateOpnameProducts(scope, o.opname_id, { products: [{ variant_id: a.id, stock: 90 }] });
    const order = async (i: number) => {
      const ref = { businessId, userId: null, reason: "order" as const, reference: `TEST-ORD-${i}` };
      await db.transaction((tx) => applyStockChanges(tx, ref, [{ variantId: a.id, location: loc, reservedDelta: 1 }]));
      await db.transaction((tx) => applyStockChanges(tx, ref, [{ variantId: a.id, location: loc, delta: -1, reservedDelta: -1 }]));
    };
    await Promise.all([...Array.from({ length: 20 }, (_, i) => order(i)), adjustOpname(scope, o.opname_id)]);
    const l = await level(a.id);
    expect(l.onHand).toBe(90 - 20);
    expect(l.reserved).toBe(0);
    expect(await movementSum(l.id)).toBe(l.onHand);
  });
});

describe("tenant isolation and privileges, per call", () => {
  it("another business sees none of it and changes none of it", async () => {
    const a = await variant(2);
    const o = (await call("POST", `/v0.0.0${INT}/create`, { token: seller, json: { location: key, variant_ids: [a.id] } })).body.data;
    const id = o.opname_id;
    const calls: [string, string, unknown?][] = [
      ["GET", `/v1.0.0/inventories/opname/${id}`], ["GET", `/v1.0.0/inventories/opname/${id}/products`],
      ["GET", `/v0.0.0${INT}/${id}`], ["GET", `/v0.0.0${INT}/${id}/summary`],
      ["POST", `/v0.1.0${INT}/${id}/products`, { variant_ids: [a.id] }],
      ["PUT", `/v0.0.0${INT}/${id}/products`, { products: [{ variant_id: a.id, stock: 1 }] }],
      ["PUT", `/v0.0.0${INT}/${id}/products/remove`, { variant_ids: [a.id] }],
      ["PUT", `/v0.1.0${INT}/${id}/adjust`], ["PUT", `/v0.0.0${INT}/${id}/cancel`], ["PUT", `/v0.0.0${INT}/${id}/reject`, {}],
    ];
    for (const [m, p, json] of calls) {
      const r = await call(m, p, { token: seller2, json });
      expect([403, 404], `${m} ${p}`).toContain(r.status);
    }
    // Lists and summaries of the other business do not hold this count.
    for (const p of ["/v1.0.0/inventories/opname", `/v0.0.0${INT}`]) {
      const r = await call("GET", p, { token: seller2, query: { limit: 150 } });
      expect((r.body.data ?? []).map((x: { opname_id: number }) => x.opname_id)).not.toContain(id);
    }
    // Its own location and another business's location / variants are refused.
    expect((await call("POST", `/v0.0.0${INT}/create`, { token: seller2, json: { location: key } })).status).toBe(422);
    expect((await call("POST", `/v0.0.0${INT}/create`, { token: seller, json: { location: otherKey } })).status).toBe(422);
    expect((await call("POST", `/v0.1.0${INT}/${id}/products`, { token: seller, json: { variant_ids: [2147483647] } })).status).toBe(422);
    // Untouched.
    expect((await call("GET", `/v1.0.0/inventories/opname/${id}`, { token: seller })).body.data).toMatchObject({ status: "draft", total_product: 1 });
    // Without the erp privilege: 403 on every call; without a token: 401.
    const [st] = await db.select().from(s.users).where(eq(s.users.email, DEMO.staff));
    await db.update(s.businessMembers).set({ privileges: ["orders", "products"] }).where(and(eq(s.businessMembers.userId, st.id), eq(s.businessMembers.businessId, businessId)));
    for (const [m, p, json] of calls) expect((await call(m, p, { token: staff, json })).status, `${m} ${p}`).toBe(403);
    expect((await call("GET", "/v1.0.0/inventories/opname", { token: staff })).status).toBe(403);
    expect((await call("GET", "/v1.0.0/inventories/opname")).status).toBe(401);
    await db.update(s.businessMembers).set({ privileges: ["orders", "products", "erp"] }).where(and(eq(s.businessMembers.userId, st.id), eq(s.businessMembers.businessId, businessId)));
  });
});

describe("writes happen once", () => {
  it("the same Idempotency-Key creates one count and one scan", async () => {
    const a = await variant(3);
    const headers = { "Idempotency-Key": `opn-create-${process.pid}` };
    const first = await call("POST", `/v0.0.0${INT}/create`, { token: seller, json: { location: key, variant_ids: [a.id] }, headers });
    const again = await call("POST", `/v0.0.0${INT}/create`, { token: seller, json: { location: key, variant_ids: [a.id] }, headers });
    expect(again.body.data.opname_id).toBe(first.body.data.opname_id);
    const id = first.body.data.opname_id;
    const scanKey = { "Idempotency-Key": `opn-scan-${process.pid}` };
    await call("POST", `/v0.1.0${INT}/${id}/products`, { token: seller, json: { barcodes: [a.barcode] }, headers: scanKey });
    await call("POST", `/v0.1.0${INT}/${id}/products`, { token: seller, json: { barcodes: [a.barcode] }, headers: scanKey });
    const lines = await call("GET", `/v1.0.0/inventories/opname/${id}/products`, { token: seller });
    expect(lines.body.data[0].opname_result.stock).toBe(1);
    await call("PUT", `/v0.0.0${INT}/${id}/cancel`, { token: seller });
  });
});

describe("bad input: 4xx with a message under the field, never 5xx", () => {
  it("refuses every shape of bad body and query", async () => {
    const a = await variant(1);
    const o = (await call("POST", `/v0.0.0${INT}/create`, { token: seller, json: { location: key, variant_ids: [a.id] } })).body.data;
    const id = o.opname_id;
    const cases: [string, string, unknown, string][] = [
      ["POST", `/v0.0.0${INT}/create`, {}, "location"],
      ["POST", `/v0.0.0${INT}/create`, { location: "shelf-1" }, "location"],
      ["POST", `/v0.0.0${INT}/create`, { location: "warehouse-99999999999" }, "location"],
      ["POST", `/v0.0.0${INT}/create`, { location: key, scope: "category" }, "category_id"],
      ["POST", `/v0.0.0${INT}/create`, { location: key, scope: "everything" }, "scope"],
      ["POST", `/v0.0.0${INT}/create`, { location: key, variant_ids: ["x"] }, "variant_ids.0"],
      ["POST", `/v0.0.0${INT}/create`, { location: key, note: "n".repeat(501) }, "note"],
      ["POST", `/v0.1.0${INT}/${id}/products`, {}, "barcodes"],
      ["POST", `/v0.1.0${INT}/${id}/products`, { barcodes: ["NO-SUCH-CODE"] }, "barcodes"],
      ["PUT", `/v0.0.0${INT}/${id}/products`, { products: [{ variant_id: a.id, stock: -1 }] }, "products.0.stock"],
      ["PUT", `/v0.0.0${INT}/${id}/products`, { products: [{ variant_id: a.id, stock: 1.5 }] }, "products.0.stock"],
      ["PUT", `/v0.0.0${INT}/${id}/products`, { products: [{ variant_id: a.id, stock: "lots" }] }, "products.0.stock"],
      ["PUT", `/v0.0.0${INT}/${id}/products`, { products: "x" }, "products"],
      ["PUT", `/v0.0.0${INT}/${id}/products/remove`, { variant_ids: [] }, "variant_ids"],
    ];
    for (const [m, p, json, field] of cases) {
      const r = await call(m, p, { token: seller, json });
      expect(r.status, `${m} ${p} ${JSON.stringify(json)}`).toBe(422);
      expect(Object.keys((r.body.data as Record<string, unknown>) ?? {}), `${m} ${p} ${JSON.stringify(json)}`).toContain(field);
    }
    for (const q of [{ status: "open" }, { limit: 0 }, { limit: 1000 }, { page: "x" }, { location: "store-0" }] as Record<string, string | number>[]) {
      expect((await call("GET", "/v1.0.0/inventories/opname", { token: seller, query: q })).status).toBe(422);
    }
    expect((await call("GET", "/v1.0.0/inventories/opname/99999999999", { token: seller })).status).toBe(404);
    expect((await call("GET", "/v1.0.0/inventories/opname/999999999", { token: seller })).status).toBe(404);
    expect((await call("GET", `/v1.0.0/inventories/opname/${id}/products`, { token: seller, query: { filter: "odd" } })).status).toBe(422);
  });
});
