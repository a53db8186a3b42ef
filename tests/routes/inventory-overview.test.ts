/**
 * Issue 14 part A at the web's seam: the stock overview and its tabs, filters and search; a
 * product's stock page and its settings form (low-stock threshold, cost); the stock history with
 * reasons, references and keyset pages; search by code; warehouse totals; the POS inventory
 * reports, beginning stock as of a date from the ledger; bad input of every kind answered 4xx with
 * the message under its field (never 5xx); another business's data never shown; a staff member
 * without the privilege refused.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as overviewPage from "#app/routes/admin/erp/inventory/all-inventory.tsx";
import * as indexPage from "#app/routes/admin/erp/inventory/index.tsx";
import * as productPage from "#app/routes/admin/erp/inventory/product-stock.tsx";
import * as historyPage from "#app/routes/admin/erp/inventory/stock-history.tsx";
import * as searchPage from "#app/routes/admin/erp/inventory/search.tsx";
import * as warehousePage from "#app/routes/admin/erp/inventory/warehouse.tsx";
import * as listPage from "#app/routes/admin/orders/list.tsx";
import * as currentPage from "#app/routes/admin/omnichannel/pos-report/inventory/current-stock.tsx";
import * as beginningPage from "#app/routes/admin/omnichannel/pos-report/inventory/beginning-stock.tsx";
import * as locationPage from "#app/routes/admin/omnichannel/pos-report/inventory/stock-location.tsx";
import * as storeStockPage from "#app/routes/admin/omnichannel/pos-report/inventory/store-stock.tsx";
import { wibDate, wibDayStart } from "#core/lib/time.ts";
import { locationKey, parseLocationKey } from "#core/stock/locations.ts";
import { applyStockChanges, type StockLocation } from "#core/stock/stock-ledger.ts";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { DEMO } from "#tests/demo-accounts.ts";
import { addStock, newOrder, newVariant, shopOf, sourceOf, type Shop } from "#tests/api/order-fixtures.ts";
import { runAction, runLoader } from "./harness.ts";

let shop: Shop;
let store: StockLocation;
let warehouse: StockLocation;
/** A variant of its own with `onHand` at `at`; the product's minimum set to `min`. */
async function stocked(at: StockLocation, onHand: number, min = 5) {
  const v = await newVariant(shop);
  await db.update(s.products).set({ minStock: min }).where(eq(s.products.id, v.productId));
  if (onHand) await addStock(shop, v.variantId, at, onHand);
  return v;
}
const as = DEMO.seller;

beforeAll(async () => {
  shop = await shopOf(DEMO.seller);
  const [st] = await db.select({ id: s.stores.id }).from(s.stores).where(eq(s.stores.businessId, shop.businessId)).limit(1);
  const [wh] = await db.select({ id: s.warehouses.id }).from(s.warehouses).where(eq(s.warehouses.businessId, shop.businessId)).limit(1);
  store = { sourceType: 1, storeId: st.id };
  warehouse = { sourceType: 2, warehouseId: wh.id, partitionId: null };
});

describe("location keys", () => {
  it("parse and write store, warehouse and partition keys; anything else is no location", () => {
    expect(parseLocationKey("store-3")).toEqual({ sourceType: 1, storeId: 3 });
    expect(parseLocationKey("warehouse-4")).toEqual({ sourceType: 2, warehouseId: 4, partitionId: null });
    expect(parseLocationKey("warehouse-4-9")).toEqual({ sourceType: 2, warehouseId: 4, partitionId: 9 });
    for (const bad of ["", "store", "store-0", "store-3-1", "warehouse-x", "shop-1", "store-99999999999", " store-1", "store-01"]) {
      expect(parseLocationKey(bad)).toBeNull();
    }
    for (const l of [{ sourceType: 1, storeId: 7 }, { sourceType: 2, warehouseId: 8, partitionId: 2 }, { sourceType: 2, warehouseId: 8 }] as StockLocation[]) {
      expect(parseLocationKey(locationKey(l))).toMatchObject(l);
    }
  });
});

