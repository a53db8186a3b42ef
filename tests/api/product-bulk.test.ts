/**
 * Bulk add and mass update (api/routes/product-bulk.ts) on the demo catalogue of core/demo/catalog.ts:
 * Toko Demo (seller) has KKC-004 "Kaos Katun Combed 30s Hitam" in sizes S–XL and brands such as
 * Nusantara Wear; Batik Sekar Jagad (seller2) is the other business.
 * Files are real .xlsx made with exceljs from the templates the API hands out.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "#api/app.ts";
import { runNextJob } from "#core/jobs/worker.ts";
import { applyStockChanges } from "#core/stock/stock-ledger.ts";
import { db, pool } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { checkAddRows } from "#core/catalog/product-bulk-add.ts";
import { parseCmToMm, parseWhole } from "#core/catalog/product-bulk-xlsx.ts";
import { call, DEMO, login } from "./helpers.ts";

type Upload = {
  upload_id: number; mode: string; section: number | null; filename: string; status: string; status_details: string | null;
  total_rows: number; valid_rows: number; error_rows: number; applied_rows: number;
  job: { job_id: number; progress: number; status: string; url: string | null; status_details: string | null } | null;
};
type Row = { row_id: number; row_no: number; status: string; product_id: number | null; errors: Record<string, string[]>; changes: { field: string; before: unknown; after: unknown }[] };

let seller: string;
let seller2: string;
let staff: string;
const tag = Date.now().toString(36).toUpperCase();

beforeAll(async () => {
  [seller, seller2, staff] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
});

async function download(path: string, token = seller, locale = "en") {
  const res = await api.request(`/api${path}`, { headers: { Authorization: `Bearer ${token}`, "Accept-Language": locale } });
  return res;
}

async function workbookOf(res: Response) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  return wb;
}

/** Fills the data sheet (keys in row 1) from row 3 on with the given rows (by column key). */
async function filled(wb: ExcelJS.Workbook, rows: Record<string, string | number>[], opts: { replace?: boolean } = {}) {
  const ws = wb.getWorksheet("Data")!;
  const keys: string[] = [];
  ws.getRow(1).eachCell((c, col) => (keys[col] = String(c.value)));
  if (opts.replace) for (let n = ws.rowCount; n >= 3; n--) ws.spliceRows(n, 1);
  rows.forEach((r, i) => {
    const row = ws.getRow(3 + i);
    keys.forEach((k, col) => {
      if (k && k in r) row.getCell(col).value = r[k];
    });
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(path: string, data: Buffer, token = seller, name = "products.xlsx") {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(data)], name, { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }));
  return call<Upload>("POST", path, { token, form });
}

async function runJobs() {
  while (await runNextJob());
}

async function rowsOf(id: number, locale: "en" | "id" = "en", token = seller) {
  const res = await call<Row[]>("GET", `/v0.0.0/product-bulk/histories/reply/${id}/rows`, { token, locale, query: { limit: 100 } });
  return res.body.data ?? [];
}

const addTemplate = async () => workbookOf(await download("/v0.0.0/products/templates/new"));

describe("bulk add template", () => {
  it("is an .xlsx with the business's brands and the categories as drop-down lists", async () => {
    const res = await download("/v0.0.0/products/templates/new");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toContain("bulk-add-template");
    const wb = await workbookOf(res);
    const data = wb.getWorksheet("Data")!;
    expect(data.getRow(2).getCell(1).value).toBe("Product name *");
    const lists = wb.getWorksheet("Lists")!;
    const brands = lists.getColumn(1).values.slice(2);
    expect(brands).toContain("Nusantara Wear");
    expect(brands).not.toContain("Sekar Jagad"); // the other business's brand
    expect(lists.getColumn(2).values).toContain("Fashion › Pakaian Wanita › Dress [10101]");
    const brandCol = data.getRow(1).values as string[];
    expect(data.getCell(3, brandCol.indexOf("brand")).dataValidation).toMatchObject({ type: "list" });
  });

  it("speaks the downloader's language", async () => {
    const wb = await workbookOf(await download("/v0.0.0/products/templates/new", seller, "id"));
    expect(wb.getWorksheet("Data")!.getRow(2).getCell(1).value).toBe("Nama produk *");
    expect(wb.getWorksheet("Daftar")).toBeTruthy();
  });
});

