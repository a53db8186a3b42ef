/**
 * The product picker (GET /products/filter), barcode-label files (templates/barcode-export and the
 * barcode-printer export job) and the inventory calls (availability, sources, cities, brands,
 * categories), on the demo catalogue of core/demo/catalog.ts: Toko Demo's products with colour × size
 * families and EAN-13 barcodes, opening stock in Gudang Pusat Pulogadung and Toko Demo Senopati;
 * Batik Sekar Jagad (seller2) has its own three products.
 */
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "#api/app.ts";
import { runNextJob } from "#core/jobs/worker.ts";
import { call, DEMO, login } from "./helpers.ts";

type Picker = {
  variant_id: number; product_id: number; product_name: string; sku: string; barcode: string | null; price: number; status: string;
  size_data: { name: string }; variant_data: { name: string }; image_datas: { image: string }[];
  brand_data: { brand_id: number; name: string } | null; category_data: { product_category_id: number; name: string } | null;
  on_hand: number; available: number; family_datas: { variant_id: number; variant_name: string; size_name: string; sku: string }[];
};
type Availability = {
  stock_level_id: number; product_name: string; variant_id: number; sku: string; source_type: number; source_type_name: string;
  source_id: number; source_name: string; partition_data: { id: number; name: string } | null; city_name: string | null;
  on_hand: number; reserved: number; available: number;
};
type SourceGroup = { name: string; type: number; datas: { source_id: number; name: string; type: number; partition_datas?: { name: string }[] }[] };

let seller: string;
let seller2: string;
let staff: string;
let newbie: string;
let kemeja: Picker[];
let sekarVariant: Picker;

async function raw(method: string, path: string, token: string, body: unknown, locale = "en") {
  return api.request(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "Accept-Language": locale },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  [seller, seller2, staff, newbie] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff), login(DEMO.newbie)]);
  kemeja = (await call<Picker[]>("GET", "/v0.0.0/products/filter", { token: seller, query: { search: "KBP-001", limit: 20 } })).body.data!;
  sekarVariant = (await call<Picker[]>("GET", "/v0.0.0/products/filter", { token: seller2, query: { search: "Truntum" } })).body.data![0];
});