describe("stock overview", () => {
  it("/erp/inventory opens the overview", async () => {
    expect((await runLoader(indexPage, { url: "/erp/inventory", as })).redirect).toBe("/erp/inventory/all-inventory");
    expect((await runLoader(indexPage, { url: "/id/erp/inventory", as })).redirect).toBe("/id/erp/inventory/all-inventory");
  });

  it("lists levels with on hand, reserved, available, state and value at cost; search finds a SKU, a barcode, a name", async () => {
    const v = await stocked(store, 12, 5);
    await db.update(s.productVariants).set({ cost: 30_000, barcode: `899${v.variantId}` }).where(eq(s.productVariants.id, v.variantId));
    const res = await runLoader(overviewPage, { url: `/erp/inventory/all-inventory?search=${v.sku}`, as });
    expect(res.status).toBe(200);
    expect(res.data.rows).toEqual([expect.objectContaining({
      sku: v.sku, location_key: locationKey(store), on_hand: 12, reserved: 0, available: 12, state: "ready", cost: 30_000, value: 360_000,
    })]);
    const byBarcode = await runLoader(overviewPage, { url: `/erp/inventory/all-inventory?search=899${v.variantId}`, as });
    expect(byBarcode.data.rows.map((r: { sku: string }) => r.sku)).toEqual([v.sku]);
    const [p] = await db.select({ name: s.products.name }).from(s.products).where(eq(s.products.id, v.productId));
    const byName = await runLoader(overviewPage, { url: `/erp/inventory/all-inventory?search=${encodeURIComponent(p.name)}`, as });
    expect(byName.data.rows.map((r: { sku: string }) => r.sku)).toContain(v.sku);
    expect(res.data.choices.locations.map((l: { key: string }) => l.key)).toEqual(expect.arrayContaining([locationKey(store), locationKey(warehouse)]));
  });

  it("tabs: ready above the minimum, low at 1…minimum, out at 0 available", async () => {
    const ready = await stocked(store, 9, 5);
    const low = await stocked(store, 5, 5);
    const out = await stocked(store, 3, 5);
    await addStock(shop, out.variantId, store, -3);
    const tag = ready.sku.split("-").slice(0, 2).join("-"); // this run's common prefix "ORD-<pid>"
    const skus = async (tab: string) => (await runLoader(overviewPage, { url: `/erp/inventory/all-inventory?tab=${tab}&search=${tag}&limit=150`, as }))
      .data.rows.map((r: { sku: string; state: string }) => r.sku);
    expect(await skus("ready")).toContain(ready.sku);
    expect(await skus("ready")).not.toContain(low.sku);
    expect(await skus("low")).toContain(low.sku);
    expect(await skus("low")).not.toContain(ready.sku);
    expect(await skus("out")).toEqual(expect.arrayContaining([out.sku]));
    expect(await skus("out")).not.toContain(low.sku);
    const all = await skus("all");
    expect(all).toEqual(expect.arrayContaining([ready.sku, low.sku, out.sku]));
  });

  it("filters by location (a warehouse includes its partitions), sorts, and pages with Previous / Next", async () => {
    const v = await stocked(warehouse, 40);
    const res = await runLoader(overviewPage, { url: `/erp/inventory/all-inventory?location=${locationKey(warehouse)}&sort=on_hand_desc&limit=10`, as });
    expect(res.status).toBe(200);
    const rows = res.data.rows as { location_key: string; on_hand: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.location_key.startsWith(locationKey(warehouse)))).toBe(true);
    expect(rows.map((r) => r.on_hand)).toEqual([...rows.map((r) => r.on_hand)].sort((a, b) => b - a));
    const atStore = await runLoader(overviewPage, { url: `/erp/inventory/all-inventory?location=${locationKey(store)}&search=${v.sku}`, as });
    expect(atStore.data.rows).toEqual([]);
    const first = await runLoader(overviewPage, { url: "/erp/inventory/all-inventory?limit=10", as });
    expect(first.data.hasNext).toBe(true);
    const second = await runLoader(overviewPage, { url: "/erp/inventory/all-inventory?limit=10&page=2", as });
    const ids = (r: { data?: { rows: { stock_level_id: number }[] } }) => r.data!.rows.map((x) => x.stock_level_id);
    expect(ids(second).some((id: number) => ids(first).includes(id))).toBe(false);
  });

  it("bad input: 400 with the message under the filter, the filters as typed; a page past the end shows the first", async () => {
    const bad = await runLoader(overviewPage, { url: "/erp/inventory/all-inventory?location=shop-1&search=kemeja", as });
    expect(bad.status).toBe(400);
    expect(bad.data.errors.location).toEqual(["inventory-overview:errors.location"]);
    expect(bad.data.raw.search).toBe("kemeja");
    expect(bad.data.rows).toEqual([]);
    for (const q of ["page=99999999", "page=-1", "page=abc", "limit=7", "tab=negative", "sort=price", "brand_id=1e99", "category_id=x", `search=${"x".repeat(101)}`]) {
      const r = await runLoader(overviewPage, { url: `/erp/inventory/all-inventory?${q}`, as });
      expect(r.status, q).toBe(400);
    }
    const far = await runLoader(overviewPage, { url: "/erp/inventory/all-inventory?page=1000&tab=low", as });
    expect(far.redirect).toBe("/erp/inventory/all-inventory?tab=low");
    const idPage = await runLoader(overviewPage, { url: "/id/erp/inventory/all-inventory?location=store-x", as });
    expect(idPage.status).toBe(400);
    expect(idPage.data.title).toMatch(/Semua Inventaris/);
  });

  it("shows only the business's own stock; a staff member without Mini ERP is refused", async () => {
    const mine = await stocked(store, 4);
    const other = await runLoader(overviewPage, { url: `/erp/inventory/all-inventory?search=${mine.sku}`, as: DEMO.seller2 });
    expect(other.status).toBe(200);
    expect(other.data.rows).toEqual([]);
    // Toko Demo's store named in Batik Sekar Jagad's filter: nothing of Toko Demo's.
    const foreign = await runLoader(overviewPage, { url: `/erp/inventory/all-inventory?location=${locationKey(store)}`, as: DEMO.seller2 });
    expect(foreign.data.rows).toEqual([]);
    expect((await runLoader(productPage, { url: `/erp/inventory/all-inventory/${mine.productId}/stock`, params: { slug: String(mine.productId) }, as: DEMO.seller2 })).status).toBe(404);
    expect((await runLoader(historyPage, { url: `/erp/inventory/all-inventory/${mine.productId}/stock-history`, params: { slug: String(mine.productId) }, as: DEMO.seller2 })).status).toBe(404);
    const search = await runLoader(searchPage, { url: `/erp/inventory/search?code=${mine.sku}`, as: DEMO.seller2 });
    expect(search.data.variants).toEqual([]);
    const staff = await runLoader(overviewPage, { url: "/erp/inventory/all-inventory", as: DEMO.staff });
    expect(staff.status).toBe(403);
    expect((await runLoader(currentPage, { url: "/omnichannel/pos-report/inventory/current-stock", as: DEMO.staff })).status).toBe(403);
  });
});