describe("bulk add upload", () => {
  let uploadId: number;
  const parent = `TSH-${tag}`;

  it("checks every row in a background job and turns valid products into drafts", async () => {
    const data = await filled(await addTemplate(), [
      { product_name: "Kaos Polos Premium", parent_sku: parent, brand: "Nusantara Wear", category: "10203", variant: "Hitam", size: "M", sku: `${parent}-HIT-M`, price: "99.000", stock: 12, weight_gr: 200, length_cm: "30,5" },
      { parent_sku: parent, variant: "Hitam", size: "L", sku: `${parent}-HIT-L`, price: 109000, stock: 3 },
      { product_name: "Tote Bag Kanvas", parent_sku: `TOTE-${tag}`, category: "Kaos & Polo", sku: `TOTE-${tag}`, price: "abc" },
      { product_name: "Sudah Ada", parent_sku: "KKC-004", category: "10203", sku: "KKC-004-S", price: 1000 },
      { product_name: "Dompet", parent_sku: `DMP-${tag}`, category: "Tidak Ada", sku: `DMP-${tag}`, price: 5000, order_type: "Pre-Order" },
    ]);
    const res = await upload("/v0.0.0/product-bulk/add/upload", data);
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ mode: "add", status: "validating", job: { status: "waiting", progress: 0 } });
    uploadId = res.body.data!.upload_id;

    await runJobs();
    const after = await call<Upload>("GET", `/v0.0.0/product-bulk/histories/reply/${uploadId}`, { token: seller });
    expect(after.body.data).toMatchObject({ status: "done", total_rows: 5, valid_rows: 2, error_rows: 3, job: { status: "success", progress: 100 } });

    const rows = await rowsOf(uploadId);
    expect(rows.map((r) => [r.row_no, r.status])).toEqual([[3, "valid"], [4, "valid"], [5, "error"], [6, "error"], [7, "error"]]);
    expect(rows[2].errors).toEqual({ price: ["Must be a whole number of 0 or more"] });
    expect(rows[3].errors).toEqual({ parent_sku: ["A product with this parent SKU is already in your catalogue"], sku: ["This SKU is already in your catalogue"] });
    expect(rows[4].errors).toEqual({ category: ["Not a category of the list"], preorder_days: ["A pre-order needs 1 to 90 days"] });
    const id = await rowsOf(uploadId, "id");
    expect(id[2].errors.price).toEqual(["Harus bilangan bulat 0 atau lebih"]);

    // One draft product with two variants, opening stock through the ledger.
    const [product] = await db.select().from(s.products).where(eq(s.products.sku, parent));
    expect(product).toMatchObject({ status: "draft", source: "bulk", bulkUploadId: uploadId, priceMin: 99000, priceMax: 109000, onHand: 15, available: 15, lengthMm: 305, weightGr: 200 });
    expect(rows[0].product_id).toBe(product.id);
    const variants = await db.select().from(s.productVariants).where(eq(s.productVariants.productId, product.id)).orderBy(asc(s.productVariants.position));
    expect(variants.map((v) => [v.variantName, v.sizeName, v.price])).toEqual([["Hitam", "M", 99000], ["Hitam", "L", 109000]]);
    const moves = await db.select().from(s.stockMovements).where(eq(s.stockMovements.productId, product.id));
    expect(moves.map((m) => [m.reason, m.reference, m.onHandAfter]).sort()).toEqual([["bulk_upload", `bulk-upload:${uploadId}`, 12], ["bulk_upload", `bulk-upload:${uploadId}`, 3]]);
  });

  it("makes no product of a family with a bad row", async () => {
    const fam = `FAM-${tag}`;
    const data = await filled(await addTemplate(), [
      { product_name: "Rok Lipit", parent_sku: fam, category: "10105", size: "S", sku: `${fam}-S`, price: 120000 },
      { parent_sku: fam, size: "M", sku: `${fam}-M`, price: -5 },
      { product_name: "Lain Nama", parent_sku: fam, size: "L", sku: `${fam}-L`, price: 120000 },
    ]);
    const res = await upload("/v0.0.0/product-bulk/add/upload", data);
    await runJobs();
    const rows = await rowsOf(res.body.data!.upload_id);
    expect(rows.map((r) => r.status)).toEqual(["error", "error", "error"]);
    expect(rows[0].errors._row).toEqual(["Another row of this product has errors, so the product was not created"]);
    expect(rows[2].errors.product_name).toEqual(["Differs from the first row of this product"]);
    expect(await db.select().from(s.products).where(eq(s.products.sku, fam))).toEqual([]);
  });

  it("lists the drafts and publishes or rejects them", async () => {
    const drafts = await call<{ product_id: number; status: string; total_variant: number; on_hand: number }[]>(
      "GET", "/v0.0.0/products/templates/new/product-histories", { token: seller, query: { upload_id: uploadId, status: "draft" } });
    expect(drafts.body.data).toHaveLength(1);
    expect(drafts.body.data![0]).toMatchObject({ status: "draft", total_variant: 2, on_hand: 15 });
    const productId = drafts.body.data![0].product_id;

    // Another business cannot touch it.
    const foreign = await call("PUT", "/v0.0.0/products/templates/new/product-publish", { token: seller2, json: { product_ids: [productId] } });
    expect(foreign.status).toBe(404);

    const published = await call<{ count: number }>("PUT", "/v0.0.0/products/templates/new/product-publish", { token: seller, json: { product_ids: [productId] } });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ message: "Products published", data: { count: 1 } });
    const [p] = await db.select().from(s.products).where(eq(s.products.id, productId));
    expect(p.status).toBe("published");
    expect((await rowsOf(uploadId)).slice(0, 2).map((r) => r.status)).toEqual(["published", "published"]);

    // Published already: nothing left to decide.
    const again = await call("PUT", "/v0.0.0/products/templates/new/product-reject", { token: seller, json: { product_ids: [productId] }, locale: "id" });
    expect(again.status).toBe(422);
    expect(again.body.data).toEqual({ product_ids: ["Tidak ada produk terpilih yang masih berupa draf"] });
  });

  it("rejects a draft: the draft goes, its rows say rejected", async () => {
    const sku = `REJ-${tag}`;
    const res = await upload("/v0.0.0/products/templates/new", await filled(await addTemplate(), [
      { product_name: "Akan Ditolak", parent_sku: sku, category: "10101", sku, price: 50000, stock: 4 },
    ]));
    await runJobs();
    const [p] = await db.select().from(s.products).where(eq(s.products.sku, sku));
    const rejected = await call("PUT", "/v0.0.0/products/templates/new/product-reject", { token: seller, form: new URLSearchParams({ product_ids: String(p.id) }) });
    expect(rejected.status).toBe(200);
    expect(await db.select().from(s.products).where(eq(s.products.id, p.id))).toEqual([]);
    expect((await rowsOf(res.body.data!.upload_id)).map((r) => r.status)).toEqual(["rejected"]);
  });

  it("refuses to reject a draft a package is made of, naming the package, and rejects none of the batch", async () => {
    const [sku, other] = [`PKG-${tag}`, `PKG2-${tag}`];
    await upload("/v0.0.0/products/templates/new", await filled(await addTemplate(), [
      { product_name: "Draf Dalam Paket", parent_sku: sku, category: "10101", sku, price: 50000, stock: 2 },
      { product_name: "Draf Lain", parent_sku: other, category: "10101", sku: other, price: 40000, stock: 1 },
    ]));
    await runJobs();
    const drafts = await db.select().from(s.products).where(inArray(s.products.sku, [sku, other]));
    expect(drafts.map((d) => d.status)).toEqual(["draft", "draft"]);
    const inPackage = drafts.find((d) => d.sku === sku)!;
    const [variant] = await db.select().from(s.productVariants).where(eq(s.productVariants.productId, inPackage.id));
    const pkg = await call("POST", "/v0.0.0/packages", {
      token: seller, json: { name: `Paket Draf ${tag}`, sku: `PKT-${tag}`, price: 45000, items: [{ variant_id: variant.id, quantity: 1 }] },
    });
    expect(pkg.status).toBe(200);
    const refused = await call("PUT", "/v0.0.0/products/templates/new/product-reject", {
      token: seller, locale: "id", json: { product_ids: drafts.map((d) => d.id) },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(`Draf Dalam Paket termasuk dalam paket Paket Draf ${tag}: keluarkan dulu dari paket sebelum menolak drafnya`);
    expect((await db.select().from(s.products).where(inArray(s.products.sku, [sku, other]))).map((d) => d.status)).toEqual(["draft", "draft"]);
    // The other draft alone can be rejected.
    const alone = await call("PUT", "/v0.0.0/products/templates/new/product-reject", { token: seller, json: { product_ids: [drafts.find((d) => d.sku === other)!.id] } });
    expect(alone.status).toBe(200);
  });

  it("refuses a file that is no .xlsx at once, and a workbook that is no template in its job", async () => {
    const bad = await upload("/v0.0.0/product-bulk/add/upload", Buffer.from("name,sku\nA,B\n"), seller, "x.csv");
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual({ file: ["Choose an .xlsx file (Excel workbook)"] });
    const badId = await upload("/v0.0.0/product-bulk/add/upload", Buffer.from("nope"), seller);
    expect(badId.status).toBe(422);

    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("Sheet1").addRow(["name", "price"]);
    const res = await upload("/v0.0.0/product-bulk/add/upload", Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.status).toBe(202);
    await runJobs();
    const after = await call<Upload>("GET", `/v0.0.0/product-bulk/histories/reply/${res.body.data!.upload_id}`, { token: seller, locale: "id" });
    expect(after.body.data).toMatchObject({ status: "failed", status_details: "Ini bukan template: unduh lagi templatenya lalu isi yang itu" });
  });

  it("keeps uploads to their business and lists them newest first", async () => {
    expect((await call("GET", `/v0.0.0/product-bulk/histories/reply/${uploadId}`, { token: seller2 })).status).toBe(404);
    expect((await call("GET", `/v0.0.0/product-bulk/histories/reply/${uploadId}/rows`, { token: seller2 })).status).toBe(404);
    expect((await call("GET", "/v0.0.0/products/templates/new/product-histories", { token: seller2, query: { upload_id: uploadId } })).status).toBe(404);
    const mine = await call<Upload[]>("GET", "/v0.0.0/product-bulk/histories/add", { token: seller });
    expect(mine.body.data!.length).toBeGreaterThanOrEqual(4);
    expect(mine.body.data!.map((u) => u.upload_id)).toContain(uploadId);
    const theirs = await call<Upload[]>("GET", "/v0.0.0/product-bulk/histories/add", { token: seller2 });
    expect(theirs.status).toBe(404); // "No data": none of seller2's
    // Staff with the products privilege may use it.
    expect((await call("GET", "/v0.0.0/product-bulk/histories/add", { token: staff })).status).toBe(200);
  });
});