describe("product picker: GET /products/filter", () => {
  it("answers one row per variant × size in the spec's picker shape, with the family", async () => {
    expect(kemeja).toHaveLength(6);
    const first = kemeja[0];
    expect(first).toMatchObject({
      product_name: "Kemeja Batik Parang Lengan Panjang", sku: "KBP-001-COK-M", price: 289000, status: "published",
      variant_data: { name: "Coklat" }, size_data: { name: "M" },
      brand_data: { name: "Nusantara Wear" }, category_data: { product_category_id: 10202, name: "Batik Pria" },
    });
    expect(first.barcode).toMatch(/^\d{13}$/);
    expect(Array.isArray(first.image_datas)).toBe(true);
    expect(first.family_datas.map((f) => `${f.variant_name}/${f.size_name}`)).toEqual(["Coklat/M", "Coklat/L", "Coklat/XL", "Biru/M", "Biru/L", "Biru/XL"]);
    expect(first.available).toBeLessThanOrEqual(first.on_hand);
  });

  it("finds by name, SKU or exact barcode; pages by 10; sorts by name by default", async () => {
    const byName = await call<Picker[]>("GET", "/v0.0.1/products/filter", { token: seller, query: { search: "kaos katun" } });
    expect(byName.status).toBe(200);
    expect(byName.body.pagination).toMatchObject({ total_record: 8, total_page: 1 });
    expect(new Set(byName.body.data!.map((p) => p.product_name))).toEqual(new Set(["Kaos Katun Combed 30s Hitam", "Kaos Katun Combed 30s Putih"]));
    const byBarcode = await call<Picker[]>("GET", "/v0.0.0/products/filter", { token: seller, query: { search: kemeja[4].barcode! } });
    expect(byBarcode.body.data!.map((p) => p.variant_id)).toEqual([kemeja[4].variant_id]);
    const all = await call<Picker[]>("GET", "/v0.0.0/products/filter", { token: seller });
    expect(all.body.data).toHaveLength(10);
    const names = all.body.data!.map((p) => p.product_name.toLowerCase());
    expect([...names].sort()).toEqual(names);
    const page2 = await call<Picker[]>("GET", "/v0.0.0/products/filter", { token: seller, query: { page: 2 } });
    expect(page2.body.data![0].variant_id).not.toBe(all.body.data![0].variant_id);
  });

  it("filters by status (suspended only when asked), brand, category at any level and variant ids", async () => {
    const q = async (query: Record<string, string | number>) =>
      (await call<Picker[]>("GET", "/v0.0.0/products/filter", { token: seller, query: { limit: 100, ...query } })).body.data ?? [];
    expect((await q({ search: "Masker Kain" }))).toEqual([]);
    expect((await q({ search: "Masker Kain", status: "suspended" })).map((p) => p.status)).toEqual(["suspended"]);
    expect((await q({ status: "draft" })).every((p) => p.product_name === "Blouse Linen Oversize")).toBe(true);
    const brand = kemeja[0].brand_data!.brand_id;
    expect((await q({ brand_id: brand })).every((p) => p.brand_data?.brand_id === brand)).toBe(true);
    const menswear = await q({ category_id: 102 });
    expect(menswear.length).toBeGreaterThan(0);
    expect(menswear.every((p) => Math.floor(p.category_data!.product_category_id / 100) === 102)).toBe(true);
    expect((await q({ category_id: 4 })).map((p) => p.product_name).sort()).toEqual(["Lilin Aromaterapi Melati", "Sabun Sereh Wangi Handmade"]);
    const picked = await q({ variant_ids: `${kemeja[5].variant_id},${kemeja[1].variant_id}` });
    expect(picked.map((p) => p.variant_id).sort()).toEqual([kemeja[1].variant_id, kemeja[5].variant_id].sort());
  });

  it("never shows another business's variants (tenant isolation), even by id", async () => {
    const res = await call<Picker[]>("GET", "/v0.0.0/products/filter", { token: seller, query: { variant_ids: String(sekarVariant.variant_id) } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, message: "No data", data: [] });
    const theirs = await call<Picker[]>("GET", "/v0.0.0/products/filter", { token: seller2, query: { search: "Kemeja Batik Parang" } });
    expect(theirs.status).toBe(404);
  });

  it("checks its query (422 per field, in English and Indonesian) and its privilege", async () => {
    const bad = await call("GET", "/v0.0.0/products/filter", { token: seller, query: { variant_ids: "1,x", status: "sold", limit: 0 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as object).sort()).toEqual(["limit", "status", "variant_ids"]);
    expect((bad.body.data as Record<string, string[]>).status[0]).toBe("This value is not valid");
    const id = await call("GET", "/v0.0.0/products/filter", { token: seller, query: { status: "sold" }, locale: "id" });
    expect((id.body.data as Record<string, string[]>).status[0]).not.toBe("This value is not valid");
    expect((await call("GET", "/v0.0.0/products/filter", {})).status).toBe(401);
    expect((await call("GET", "/v0.0.0/products/filter", { token: newbie })).status).toBe(403);
    // The demo staff has the Product privilege.
    expect((await call("GET", "/v0.0.0/products/filter", { token: staff })).status).toBe(200);
  });
});

describe("barcode labels for label printers", () => {
  it("answers a CSV with one row per label, EAN-13 where valid, else Code 128", async () => {
    const [a, b] = kemeja;
    const res = await raw("POST", "/v0.0.1/products/templates/barcode-export", seller, { items: [{ variant_id: a.variant_id, qty: 2 }, { variant_id: b.variant_id, qty: 1 }] });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="barcode-labels_\d{2}-\d{2}-\d{4}_\d{6}\.csv"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM: Excel reads UTF-8 right
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(lines[0]).toBe("sku,barcode,symbology,product_name,variant,size,price,price_text,copy");
    expect(lines.slice(1)).toEqual([
      `KBP-001-COK-M,${a.barcode},EAN13,Kemeja Batik Parang Lengan Panjang,Coklat,M,289000,Rp. 289.000,1/2`,
      `KBP-001-COK-M,${a.barcode},EAN13,Kemeja Batik Parang Lengan Panjang,Coklat,M,289000,Rp. 289.000,2/2`,
      `KBP-001-COK-L,${b.barcode},EAN13,Kemeja Batik Parang Lengan Panjang,Coklat,L,289000,Rp. 289.000,1/1`,
    ]);
    const code128 = await raw("POST", "/v0.0.1/products/templates/barcode-export", seller, { items: `${a.variant_id}:1`, symbology: "code128" });
    expect((await code128.text()).split("\r\n")[1]).toContain(",CODE128,");
  });

  it("refuses bad items with messages per field, in both languages", async () => {
    const v = kemeja[0].variant_id;
    const cases: [unknown, string][] = [
      [{ items: [] }, "Choose at least one product to print"],
      [{ items: [{ variant_id: v, qty: 0 }] }, "Enter a whole number of labels from 1 to 999"],
      [{ items: [{ variant_id: v, qty: 600 }, { variant_id: kemeja[1].variant_id, qty: 500 }] }, "At most 1,000 labels at a time; print the rest in another run"],
      [{ items: [{ variant_id: v, qty: 1 }, { variant_id: v, qty: 2 }] }, "A product is chosen twice; change its number of labels instead"],
    ];
    for (const [body, message] of cases) {
      const res = await raw("POST", "/v0.0.1/products/templates/barcode-export", seller, body);
      expect(res.status).toBe(422);
      const json = (await res.json()) as { data: Record<string, string[]> };
      expect(Object.values(json.data).flat()).toContain(message);
    }
    const id = await raw("POST", "/v0.0.1/products/templates/barcode-export", seller, { items: [] }, "id");
    expect(Object.values(((await id.json()) as { data: Record<string, string[]> }).data).flat()).toContain("Pilih minimal satu produk untuk dicetak");
  });

  it("answers 404 when any variant is another business's", async () => {
    const res = await raw("POST", "/v0.0.1/products/templates/barcode-export", seller, { items: [{ variant_id: kemeja[0].variant_id, qty: 1 }, { variant_id: sekarVariant.variant_id, qty: 1 }] });
    expect(res.status).toBe(404);
  });

  it("queues the barcode-printer export as a job whose .xlsx holds the same labels", async () => {
    const queued = await call<{ job_id: number; status: string }>("POST", "/v0.0.0/exports/products/barcode-printer", {
      token: seller, json: { items: [{ variant_id: kemeja[3].variant_id, qty: 3 }] },
    });
    expect(queued.status).toBe(202);
    while (await runNextJob()) { /* run the queue */ }
    const job = await call<{ status: string; url: string; filename: string }>("GET", `/v0.0.0/exports/${queued.body.data!.job_id}`, { token: seller });
    expect(job.body.data).toMatchObject({ status: "success" });
    expect(job.body.data!.filename).toMatch(/^barcode-labels_/);
    const file = await api.request(job.body.data!.url, { headers: { Authorization: `Bearer ${seller}` } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, "sku", "barcode", "symbology", "product_name", "variant", "size", "price", "price_text", "copy"]);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(4).getCell(1).value).toBe("KBP-001-BIR-M");
    expect(sheet.getRow(4).getCell(9).value).toBe("3/3");
    // Another business cannot see the job.
    expect((await call("GET", `/v0.0.0/exports/${queued.body.data!.job_id}`, { token: seller2 })).status).toBe(404);
  });
});