describe("a product's stock page", () => {
  it("shows levels per location with totals, and saves the threshold and costs", async () => {
    const v = await stocked(store, 6, 5);
    await addStock(shop, v.variantId, warehouse, 4);
    const url = `/erp/inventory/all-inventory/${v.productId}/stock`;
    const params = { slug: String(v.productId) };
    const page = await runLoader(productPage, { url, params, as });
    expect(page.status).toBe(200);
    expect(page.data.stock.levels.map((l: { location_key: string; on_hand: number }) => [l.location_key, l.on_hand]))
      .toEqual([[locationKey(store), 6], [locationKey(warehouse), 4]]);
    expect(page.data.stock.totals).toMatchObject({ on_hand: 10, available: 10, value: 0 });

    const refused = await runAction(productPage, { url, params, as, form: { intent: "settings", min_stock: "-1", "variants[0].variant_id": v.variantId, "variants[0].cost": "1,000.000" } });
    expect(refused.status).toBe(400);
    expect(refused.data.error.min_stock).toEqual(["number_min_zero"]);
    expect(refused.data.error["variants[0].cost"]).toEqual(["validation:money_separators"]);
    expect(refused.data.initialValue["variants[0].cost"] ?? refused.data.initialValue.variants?.[0]?.cost).toBe("1,000.000");

    const ok = await runAction(productPage, { url, params, as, form: { intent: "settings", min_stock: "8", "variants[0].variant_id": v.variantId, "variants[0].cost": "25.000" } });
    expect(ok.redirect).toBe(url);
    expect(ok.toasts).toContainEqual({ type: "success", message: "Stock settings saved." });
    const [p] = await db.select({ minStock: s.products.minStock }).from(s.products).where(eq(s.products.id, v.productId));
    expect(p.minStock).toBe(8);
    const again = await runLoader(productPage, { url, params, as });
    expect(again.data.stock.totals.value).toBe(250_000);
    // 6 available at the store with a minimum of 8: low now.
    expect(again.data.stock.levels[0].state).toBe("low");
    const hist = await db.select().from(s.updateHistory).where(and(eq(s.updateHistory.refType, "product"), eq(s.updateHistory.refId, v.productId)));
    expect(hist.length).toBe(1);

    // Another business's variant in the form: refused, nothing written.
    const [foreign] = await db.select({ id: s.productVariants.id }).from(s.productVariants)
      .innerJoin(s.businesses, eq(s.businesses.id, s.productVariants.businessId)).where(eq(s.businesses.name, "Batik Sekar Jagad")).limit(1);
    const sneaky = await runAction(productPage, { url, params, as, form: { intent: "settings", min_stock: "3", "variants[0].variant_id": foreign.id, "variants[0].cost": "1" } });
    expect(sneaky.status).toBe(400);
    const [same] = await db.select({ minStock: s.products.minStock }).from(s.products).where(eq(s.products.id, v.productId));
    expect(same.minStock).toBe(8);
    expect((await runAction(productPage, { url, params, as, form: { intent: "nope" } })).status).toBe(400);
    expect((await runLoader(productPage, { url: "/erp/inventory/all-inventory/abc/stock", params: { slug: "abc" }, as })).status).toBe(404);
  });
});