describe("mass update", () => {
  let kaosId: number;
  beforeAll(async () => {
    const [p] = await db.select().from(s.products).where(eq(s.products.sku, "KKC-004"));
    kaosId = p.id;
  });

  it("downloads the current prices of the chosen products", async () => {
    const res = await download(`/v0.0.0/product-bulk/update/price/download?product_ids=${kaosId}`);
    expect(res.status).toBe(200);
    const ws = (await workbookOf(res)).getWorksheet("Data")!;
    expect(ws.getRow(1).values).toEqual([undefined, "sku", "product_name", "variant", "size", "price", "compare_at_price"]);
    expect((ws.getRow(3).values as unknown[]).slice(0, 6)).toEqual([undefined, "KKC-004-S", "Kaos Katun Combed 30s Hitam", "", "S", 89000]);
    expect(ws.rowCount).toBe(6); // keys, headers, S M L XL
    // The same through the spec's template path, by section id.
    expect((await download(`/v0.0.0/products/templates/update?section=6&product_ids=${kaosId}`)).status).toBe(200);
    expect((await download("/v0.0.0/product-bulk/update/colour/download")).status).toBe(404);
  });

  it("previews price changes before → after, then applies them as a job", async () => {
    const wb = await workbookOf(await download(`/v0.0.0/product-bulk/update/price/download?product_ids=${kaosId}`));
    const ws = wb.getWorksheet("Data")!;
    ws.getCell("E3").value = 95000; // S
    ws.getCell("E4").value = "Rp. 97.500"; // M
    ws.getCell("E5").value = "lots"; // L: bad
    ws.getCell("F6").value = 1000; // XL: compare-at below the price
    const res = await upload("/v0.0.0/product-bulk/update/price/upload", Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ mode: "update", section: 6 });
    const id = res.body.data!.upload_id;
    await runJobs();

    const preview = await call<Upload>("GET", `/v0.0.0/product-bulk/histories/reply/${id}`, { token: seller });
    expect(preview.body.data).toMatchObject({ status: "ready", total_rows: 4, valid_rows: 2, error_rows: 2 });
    const rows = await rowsOf(id);
    expect(rows[0]).toMatchObject({ status: "valid", changes: [{ field: "price", before: 89000, after: 95000 }] });
    expect(rows[1].changes).toEqual([{ field: "price", before: 89000, after: 97500 }]);
    expect(rows[2].errors).toEqual({ price: ["Must be a whole number of 0 or more"] });
    expect(rows[3].errors).toEqual({ compare_at_price: ["Must be higher than the price"] });
    // Nothing changed yet.
    const [s1] = await db.select().from(s.productVariants).where(eq(s.productVariants.sku, "KKC-004-S"));
    expect(s1.price).toBe(89000);

    expect((await call("PUT", `/v0.0.0/product-bulk/update/${id}/apply`, { token: seller2 })).status).toBe(404);
    const applied = await call<Upload>("PUT", `/v0.0.0/product-bulk/update/${id}/apply`, { token: seller });
    expect(applied.status).toBe(202);
    expect(applied.body.data!.status).toBe("applying");
    await runJobs();
    const done = await call<Upload>("GET", `/v0.0.0/product-bulk/histories/reply/${id}`, { token: seller });
    expect(done.body.data).toMatchObject({ status: "done", applied_rows: 2 });
    expect((await rowsOf(id)).map((r) => r.status)).toEqual(["applied", "applied", "error", "error"]);
    const variants = await db.select().from(s.productVariants).where(eq(s.productVariants.productId, kaosId)).orderBy(asc(s.productVariants.position));
    expect(variants.map((v) => v.price)).toEqual([95000, 97500, 89000, 89000]);
    const [p] = await db.select().from(s.products).where(eq(s.products.id, kaosId));
    expect([p.priceMin, p.priceMax]).toEqual([89000, 97500]);
    const history = await db.select().from(s.updateHistory)
      .where(and(eq(s.updateHistory.refType, "product"), eq(s.updateHistory.refId, kaosId), eq(s.updateHistory.action, "mass_update")));
    expect(history.length).toBe(2);

    const twice = await call("PUT", `/v0.0.0/product-bulk/update/${id}/apply`, { token: seller });
    expect(twice.status).toBe(422);
  });

  it("sets stock per location through the ledger", async () => {
    const wb = await workbookOf(await download(`/v0.0.0/product-bulk/update/stock/download?product_ids=${kaosId}`));
    const ws = wb.getWorksheet("Data")!;
    const keys = ws.getRow(1).values as string[];
    const warehouseCol = keys.findIndex((k) => typeof k === "string" && /^loc:w\d+$/.test(k));
    expect(ws.getRow(2).getCell(warehouseCol).value).toBe("Warehouse: Gudang Pusat Pulogadung");
    const before = Number(ws.getCell(3, warehouseCol).value);
    ws.getCell(3, warehouseCol).value = before + 7;
    const res = await upload("/v0.0.0/product-bulk/update/7/upload", Buffer.from(await wb.xlsx.writeBuffer()));
    await runJobs();
    const id = res.body.data!.upload_id;
    const rows = await rowsOf(id);
    expect(rows.map((r) => r.status)).toEqual(["valid", "unchanged", "unchanged", "unchanged"]);
    expect(rows[0].changes).toEqual([{ field: keys[warehouseCol], before, after: before + 7 }]);
    await call("PUT", `/v0.0.0/product-bulk/update/${id}/apply`, { token: seller });
    await runJobs();
    const [v] = await db.select().from(s.productVariants).where(eq(s.productVariants.sku, "KKC-004-S"));
    const moves = await db.select().from(s.stockMovements).where(and(eq(s.stockMovements.variantId, v.id), eq(s.stockMovements.reason, "mass_update")));
    expect(moves.map((m) => [m.onHandBefore, m.onHandAfter, m.reference])).toEqual([[before, before + 7, `mass-update:${id}`]]);
  });

  it("checks attributes and images against the catalogue", async () => {
    const wb = await workbookOf(await download(`/v0.0.0/product-bulk/update/attribute/download?product_ids=${kaosId}`));
    const ws = wb.getWorksheet("Data")!;
    const keys = ws.getRow(1).values as string[];
    ws.getCell(3, keys.indexOf("product_name")).value = "Kaos Katun Combed 30s Hitam Pekat";
    ws.getCell(3, keys.indexOf("brand")).value = "Sekar Jagad"; // seller2's brand
    const res = await upload("/v0.0.0/product-bulk/update/attribute/upload", Buffer.from(await wb.xlsx.writeBuffer()), seller);
    await runJobs();
    const [row] = await rowsOf(res.body.data!.upload_id, "id");
    expect(row.errors).toEqual({ brand: ["Bukan salah satu merek aktif Anda"] });

    const img = await workbookOf(await download(`/v0.0.0/products/templates/image-update?product_ids=${kaosId}`));
    const iws = img.getWorksheet("Data")!;
    iws.getCell("C3").value = "https://example.com/foto.jpg";
    const imgRes = await upload("/v0.0.0/product-bulk/update/image/upload", Buffer.from(await img.xlsx.writeBuffer()));
    await runJobs();
    const [irow] = await rowsOf(imgRes.body.data!.upload_id);
    expect(irow.errors).toEqual({ image_1: ["Not an image uploaded to your catalogue"] });
  });

  it("lists mass-update histories per section, only the business's own", async () => {
    const prices = await call<Upload[]>("GET", "/v0.0.0/product-bulk/histories/update", { token: seller, query: { section: "price" } });
    expect(prices.body.data!.every((u) => u.section === 6)).toBe(true);
    expect(prices.body.data!.length).toBe(1);
    expect((await call("GET", "/v0.0.0/product-bulk/histories/update", { token: seller2 })).status).toBe(404);
    const filters = await call<{ sections: { id: number; key: string; name: string }[] }>("GET", "/v0.0.0/product-bulk/update/filters", { token: seller, locale: "id" });
    expect(filters.body.data!.sections.map((x) => [x.id, x.name])).toEqual([[5, "Atribut"], [6, "Harga"], [7, "Stok"], [8, "Gambar"]]);
  });
});

