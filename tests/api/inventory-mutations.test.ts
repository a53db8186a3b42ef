/**
 * All mutations (issue 14 item 5): GET /v1.0.0/inventories/mutations, the /erp/inventory/all-mutation
 * page's loader and action, and the "inventory-mutations" export — on movements this file writes
 * through the stock ledger (each test's own variants, so the demo's movements never match its
 * searches): the type tabs, location and date filters, search, keyset pages (every movement once,
 * Previous gives the same page back), tenant isolation, privileges, bad input (4xx, never 5xx;
 * the page: the message under the field, a bad cursor → the first page) and the xlsx.
 */
import ExcelJS from "exceljs";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { wibDate } from "#core/lib/time.ts";
import { api } from "#api/app.ts";
import { runNextJob } from "#core/jobs/worker.ts";
import { applyStockChanges, type StockLocation, type StockReason } from "#core/stock/stock-ledger.ts";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import * as page from "#app/routes/admin/erp/inventory/all-mutation.tsx";
import { runAction, runLoader } from "../routes/harness.ts";
import { call, DEMO, login } from "./helpers.ts";
import { newVariant, shopOf, type Shop } from "./order-fixtures.ts";

type Row = {
  movement_id: number; type: string; quantity: number; on_hand_before: number; on_hand_after: number; sku: string; reference: string | null;
  reference_link: string | null; location: { key: string; name: string; kind: string }; user_name: string | null; is_reservation: boolean;
};
type Pagination = { total_record: number; next_cursor: string | null; prev_cursor: string | null; summary_data: { capped: boolean } };

let seller: string;
let seller2: string;
let staff: string;
let shop: Shop;
let store: StockLocation;
let warehouse: StockLocation;
let partition: StockLocation;
let variant: { variantId: number; sku: string };

async function move(reason: string, location: StockLocation, delta: number, reference: string | null = null, reservedDelta = 0, variantId = variant.variantId) {
  await db.transaction((tx) => applyStockChanges(tx, { businessId: shop.businessId, userId: shop.userId, reason: reason as StockReason, reference }, [
    { variantId, location, delta, reservedDelta },
  ]));
}

const list = (query: Record<string, string | number>, token = seller) =>
  call<Row[]>("GET", "/v1.0.0/inventories/mutations", { token, query }) as Promise<{ status: number; body: { data?: Row[]; message: string; pagination?: Pagination } & Record<string, any> }>;

beforeAll(async () => {
  [seller, seller2, staff] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
  shop = await shopOf(DEMO.seller);
  const [st] = await db.select().from(s.stores).where(and(eq(s.stores.businessId, shop.businessId), eq(s.stores.status, 1))).orderBy(asc(s.stores.id)).limit(1);
  const [wh] = await db.select().from(s.warehouses).where(and(eq(s.warehouses.businessId, shop.businessId), eq(s.warehouses.isDefault, true)));
  const [pt] = await db.select().from(s.warehousePartitions).where(eq(s.warehousePartitions.warehouseId, wh.id)).orderBy(asc(s.warehousePartitions.id)).limit(1);
  store = { sourceType: 1, storeId: st.id };
  warehouse = { sourceType: 2, warehouseId: wh.id, partitionId: null };
  partition = { sourceType: 2, warehouseId: wh.id, partitionId: pt.id };
  variant = await newVariant(shop);
  // One of each type, oldest first.
  await move("initial", store, 20, `product:${variant.variantId}`);
  await move("bulk_upload", warehouse, 10, "bulk-upload:77");
  await move("opname", store, -2, "OPN-12");
  await move("adjustment", partition, 3, "ADJ-5");
  await move("transfer_out", store, -4, "TRF-9");
  await move("transfer_in", partition, 4, "TRF-9");
  await move("order", store, 0, "INV/TEST/1", 2); // a reservation
  await move("order", store, -2, "INV/TEST/1", -2); // the sale
  await move("order", store, 1, "INV/TEST/1"); // the return
  await move("manual", warehouse, -1);
});

