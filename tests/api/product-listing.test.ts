/**
 * The product listing (api/routes/products-list.ts) on the demo catalogue of core/demo/catalog.ts:
 * Toko Demo has 20 products (TBD-010 archived, BLO-014 a draft, MKL-016 suspended, the rest
 * published); Batik Sekar Jagad has 3. Read-only checks come first; the changes (switches, bulk
 * actions, delete) each use their own products, so the order of the blocks does not matter to them.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { applyStockChanges } from "#core/stock/stock-ledger.ts";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "#api/app.ts";
import { runNextJob } from "#core/jobs/worker.ts";
import { db } from "#db/client.ts";
import {
  businesses, channels, stores, packageItems, packages, productChannels, products, productSyncTasks, productVariants, stockLevels, stockMovements, updateHistory,
} from "#db/schema/index.ts";
import { call, DEMO, login } from "./helpers.ts";

type Row = {
  product_id: number; name: string; sku: string; status: string; state: string; status_name: string; image: string | null;
  brand_data: { brand_id: number; name: string } | null; category_data: { product_category_id: number; name: string } | null;
  channel_datas: { channel_id: number; name: string }[]; stock_type: number; preorder_days: number | null; price_min: number; price_max: number;
  on_hand: number; available: number; variant_count: number; source: string; time_synced: number | null; time_created: number; time_modified: number;
};
type Summary = { tabs: Record<string, number>; capped: string[]; cap: number };

let seller: string;
let seller2: string;
let staff: string;
let newbie: string;
let toko: number;
const id: Record<string, number> = {};

const list = (query: Record<string, string | number> = {}, token = seller, locale: "en" | "id" = "en") =>
  call<Row[]>("GET", "/v0.0.1/products", { token, query: { limit: 150, ...query }, locale });
const skus = async (query: Record<string, string | number> = {}, token = seller) => ((await list(query, token)).body.data ?? []).map((r) => r.sku);
const statusOf = async (sku: string) => (await db.select({ s: products.status }).from(products).where(eq(products.sku, sku)))[0]?.s;

beforeAll(async () => {
  [seller, seller2, staff, newbie] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff), login(DEMO.newbie)]);
  [{ id: toko }] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.name, "Toko Demo")).limit(1);
  for (const p of await db.select({ id: products.id, sku: products.sku }).from(products)) id[p.sku] = p.id;
});

describe("list", () => {
  it("lists the business's products newest first, in the listing's shape, with every tab's count", async () => {
    const res = await list({ limit: 10 });
    expect(res.status).toBe(200);
    const first = res.body.data![0];
    expect(Object.keys(first).sort()).toEqual([
      "available", "brand_data", "category_data", "channel_datas", "image", "name", "on_hand", "preorder_days", "price_max", "price_min", "product_id", "rating",
      "sku", "source", "state", "status", "status_name", "stock_type", "time_created", "time_modified", "time_synced", "variant_count",
    ]);
    // The demo adds its products oldest first, so its last one is the newest.
    expect(first.sku).toBe("LAM-020");
    const created = res.body.data!.map((r) => r.time_created);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const [expected] = (await db.execute<Record<string, number>>(sql`
      SELECT count(*)::int AS all, count(*) FILTER (WHERE status = 'published' AND available > 0)::int AS active,
             count(*) FILTER (WHERE status = 'archived')::int AS not_active,
             count(*) FILTER (WHERE status = 'published' AND available = 0)::int AS out_of_stock,
             count(*) FILTER (WHERE status = 'suspended')::int AS blocked
        FROM products WHERE business_id = ${toko}`)).rows;
    expect(res.body.pagination).toMatchObject({ total_record: expected.all, total_page: Math.ceil(expected.all / 10) });
    expect(res.body.pagination!.summary_data).toEqual({ tabs: expected, capped: [], cap: 1000 });
  });

  it("shows a product's brand, category, variants, price range and stock sums", async () => {
    const [kbp] = (await list({ search: "KBP-001" })).body.data!;
    // The demo's orders hold some of it: available is on hand less what they reserved.
    const [{ onHand, reserved }] = await db.select({ onHand: sql<number>`sum(on_hand)::int`, reserved: sql<number>`sum(reserved)::int` }).from(stockLevels).where(eq(stockLevels.productId, id["KBP-001"]));
    expect(kbp).toMatchObject({
      name: "Kemeja Batik Parang Lengan Panjang", status: "published", state: "published", status_name: "Active", variant_count: 6,
      brand_data: { name: "Nusantara Wear" }, category_data: { product_category_id: 10202, name: "Batik Pria" }, price_min: 289000, price_max: 289000,
      on_hand: onHand, available: onHand - reserved, stock_type: 1, source: "single", time_synced: null,
    });
  });

  it("puts each product in its tab: archived, suspended, and drafts only under All", async () => {
    expect(await skus({ tab: "not_active" })).toEqual(["TBD-010"]);
    expect(await skus({ tab: "blocked" })).toEqual(["MKL-016"]);
    const all = await skus();
    expect(all).toContain("BLO-014");
    for (const tab of ["active", "not_active", "out_of_stock", "blocked"]) expect(await skus({ tab })).not.toContain("BLO-014");
    const active = (await list({ tab: "active" })).body.data!;
    expect(active.every((r) => r.status === "published" && r.available > 0)).toBe(true);
  });

  it("derives Out Of Stock from the stock: a published product with nothing available", async () => {
    await db.update(products).set({ onHand: 0, available: 0 }).where(eq(products.sku, "RPM-015"));
    try {
      const res = await list({ tab: "out_of_stock" });
      expect(res.body.data!.map((r) => r.sku)).toContain("RPM-015");
      expect(res.body.data!.find((r) => r.sku === "RPM-015")).toMatchObject({ status: "published", state: "out_of_stock", status_name: "Out Of Stock" });
      expect(await skus({ tab: "active" })).not.toContain("RPM-015");
    } finally {
      const [{ onHand }] = await db.select({ onHand: sql<number>`coalesce(sum(on_hand), 0)::int` }).from(stockLevels).where(eq(stockLevels.productId, id["RPM-015"]));
      await db.update(products).set({ onHand, available: onHand }).where(eq(products.sku, "RPM-015"));
    }
  });

  it("searches every word of the name, the SKU from its start (family or variant) and the barcode, whatever the case", async () => {
    expect(await skus({ search: "kaos putih" })).toEqual(["KKC-005"]);
    expect(await skus({ search: "PUTIH KAOS" })).toEqual(["KKC-005"]);
    expect(await skus({ search: "kkc" })).toEqual(["KKC-005", "KKC-004"]);
    expect(await skus({ search: "kkc-004-m" })).toEqual(["KKC-004"]);
    const [v] = await db.select({ barcode: productVariants.barcode }).from(productVariants).where(eq(productVariants.sku, "SKG-009-41"));
    expect(await skus({ search: v.barcode! })).toEqual(["SKG-009"]);
    // Not a substring in the middle of a SKU, and LIKE wildcards are taken literally.
    expect((await list({ search: "004" })).status).toBe(404);
    expect((await list({ search: "%" })).status).toBe(404);
  });

  it("filters by brand, by a category of any level, by order type and by date added", async () => {
    const [brand] = await db.execute<{ id: number }>(sql`SELECT id FROM brands WHERE business_id = ${toko} AND name = 'Rumah Wangi'`).then((r) => r.rows);
    expect((await skus({ brand_id: brand.id })).sort()).toEqual(["LAM-020", "SSW-019"]);
    expect((await skus({ category_id: 4 })).sort()).toEqual(["LAM-020", "SSW-019"]); // Body Care, level 1
    expect((await skus({ category_id: 104 })).sort()).toEqual(["KSP-013", "STS-012"]); // Kain Tradisional, level 2
    expect(await skus({ category_id: 10404 })).toEqual(["KSP-013"]); // Songket, level 3
    expect((await list({ stock_type: 2 })).status).toBe(404);
    // Date shortcuts count back from now: the demo's products are all older than 30 days.
    expect((await list({ date: 30 })).status).toBe(404);
    await db.update(products).set({ timeCreated: sql`now() - interval '3 days'` }).where(eq(products.sku, "DKP-017"));
    expect(await skus({ date: 7 })).toEqual(["DKP-017"]);
    expect(await skus({ date: 14, stock_type: 1 })).toEqual(["DKP-017"]);
  });

  it("filters by channel", async () => {
    // The demo sells on the first two active channels; the third sells nothing yet.
    const [ch] = await db.select({ id: channels.id }).from(channels).where(and(eq(channels.businessId, toko), eq(channels.status, 1)))
      .orderBy(asc(channels.id)).offset(2).limit(1);
    await db.insert(productChannels).values([
      { productId: id["HVM-007"], channelId: ch.id, businessId: toko },
      { productId: id["TAP-008"], channelId: ch.id, businessId: toko },
    ]);
    expect((await skus({ channel_id: ch.id })).sort()).toEqual(["HVM-007", "TAP-008"]);
    const [hvm] = (await list({ search: "HVM" })).body.data!;
    expect(hvm.channel_datas.map((c) => c.channel_id)).toContain(ch.id);
  });

  it("sorts by name and pages with the tab counts kept", async () => {
    const byName = await skus({ sort: 5, limit: 3 });
    expect(byName).toEqual(["BLO-014", "CCS-006", "DKP-017"]);
    const page2 = await list({ sort: 5, limit: 3, page: 2 });
    expect(page2.body.data!.map((r) => r.sku)).toEqual(["DTI-003", "GPB-018", "HVM-007"]);
    expect(page2.body.pagination!.summary_data).toMatchObject({ tabs: { not_active: 1, blocked: 1 } });
  });

  it("answers 404 No data with the other tabs' counts when the tab is empty, and the counts alone on /products/count", async () => {
    const res = await list({ search: "kaos", tab: "blocked" });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("No data");
    expect((res.body.pagination!.summary_data as Summary).tabs).toMatchObject({ all: 2, active: 2, blocked: 0 });
    const counts = await call<Summary>("GET", "/v0.0.1/products/count", { token: seller, query: { search: "kaos" } });
    expect(counts.status).toBe(200);
    expect(counts.body.data!.tabs).toMatchObject({ all: 2, blocked: 0 });
  });

  it("refuses bad filters with messages per field, in English and Indonesian", async () => {
    const en = await list({ tab: "sold", date: 5, limit: 500 });
    expect(en.status).toBe(422);
    expect(Object.keys(en.body.data as object).sort()).toEqual(["date", "limit", "tab"]);
    expect((en.body.data as unknown as Record<string, string[]>).date).toEqual(["This value is not valid"]);
    const indonesian = await list({ date: 5 }, seller, "id");
    expect(indonesian.status).toBe(422);
    expect(indonesian.body.data).toEqual({ date: ["Nilai ini tidak valid"] });
  });

  it("gives the filter choices: the business's brands and channels and the category tree", async () => {
    const res = await call<{ brands: { name: string }[]; channels: { name: string }[]; categories: { name: string; childs: unknown[] }[] }>(
      "GET", "/v0.0.1/products/listing-filters", { token: seller });
    expect(res.status).toBe(200);
    expect(res.body.data!.brands.map((b) => b.name)).toContain("Rumah Wangi");
    expect(res.body.data!.brands.map((b) => b.name)).not.toContain("Sekar Jagad");
    expect(res.body.data!.categories.map((c) => c.name)).toEqual(["Fashion", "Art", "Jewelry", "Body Care", "Home Living"]);
    expect(res.body.data!.channels.length).toBeGreaterThan(0);
  });
});

describe("who may see it", () => {
  it("keeps each business to its own products", async () => {
    expect((await skus({}, seller2)).sort()).toEqual(["BCT-002", "BSJ-001", "SBS-003"]);
    expect((await list({ search: "KBP" }, seller2)).status).toBe(404);
  });

  it("lets staff with the Product privilege in, and not someone who is not a seller", async () => {
    expect((await list({}, staff)).status).toBe(200);
    expect((await list({}, newbie)).status).toBe(403);
    expect((await call("GET", "/v0.0.1/products")).status).toBe(401);
  });

  it("answers 404 for another business's product on every change, and changes nothing", async () => {
    const theirs = id["BSJ-001"];
    expect((await call("PUT", `/v0.0.1/products/${theirs}/deactivate`, { token: seller })).status).toBe(404);
    expect((await call("DELETE", `/v0.0.1/products/${theirs}`, { token: seller })).status).toBe(404);
    const bulk = await call("PUT", "/v0.0.1/products/bulk", { token: seller, json: { action: "deactivate", product_ids: [id["GPB-018"], theirs] } });
    expect(bulk.status).toBe(404);
    expect(await statusOf("GPB-018")).toBe("published");
    expect(await statusOf("BSJ-001")).toBe("published");
  });
});

describe("status switch", () => {
  it("deactivates and activates a product, with a history row each, and repeats harmlessly", async () => {
    const pid = id["JBP-011"];
    const off = await call("PUT", `/v0.0.1/products/${pid}/deactivate`, { token: seller });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe("Jaket Bomber Parasut is not active");
    expect(await statusOf("JBP-011")).toBe("archived");
    expect(await skus({ tab: "not_active" })).toContain("JBP-011");
    expect((await call("PUT", `/v0.0.1/products/${pid}/deactivate`, { token: seller })).status).toBe(200);
    const on = await call("PUT", `/v0.0.1/products/${pid}/activate`, { token: seller, locale: "id" });
    expect(on.body.message).toBe("Jaket Bomber Parasut sudah aktif");
    expect(await statusOf("JBP-011")).toBe("published");
    const history = await db.select().from(updateHistory).where(and(eq(updateHistory.refType, "product"), eq(updateHistory.refId, pid))).orderBy(updateHistory.id);
    expect(history.map((h) => [h.action, h.changes])).toEqual([
      ["create", {}], // the demo's own
      ["inactivate", { status: { from: "published", to: "archived" } }],
      ["activate", { status: { from: "archived", to: "published" } }],
    ]);
  });

  it("refuses to switch a draft or a blocked product, saying why in the caller's language", async () => {
    const draft = await call("PUT", `/v0.0.1/products/${id["BLO-014"]}/activate`, { token: seller });
    expect(draft.status).toBe(422);
    expect(draft.body.message).toBe("Not changed: Still a draft: finish it in the editor first");
    expect(draft.body.data).toEqual({ status: ["Still a draft: finish it in the editor first"] });
    const blocked = await call("PUT", `/v0.0.1/products/${id["MKL-016"]}/activate`, { token: seller, locale: "id" });
    expect(blocked.status).toBe(422);
    expect(blocked.body.message).toBe("Tidak diubah: Produk yang diblokir tidak bisa diubah oleh penjual");
    expect(await statusOf("BLO-014")).toBe("draft");
    expect(await statusOf("MKL-016")).toBe("suspended");
  });
});

describe("activating follows the publishing rule", () => {
  /** An archived product of its own, made through the editor (which allows archiving one without a category). */
  async function archived(category: boolean) {
    const sku = `ACT-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
    const res = await call<{ product_id: number }>("POST", "/v0.0.0/products", {
      token: seller, json: { name: `Arsip ${sku}`, sku, status: "archived", ...(category ? { category_id: 10202 } : {}), variants: [{ price: 25000 }] },
    });
    expect(res.status).toBe(200);
    return { id: res.body.data!.product_id, sku, name: `Arsip ${sku}` };
  }

  it("refuses to activate a product without a category, and one with a price of 0, saying why", async () => {
    const noCategory = await archived(false);
    const single = await call("PUT", `/v0.0.1/products/${noCategory.id}/activate`, { token: seller });
    expect(single.status).toBe(422);
    expect(single.body.message).toBe("Not changed: Needs a category and a price above 0 on every variant to be published");
    expect(single.body.data).toEqual({ status: ["Needs a category and a price above 0 on every variant to be published"] });
    expect(await statusOf(noCategory.sku)).toBe("archived");

    const free = await archived(true);
    await db.update(productVariants).set({ price: 0 }).where(eq(productVariants.productId, free.id));
    const id2 = await call("PUT", `/v0.0.1/products/${free.id}/activate`, { token: seller, locale: "id" });
    expect(id2.status).toBe(422);
    expect(id2.body.message).toBe("Tidak diubah: Perlu kategori dan harga di atas 0 di setiap varian agar bisa diterbitkan");
    expect(await statusOf(free.sku)).toBe("archived");
    // Gone again: later checks read the Not active tab.
    await db.delete(products).where(inArray(products.id, [noCategory.id, free.id]));
  });

  it("skips such products in a bulk activate and activates the rest", async () => {
    const [bad, good] = [await archived(false), await archived(true)];
    const res = await call<{ product_ids: number[]; skipped: { product_id: number; name: string; code: string; reason: string }[] }>("PUT", "/v0.0.1/products/bulk", {
      token: seller, json: { action: "activate", product_ids: [bad.id, good.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data!.product_ids).toEqual([good.id]);
    expect(res.body.data!.skipped).toEqual([
      { product_id: bad.id, name: bad.name, code: "incomplete", reason: "Needs a category and a price above 0 on every variant to be published" },
    ]);
    expect([await statusOf(bad.sku), await statusOf(good.sku)]).toEqual(["archived", "published"]);
    await db.delete(products).where(inArray(products.id, [bad.id, good.id]));
  });
});

describe("bulk actions", () => {
  it("activates several, skipping drafts and blocked products and saying so", async () => {
    await db.update(products).set({ status: "archived" }).where(inArray(products.sku, ["SKG-009", "CCS-006"]));
    const res = await call<{ product_ids: number[]; skipped: { product_id: number; name: string; reason: string }[] }>("PUT", "/v0.0.1/products/bulk", {
      token: seller, json: { action: "activate", product_ids: [id["SKG-009"], id["CCS-006"], id["BLO-014"], id["MKL-016"]] },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("2 products activated. 2 skipped (drafts, blocked or not ready to publish).");
    expect(res.body.data!.product_ids.sort()).toEqual([id["SKG-009"], id["CCS-006"]].sort());
    expect(res.body.data!.skipped.map((s) => s.name).sort()).toEqual(["Blouse Linen Oversize", "Masker Kain 3 Lapis (isi 5)"]);
    expect(await statusOf("SKG-009")).toBe("published");
    expect(await statusOf("CCS-006")).toBe("published");
  });

  it("takes the ids form-encoded as the web sends them", async () => {
    const form = new URLSearchParams({ action: "deactivate", product_ids: `${id["SBS-003"]}` });
    const res = await call("PUT", "/v0.0.1/products/bulk", { token: seller2, form, locale: "id" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Selendang Batik Sutra sudah tidak aktif");
    expect(await statusOf("SBS-003")).toBe("archived");
  });

  it("syncs products to the master catalogue: New Product the first time, Attribute Update after", async () => {
    const ids = [id["GPB-018"], id["DTI-003"]];
    const first = await call("PUT", "/v0.0.1/products/bulk", { token: seller, json: { action: "sync_to_master", product_ids: ids } });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe("2 products synced to the master catalogue.");
    await call("PUT", "/v0.0.1/products/bulk", { token: seller, json: { action: "sync_to_master", product_ids: [id["GPB-018"]] } });
    const tasks = await db.select().from(productSyncTasks).where(inArray(productSyncTasks.productId, ids)).orderBy(productSyncTasks.id);
    // New Product for both (in whatever order the batch took them), then Attribute Update for one.
    expect(tasks.slice(0, 2).map((t) => [t.productId, t.type, t.status]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [Math.min(...ids), 0, "success"], [Math.max(...ids), 0, "success"],
    ]);
    expect([tasks[2].productId, tasks[2].type, tasks[2].status]).toEqual([id["GPB-018"], 4, "success"]);
    expect(tasks[0].snapshot).toMatchObject({ status: "published", variants: [expect.objectContaining({ sku: expect.any(String), price: expect.any(Number) })] });
    const [gpb] = (await list({ search: "GPB" })).body.data!;
    expect(gpb.time_synced).toBeGreaterThan(0);
  });

  it("deletes products with their variants, stock and ledger, keeping a history row", async () => {
    const pid = id["TBD-010"];
    const [{ onHand }] = await db.select({ onHand: products.onHand }).from(products).where(eq(products.id, pid));
    const res = await call("DELETE", `/v0.0.1/products/${pid}`, { token: seller });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Topi Bucket Denim deleted");
    expect(await db.select().from(products).where(eq(products.id, pid))).toEqual([]);
    expect(await db.select().from(productVariants).where(eq(productVariants.productId, pid))).toEqual([]);
    expect(await db.select().from(stockMovements).where(eq(stockMovements.productId, pid))).toEqual([]);
    const [h] = await db.select().from(updateHistory).where(and(eq(updateHistory.refType, "product"), eq(updateHistory.refId, pid), eq(updateHistory.action, "delete")));
    expect(h.changes).toEqual({ name: { from: "Topi Bucket Denim", to: null }, sku: { from: "TBD-010", to: null }, on_hand: { from: onHand, to: null } });
    expect((await list({ tab: "not_active" })).status).toBe(404);
  });

  it("refuses to delete a product that is part of a package, and deletes none of the batch", async () => {
    const [variant] = await db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, id["STS-012"])).limit(1);
    const [pkg] = await db.insert(packages).values({ businessId: toko, name: "Paket Lebaran", sku: "PKT-LEB", price: 500000 }).returning();
    await db.insert(packageItems).values({ packageId: pkg.id, variantId: variant.id, quantity: 1 });
    const res = await call("PUT", "/v0.0.1/products/bulk", { token: seller, locale: "id", json: { action: "delete", product_ids: [id["KSP-013"], id["STS-012"]] } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Sarung Tenun Samarinda termasuk dalam paket Paket Lebaran: keluarkan dulu dari paket");
    expect(await statusOf("KSP-013")).toBe("published");
  });

  it("refuses to delete a product with stock set aside for orders", async () => {
    const [variant] = await db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, id["SKG-009"])).limit(1);
    const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.businessId, toko)).orderBy(asc(stores.id)).limit(1);
    await db.transaction((tx) => applyStockChanges(tx, { businessId: toko, userId: null, reason: "order", reference: "INV/TEST/1" }, [
      { variantId: variant.id, location: { sourceType: 1, storeId: store.id }, set: 5, reservedDelta: 2 },
    ]));
    // With what the demo's own orders already hold of it.
    const [{ reserved }] = await db.select({ reserved: sql<number>`sum(reserved)::int` }).from(stockLevels).where(eq(stockLevels.productId, id["SKG-009"]));
    expect(reserved).toBeGreaterThanOrEqual(2);
    const res = await call("DELETE", `/v0.0.1/products/${id["SKG-009"]}`, { token: seller });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(`Sandal Kulit Garut has ${reserved} in stock set aside for orders: it cannot be deleted until they are sent or cancelled`);
    expect(await statusOf("SKG-009")).toBe("published");
  });

  it("checks the bulk body: at least one product, at most 150, a known action", async () => {
    const none = await call("PUT", "/v0.0.1/products/bulk", { token: seller, json: { action: "delete", product_ids: [] } });
    expect(none.status).toBe(422);
    expect(none.body.data).toEqual({ product_ids: ["Choose at least one product"] });
    const many = await call("PUT", "/v0.0.1/products/bulk", { token: seller, locale: "id", json: { action: "zap", product_ids: Array.from({ length: 151 }, (_, i) => i + 1) } });
    expect(many.status).toBe(422);
    expect(many.body.data).toEqual({ action: ["Pilih tindakan"], product_ids: ["Pilih paling banyak 150 produk sekaligus"] });
  });
});

describe("export", () => {
  it("exports the listing with its tab and filters, in the asker's language", async () => {
    const queued = await call<{ job_id: number }>("POST", "/v0.0.0/exports/product-listing", { token: seller, locale: "id", json: { tab: "blocked" } });
    expect(queued.status).toBe(202);
    expect(await runNextJob()).toBe(true);
    const file = await api.request(`/api/v0.0.0/exports/${queued.body.data!.job_id}/download`, { headers: { Authorization: `Bearer ${seller}` } });
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe("Produk");
    expect(sheet.getRow(1).getCell(1).value).toBe("Nama produk");
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe("Masker Kain 3 Lapis (isi 5)");
    expect(sheet.getRow(2).getCell(3).value).toBe("Diblokir");
  });

  it("answers at the spec's path /v0.0.0/exports/products/product-listing too", async () => {
    const res = await call<{ job_id: number }>("POST", "/v0.0.0/exports/products/product-listing", { token: seller, json: { search: "kaos" } });
    expect(res.status).toBe(202);
    expect(await runNextJob()).toBe(true);
    const job = await call<{ status: string; kind: string }>("GET", `/v0.0.0/exports/${res.body.data!.job_id}`, { token: seller });
    expect(job.body.data).toMatchObject({ status: "success", kind: "product-listing" });
  });
});

// Last in the file: it adds a thousand products to Toko Demo.
describe("a search matching more than the count cap", () => {
  it("counts what it found once for every tab and shows the capped tabs as at least 1.000", async () => {
    await db.execute(sql`
      INSERT INTO products (business_id, name, sku, status)
      SELECT ${toko}, 'Kaos Capcount ' || n, 'CAPCOUNT-' || n, 'published' FROM generate_series(1, 1005) n`);
    const res = await list({ search: "capcount", limit: 50 });
    expect(res.status).toBe(200);
    const summary = res.body.pagination!.summary_data as Summary;
    // Nothing is in stock, so every match is under Out Of Stock; none is Active, Blocked or Not Active.
    expect(summary).toEqual({ tabs: { all: 1000, active: 0, not_active: 0, out_of_stock: 1000, blocked: 0 }, capped: ["all", "out_of_stock"], cap: 1000 });
    expect(res.body.data).toHaveLength(50);
    // Past the cap the list keeps offering pages while they come back full.
    const far = await list({ search: "capcount", limit: 150, page: 7 });
    expect(far.body.data).toHaveLength(105);
    expect(far.body.pagination!.total_record).toBe(1005);
    const active = await list({ search: "capcount", tab: "active" });
    expect(active.status).toBe(404);
  });
});
