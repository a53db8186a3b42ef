/**
 * The customer centre's pages at the web's seam: a reseller added through the form (contact rows,
 * ticked stores), a refusal under its field with what was typed kept, the list's search and the
 * detail; the margin form and the preview; and another business's partner and margin rule: 404 on
 * every page and action (tenant isolation through the pages).
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as listPage from "#app/routes/admin/partner/list.tsx";
import * as formPage from "#app/routes/admin/partner/form.tsx";
import * as detailPage from "#app/routes/admin/partner/detail.tsx";
import * as marginPage from "#app/routes/admin/margin/index.tsx";
import * as marginAdd from "#app/routes/admin/margin/add.tsx";
import { db } from "#db/client.ts";
import { businesses, marginRules, stores, tradingPartners } from "#db/schema/index.ts";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

let storeId: number;
let grosirId: number;
let ruleId: number;
beforeAll(async () => {
  const [toko] = await db.select().from(businesses).where(eq(businesses.name, "Toko Demo"));
  [{ id: storeId }] = await db.select({ id: stores.id }).from(stores).where(eq(stores.businessId, toko.id)).limit(1);
  [{ id: grosirId }] = await db.select({ id: tradingPartners.id }).from(tradingPartners).where(eq(tradingPartners.name, "CV Sumber Rejeki Grosir"));
  [{ id: ruleId }] = await db.select({ id: marginRules.id }).from(marginRules).where(and(eq(marginRules.businessId, toko.id), eq(marginRules.partnerId, grosirId))).limit(1);
});

/** The form as the browser posts it: three contact rows, the hidden empty value of each group, then the ticked boxes. */
function posted(fields: Record<string, string | string[]>) {
  const f = new FormData();
  for (const i of [0, 1, 2]) for (const k of ["name", "role", "phone", "email"]) f.append(`contacts[${i}].${k}`, "");
  f.append("store_ids", "");
  f.append("brand_ids", "");
  for (const k of Object.keys(fields)) f.delete(k);
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) f.append(k, x);
  return f;
}

describe("reseller pages", () => {
  it("adds a reseller through the form, finds it by its contact's phone, shows its detail", async () => {
    const bad = await runAction(formPage, { url: "/reseller/add", as: DEMO.seller, form: posted({ name: "Toko Web Reseller", "contacts[0].phone": "0812 9999 0001", postcode: "12" }) });
    expect(bad.status).toBe(400);
    expect(bad.data.error["contacts[0].name"]).toEqual(["required"]);
    expect(bad.data.error.postcode).toEqual(["trading-partner:errors.postcode"]);
    expect(bad.data.initialValue.name).toBe("Toko Web Reseller");

    const res = await runAction(formPage, {
      url: "/reseller/add", as: DEMO.seller,
      form: posted({ name: "Toko Web Reseller", "contacts[0].name": "Bu Web", "contacts[0].phone": "0812 9999 0001", city_id: "3174", address: "Jl. Uji 1", store_ids: String(storeId), payment_days: "7", credit_limit: "1.500.000" }),
    });
    expect(res.data?.error ?? res.error).toBeUndefined();
    expect(res.redirect).toMatch(/^\/reseller\/data-detail\/\d+$/);
    expect(res.toasts).toContainEqual({ type: "success", message: "Reseller added" });
    const id = res.redirect!.split("/").pop()!;

    const list = await runLoader(listPage, { url: "/reseller/data?search=081299990001", as: DEMO.seller });
    expect(list.data.list.rows.map((r: { name: string }) => r.name)).toEqual(["Toko Web Reseller"]);
    expect(list.data.kind).toBe("reseller");

    const detail = await runLoader(detailPage, { url: `/reseller/data-detail/${id}`, as: DEMO.seller, params: { id } });
    expect(detail.data.partner).toMatchObject({ credit_limit: 1_500_000, payment_days: 7, contacts: [{ name: "Bu Web", phone: "+6281299990001" }] });
    expect(detail.data.history.rows.map((h: { action: string }) => h.action)).toEqual(["create"]);
    // A reseller is not a supplier: the supplier pages do not show it.
    expect((await runLoader(detailPage, { url: `/supplier/data-detail/${id}`, as: DEMO.seller, params: { id } })).status).toBe(404);
  });
});

describe("margin pages", () => {
  it("sets a brand-free reseller margin through the form and the preview shows its price", async () => {
    const [berkah] = await db.select({ id: tradingPartners.id }).from(tradingPartners).where(eq(tradingPartners.name, "Toko Berkah Jaya Surabaya"));
    const bad = await runAction(marginAdd, { url: "/margin/add/reseller", as: DEMO.seller, params: { slug: "reseller" }, form: { partner_id: String(berkah.id), type: "percent", value: "150" } });
    expect(bad.status).toBe(400);
    expect(bad.data.error.value).toEqual(["margin:errors.percent_max"]);
    const ok = await runAction(marginAdd, { url: "/id/margin/add/reseller", as: DEMO.seller, params: { slug: "reseller" }, form: { partner_id: String(berkah.id), type: "amount", value: "1000" } });
    expect(ok.redirect).toBe("/id/margin/other");
    expect(ok.toasts).toContainEqual({ type: "success", message: "Margin disimpan" });
    const preview = await runLoader(marginPage, { url: `/margin?partner_id=${berkah.id}&search=DKP-017`, as: DEMO.seller });
    expect(preview.data.preview.rows).toEqual([expect.objectContaining({ sell_price: 149_000, margin: 1000, reseller_price: 148_000, rule_scope: "reseller" })]);
    expect((await runLoader(marginAdd, { url: "/margin/add/planet", as: DEMO.seller, params: { slug: "planet" } })).status).toBe(404);
  });
});

describe("another business", () => {
  it("cannot open, edit or switch Toko Demo's reseller, nor delete its margin rule", async () => {
    const id = String(grosirId);
    expect((await runLoader(detailPage, { url: `/reseller/data-detail/${id}`, as: DEMO.seller2, params: { id } })).status).toBe(404);
    expect((await runLoader(formPage, { url: `/reseller/edit/${id}`, as: DEMO.seller2, params: { id } })).status).toBe(404);
    const edit = await runAction(formPage, { url: `/reseller/edit/${id}`, as: DEMO.seller2, params: { id }, form: posted({ name: "Dicuri" }) });
    expect(edit.status).toBe(404);
    const toggle = await runAction(listPage, { url: "/reseller/data", as: DEMO.seller2, form: { intent: "toggle", partner_id: id, action: "inactivate", confirmed: "1" } });
    expect(toggle.status).toBe(404);
    const del = await runAction(marginPage, { url: "/margin", as: DEMO.seller2, form: { intent: "delete", margin_rule_id: String(ruleId), confirmed: "1" } });
    expect(del.status).toBe(404);
    const theirs = await runLoader(listPage, { url: "/reseller/data", as: DEMO.seller2 });
    expect(theirs.data.list.rows.map((r: { name: string }) => r.name)).toEqual(["Galeri Batik Malioboro"]);
    const [still] = await db.select().from(tradingPartners).where(eq(tradingPartners.id, grosirId));
    expect(still).toMatchObject({ name: "CV Sumber Rejeki Grosir", status: 1 });
    expect(await db.select().from(marginRules).where(eq(marginRules.id, ruleId))).toHaveLength(1);
  });
});