describe("stock history", () => {
  it("every movement: who, why, reference linked (an order, a transfer), before → after; filters and keyset pages", async () => {
    const v = await newVariant(shop);
    const orderId = await newOrder(shop, [{ sku: v.sku, quantity: 1 }]);
    const source = await sourceOf(orderId);
    await addStock(shop, v.variantId, source, 3);
    const accepted = await runAction(listPage, { url: "/orders", as, form: { intent: "bulk", row: `accept:${orderId}` } });
    expect(accepted.toasts[0]?.type).toBe("success");
    await db.transaction((tx) => applyStockChanges(tx, { businessId: shop.businessId, userId: shop.userId, reason: "transfer", reference: "TRF-12", note: "to the warehouse" },
      Array.from({ length: 51 }, () => ({ variantId: v.variantId, location: source, delta: 1 }))));
    const url = `/erp/inventory/all-inventory/${v.productId}/stock-history`;
    const params = { slug: String(v.productId) };
    const first = await runLoader(historyPage, { url, params, as });
    expect(first.status).toBe(200);
    expect(first.data.rows.length).toBe(50);
    expect(first.data.rows[0]).toMatchObject({ reason: "transfer", reference: "TRF-12", reference_link: { type: "transfer", id: 12 }, on_hand_before: 53, on_hand_after: 54, note: "to the warehouse" });
    expect(first.data.next_before).toBeTruthy();
    const older = await runLoader(historyPage, { url: `${url}?before=${first.data.next_before}`, params, as });
    const rest = older.data.rows as { reason: string; reference_link: unknown; reserved_before: number; reserved_after: number; user_name: string | null }[];
    expect(rest.map((m) => m.reason)).toEqual(["transfer", "order", "manual"]);
    expect(rest[1]).toMatchObject({ reference_link: { type: "order", id: orderId }, reserved_before: 0, reserved_after: 1 });
    expect(rest[2].user_name).toBeTruthy();
    expect(older.data.next_before).toBeNull();

    const orders = await runLoader(historyPage, { url: `${url}?reason=order`, params, as });
    expect(orders.data.rows.map((m: { reason: string }) => m.reason)).toEqual(["order"]);
    const elsewhere = await runLoader(historyPage, { url: `${url}?location=${source.sourceType === 1 ? locationKey(warehouse) : locationKey(store)}`, params, as });
    expect(elsewhere.data.rows).toEqual([]);
    for (const q of ["reason=stolen", "location=warehouse--1", "before=x", "before=-5"]) {
      const r = await runLoader(historyPage, { url: `${url}?${q}`, params, as });
      expect(r.status, q).toBe(400);
      expect(r.data.product.name).toBeTruthy();
    }
  });
});