describe("inventory", () => {
  it("lists availability per variant per location with totals of the whole filter", async () => {
    const res = await call<Availability[]>("GET", "/v0.0.0/inventories/availability", { token: seller, query: { search: "KBP-001-COK-M", sort: 5 } });
    expect(res.status).toBe(200);
    const rows = res.body.data!;
    expect(rows.map((r) => r.source_name).sort()).toEqual(["Gudang Pusat Pulogadung", "Toko Demo Senopati"]);
    const store = rows.find((r) => r.source_type === 1)!;
    expect(store).toMatchObject({ sku: "KBP-001-COK-M", source_type_name: "Store", partition_data: null });
    expect(store.available).toBe(store.on_hand - store.reserved);
    const sum = rows.reduce((s, r) => s + r.on_hand, 0);
    expect(res.body.pagination!.summary_data).toMatchObject({ on_hand: sum, available: sum - rows.reduce((s, r) => s + r.reserved, 0) });
    expect(kemeja[0].on_hand).toBe(sum);
  });

  it("filters availability by source, city and in-stock; labels in Indonesian", async () => {
    const sources = (await call<SourceGroup[]>("GET", "/v0.0.0/inventories/sources", { token: seller })).body.data!;
    const warehouse = sources.find((g) => g.type === 2)!.datas.find((d) => d.name === "Gudang Pusat Pulogadung")!;
    const inWarehouse = await call<Availability[]>("GET", "/v0.0.0/inventories/availability", {
      token: seller, query: { source_type: 2, source_id: warehouse.source_id, limit: 150 }, locale: "id",
    });
    expect(inWarehouse.body.data!.every((r) => r.source_id === warehouse.source_id && r.source_type_name === "Gudang")).toBe(true);
    const inStock = await call<Availability[]>("GET", "/v0.0.0/inventories/availability", { token: seller, query: { in_stock: 1, limit: 150 } });
    expect(inStock.body.data!.every((r) => r.available > 0)).toBe(true);
    const cities = (await call<{ city_id: number; city_name: string }[]>("GET", "/v0.0.0/inventories/cities", { token: seller })).body.data!;
    const surabaya = cities.find((c) => c.city_name.includes("Surabaya"))!;
    const there = await call<Availability[]>("GET", "/v0.0.0/inventories/availability", { token: seller, query: { city_id: surabaya.city_id, limit: 150 } });
    expect([200, 404]).toContain(there.status);
    expect((there.body.data ?? []).every((r) => r.city_name === surabaya.city_name)).toBe(true);
    const bad = await call("GET", "/v0.0.0/inventories/availability", { token: seller, query: { source_type: 3, in_stock: 2 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as object).sort()).toEqual(["in_stock", "source_type"]);
    const noType = await call("GET", "/v0.0.0/inventories/availability", { token: seller, query: { source_id: 4 } });
    expect(noType.body.data).toMatchObject({ source_type: ["Choose whether the source is a store or a warehouse"] });
    const badId = await call("GET", "/v0.0.0/inventories/availability", { token: seller, query: { source_id: 4 }, locale: "id" });
    expect(badId.body.data).toMatchObject({ source_type: ["Pilih apakah sumber stoknya toko atau gudang"] });
  });

  it("groups the active sources as Store / Warehouse, warehouses with their partitions", async () => {
    const res = await call<SourceGroup[]>("GET", "/v0.0.0/inventories/sources", { token: seller });
    expect(res.body.data!.map((g) => [g.name, g.type])).toEqual([["Store", 1], ["Warehouse", 2]]);
    const warehouses = res.body.data![1].datas;
    // The partner's warehouse in Cikarang is inactive: not offered.
    expect(warehouses.map((w) => w.name)).toEqual(["Gudang Pusat Pulogadung", "Gudang Cabang Surabaya"]);
    expect(warehouses[0].partition_datas!.map((p) => p.name)).toEqual(["Rak A", "Rak B", "Gudang Retur"]);
    expect(res.body.data![0].datas.every((s) => s.type === 1)).toBe(true);
    const id = await call<SourceGroup[]>("GET", "/v0.0.0/inventories/sources", { token: seller, locale: "id", query: { search: "pulogadung" } });
    expect(id.body.data).toEqual([expect.objectContaining({ name: "Gudang", datas: [expect.objectContaining({ name: "Gudang Pusat Pulogadung" })] })]);
  });

  it("offers the cities, brands and category tree of the business only", async () => {
    const cities = (await call<{ city_name: string }[]>("GET", "/v0.0.0/inventories/cities", { token: seller })).body.data!.map((c) => c.city_name);
    expect(cities).toEqual(expect.arrayContaining(["Kota Jakarta Timur", "Kota Surabaya"]));
    const theirCities = (await call<{ city_name: string }[]>("GET", "/v0.0.0/inventories/cities", { token: seller2 })).body.data!.map((c) => c.city_name);
    expect(theirCities).not.toContain("Kota Surabaya");

    const brands = (await call<{ brand_id: number; name: string }[]>("GET", "/v0.0.0/inventories/brands", { token: seller })).body.data!.map((b) => b.name);
    expect(brands).toEqual(expect.arrayContaining(["Nusantara Wear", "Rumah Wangi"]));
    expect(brands).not.toContain("Sekar Jagad");

    const tree = (await call<{ name: string; total_product: number; childs: { name: string; childs: { name: string }[] }[] }[]>(
      "GET", "/v0.0.0/inventories/categories", { token: seller2 })).body.data!;
    expect(tree.map((n) => n.name)).toEqual(["Fashion"]);
    expect(tree[0].total_product).toBe(3);
    expect(tree[0].childs[0].childs.length).toBeGreaterThan(0);
    const mine = (await call<{ name: string }[]>("GET", "/v0.0.0/inventories/categories", { token: seller })).body.data!.map((n) => n.name);
    expect(mine).toEqual(["Fashion", "Jewelry", "Body Care"]);
  });

  it("needs a seller with the Product privilege", async () => {
    for (const path of ["availability", "sources", "cities", "brands", "categories"]) {
      expect((await call("GET", `/v0.0.0/inventories/${path}`, {})).status).toBe(401);
      expect((await call("GET", `/v0.0.0/inventories/${path}`, { token: newbie })).status).toBe(403);
    }
  });
});