describe("mass update applies only what the preview showed, on values that did not move", () => {
  let warehouseId: number;
  beforeAll(async () => {
    const [kaos] = await db.select().from(s.products).where(eq(s.products.sku, "KKC-004"));
    const [w] = await db.select({ id: s.warehouses.id }).from(s.warehouses)
      .where(and(eq(s.warehouses.businessId, kaos.businessId), eq(s.warehouses.name, "Gudang Pusat Pulogadung")));
    warehouseId = w.id;
  });

  /** A product of its own (one combination, 10 in the warehouse), made through the editor's API. */
  async function makeProduct() {
    const sku = `MU-${tag}-${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    const res = await call<{ product_id: number }>("POST", "/v0.0.0/products", {
      token: seller,
      json: {
        name: `Produk Uji ${sku}`, sku, status: "draft", category_id: 10202, description: "Asli",
        variants: [{ variant_name: "", size_name: "", sku, price: 50000, stocks: [{ source_type: 2, source_id: warehouseId, stock: 10 }] }],
      },
    });
    expect(res.status).toBe(200);
    const id = res.body.data!.product_id;
    const [v] = await db.select().from(s.productVariants).where(eq(s.productVariants.productId, id));
    const [p] = await db.select().from(s.products).where(eq(s.products.id, id));
    return { id, sku, variantId: v.id, businessId: p.businessId };
  }

  /** Downloads a section for the products, fills the rows in, uploads and checks it: the preview's upload id. */
  async function preview(section: string, productIds: number[], rows: Record<string, string | number>[]) {
    const wb = await workbookOf(await download(`/v0.0.0/product-bulk/update/${section}/download?product_ids=${productIds.join(",")}`));
    const res = await upload(`/v0.0.0/product-bulk/update/${section}/upload`, await filled(wb, rows, { replace: true }));
    await runJobs();
    const id = res.body.data!.upload_id;
    expect((await rowsOf(id)).map((r) => r.status)).toEqual(rows.map(() => "valid"));
    return id;
  }
  const queueApply = async (id: number) => expect((await call("PUT", `/v0.0.0/product-bulk/update/${id}/apply`, { token: seller })).status).toBe(202);
  const onHand = async (variantId: number) => (await db.select().from(s.stockLevels)
    .where(and(eq(s.stockLevels.variantId, variantId), eq(s.stockLevels.warehouseId, warehouseId), isNull(s.stockLevels.partitionId))))[0];

  /** Waits until another connection waits on a lock in a statement that mentions `table`. */
  async function lockWaiter(table: string) {
    for (let i = 0; i < 200; i++) {
      const r = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE ${`%${table}%`}`);
      if (r.rows[0].n > 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`nobody waits on ${table}`);
  }

  it("fails a stock row whose level moved since the preview, in the seller's language, and sets nothing", async () => {
    const p = await makeProduct();
    const id = await preview("stock", [p.id], [{ sku: p.sku, [`loc:w${warehouseId}`]: 20 }]);
    // A sale meanwhile: 10 → 9. "Set to 20" would silently undo it.
    await db.transaction((tx) => applyStockChanges(tx, { businessId: p.businessId, userId: null, reason: "order" }, [
      { variantId: p.variantId, location: { sourceType: 2, warehouseId }, delta: -1 },
    ]));
    await queueApply(id);
    await runJobs();
    const [row] = await rowsOf(id);
    expect(row.status).toBe("failed");
    expect(row.errors._row).toEqual(["Changed since the preview: download the current values and upload the file again"]);
    expect((await rowsOf(id, "id"))[0].errors._row).toEqual(["Sudah berubah sejak pratinjau: unduh lagi data terbarunya lalu unggah ulang filenya"]);
    expect((await onHand(p.variantId)).onHand).toBe(9);
    const up = await call<Upload>("GET", `/v0.0.0/product-bulk/histories/reply/${id}`, { token: seller });
    expect(up.body.data).toMatchObject({ status: "done", applied_rows: 0 });
  });

  it("writes only the attribute cells that change, keeping edits made meanwhile, and fails a row whose cell moved", async () => {
    const [a, b] = [await makeProduct(), await makeProduct()];
    const id = await preview("attribute", [a.id, b.id], [
      { parent_sku: a.sku, product_name: `Nama Baru ${a.sku}` },
      { parent_sku: b.sku, product_name: `Nama Baru ${b.sku}` },
    ]);
    expect((await rowsOf(id))[0].changes).toEqual([{ field: "product_name", before: `Produk Uji ${a.sku}`, after: `Nama Baru ${a.sku}` }]);
    // Meanwhile the editor changes a's description (not in the preview) and b's name (in it).
    await db.update(s.products).set({ description: "Diubah di editor", weightGr: 321 }).where(eq(s.products.id, a.id));
    await db.update(s.products).set({ name: `Diubah ${b.sku}` }).where(eq(s.products.id, b.id));
    await queueApply(id);
    await runJobs();
    expect((await rowsOf(id)).map((r) => r.status)).toEqual(["applied", "failed"]);
    const [pa] = await db.select().from(s.products).where(eq(s.products.id, a.id));
    expect(pa).toMatchObject({ name: `Nama Baru ${a.sku}`, description: "Diubah di editor", weightGr: 321 });
    const [pb] = await db.select().from(s.products).where(eq(s.products.id, b.id));
    expect(pb.name).toBe(`Diubah ${b.sku}`);
  });

  it("fails a price row whose price moved since the preview", async () => {
    const p = await makeProduct();
    const id = await preview("price", [p.id], [{ sku: p.sku, price: 60000 }]);
    await db.update(s.productVariants).set({ price: 55000 }).where(eq(s.productVariants.id, p.variantId));
    await queueApply(id);
    await runJobs();
    expect((await rowsOf(id))[0]).toMatchObject({ status: "failed", errors: { _row: [expect.stringContaining("Changed since the preview")] } });
    expect((await db.select().from(s.productVariants).where(eq(s.productVariants.id, p.variantId)))[0].price).toBe(55000);
  });

  it("locks stock like the ledger (levels, then the product): no deadlock with a sale in progress", async () => {
    const p = await makeProduct();
    const id = await preview("stock", [p.id], [{ sku: p.sku, [`loc:w${warehouseId}`]: 15 }]);
    const level = await onHand(p.variantId);
    await queueApply(id);
    // A sale's transaction, as the ledger runs it: the level first, then the product's sums.
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT on_hand FROM stock_levels WHERE id = $1 FOR UPDATE", [level.id]);
      const job = runJobs();
      await lockWaiter("stock_levels");
      await client.query("UPDATE products SET time_modified = now() WHERE id = $1", [p.id]);
      await client.query("COMMIT");
      await job;
    } finally {
      client.release();
    }
    expect((await rowsOf(id)).map((r) => r.status)).toEqual(["applied"]);
    expect((await onHand(p.variantId)).onHand).toBe(15);
  });

  it("fails only the row that loses a deadlock, and finishes the job", async () => {
    const p = await makeProduct();
    const id = await preview("price", [p.id], [{ sku: p.sku, price: 70000 }]);
    await queueApply(id);
    // Another writer holds the product and then wants the combination the row has just changed.
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT id FROM products WHERE id = $1 FOR UPDATE", [p.id]);
      const job = runJobs();
      await lockWaiter("products");
      await client.query("SELECT id FROM product_variants WHERE id = $1 FOR UPDATE", [p.variantId]);
      await client.query("COMMIT");
      await job;
    } finally {
      client.release();
    }
    const up = await call<Upload>("GET", `/v0.0.0/product-bulk/histories/reply/${id}`, { token: seller });
    expect(up.body.data).toMatchObject({ status: "done", applied_rows: 0 });
    expect((await rowsOf(id))[0]).toMatchObject({ status: "failed", errors: { _row: ["This change was refused"] } });
    expect((await db.select().from(s.productVariants).where(eq(s.productVariants.id, p.variantId)))[0].price).toBe(50000);
  });
});