describe("GET /v1.0.0/inventories/mutations", () => {
  it("lists every movement of the search newest first, with type, change, before → after, location and the reference's link", async () => {
    const res = await list({ search: variant.sku, limit: 50 });
    expect(res.status).toBe(200);
    const rows = res.body.data!;
    expect(rows).toHaveLength(10);
    expect(res.body.pagination!.total_record).toBe(10);
    expect(rows.map((r) => r.type)).toEqual(["other", "return", "sale", "other", "transfer_in", "transfer_out", "adjustment", "count", "bulk_upload", "other"]);
    const sale = rows[2];
    expect(sale).toMatchObject({ quantity: -2, on_hand_before: 14, on_hand_after: 12, sku: variant.sku, location: { key: `store-${(store as { storeId: number }).storeId}`, kind: "store" } });
    expect(rows[3].is_reservation).toBe(true);
    expect(rows.find((r) => r.type === "count")).toMatchObject({ reference: "OPN-12", reference_link: "/erp/inventory/opname/12" });
    expect(rows.find((r) => r.type === "adjustment")).toMatchObject({ reference_link: "/erp/inventory/adjustment/5", location: { kind: "partition" } });
    expect(rows.find((r) => r.type === "transfer_out")!.reference_link).toBe("/erp/inventory/mutation/9");
    expect(rows.find((r) => r.type === "bulk_upload")!.reference_link).toBe("/products/add/77/view-bulk");
    expect(rows[0].user_name).toBeTruthy();
  });

  it("filters by each type tab, by location (a whole warehouse or one partition) and by reference", async () => {
    const types = async (q: Record<string, string>) => (await list({ search: variant.sku, ...q })).body.data?.map((r) => r.type) ?? [];
    expect(await types({ type: "sale" })).toEqual(["sale"]);
    expect(await types({ type: "return" })).toEqual(["return"]);
    expect(await types({ type: "count" })).toEqual(["count"]);
    expect(await types({ type: "adjustment" })).toEqual(["adjustment"]);
    expect(await types({ type: "transfer_out" })).toEqual(["transfer_out"]);
    expect(await types({ type: "transfer_in" })).toEqual(["transfer_in"]);
    expect(await types({ type: "bulk_upload" })).toEqual(["bulk_upload"]);
    expect(await types({ type: "other" })).toEqual(["other", "other", "other"]);
    const w = warehouse as { warehouseId: number };
    const p = partition as { partitionId: number };
    expect(await types({ location: `warehouse-${w.warehouseId}` })).toEqual(["other", "transfer_in", "adjustment", "bulk_upload"]);
    expect(await types({ location: `warehouse-${w.warehouseId}-${p.partitionId}` })).toEqual(["transfer_in", "adjustment"]);
    // The reference search finds the transfer's two legs (they are this test's: TRF-9 with its SKU's rows).
    const byRef = (await list({ search: "trf-9", limit: 150 })).body.data!.filter((r) => r.sku === variant.sku);
    expect(byRef.map((r) => r.type)).toEqual(["transfer_in", "transfer_out"]);
  });

  it("filters by WIB day: today holds them all, tomorrow none (404 No data)", async () => {
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 31 * 3600_000).toISOString().slice(0, 10);
    expect((await list({ search: variant.sku, date_from: today, date_to: today })).body.data).toHaveLength(10);
    const none = await list({ search: variant.sku, date_from: tomorrow });
    expect(none.status).toBe(404);
    expect(none.body.data).toEqual([]);
  });

  it("keyset pages: every movement exactly once, Previous gives the page before back", async () => {
    const many = await newVariant(shop);
    for (let i = 0; i < 23; i++) await move("manual", store, 1, null, 0, many.variantId);
    const seen: number[] = [];
    const pages: number[][] = [];
    let cursor: string | null = null;
    do {
      const res = await list({ search: many.sku, limit: 10, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      pages.push(res.body.data!.map((r) => r.movement_id));
      seen.push(...pages.at(-1)!);
      cursor = res.body.pagination!.next_cursor;
      if (pages.length === 2) {
        const back = await list({ search: many.sku, limit: 10, cursor: res.body.pagination!.prev_cursor! });
        expect(back.body.data!.map((r) => r.movement_id)).toEqual(pages[0]);
        expect(back.body.pagination!.prev_cursor).toBeNull();
      }
    } while (cursor);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 3]);
    expect(new Set(seen).size).toBe(23);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
  });

  it("another business sees none of it: its search, this business's location key", async () => {
    expect((await list({ search: variant.sku }, seller2)).status).toBe(404);
    const other = await list({ location: `store-${(store as { storeId: number }).storeId}` }, seller2);
    expect(other.status).toBe(404);
  });

  it("needs the Mini ERP privilege (staff with Orders and Products: 403)", async () => {
    expect((await list({}, staff)).status).toBe(403);
    expect((await call("GET", "/v1.0.0/inventories/mutations")).status).toBe(401);
  });

  it("refuses bad input with 422 and the message under the field, never 5xx", async () => {
    const bad = async (q: Record<string, string>, field: string) => {
      const res = await list({ ...q });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.data ?? res.body.errors ?? {})).toContain(field);
    };
    await bad({ date_from: "2026-13-45" }, "date_from");
    await bad({ date_to: "yesterday" }, "date_to");
    await bad({ date_from: "2026-05-02", date_to: "2026-05-01" }, "date_to");
    await bad({ cursor: "not-a-cursor" }, "cursor");
    await bad({ type: "theft" }, "type");
    await bad({ location: "store-abc" }, "location");
    await bad({ limit: "7" }, "limit");
    const id = await list({ date_from: "2026-13-45" }, seller);
    expect(id.body.message).toBeTruthy();
    const range = await call("GET", "/v1.0.0/inventories/mutations", { token: seller, query: { date_from: "2026-05-02", date_to: "2026-05-01" }, locale: "id" });
    expect(JSON.stringify(range.body)).toContain("Tanggal akhir harus");
  });
});

