/**
 * The transfer pages at the web's seam (issue 14 item 4): the list with its tabs and filters, a
 * new transfer (the same location refused under "To" with the spec's message, in English and
 * Indonesian), the draft's forms (add by SKU / barcode, bad quantities under their field), the
 * no-JavaScript confirm step of send / receive / resolve / cancel, a location's own list, the
 * print page, and another business's transfer (404).
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as listPage from "#app/routes/admin/erp/inventory/mutation/list.tsx";
import * as newPage from "#app/routes/admin/erp/inventory/mutation/new.tsx";
import * as detailPage from "#app/routes/admin/erp/inventory/mutation/detail.tsx";
import * as locationPage from "#app/routes/admin/erp/inventory/mutation/location.tsx";
import * as printPage from "#app/routes/admin/erp/inventory/mutation/print.tsx";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { applyStockChanges } from "#core/stock/stock-ledger.ts";
import { translator } from "#core/i18n.ts";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

let store: string;
let warehouse: string;
let sku: string;
let barcode: string;
let variantId: number;

beforeAll(async () => {
  const [u] = await db.select().from(s.users).where(eq(s.users.email, DEMO.seller));
  const [m] = await db.select().from(s.businessMembers).where(eq(s.businessMembers.userId, u.id)).limit(1);
  const businessId = m.businessId;
  const [st] = await db.select().from(s.stores).where(and(eq(s.stores.businessId, businessId), eq(s.stores.status, 1))).orderBy(s.stores.id).limit(1);
  const [w] = await db.select().from(s.warehouses).where(and(eq(s.warehouses.businessId, businessId), eq(s.warehouses.status, 1))).orderBy(s.warehouses.id).limit(1);
  store = `store-${st.id}`;
  warehouse = `warehouse-${w.id}`;
  const [p] = await db.insert(s.products).values({ businessId, name: "Kaos Transfer", sku: "KT-ROUTE" }).returning();
  const [v] = await db.insert(s.productVariants).values({ businessId, productId: p.id, sku: "KT-ROUTE-M", barcode: "8991234567895" }).returning();
  sku = v.sku;
  barcode = v.barcode!;
  variantId = v.id;
  await db.transaction((tx) => applyStockChanges(tx, { businessId, userId: u.id, reason: "manual" }, [{ variantId: v.id, location: { sourceType: 1, storeId: st.id }, set: 10 }]));
});

const detailUrl = (id: number, extra = "") => `/erp/inventory/mutation/${id}${extra}`;
async function create() {
  const res = await runAction(newPage, { url: "/erp/inventory/mutation/new", as: DEMO.seller, form: { source: store, destination: warehouse, note: "Restock" } });
  expect(res.redirect).toMatch(/^\/erp\/inventory\/mutation\/\d+$/);
  return Number(res.redirect!.split("/").pop());
}
const act = (id: number, form: Record<string, string>, url = detailUrl(id)) =>
  runAction(detailPage, { url, as: DEMO.seller, params: { id: String(id) }, form });

describe("transfer pages", () => {
  it("the new form refuses the same location under To with the spec's message, keeping the choices", async () => {
    const res = await runAction(newPage, { url: "/erp/inventory/mutation/new", as: DEMO.seller, form: { source: store, destination: store } });
    expect(res.status).toBe(400);
    // Zod's messages are keys the page translates (form-error.tsx), in the page's language.
    expect(res.data.error.destination).toEqual(["transfer:errors.same_location"]);
    expect(translator("en")("transfer:errors.same_location")).toBe("Transfer to same store is not allowed");
    expect(res.data.initialValue).toMatchObject({ source: store, destination: store });
    const id = await runAction(newPage, { url: "/id/erp/inventory/mutation/new", as: DEMO.seller, form: { source: store, destination: store } });
    expect(id.data.error.destination).toEqual(["transfer:errors.same_location"]);
    expect(translator("id")("transfer:errors.same_location")).toBe("Transfer ke toko yang sama tidak diizinkan");
    const empty = await runAction(newPage, { url: "/erp/inventory/mutation/new", as: DEMO.seller, form: { source: "", destination: "store-abc" } });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.data.error).sort()).toEqual(["destination", "source"]);
  });

  it("a whole journey without JavaScript: add by barcode, send (confirm step), receive 4 of 5, resolve the short one", async () => {
    const id = await create();
    let r = await act(id, { intent: "add_line", sku: barcode, quantity: "0" });
    expect(r.status).toBe(400);
    expect(r.data.error.quantity).toEqual(["transfer:errors.quantity"]);
    r = await act(id, { intent: "add_line", sku: "NOPE-404", quantity: "1" });
    expect(r.data.error.sku?.[0]).toMatch(/No product of yours/);
    r = await act(id, { intent: "add_line", sku: barcode, quantity: "5" });
    expect(r.redirect).toBe(detailUrl(id));
    expect(r.toasts).toContainEqual({ type: "success", message: `Product added to TRF-${id}` });

    // Search (GET) lists the variant with its stock at the source.
    const found = await runLoader(detailPage, { url: detailUrl(id, "?q=KT-ROUTE"), as: DEMO.seller, params: { id: String(id) } });
    expect(found.data.results).toEqual([expect.objectContaining({ variant_id: variantId, available: 10 })]);

    r = await act(id, { intent: "send" });
    expect(r.redirect).toBe(detailUrl(id, "?confirm=send"));
    const asked = await runLoader(detailPage, { url: detailUrl(id, "?confirm=send"), as: DEMO.seller, params: { id: String(id) } });
    expect(asked.data.confirm).toEqual({ intent: "send" });
    r = await act(id, { intent: "send", confirmed: "1" });
    expect(r.toasts).toContainEqual({ type: "success", message: `Transfer TRF-${id} sent: the stock is in transit` });

    const page = await runLoader(detailPage, { url: detailUrl(id), as: DEMO.seller, params: { id: String(id) } });
    const line = String(page.data.transfer.lines[0].line_id);
    r = await act(id, { intent: "receive", "lines[0].line_id": line, "lines[0].received": "6", confirmed: "1" });
    expect(r.status).toBe(400);
    expect(r.data.error["lines[0].received"]).toEqual(["More than is on the way: at most 5 can still be received"]);
    r = await act(id, { intent: "receive", "lines[0].line_id": line, "lines[0].received": "4" });
    expect(r.redirect).toMatch(/\?confirm=receive&/);
    r = await act(id, { intent: "receive", "lines[0].line_id": line, "lines[0].received": "4", confirmed: "1" });
    expect(r.toasts).toContainEqual({ type: "success", message: `Transfer TRF-${id} received with a short quantity to resolve` });

    r = await act(id, { intent: "resolve", "lines[0].line_id": line, "lines[0].resolution": "", note: "", confirmed: "1" });
    expect(r.data.error["lines[0].resolution"]).toEqual(["transfer:errors.resolution"]);
    r = await act(id, { intent: "resolve", "lines[0].line_id": line, "lines[0].resolution": "lost", note: "", confirmed: "1" });
    expect(r.data.error.note).toEqual(["Say what happened to the lost pieces"]);
    r = await act(id, { intent: "resolve", "lines[0].line_id": line, "lines[0].resolution": "returned", note: "", confirmed: "1" });
    expect(r.toasts).toContainEqual({ type: "success", message: `Short quantity of TRF-${id} resolved` });
    const done = await runLoader(detailPage, { url: detailUrl(id), as: DEMO.seller, params: { id: String(id) } });
    expect(done.data.transfer).toMatchObject({ status: "received", lines: [{ sent: 5, received: 4, returned: 1, in_transit: 0 }] });

    // A second send (another tab) is a notice, not an error page.
    r = await act(id, { intent: "send", confirmed: "1" });
    expect(r.redirect).toBe(detailUrl(id));
    expect(r.toasts[0].type).toBe("danger");

    const print = await runLoader(printPage, { url: detailUrl(id, "/print"), as: DEMO.seller, params: { id: String(id) } });
    expect(print.data.d.lines[0].bars).toMatchObject({ text: barcode });
  });

  it("draft quantities: a bad one under its own field; remove a line; cancel asks first", async () => {
    const id = await create();
    await act(id, { intent: "add_line", sku, quantity: "2" });
    const page = await runLoader(detailPage, { url: detailUrl(id), as: DEMO.seller, params: { id: String(id) } });
    const line = String(page.data.transfer.lines[0].line_id);
    let r = await act(id, { intent: "save_lines", "lines[0].line_id": line, "lines[0].quantity": "-1" });
    expect(r.data.error["lines[0].quantity"]).toEqual(["transfer:errors.quantity"]);
    r = await act(id, { intent: "save_lines", "lines[0].line_id": line, "lines[0].quantity": "3" });
    expect(r.toasts).toContainEqual({ type: "success", message: "Quantities saved" });
    r = await act(id, { intent: "save_lines", remove_line: line, "lines[0].line_id": line, "lines[0].quantity": "3" });
    expect(r.toasts[0].message).toMatch(/removed/);
    // The same line again (another tab removed it): a notice, back on the page.
    r = await act(id, { intent: "save_lines", remove_line: line });
    expect([r.redirect, r.toasts[0]]).toEqual([detailUrl(id), { type: "danger", message: "This line is not on the transfer" }]);
    r = await act(id, { intent: "cancel", note: "" });
    expect(r.redirect).toMatch(/\?confirm=cancel/);
    r = await act(id, { intent: "cancel", note: "", confirmed: "1" });
    expect(r.toasts).toContainEqual({ type: "success", message: `Transfer TRF-${id} cancelled` });
    r = await act(id, { intent: "explode" });
    expect(r.status).toBe(400);
  });

  it("lists with tabs and counts; a location's own list; filters in the URL", async () => {
    const id = await create();
    const list = await runLoader(listPage, { url: "/erp/inventory/mutation?status=draft", as: DEMO.seller });
    expect(list.data.list.rows.every((r: { status: string }) => r.status === "draft")).toBe(true);
    expect(list.data.counts.draft).toBeGreaterThan(0);
    const search = await runLoader(listPage, { url: `/erp/inventory/mutation?search=TRF-${id}`, as: DEMO.seller });
    expect(search.data.list.rows.map((r: { transfer_id: number }) => r.transfer_id)).toEqual([id]);
    const mine = await runLoader(locationPage, { url: `/erp/inventory/${warehouse}/mutation?direction=in`, as: DEMO.seller, params: { slug: warehouse } });
    expect(mine.data.fixed.key).toBe(warehouse);
    expect(mine.data.list.rows.every((r: { destination: { key: string } }) => r.destination.key.startsWith(warehouse))).toBe(true);
    const bad = await runLoader(locationPage, { url: "/erp/inventory/shop-1/mutation", as: DEMO.seller, params: { slug: "shop-1" } });
    expect(bad.status).toBe(404);
  });

  it("another business's transfer, or its location, is the not-found page; staff without Mini ERP get 403", async () => {
    const id = await create();
    const other = await runLoader(detailPage, { url: detailUrl(id), as: DEMO.seller2, params: { id: String(id) } });
    expect(other.status).toBe(404);
    const otherAct = await runAction(detailPage, { url: detailUrl(id), as: DEMO.seller2, params: { id: String(id) }, form: { intent: "cancel", confirmed: "1" } });
    expect(otherAct.status).toBe(404);
    const print = await runLoader(printPage, { url: detailUrl(id, "/print"), as: DEMO.seller2, params: { id: String(id) } });
    expect(print.status).toBe(404);
    const loc = await runLoader(locationPage, { url: `/erp/inventory/${store}/mutation`, as: DEMO.seller2, params: { slug: store } });
    expect(loc.status).toBe(404);
    const staff = await runLoader(listPage, { url: "/erp/inventory/mutation", as: DEMO.staff });
    expect(staff.status).toBe(403);
  });
});