describe("bulk add follows the editor's rules", () => {
  it("refuses SKUs and barcodes the editor would refuse", async () => {
    const taken = `BCD-${tag}`;
    const made = await call("POST", "/v0.0.0/products", {
      token: seller, json: { name: "Pemilik Barcode", sku: taken, status: "draft", variants: [{ variant_name: "", size_name: "", barcode: `8991${tag}`, price: 1000 }] },
    });
    expect(made.status).toBe(200);
    const [a, b] = [`RUL-${tag}`, `RUL2-${tag}`];
    const data = await filled(await addTemplate(), [
      { product_name: "Awalan", parent_sku: `-${a}`, category: "10101", sku: `.${a}`, price: 1000 },
      { product_name: "Kode", parent_sku: a, category: "10101", size: "S", sku: `${a}-S`, barcode: "ABC 123", price: 1000 },
      { parent_sku: a, size: "M", sku: `${a}-M`, barcode: `8991${tag}`, price: 1000 },
      { product_name: "Dua", parent_sku: b, category: "10101", size: "S", sku: `${b}-S`, barcode: `X${tag}`, price: 1000 },
      { parent_sku: b, size: "M", sku: `${b}-M`, barcode: `X${tag}`, price: 1000 },
      { parent_sku: b, size: "L", sku: a, price: 1000 },
      { product_name: "Induk", parent_sku: "KKC-004-S", category: "10101", sku: "KKC-004", price: 1000 },
    ]);
    const res = await upload("/v0.0.0/product-bulk/add/upload", data);
    await runJobs();
    const rows = await rowsOf(res.body.data!.upload_id);
    expect(rows.map((r) => r.status)).toEqual(rows.map(() => "error"));
    expect(rows[0].errors).toMatchObject({
      parent_sku: ["Start with a letter or number; only letters, numbers and . - _ / are allowed"], sku: ["Start with a letter or number; only letters, numbers and . - _ / are allowed"],
    });
    expect(rows[1].errors.barcode).toEqual(["Use letters, numbers and - only"]);
    expect(rows[2].errors.barcode).toEqual(["This barcode is already used by another product"]);
    expect(rows[4].errors.barcode).toEqual(["This barcode appears more than once in the file"]);
    // A combination SKU may not be another product's parent SKU, in the file or in the catalogue.
    expect(rows[5].errors.sku).toEqual(["This SKU appears more than once in the file"]);
    expect(rows[6].errors).toMatchObject({
      parent_sku: ["A product with this parent SKU is already in your catalogue"], sku: ["This SKU is already in your catalogue"],
    });
    const id = await rowsOf(res.body.data!.upload_id, "id");
    expect(id[2].errors.barcode).toEqual(["Barcode ini sudah dipakai produk lain"]);
    expect(await db.select().from(s.products).where(inArray(s.products.sku, [a, b]))).toEqual([]);
  });
});

