/**
 * Offerings (api/routes/offerings.ts): services, gift vouchers (+ codes), vouchers and packages
 * (bundles with derived stock) on the demo data: Toko Demo's stores and catalogue
 * (core/demo/stores.ts, core/demo/catalog.ts) and Batik Sekar Jagad as the other business.
 * Every record a test needs is made here, with names no demo record has. The demo has offerings
 * of its own (core/demo/offerings.ts: a permak service, gift vouchers, vouchers, packages), so every
 * list a test counts is narrowed to the test's own records (a search only they match, or their ids).
 */
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "#api/app.ts";
import { applyStockChanges, type StockChange } from "#core/stock/stock-ledger.ts";
import { runNextJob } from "#core/jobs/worker.ts";
import { db } from "#db/client.ts";
import { businesses, giftVoucherCodes, productVariants, products, stockLevels, stores, updateHistory, warehouses } from "#db/schema/index.ts";
import { call, DEMO, login } from "./helpers.ts";

let seller: string;
let seller2: string;
let staff: string;
let tokoDemo: number;
let sekar: number;
let storeIds: Record<string, number> = {};

const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
const dayOffset = (days: number) => new Date(Date.now() + 7 * 3600_000 + days * 86400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  [seller, seller2, staff] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
  const biz = await db.select({ id: businesses.id, name: businesses.name }).from(businesses);
  tokoDemo = biz.find((b) => b.name === "Toko Demo")!.id;
  sekar = biz.find((b) => b.name === "Batik Sekar Jagad")!.id;
  const rows = await db.select({ id: stores.id, name: stores.name }).from(stores);
  storeIds = Object.fromEntries(rows.map((r) => [r.name, r.id]));
});

async function history(refType: string, id: number) {
  return db.select().from(updateHistory).where(and(eq(updateHistory.refType, refType), eq(updateHistory.refId, id))).orderBy(updateHistory.id);
}