describe("the /erp/inventory/all-mutation page", () => {
  it("shows the tab's rows with bounded counts per tab", async () => {
    const res = await runLoader(page, { url: `/erp/inventory/all-mutation?type=count&search=${variant.sku}`, as: DEMO.seller });
    expect(res.status).toBe(200);
    expect(res.data.list.rows.map((r: Row) => r.type)).toEqual(["count"]);
    expect(res.data.counts.all).toEqual({ count: 10, capped: false });
    expect(res.data.counts.other.count).toBe(3);
    expect(res.data.locations.length).toBeGreaterThan(2);
  });

  it("the shared date filter: Today holds the movements, Yesterday none; a backwards range means the same days; a day that is no day is no filter", async () => {
    const rows = async (query: string) => {
      const res = await runLoader(page, { url: `/erp/inventory/all-mutation?search=${variant.sku}&${query}`, as: DEMO.seller });
      expect(res.status).toBe(200);
      return res.data.list.rows.length;
    };
    const today = wibDate(new Date());
    const weekAgo = wibDate(new Date(Date.now() - 7 * 86_400_000));
    expect(await rows("date=today")).toBe(10);
    expect(await rows("date=yesterday")).toBe(0);
    expect(await rows(`date=custom&date_from=${today}&date_to=${weekAgo}`)).toBe(10);
    expect(await rows("date_from=2026-02-31")).toBe(10);
    const res = await runLoader(page, { url: `/erp/inventory/all-mutation?search=${variant.sku}&date=7`, as: DEMO.seller });
    expect(res.data.params.filters.date).toBe("7");
  });

  it("a cursor that is no cursor shows the first page", async () => {
    const res = await runLoader(page, { url: `/erp/inventory/all-mutation?search=${variant.sku}&cursor=%7Bbad`, as: DEMO.seller });
    expect(res.redirect).toBe(`/erp/inventory/all-mutation?search=${variant.sku}`);
  });

  it("a member without the Mini ERP privilege gets the 403 page", async () => {
    const res = await runLoader(page, { url: "/erp/inventory/all-mutation", as: DEMO.staff });
    expect(res.status).toBe(403);
  });
});

describe("the xlsx export", () => {
  it("the page's export button queues the filtered movements; the job writes exactly those rows", async () => {
    const res = await runAction(page, { url: `/erp/inventory/all-mutation?type=transfer_in&search=${variant.sku}`, as: DEMO.seller, form: { intent: "export" } });
    expect(res.redirect).toContain("history=open");
    const [job] = await db.select().from(s.jobs).where(eq(s.jobs.kind, "export:inventory-mutations")).orderBy(asc(s.jobs.id));
    expect(job.params).toMatchObject({ filters: { type: "transfer_in", search: variant.sku } });
    while (await runNextJob());
    const [done] = await db.select().from(s.jobs).where(eq(s.jobs.id, job.id));
    expect(done.status).toBe("success");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(done.file! as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain("Type");
    const row = sheet.getRow(2);
    expect(row.getCell(2).value).toBe("Transfer in");
    expect(row.getCell(4).value).toBe(variant.sku);
    expect(row.getCell(6).value).toBe(4);
    expect(row.getCell(10).value).toBe("TRF-9");
  });

  it("through the API: POST /exports/inventory-mutations with all of the SKU's movements; bad filters 422", async () => {
    const queued = await call<{ job_id: number }>("POST", "/v0.0.0/exports/inventory-mutations", { token: seller, json: { search: variant.sku } });
    expect(queued.status).toBe(202);
    while (await runNextJob());
    const file = await api.request(`/api/v0.0.0/exports/${queued.body.data!.job_id}/download`, { headers: { Authorization: `Bearer ${seller}` } });
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    expect(workbook.worksheets[0].rowCount).toBe(11);
    const badRange = await call("POST", "/v0.0.0/exports/inventory-mutations", { token: seller, json: { date_from: "2026-05-02", date_to: "2026-05-01" } });
    expect(badRange.status).toBe(422);
    expect((await call("POST", "/v0.0.0/exports/inventory-mutations", { token: staff, json: {} })).status).toBe(403);
    // Another business's export of the same search holds none of these movements.
    const theirs = await call<{ job_id: number }>("POST", "/v0.0.0/exports/inventory-mutations", { token: seller2, json: { search: variant.sku } });
    expect(theirs.status).toBe(202);
    while (await runNextJob());
    const theirFile = await api.request(`/api/v0.0.0/exports/${theirs.body.data!.job_id}/download`, { headers: { Authorization: `Bearer ${seller2}` } });
    const theirBook = new ExcelJS.Workbook();
    await theirBook.xlsx.load(await theirFile.arrayBuffer());
    expect(theirBook.worksheets[0].rowCount).toBe(1);
    // …nor can it take this seller's file.
    expect((await api.request(`/api/v0.0.0/exports/${queued.body.data!.job_id}/download`, { headers: { Authorization: `Bearer ${seller2}` } })).status).toBe(404);
  });
});