describe("publishing bulk drafts follows the publishing rule", () => {
  it("skips a draft without a category or a price, naming it, and refuses when none is ready", async () => {
    const [ok, bare] = [`PUB-${tag}`, `PUB2-${tag}`];
    await upload("/v0.0.0/products/templates/new", await filled(await addTemplate(), [
      { product_name: `Siap ${ok}`, parent_sku: ok, category: "10101", sku: ok, price: 50000 },
      { product_name: `Belum ${bare}`, parent_sku: bare, category: "10101", sku: bare, price: 40000 },
    ]));
    await runJobs();
    const drafts = await db.select().from(s.products).where(inArray(s.products.sku, [ok, bare]));
    const bareId = drafts.find((d) => d.sku === bare)!.id;
    // Edited in the editor since, still a draft: no category any more.
    await db.update(s.products).set({ categoryId: null }).where(eq(s.products.id, bareId));
    const res = await call<{ count: number; skipped: { product_id: number; name: string; reason: string }[] }>(
      "PUT", "/v0.0.0/products/templates/new/product-publish", { token: seller, json: { product_ids: drafts.map((d) => d.id) } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Products published. 1 skipped, not ready to publish: Belum ${bare}`);
    expect(res.body.data).toEqual({
      count: 1, skipped: [{ product_id: bareId, name: `Belum ${bare}`, code: "incomplete", reason: "Needs a category and a price above 0 on every variant to be published" }],
    });
    const after = await db.select().from(s.products).where(inArray(s.products.sku, [ok, bare])).orderBy(asc(s.products.sku));
    expect(after.map((p) => [p.sku, p.status])).toEqual([[ok, "published"], [bare, "draft"]]);

    const alone = await call("PUT", "/v0.0.0/products/templates/new/product-publish", { token: seller, locale: "id", json: { product_ids: [bareId] } });
    expect(alone.status).toBe(422);
    expect(alone.body.data).toEqual({ product_ids: [`Belum ${bare}: perlu kategori dan harga di atas 0 di setiap varian agar bisa diterbitkan`] });
  });
});

describe("cell rules", () => {
  it("reads whole rupiah as sellers type it, and refuses fractions", () => {
    expect(["289000", "289.000", "289,000", "Rp. 289.000", "Rp 1.250.000", "0"].map(parseWhole)).toEqual([289000, 289000, 289000, 289000, 1250000, 0]);
    expect(["289000.5", "12,5", "-5", "abc", "1.25", ""].map(parseWhole)).toEqual([null, null, null, null, null, null]);
    // Mixed or spaced separators are refused, not guessed (issue 12).
    expect(["1,000.000", "12.345,678", "1\t000", "289 000"].map(parseWhole)).toEqual([null, null, null, null]);
  });

  it("reads centimetres with one decimal into millimetres", () => {
    expect(["12", "12,5", "12.5", "0"].map(parseCmToMm)).toEqual([120, 125, 125, 0]);
    expect(["12.55", "x", "-1"].map(parseCmToMm)).toEqual([null, null, null]);
  });

  it("groups rows by parent SKU, takes product cells from the first row and catches repeats", () => {
    const lookups = { brandOf: () => null, categoryOf: (t: string) => (t === "10101" ? 10101 : null) };
    const rows = checkAddRows([
      { rowNo: 3, cells: { product_name: "Dress", parent_sku: "D1", category: "10101", size: "S", sku: "D1-S", price: "100000" } },
      { rowNo: 4, cells: { parent_sku: "D1", size: "M", sku: "D1-M", price: "100000" } },
      { rowNo: 5, cells: { parent_sku: "D1", size: "M", sku: "D1-S", price: "100000" } },
      { rowNo: 6, cells: { product_name: "Lain", parent_sku: "D2", category: "10101", sku: "D2", price: "5000", compare_at_price: "4000" } },
      { rowNo: 7, cells: { product_name: "Gratis", parent_sku: "D3", category: "10101", sku: "D3", price: "0" } },
    ], lookups, { skus: new Set(), parentSkus: new Set() });
    expect(rows[1]).toMatchObject({ status: "error", data: { product_name: "Dress", category_id: 10101, size: "M" } });
    expect(rows[2].errors).toEqual({ variant: ["api-product-bulk:row.combination_repeated"], sku: ["api-product-bulk:row.sku_repeated"] });
    expect(rows[0].errors).toEqual({ _row: ["api-product-bulk:row.family_has_errors"] });
    expect(rows[3].errors).toEqual({ compare_at_price: ["api-product-bulk:row.compare_below_price"] });
    expect(rows[4].errors).toEqual({ price: ["api-product-bulk:row.price_zero"] });
  });
});
