/**
 * The stock count and adjustment pages at the web's seam (loaders and actions with a Request):
 * list with tabs and thresholds, new count, the count page's scan (no JavaScript: POST + redirect;
 * with: js=1 answers data), typed counts with a refusal under the field, adjust through the confirm
 * step, approval by the owner, adjustments, the POS report's path filters, another business's
 * count (not found), and the /id pages.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as listPage from "#app/routes/admin/erp/inventory/opname/list.tsx";
import * as locationPage from "#app/routes/admin/erp/inventory/opname/location.tsx";
import * as newPage from "#app/routes/admin/erp/inventory/opname/new.tsx";
import * as detailPage from "#app/routes/admin/erp/inventory/opname/detail.tsx";
import * as templatePage from "#app/routes/admin/erp/inventory/opname/template.ts";
import * as adjustmentList from "#app/routes/admin/erp/inventory/adjustment/list.tsx";
import * as adjustmentDetail from "#app/routes/admin/erp/inventory/adjustment/detail.tsx";
import * as reportPage from "#app/routes/admin/omnichannel/pos-report/opname-adjustment.tsx";
import { applyStockChanges } from "#core/stock/stock-ledger.ts";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

let businessId: number;
let ownerId: number;
let key: string;
let warehouseId: number;
let seq = 0;

async function variant(stock: number) {
  seq += 1;
  const sku = `OPN-R-${process.pid}-${seq}`;
  const [p] = await db.insert(s.products).values({ businessId, name: `Route opname ${seq}`, sku, status: "published", minStock: 0 }).returning();
  const [v] = await db.insert(s.productVariants).values({ businessId, productId: p.id, sku: `${sku}-V`, barcode: `88${process.pid}${String(seq).padStart(4, "0")}`, price: 10_000 }).returning();
  await db.transaction((tx) => applyStockChanges(tx, { businessId, userId: ownerId, reason: "initial" }, [{ variantId: v.id, location: { sourceType: 2, warehouseId }, delta: stock }]));
  return v;
}
const onHand = async (variantId: number) =>
  (await db.select().from(s.stockLevels).where(and(eq(s.stockLevels.variantId, variantId), eq(s.stockLevels.warehouseId, warehouseId))))[0].onHand;

beforeAll(async () => {
  const [u] = await db.select().from(s.users).where(eq(s.users.email, DEMO.seller));
  ownerId = u.id;
  const [m] = await db.select().from(s.businessMembers).where(and(eq(s.businessMembers.userId, u.id), eq(s.businessMembers.role, "owner"))).limit(1);
  businessId = m.businessId;
  const [w] = await db.select().from(s.warehouses).where(and(eq(s.warehouses.businessId, businessId), eq(s.warehouses.isDefault, true)));
  warehouseId = w.id;
  key = `warehouse-${w.id}`;
  const [st] = await db.select().from(s.users).where(eq(s.users.email, DEMO.staff));
  await db.update(s.businessMembers).set({ privileges: ["orders", "products", "erp"] }).where(and(eq(s.businessMembers.userId, st.id), eq(s.businessMembers.businessId, businessId)));
});

describe("count pages", () => {
  it("lists, creates, scans, types counts, adjusts through the confirm step", async () => {
    const empty = await runLoader(listPage, { url: "/erp/inventory/opname", as: DEMO.seller });
    expect(empty.status).toBe(200);
    expect(empty.data.canApprove).toBe(true);
    expect(empty.data.counts.all).toBe(0);

    const a = await variant(5);
    const b = await variant(2);
    const bad = await runAction(newPage, { url: "/erp/inventory/opname/new", as: DEMO.seller, form: { location: "moon-1", scope: "category" } });
    expect(bad.status).toBe(400);
    expect(bad.data.error.location).toEqual(["opname:errors.location_invalid"]);
    expect(bad.data.error.category_id).toBeTruthy();
    const made = await runAction(newPage, { url: "/erp/inventory/opname/new", as: DEMO.seller, form: { location: key, scope: "picked", variant_ids: `${a.id},${b.id}`, lock: "on" } });
    expect(made.redirect).toMatch(/^\/erp\/inventory\/opname\/\d+$/);
    const id = made.redirect!.split("/").pop()!;
    const url = `/erp/inventory/opname/${id}`;
    const params = { id };

    // Scanning without JavaScript: POST, a toast, back to the page.
    const scan = await runAction(detailPage, { url, as: DEMO.seller, params, form: { intent: "scan", barcodes: `${a.barcode} ${a.barcode}` } });
    expect(scan.redirect).toBe(url);
    expect(scan.toasts[0].message).toContain("counted 2");
    // With JavaScript: data, no navigation.
    const js = await runAction(detailPage, { url, as: DEMO.seller, params, form: { intent: "scan", barcodes: b.barcode!, js: "1" } });
    expect(js.data.scanned).toEqual([{ code: b.barcode, counted: 1 }]);
    const unknown = await runAction(detailPage, { url, as: DEMO.seller, params, form: { intent: "scan", barcodes: "NOPE-123" } });
    expect(unknown.status).toBe(400);
    expect(unknown.data.form).toBe("scan");
    expect(unknown.data.reply.error.barcodes[0]).toContain("NOPE-123");

    // Typed counts: a refused value comes back under its field, what was typed kept.
    const wrong = await runAction(detailPage, { url, as: DEMO.seller, params, form: { intent: "counts", "products[0].variant_id": a.id, "products[0].stock": "-3" } });
    expect(wrong.status).toBe(400);
    expect(wrong.data.reply.error["products[0].stock"]).toEqual(["opname:errors.count_negative"]);
    expect(wrong.data.reply.initialValue.products[0].stock).toBe("-3");
    const saved = await runAction(detailPage, { url, as: DEMO.seller, params, form: { intent: "counts", "products[0].variant_id": a.id, "products[0].stock": "4" } });
    expect(saved.redirect).toBe(url);

    const page = await runLoader(detailPage, { url, as: DEMO.seller, params });
    expect(page.data.opname).toMatchObject({ status: "draft", is_locked: true, total_counted: 2, shortage_qty: 2 });
    expect(page.data.lines.map((l: { variant_id: number; stock: number }) => [l.variant_id, l.stock]).sort()).toEqual([[a.id, 4], [b.id, 1]].sort());

    // Adjust asks first (no JavaScript: the page with ?confirm=adjust), then applies.
    const ask = await runAction(detailPage, { url, as: DEMO.seller, params, form: { intent: "adjust" } });
    expect(ask.redirect).toBe(`${url}?confirm=adjust`);
    const asked = await runLoader(detailPage, { url: `${url}?confirm=adjust`, as: DEMO.seller, params });
    expect(asked.data.asked.intent).toBe("adjust");
    const adjusted = await runAction(detailPage, { url: `${url}?confirm=adjust`, as: DEMO.seller, params, form: { intent: "adjust", confirmed: "1" } });
    expect(adjusted.redirect).toBe(url);
    expect(await onHand(a.id)).toBe(4);
    expect(await onHand(b.id)).toBe(1);

    // The list and the location's list show it.
    const list = await runLoader(listPage, { url: "/erp/inventory/opname?status=adjusted", as: DEMO.seller });
    expect(list.data.rows.map((r: { opname_id: number }) => r.opname_id)).toContain(Number(id));
    const at = await runLoader(locationPage, { url: `/erp/inventory/${key}/opname`, as: DEMO.seller, params: { slug: key } });
    expect(at.data.fixed.key).toBe(key);
    expect((await runLoader(locationPage, { url: "/erp/inventory/store-999999/opname", as: DEMO.seller, params: { slug: "store-999999" } })).status).toBe(404);
    expect((await runLoader(locationPage, { url: "/erp/inventory/garbage/opname", as: DEMO.seller, params: { slug: "garbage" } })).status).toBe(404);
    // A filter the core refuses filters nothing (not an error page).
    expect((await runLoader(listPage, { url: "/erp/inventory/opname?status=nope&page=abc", as: DEMO.seller })).status).toBe(200);
    // The count as a sheet.
    const sheet = await runLoader(templatePage, { url: `${url}/template`, as: DEMO.seller, params });
    expect(sheet.status).toBe(200);
  });

  it("a staff member sends a big variance to approval; the owner approves on the page", async () => {
    await runAction(listPage, { url: "/erp/inventory/opname", as: DEMO.seller, form: { intent: "thresholds", count_value_threshold: "1.000", count_percent_threshold: "", adjustment_value_threshold: "" } });
    const staffTry = await runAction(listPage, { url: "/erp/inventory/opname", as: DEMO.staff, form: { intent: "thresholds", count_value_threshold: "0" } });
    expect(staffTry.status).toBe(403);
    const a = await variant(10);
    const made = await runAction(newPage, { url: "/erp/inventory/opname/new", as: DEMO.staff, form: { location: key, variant_ids: String(a.id) } });
    const id = made.redirect!.split("/").pop()!;
    const url = `/erp/inventory/opname/${id}`;
    await runAction(detailPage, { url, as: DEMO.staff, params: { id }, form: { intent: "counts", "products[0].variant_id": a.id, "products[0].stock": "7" } });
    const sent = await runAction(detailPage, { url, as: DEMO.staff, params: { id }, form: { intent: "adjust", confirmed: "1" } });
    expect(sent.toasts[0].message).toContain("waits for an approver");
    expect(await onHand(a.id)).toBe(10);
    const staffView = await runLoader(detailPage, { url, as: DEMO.staff, params: { id } });
    expect(staffView.data.opname.actions).toEqual(["cancel"]);
    const approved = await runAction(detailPage, { url, as: DEMO.seller, params: { id }, form: { intent: "approve", confirmed: "1" } });
    expect(approved.redirect).toBe(url);
    expect(await onHand(a.id)).toBe(7);
    await runAction(listPage, { url: "/erp/inventory/opname", as: DEMO.seller, form: { intent: "thresholds", count_value_threshold: "", count_percent_threshold: "", adjustment_value_threshold: "" } });
  });

  it("another business's count is not found; /id pages speak Indonesian", async () => {
    const a = await variant(1);
    const made = await runAction(newPage, { url: "/erp/inventory/opname/new", as: DEMO.seller, form: { location: key, variant_ids: String(a.id) } });
    const id = made.redirect!.split("/").pop()!;
    expect((await runLoader(detailPage, { url: `/erp/inventory/opname/${id}`, as: DEMO.seller2, params: { id } })).status).toBe(404);
    expect((await runAction(detailPage, { url: `/erp/inventory/opname/${id}`, as: DEMO.seller2, params: { id }, form: { intent: "cancel", confirmed: "1" } })).status).toBe(404);
    expect((await runLoader(detailPage, { url: "/erp/inventory/opname/abc", as: DEMO.seller, params: { id: "abc" } })).status).toBe(404);
    const id_ = await runLoader(listPage, { url: "/id/erp/inventory/opname", as: DEMO.seller });
    expect(id_.data.heading).toBe("Stok opname");
    // A refusal from core comes back translated into the page's language.
    const badId = await runAction(newPage, { url: "/id/erp/inventory/opname/new", as: DEMO.seller, form: { location: "store-999999" } });
    expect(badId.data.error.location).toEqual(["Pilih salah satu toko, gudang, atau partisi Anda"]);
  });
});

describe("adjustment pages and the report", () => {
  it("adjusts in bulk with a reason, refuses bad lines under their fields, and reports it", async () => {
    const a = await variant(5);
    const b = await variant(5);
    const wrong = await runAction(adjustmentList, { url: "/erp/inventory/adjustment", as: DEMO.seller, form: {
      location: key, reason_code: "damaged", "lines[0].code": "NOPE", "lines[0].delta": "-1", "lines[1].code": a.sku, "lines[1].delta": "x",
    } });
    expect(wrong.status).toBe(400);
    expect(wrong.data.error["lines[1].delta"]).toBeTruthy();
    const unknown = await runAction(adjustmentList, { url: "/erp/inventory/adjustment", as: DEMO.seller, form: { location: key, reason_code: "damaged", "lines[0].code": "NOPE", "lines[0].delta": "-1" } });
    expect(unknown.data.error["lines[0].code"]).toEqual(["This product is not in your catalogue"]);
    const made = await runAction(adjustmentList, { url: "/erp/inventory/adjustment", as: DEMO.seller, form: {
      location: key, reason_code: "damaged", note: "Water", "lines[0].code": a.sku, "lines[0].delta": "-2", "lines[1].code": b.barcode!, "lines[1].delta": "+1", "lines[2].code": "", "lines[2].delta": "",
    } });
    expect(made.redirect).toMatch(/^\/erp\/inventory\/adjustment\/\d+$/);
    expect(await onHand(a.id)).toBe(3);
    expect(await onHand(b.id)).toBe(6);
    const id = made.redirect!.split("/").pop()!;
    const detail = await runLoader(adjustmentDetail, { url: made.redirect!, as: DEMO.seller, params: { id } });
    expect(detail.data.a).toMatchObject({ status: "adjusted", total_line: 2, total_qty: -1, reason_code: "damaged" });
    const list = await runLoader(adjustmentList, { url: "/erp/inventory/adjustment?reason_code=damaged", as: DEMO.seller });
    expect(list.data.rows[0].adjustment_id).toBe(Number(id));

    const report = await runLoader(reportPage, { url: "/omnichannel/pos-report/inventory/opname-adjustment/all/all/adjustment", as: DEMO.seller, params: { sid: "all", bid: "all", slug: "adjustment" } });
    expect(report.status).toBe(200);
    expect(report.data.rows.some((r: { reference: string }) => r.reference === `ADJ-${id}`)).toBe(true);
    const fromForm = await runLoader(reportPage, { url: "/omnichannel/pos-report/inventory/opname-adjustment?sid=all&bid=all&slug=opname", as: DEMO.seller });
    expect(fromForm.redirect).toBe("/omnichannel/pos-report/inventory/opname-adjustment/all/all/opname");
    expect((await runLoader(reportPage, { url: "/omnichannel/pos-report/inventory/opname-adjustment/xx", as: DEMO.seller, params: { sid: "xx" } })).status).toBe(404);
    const other = await runLoader(reportPage, { url: "/omnichannel/pos-report/inventory/opname-adjustment", as: DEMO.seller2 });
    expect(other.data.rows.some((r: { reference: string }) => r.reference === `ADJ-${id}`)).toBe(false);
  });
});