describe("search and warehouses", () => {
  it("finds a scanned barcode at every location; a SKU start when nothing matches exactly", async () => {
    const v = await stocked(store, 2);
    await addStock(shop, v.variantId, warehouse, 7);
    await db.update(s.productVariants).set({ barcode: `777${v.variantId}` }).where(eq(s.productVariants.id, v.variantId));
    const res = await runLoader(searchPage, { url: `/erp/inventory/search?code=777${v.variantId}`, as });
    expect(res.data.exact).toBe(true);
    expect(res.data.variants).toEqual([expect.objectContaining({ sku: v.sku, on_hand: 9, available: 9 })]);
    expect(res.data.variants[0].levels.map((l: { location_key: string }) => l.location_key)).toEqual([locationKey(store), locationKey(warehouse)]);
    const start = await runLoader(searchPage, { url: `/erp/inventory/search?code=${v.sku.slice(0, -3)}`, as });
    expect(start.data.exact).toBe(false);
    expect(start.data.variants.map((x: { sku: string }) => x.sku)).toContain(v.sku);
    expect((await runLoader(searchPage, { url: "/erp/inventory/search?code=NO-SUCH-CODE-42", as })).data.variants).toEqual([]);
    expect((await runLoader(searchPage, { url: `/erp/inventory/search?code=${"9".repeat(101)}`, as })).status).toBe(400);
    expect((await runLoader(searchPage, { url: "/erp/inventory/search", as })).data.variants).toEqual([]);
  });

  it("warehouse totals add up to the sum of their levels", async () => {
    await stocked(warehouse, 11);
    const res = await runLoader(warehousePage, { url: "/erp/inventory/warehouse", as });
    expect(res.status).toBe(200);
    const { rows: [sum] } = await db.execute<{ on_hand: string }>(
      sql`SELECT coalesce(sum(on_hand), 0)::bigint AS on_hand FROM stock_levels WHERE business_id = ${shop.businessId} AND warehouse_id IS NOT NULL`);
    expect(res.data.total.on_hand).toBe(Number(sum.on_hand));
    const w = res.data.warehouses.find((x: { key: string }) => x.key === locationKey(warehouse));
    expect(w.on_hand).toBeGreaterThanOrEqual(11);
  });
});