// ---------------------------------------------------------------------------------------------
describe("services", () => {
  // Matches the two services made here and not the demo's "Permak Celana (Potong & Obras)".
  const mine = "jahit permak";
  const valid = { name: "Jahit Permak Celana", sku: "SVC-JHT-01", description: "Potong dan obras", duration: 2, duration_unit: "day", price: "35.000" };
  let id: number;

  it("creates a service with its stores; answers the shape; lists it", async () => {
    const res = await call("POST", "/v0.0.0/services", {
      token: seller, json: { ...valid, store_ids: [storeIds["Toko Demo Braga"], storeIds["Toko Demo Senopati"]] },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Service added");
    id = res.body.data.service_id;
    expect(res.body.data).toMatchObject({
      name: "Jahit Permak Celana", sku: "SVC-JHT-01", duration_minutes: 2880, duration: 2, duration_unit: "day", price: 35000, status: 1,
      status_name: "Active", is_all_stores: false,
      store_datas: [{ name: "Toko Demo Braga" }, { name: "Toko Demo Senopati" }],
    });
    const list = await call("GET", "/v0.0.0/services", { token: seller, query: { search: mine } });
    expect(list.status).toBe(200);
    expect(list.body.data.map((s: { name: string }) => s.name)).toEqual(["Jahit Permak Celana"]);
    expect(list.body.pagination).toMatchObject({ total_record: 1, total_page: 1 });
    // A store's filter: services listing it and the ones for every store.
    await call("POST", "/v0.0.0/services", { token: seller, json: { ...valid, name: "Jahit Permak Semua Toko", sku: "SVC-JHT-02", duration: 90, duration_unit: "minute" } });
    const braga = await call("GET", "/v0.0.0/services", { token: seller, query: { search: mine, store_id: storeIds["Toko Demo Braga"], sort: 5 } });
    expect(braga.body.data.map((s: { name: string }) => s.name)).toEqual(["Jahit Permak Celana", "Jahit Permak Semua Toko"]);
    const gi = await call("GET", "/v0.0.0/services", { token: seller, query: { search: mine, store_id: storeIds["Toko Demo Grand Indonesia"] } });
    expect(gi.body.data.map((s: { name: string; duration: number; duration_unit: string }) => [s.name, s.duration, s.duration_unit])).toEqual([["Jahit Permak Semua Toko", 90, "minute"]]);
    expect((await history("service", id)).map((h) => h.action)).toEqual(["create"]);
    // A wider search finds the demo's permak service next to them.
    const wide = await call("GET", "/v0.0.0/services", { token: seller, query: { search: "permak" } });
    expect(wide.body.data.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(["Jahit Permak Celana", "Jahit Permak Semua Toko"]));
    expect(wide.body.pagination!.total_record).toBeGreaterThan(2);
  });

  it("refuses bad input per field, in English and Indonesian", async () => {
    const res = await call("POST", "/v0.0.0/services", { token: seller, json: { name: "", sku: "a b", duration: 0, price: "-5", duration_unit: "week" } });
    expect(res.status).toBe(422);
    expect(res.body.data).toMatchObject({
      name: ["This field is required"], sku: ["Use letters, digits, dots, dashes, slashes or underscores only"],
      duration: ["Must be at least 1"], price: ["Must be 0 or more"], duration_unit: ["This value is not valid"],
    });
    const id = await call("POST", "/v0.0.0/services", { token: seller, locale: "id", json: { ...valid, sku: "X-1", price: "12,50", duration: 91, duration_unit: "day" } });
    expect(id.status).toBe(422);
    expect(id.body.data).toMatchObject({ price: ["Tulis harga dalam rupiah, contoh 150.000"], duration: ["Durasi paling lama 90 hari"] });
  });

  it("refuses a SKU the business already uses (any case), and another business's store", async () => {
    const dup = await call("POST", "/v0.0.0/services", { token: seller, json: { ...valid, sku: "svc-jht-01" } });
    expect(dup.status).toBe(422);
    expect(dup.body.data).toEqual({ sku: ["Another item of your business already uses this SKU"] });
    const other = await call("POST", "/v0.0.0/services", { token: seller, json: { ...valid, sku: "SVC-OTHER", store_ids: [storeIds["Sekar Jagad Malioboro Mall"]] } });
    expect(other.status).toBe(422);
    expect(other.body.data).toEqual({ store_ids: ["Choose stores of your own business"] });
    // The same SKU in another business is fine.
    const elsewhere = await call("POST", "/v0.0.0/services", { token: seller2, json: { ...valid, name: "Kursus Membatik", sku: "SVC-JHT-01" } });
    expect(elsewhere.status).toBe(200);
  });

  it("reads, updates (history of the changed fields), toggles", async () => {
    const edit = await call("GET", `/v0.0.0/services/${id}/update`, { token: seller });
    expect(edit.body.data.service_id).toBe(id);
    const put = await call("PUT", `/v0.0.0/services/${id}`, { token: seller, json: { ...valid, price: 40000, duration: 3, duration_unit: "hour", store_ids: [] } });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ price: 40000, duration_minutes: 180, duration: 3, duration_unit: "hour", is_all_stores: true, store_datas: [] });
    const h = await history("service", id);
    expect(h.at(-1)!.changes).toEqual({
      price: { from: 35000, to: 40000 }, duration_minutes: { from: 2880, to: 180 }, stores: { from: "Toko Demo Braga, Toko Demo Senopati", to: null },
    });
    // Saving the same again writes no history row.
    await call("PUT", `/v0.0.0/services/${id}`, { token: seller, json: { ...valid, price: 40000, duration: 3, duration_unit: "hour" } });
    expect(await history("service", id)).toHaveLength(2);
    const off = await call("PUT", `/v0.0.0/services/${id}/inactivate`, { token: seller });
    expect(off.body).toMatchObject({ message: "Service deactivated", data: { status: 0, status_name: "Non-Active" } });
    // The spec's bare PUT /services: several at once, form-encoded.
    const form = new URLSearchParams({ service_ids: String(id), action: "activate" });
    const on = await call("PUT", "/v0.0.0/services", { token: seller, form });
    expect(on.status).toBe(200);
    expect(on.body.data[0].status).toBe(1);
    const hist = await call("GET", `/v0.0.0/services/${id}/update-history`, { token: seller });
    expect(hist.body.data.map((r: { action: string }) => r.action)).toEqual(["activate", "inactivate", "update", "create"]);
  });

  it("keeps each business to its own services (404) and needs the products privilege", async () => {
    for (const [method, path] of [["GET", `/v0.0.0/services/${id}`], ["GET", `/v0.0.0/services/${id}/update`], ["PUT", `/v0.0.0/services/${id}`],
      ["PUT", `/v0.0.0/services/${id}/inactivate`], ["GET", `/v0.0.0/services/${id}/update-history`]] as const) {
      const res = await call(method, path, { token: seller2, json: method === "PUT" ? valid : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const bulk = await call("PUT", "/v0.0.0/services/status", { token: seller2, json: { service_ids: [id], action: "inactivate" } });
    expect(bulk.status).toBe(404);
    const theirs = await call("GET", "/v0.0.0/services", { token: seller2, query: { search: "permak" } });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe("No data");
    // The demo staff has the products privilege.
    expect((await call("GET", `/v0.0.0/services/${id}`, { token: staff })).status).toBe(200);
    expect((await call("GET", "/v0.0.0/services")).status).toBe(401);
  });

  it("exports the service listing with its filters", async () => {
    const queued = await call("POST", "/v0.0.0/exports/service-listing", { token: seller, json: { search: mine }, locale: "id" });
    expect(queued.status).toBe(202);
    while (await runNextJob()) { /* run until the queue is empty */ }
    const job = await call("GET", `/v0.0.0/exports/${queued.body.data.job_id}`, { token: seller });
    expect(job.body.data).toMatchObject({ status: "success", kind: "service-listing" });
    expect(job.body.data.filename).toMatch(/^Daftar_Layanan_\d{2}-\d{2}-\d{4}_\d{6}\.xlsx$/);
    const file = await api.request(`/api/v0.0.0/exports/${queued.body.data.job_id}/download`, { headers: { Authorization: `Bearer ${seller}` } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toContain("Nama layanan");
    const names = sheet.getColumn(1).values.slice(2);
    expect(names.sort()).toEqual(["Jahit Permak Celana", "Jahit Permak Semua Toko"]);
    expect(sheet.getRow(2).values).toContain("Semua toko");
    // The spec's own path for the same export.
    const spec = await call("POST", "/v0.0.0/exports/products/service-listing", { token: seller, json: { status: 1 } });
    expect(spec.status).toBe(202);
    expect((await call("POST", "/v0.0.0/exports/service-listing", { token: seller, json: { status: 5 } })).status).toBe(422);
  });
});

// ---------------------------------------------------------------------------------------------
describe("gift vouchers", () => {
  const valid = { name: "Voucher Belanja Lebaran", value: "100.000", price: "90.000", quantity: 5, valid_from: today, valid_until: dayOffset(30) };
  let id: number;

  it("creates a voucher with its codes", async () => {
    const res = await call("POST", "/v0.0.0/gift-vouchers", { token: seller, json: valid });
    expect(res.status).toBe(200);
    id = res.body.data.gift_voucher_id;
    expect(res.body.data).toMatchObject({
      value: 100000, price: 90000, quantity: 5, redeemed_count: 0, remaining_count: 5, valid_from_date: today, valid_until_date: dayOffset(30),
      validity: "ongoing", validity_name: "Ongoing", status: 1,
    });
    // The validity is whole WIB days.
    expect(res.body.data.valid_until - res.body.data.valid_from).toBe(31 * 86400 - 1);
    const codes = await call("GET", `/v0.0.0/gift-vouchers/${id}/codes`, { token: seller });
    expect(codes.body.data).toHaveLength(5);
    for (const c of codes.body.data) expect(c.code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(codes.body.pagination!.summary_data).toEqual({ quantity: 5, redeemed_count: 0 });
  });

  it("refuses bad input: value 0, dates reversed or over, too many codes", async () => {
    const res = await call("POST", "/v0.0.0/gift-vouchers", {
      token: seller, json: { ...valid, value: 0, quantity: 1001, valid_from: dayOffset(5), valid_until: dayOffset(2) },
    });
    expect(res.status).toBe(422);
    expect(res.body.data).toMatchObject({
      value: ["Must be at least Rp. 1"], quantity: ["Too large"], valid_until: ["The end date cannot be before the start date"],
    });
    const past = await call("POST", "/v0.0.0/gift-vouchers", { token: seller, locale: "id", json: { ...valid, valid_from: dayOffset(-10), valid_until: dayOffset(-1) } });
    expect(past.body.data).toEqual({ valid_until: ["Tanggal berakhir tidak boleh sebelum hari ini"] });
    const bad = await call("POST", "/v0.0.0/gift-vouchers", { token: seller, json: { ...valid, valid_from: "2025-02-30" } });
    expect(bad.body.data).toEqual({ valid_from: ["Enter a date as YYYY-MM-DD"] });
  });

  it("redeems a code once; quantity changes add or remove unredeemed codes, never redeemed ones", async () => {
    const codes = (await call("GET", `/v0.0.0/gift-vouchers/${id}/codes`, { token: seller })).body.data;
    const first = codes[0];
    const redeem = await call("PUT", `/v0.0.0/gift-vouchers/${id}/codes/${first.gift_voucher_code_id}/redeem`, { token: seller, json: { reference: "INV-0001" } });
    expect(redeem.body).toMatchObject({ message: "Code redeemed", data: { is_redeemed: true, reference: "INV-0001" } });
    const again = await call("PUT", `/v0.0.0/gift-vouchers/${id}/codes/${first.gift_voucher_code_id}/redeem`, { token: seller, json: {} });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe("This code has already been redeemed");
    // Search by the code as typed, without dashes and in small letters.
    const found = await call("GET", `/v0.0.0/gift-vouchers/${id}/codes`, { token: seller, query: { search: first.code.replace(/-/g, "").toLowerCase() } });
    expect(found.body.data.map((c: { code: string }) => c.code)).toEqual([first.code]);
    expect((await call("GET", `/v0.0.0/gift-vouchers/${id}/codes`, { token: seller, query: { redeemed: 1 } })).body.data).toHaveLength(1);

    const down = await call("PUT", `/v0.0.0/gift-vouchers/${id}`, { token: seller, json: { ...valid, quantity: 2 } });
    expect(down.body.data).toMatchObject({ quantity: 2, redeemed_count: 1, remaining_count: 1 });
    const left = await db.select().from(giftVoucherCodes).where(eq(giftVoucherCodes.giftVoucherId, id));
    expect(left).toHaveLength(2);
    expect(left.some((c) => c.id === first.gift_voucher_code_id)).toBe(true);
    const zero = await call("PUT", `/v0.0.0/gift-vouchers/${id}`, { token: seller, json: { ...valid, quantity: 0 } });
    expect(zero.body.data).toEqual({ quantity: ["Must be at least 1"] });
    const up = await call("PUT", `/v0.0.0/gift-vouchers/${id}`, { token: seller, json: { ...valid, quantity: 4 } });
    expect(up.body.data).toMatchObject({ quantity: 4, remaining_count: 3 });
    expect((await history("gift_voucher", id)).map((h) => h.action)).toEqual(["create", "redeem", "update", "update"]);
  });

  it("derives validity (upcoming, ended, empty) and filters by it; /filter lists sellable ones", async () => {
    const upcoming = await call("POST", "/v0.0.0/gift-vouchers", { token: seller, json: { ...valid, name: "Voucher Kemerdekaan", valid_from: dayOffset(3), valid_until: dayOffset(9) } });
    expect(upcoming.body.data).toMatchObject({ validity: "upcoming", redeemed_count: 0, remaining_count: 5 });
    const listed = await call("GET", "/v0.0.0/gift-vouchers", { token: seller, query: { search: "kemerdekaan" } });
    expect(listed.body.data[0]).toMatchObject({ redeemed_count: 0, remaining_count: 5 });
    const one = await call("POST", "/v0.0.0/gift-vouchers", { token: seller, json: { ...valid, name: "Voucher Satu Kode", quantity: 1 } });
    const code = (await call("GET", `/v0.0.0/gift-vouchers/${one.body.data.gift_voucher_id}/codes`, { token: seller })).body.data[0];
    await call("PUT", `/v0.0.0/gift-vouchers/${one.body.data.gift_voucher_id}/codes/${code.gift_voucher_code_id}/redeem`, { token: seller });
    const empty = await call("GET", `/v0.0.0/gift-vouchers/${one.body.data.gift_voucher_id}`, { token: seller, locale: "id" });
    expect(empty.body.data).toMatchObject({ validity: "empty", validity_name: "Habis" });
    // Only the vouchers made in this block count: the demo has gift vouchers in every state too.
    const mine = new Set(["Voucher Belanja Lebaran", "Voucher Kemerdekaan", "Voucher Satu Kode"]);
    const names = (rows: { name: string }[] | undefined) => (rows ?? []).map((g) => g.name).filter((n) => mine.has(n));
    const by = async (validity: string) =>
      names((await call("GET", "/v0.0.0/gift-vouchers", { token: seller, query: { validity, search: "voucher" } })).body.data);
    expect(await by("upcoming")).toEqual(["Voucher Kemerdekaan"]);
    expect(await by("empty")).toEqual(["Voucher Satu Kode"]);
    expect(await by("ongoing")).toEqual(["Voucher Belanja Lebaran"]);
    expect(await by("ended")).toEqual([]);
    const sellable = await call("GET", "/v0.0.0/gift-vouchers/filter", { token: seller, query: { search: "voucher" } });
    expect(names(sellable.body.data)).toEqual(["Voucher Belanja Lebaran"]);
  });

  it("keeps each business to its own gift vouchers and codes (404)", async () => {
    const codes = (await call("GET", `/v0.0.0/gift-vouchers/${id}/codes`, { token: seller })).body.data;
    for (const [method, path] of [["GET", `/v0.0.0/gift-vouchers/${id}`], ["GET", `/v0.0.0/gift-vouchers/${id}/update`], ["PUT", `/v0.0.0/gift-vouchers/${id}`],
      ["GET", `/v0.0.0/gift-vouchers/${id}/codes`], ["PUT", `/v0.0.0/gift-vouchers/${id}/codes/${codes[1].gift_voucher_code_id}/redeem`],
      ["PUT", `/v0.0.0/gift-vouchers/${id}/activate`]] as const) {
      const res = await call(method, path, { token: seller2, json: method === "PUT" ? valid : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await call("GET", "/v0.0.0/gift-vouchers/filter", { token: seller2, query: { search: "lebaran" } })).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------
describe("vouchers", () => {
  const valid = {
    name: "Diskon Gajian", code: "gajian25", discount_type: "percent", discount_percent: "12,5", max_discount: "50.000", min_purchase: "200.000",
    quota: 100, valid_from: today, valid_until: dayOffset(7),
  };
  let id: number;

  it("creates a percent voucher (basis points, code in capitals)", async () => {
    const res = await call("POST", "/v0.0.0/vouchers", { token: seller, json: valid });
    expect(res.status).toBe(200);
    id = res.body.data.voucher_id;
    expect(res.body.data).toMatchObject({
      code: "GAJIAN25", discount_type: "percent", discount_value: 1250, discount_percent: "12.5", max_discount: 50000, min_purchase: 200000,
      quota: 100, used: 0, remaining: 100, validity: "ongoing",
    });
  });

  it("creates an amount voucher; ignores max discount there; refuses a discount above the minimum purchase", async () => {
    const res = await call("POST", "/v0.0.0/vouchers", {
      token: seller, json: { ...valid, name: "Potongan Ongkir", code: "ONGKIR-10K", discount_type: "amount", discount_amount: 10000, discount_percent: "abc" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ discount_type: "amount", discount_value: 10000, discount_percent: null, max_discount: null });
    const tooMuch = await call("POST", "/v0.0.0/vouchers", { token: seller, json: { ...valid, code: "BESAR", discount_type: "amount", discount_amount: "300.000" } });
    expect(tooMuch.body.data).toEqual({ discount_amount: ["The discount cannot be more than the minimum purchase"] });
  });

  it("refuses bad input per field, in Indonesian too", async () => {
    const res = await call("POST", "/v0.0.0/vouchers", { token: seller, locale: "id", json: { ...valid, code: "A!", discount_percent: "120", quota: 0 } });
    expect(res.status).toBe(422);
    expect(res.body.data).toMatchObject({
      code: ["Kode 3–20 huruf, angka atau tanda hubung"], discount_percent: ["Persentase antara 0,01 dan 100"], quota: ["Minimal 1"],
    });
    const noType = await call("POST", "/v0.0.0/vouchers", { token: seller, json: { ...valid, discount_type: "" } });
    expect(noType.body.data).toMatchObject({ discount_type: ["This field is required"] });
    const dup = await call("POST", "/v0.0.0/vouchers", { token: seller, json: { ...valid, code: "Gajian25" } });
    expect(dup.body.data).toEqual({ code: ["Another voucher of your business already uses this code"] });
  });

  it("updates with history, filters by type and validity, toggles several at once", async () => {
    const put = await call("PUT", `/v0.0.0/vouchers/${id}`, { token: seller, json: { ...valid, discount_percent: "15", quota: 80 } });
    expect(put.body.data).toMatchObject({ discount_value: 1500, quota: 80 });
    expect((await history("voucher", id)).at(-1)!.changes).toEqual({ discount: { from: "12.5 %", to: "15 %" }, quota: { from: 100, to: 80 } });
    // The demo has vouchers of both types too (core/demo/offerings.ts): only this block's two count.
    const mine = ["GAJIAN25", "ONGKIR-10K"];
    type Row = { voucher_id: number; code: string; discount_type: string };
    const amount = (await call("GET", "/v0.0.0/vouchers", { token: seller, query: { discount_type: "amount" } })).body.data as Row[];
    expect(amount.map((v) => v.code).filter((c) => mine.includes(c))).toEqual(["ONGKIR-10K"]);
    expect(new Set(amount.map((v) => v.discount_type))).toEqual(new Set(["amount"]));
    const all = ((await call("GET", "/v0.0.0/vouchers", { token: seller, query: { validity: "ongoing" } })).body.data as Row[]).filter((v) => mine.includes(v.code));
    expect(all.map((v) => v.code).sort()).toEqual(mine);
    const ids = all.map((v) => v.voucher_id);
    const off = await call("PUT", "/v0.0.0/vouchers/status", { token: seller, json: { voucher_ids: ids, action: "inactivate" } });
    expect(off.body.message).toBe("2 vouchers deactivated");
    const active = ((await call("GET", "/v0.0.0/vouchers", { token: seller, query: { status: 1 } })).body.data ?? []) as Row[];
    expect(active.filter((v) => mine.includes(v.code))).toEqual([]);
    const inactive = (await call("GET", "/v0.0.0/vouchers", { token: seller, query: { status: 0 } })).body.data as Row[];
    expect(inactive.map((v) => v.code).filter((c) => mine.includes(c)).sort()).toEqual(mine);
  });

  it("keeps each business to its own vouchers (404); the same code is free in another business", async () => {
    for (const [method, path] of [["GET", `/v0.0.0/vouchers/${id}`], ["PUT", `/v0.0.0/vouchers/${id}`], ["PUT", `/v0.0.0/vouchers/${id}/activate`]] as const) {
      expect((await call(method, path, { token: seller2, json: method === "PUT" ? valid : undefined })).status, path).toBe(404);
    }
    expect((await call("POST", "/v0.0.0/vouchers", { token: seller2, json: valid })).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
describe("packages", () => {
  type V = { id: number; productId: number; sku: string };
  let a: V; // a variant of a published product
  let b: V;
  let archived: V;
  let theirs: V;
  let id: number;

  /** A variant of the business's product with that SKU prefix. */
  async function variantOf(businessId: number, familySku: string): Promise<V> {
    const [v] = await db.select({ id: productVariants.id, productId: productVariants.productId, sku: productVariants.sku })
      .from(productVariants).innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(productVariants.businessId, businessId), eq(products.sku, familySku))).orderBy(productVariants.id).limit(1);
    return v;
  }

  /**
   * Leaves a variant with exactly `n` available: `n` on hand in the default warehouse, and every
   * other location of it down to what is reserved there. Through the ledger, like any stock change.
   */
  async function setAvailable(businessId: number, variantId: number, n: number) {
    const [w] = await db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.businessId, businessId), eq(warehouses.isDefault, true)));
    const levels = await db.select().from(stockLevels).where(eq(stockLevels.variantId, variantId));
    const changes: StockChange[] = levels.map((l) => ({
      variantId, set: l.reserved,
      location: l.storeId ? { sourceType: 1, storeId: l.storeId } : { sourceType: 2, warehouseId: l.warehouseId!, partitionId: l.partitionId },
    }));
    const own = levels.find((l) => l.warehouseId === w.id && !l.partitionId);
    changes.push({ variantId, location: { sourceType: 2, warehouseId: w.id }, set: n + (own?.reserved ?? 0) });
    await db.transaction((tx) => applyStockChanges(tx, { businessId, userId: null, reason: "manual" }, changes));
  }

  beforeAll(async () => {
    a = await variantOf(tokoDemo, "DTI-003"); // Dress Tenun Ikat Sumba (one variant)
    b = await variantOf(tokoDemo, "TAP-008"); // Tas Anyaman Pandan
    archived = await variantOf(tokoDemo, "TBD-010"); // Topi Bucket Denim (archived)
    theirs = await variantOf(sekar, "BCT-002");
  });

  it("creates a package; its stock is the smallest available ÷ quantity", async () => {
    const res = await call("POST", "/v0.0.0/packages", {
      token: seller, json: { name: "Paket Seserahan", sku: "PKT-SSR-01", price: "550.000", items: [{ variant_id: a.id, quantity: 1 }, { variant_id: b.id, quantity: 2 }] },
    });
    expect(res.status).toBe(200);
    id = res.body.data.package_id;
    const items = res.body.data.item_datas as { variant_id: number; available: number; quantity: number; makes: number }[];
    const expected = Math.min(...items.map((i) => Math.floor(i.available / i.quantity)));
    expect(res.body.data).toMatchObject({ price: 550000, item_count: 2, stock: expected, is_out_of_stock: expected === 0 });
    expect(res.body.data.items_total_price).toBe(459000 + 165000 * 2);
  });

  it("follows the ledger: stock changes move the package's stock; it is never stored", async () => {
    const read = async () => (await call("GET", `/v0.0.0/packages/${id}`, { token: seller })).body.data;
    const before = await read();
    const availA = before.item_datas.find((i: { variant_id: number }) => i.variant_id === a.id).available;
        // Three of b left: floor(3 / 2) = 1 package, if a allows.
    await setAvailable(tokoDemo, b.id, 3);
    const after = await read();
    expect(after.stock).toBe(Math.min(availA, 1));
    expect(after.item_datas.find((i: { variant_id: number }) => i.variant_id === b.id)).toMatchObject({ available: 3, makes: 1 });
    expect((await call("GET", "/v0.0.0/packages", { token: seller, query: { search: "seserahan", stock: "in_stock" } })).status).toBe(availA ? 200 : 404);
    // One of b left: not enough for a package of two.
    await setAvailable(tokoDemo, b.id, 1);
    const empty = await read();
    expect(empty).toMatchObject({ stock: 0, is_out_of_stock: true });
    const out = await call("GET", "/v0.0.0/packages", { token: seller, query: { search: "seserahan", stock: "out_of_stock" } });
    expect(out.body.data.map((p: { sku: string }) => p.sku)).toEqual(["PKT-SSR-01"]);
  });

  it("counts an unpublished component as 0", async () => {
    const res = await call("POST", "/v0.0.0/packages", {
      token: seller, json: { name: "Paket Topi", sku: "PKT-TOPI", price: 50000, items: [{ variant_id: archived.id, quantity: 1 }] },
    });
    expect(res.body.data).toMatchObject({ stock: 0, item_datas: [{ product_status: "archived", makes: 0 }] });
  });

  it("refuses no items, duplicates, another business's variant, bad quantities", async () => {
    const base = { name: "Paket Salah", sku: "PKT-X", price: 1000 };
    const none = await call("POST", "/v0.0.0/packages", { token: seller, json: { ...base, items: [] } });
    expect(none.body.data).toEqual({ items: ["Add at least one product to the package"] });
    const dup = await call("POST", "/v0.0.0/packages", { token: seller, json: { ...base, items: [{ variant_id: a.id, quantity: 1 }, { variant_id: a.id, quantity: 2 }] } });
    expect(dup.body.data).toEqual({ items: ["Each product can be in the package only once"] });
    const other = await call("POST", "/v0.0.0/packages", { token: seller, locale: "id", json: { ...base, items: [{ variant_id: theirs.id, quantity: 1 }] } });
    expect(other.body.data).toEqual({ items: ["Pilih produk dari bisnis Anda sendiri"] });
    const qty = await call("POST", "/v0.0.0/packages", { token: seller, json: { ...base, items: [{ variant_id: a.id, quantity: 0 }] } });
    expect(qty.body.data).toEqual({ "items.0.quantity": ["Must be at least 1"] });
  });

  it("updates its items with history; keeps each business to its own packages", async () => {
    const put = await call("PUT", `/v0.0.0/packages/${id}`, {
      token: seller, json: { name: "Paket Seserahan", sku: "PKT-SSR-01", price: 525000, items: [{ variant_id: a.id, quantity: 2 }] },
    });
    expect(put.body.data).toMatchObject({ price: 525000, item_count: 1, item_datas: [{ variant_id: a.id, quantity: 2 }] });
    const last = (await history("package", id)).at(-1)!;
    expect(last.changes).toEqual({ price: { from: 550000, to: 525000 }, items: { from: `${a.sku} × 1, ${b.sku} × 2`, to: `${a.sku} × 2` } });
    for (const [method, path] of [["GET", `/v0.0.0/packages/${id}`], ["PUT", `/v0.0.0/packages/${id}`], ["PUT", `/v0.0.0/packages/${id}/inactivate`]] as const) {
      expect((await call(method, path, { token: seller2, json: method === "PUT" ? { name: "x", sku: "x", price: 1, items: [{ variant_id: theirs.id, quantity: 1 }] } : undefined })).status, path).toBe(404);
    }
  });
});
