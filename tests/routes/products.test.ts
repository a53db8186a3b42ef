/**
 * The product pages at the web's seam: the listing (with its no-JavaScript confirm step), adding a
 * product from the form, and a refusal shown under its field with what was typed kept.
 */
import { describe, expect, it } from "vitest";
import * as addPage from "#app/routes/admin/products/add/single.tsx";
import * as editPage from "#app/routes/admin/products/edit.tsx";
import * as listingPage from "#app/routes/admin/products/listing.tsx";
import { allCategories } from "#core/catalog/categories.ts";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

const sku = `RT-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

/** The add form as the browser sends it: one combination without variant or size names. */
const form = (over: Record<string, string> = {}) => ({
  intent: "save_draft", name: `Kaos Uji Rute ${sku}`, sku, status: "", description: "", brand_id: "", category_id: "", gender: "0", stock_type: "1",
  preorder_days: "", length: "", width: "", height: "", dimension_unit: "cm", weight: "", weight_unit: "gr", min_stock: "5",
  video_url: "", video_title: "", video_description: "", variants_text: "", sizes_text: "", row_count: "1", image_count: "0",
  "r0.variant_id": "", "r0.variant_name": "", "r0.size_name": "", "r0.sku": "", "r0.barcode": "", "r0.price": "125.000", "r0.compare_at_price": "",
  ...over,
});

describe("product pages", () => {
  it("lists the business's products with the tab counts in the title", async () => {
    const res = await runLoader(listingPage, { url: "/products/listing", as: DEMO.seller });
    expect(res.status).toBe(200);
    expect(res.data.title).toMatch(/^Products \(/);
    expect(res.data.rows.length).toBeGreaterThan(0);
    expect(res.data.summary.tabs.all).toBeGreaterThanOrEqual(res.data.rows.length);
    expect(res.data.choices.categories.length).toBeGreaterThan(0);
  });

  it("offers the categories the products are in, with their parents, and keeps the one in the URL", async () => {
    const all = await allCategories();
    const parentOf = new Map(all.map((c) => [c.id, c.parentId]));
    const offered = async (url: string) => (await runLoader(listingPage, { url, as: DEMO.seller })).data.choices.categories.map((o: { value: number }) => o.value);
    const list = await runLoader(listingPage, { url: "/products/listing?limit=150", as: DEMO.seller });
    const ids = await offered("/products/listing");
    expect(ids.length).toBeLessThan(all.length);
    for (const row of list.data.rows) {
      for (let id = row.category_data?.product_category_id ?? null; id; id = parentOf.get(id) ?? null) expect(ids).toContain(id);
    }
    const unused = all.find((c) => c.level === 3 && !ids.includes(c.id))!;
    const kept = await offered(`/products/listing?category_id=${unused.id}`);
    expect(kept).toContain(unused.id);
    expect(kept).toContain(unused.parentId);
  });

  it("adds a product: its edit page opens with the notice, and the product is there", async () => {
    const res = await runAction(addPage, { url: "/products/add/single", as: DEMO.seller, form: form() });
    expect(res.data?.reply?.errors).toBeUndefined();
    expect(res.redirect).toMatch(/^\/products\/\d+\/edit$/);
    expect(res.toasts).toContainEqual({ type: "success", message: "Draft saved" });
    const id = res.redirect!.split("/")[2];
    const edit = await runLoader(editPage, { url: res.redirect!, as: DEMO.seller, params: { slug: id } });
    expect(edit.data.product).toMatchObject({ name: `Kaos Uji Rute ${sku}`, status: "draft" });
    expect(edit.data.values.rows[0]).toMatchObject({ sku, price: "125000" });
  });

  it("says a refused SKU under its field, in the page's language, keeping what was typed", async () => {
    const res = await runAction(addPage, { url: "/id/products/add/single", as: DEMO.seller, form: form({ name: "Kaos Kembar", "r0.price": "99.000" }) });
    expect(res.status).toBe(400);
    expect(res.data.reply.errors.sku?.[0]).toBeTruthy();
    expect(res.data.reply.errors.sku[0]).not.toMatch(/SKU is already used/); // Indonesian, not English
    expect(res.data.reply.values.fields.name).toBe("Kaos Kembar");
    expect(res.data.reply.values.rows[0].price).toBe("99.000");
  });

  it("asks before a bulk change without JavaScript, then makes it after the confirmation", async () => {
    const list = await runLoader(listingPage, { url: `/products/listing?search=${sku}`, as: DEMO.seller });
    const id = String(list.data.rows[0].product_id);
    const ask = await runAction(listingPage, { url: `/products/listing?search=${sku}`, as: DEMO.seller, form: { intent: "bulk", action: "delete", product_ids: [id] } });
    expect(ask.redirect).toBe(`/products/listing?search=${sku}&confirm=bulk&action=delete&product_ids=${id}`);
    const step = await runLoader(listingPage, { url: ask.redirect!, as: DEMO.seller });
    expect(step.data.confirmBulk).toMatchObject({ action: "delete", ids: [Number(id)], name: `Kaos Uji Rute ${sku}` });
    const done = await runAction(listingPage, {
      url: ask.redirect!, as: DEMO.seller, form: { intent: "bulk", action: "delete", product_ids: id, confirmed: "1" },
    });
    expect(done.redirect).toBe(`/products/listing?search=${sku}`);
    expect(done.toasts).toContainEqual({ type: "success", message: `Kaos Uji Rute ${sku} deleted` });
    const after = await runLoader(listingPage, { url: `/products/listing?search=${sku}`, as: DEMO.seller });
    expect(after.data.rows).toEqual([]);
  });
});