describe("POS inventory reports", () => {
  it("current stock: stores only; a warehouse as the store is refused under its field", async () => {
    const res = await runLoader(currentPage, { url: "/omnichannel/pos-report/inventory/current-stock?limit=150", as });
    expect(res.status).toBe(200);
    expect(res.data.rows.length).toBeGreaterThan(0);
    expect(res.data.rows.every((r: { location_key: string }) => r.location_key.startsWith("store-"))).toBe(true);
    const bad = await runLoader(currentPage, { url: `/omnichannel/pos-report/inventory/current-stock?store=${locationKey(warehouse)}`, as });
    expect(bad.status).toBe(400);
    expect(bad.data.errors.store).toEqual(["inventory-overview:errors.store_only"]);
  });

  it("beginning stock as of a date is the ledger's figure at the start of that WIB day", async () => {
    const v = await stocked(store, 0);
    await addStock(shop, v.variantId, store, 10);
    await addStock(shop, v.variantId, store, 5);
    await addStock(shop, v.variantId, store, -2);
    const moves = await db.select({ id: s.stockMovements.id }).from(s.stockMovements).where(eq(s.stockMovements.variantId, v.variantId)).orderBy(s.stockMovements.id);
    const noon = (days: number) => new Date(wibDayStart(new Date(), days).getTime() + 12 * 3600_000);
    await db.update(s.stockMovements).set({ timeCreated: noon(-3) }).where(eq(s.stockMovements.id, moves[0].id));
    await db.update(s.stockMovements).set({ timeCreated: noon(-1) }).where(eq(s.stockMovements.id, moves[1].id));
    const day = (days: number) => wibDate(wibDayStart(new Date(), days));
    const at = async (date: string) => {
      const r = await runLoader(beginningPage, { url: `/omnichannel/pos-report/inventory/beginning-stock?date=${date}&search=${v.sku}`, as });
      expect(r.status).toBe(200);
      return r.data.rows[0] as { beginning_on_hand: number; on_hand: number };
    };
    expect((await at(day(-5))).beginning_on_hand).toBe(0);
    expect((await at(day(-3))).beginning_on_hand).toBe(0);
    expect((await at(day(-2))).beginning_on_hand).toBe(10);
    expect((await at(day(-1))).beginning_on_hand).toBe(10);
    expect(await at(day(0))).toMatchObject({ beginning_on_hand: 15, on_hand: 13 });
    for (const [date, message] of [["2026-02-30", "inventory-overview:errors.date"], ["yesterday", "inventory-overview:errors.date"], [day(2), "inventory-overview:errors.date_future"]]) {
      const r = await runLoader(beginningPage, { url: `/omnichannel/pos-report/inventory/beginning-stock?date=${date}`, as });
      expect(r.status, date).toBe(400);
      expect(r.data.errors.date).toEqual([message]);
      expect(r.data.raw.date).toBe(date);
    }
  });

  it("stock per location and per store add up", async () => {
    const v = await stocked(store, 6);
    const loc = await runLoader(locationPage, { url: "/omnichannel/pos-report/inventory/stock-location", as });
    expect(loc.status).toBe(200);
    const rows = loc.data.rows as { kind: string; on_hand: number }[];
    const top = rows.filter((r) => r.kind !== "partition").reduce((n, r) => n + r.on_hand, 0);
    expect(loc.data.total.on_hand).toBe(top);
    const per = await runLoader(storeStockPage, { url: `/omnichannel/pos-report/inventory/store-stock?store=${locationKey(store)}&search=${v.sku}`, as });
    expect(per.data.rows).toEqual([expect.objectContaining({ product_id: v.productId, store_key: locationKey(store), on_hand: 6, variants: 1, value: null })]);
    expect((await runLoader(storeStockPage, { url: "/omnichannel/pos-report/inventory/store-stock?page=1001", as })).status).toBe(400);
    const other = await runLoader(storeStockPage, { url: `/omnichannel/pos-report/inventory/store-stock?search=${v.sku}`, as: DEMO.seller2 });
    expect(other.data.rows).toEqual([]);
  });
});
