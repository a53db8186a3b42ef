/**
 * The Indie campaign pages at the web's seam: the list's tabs, an entry made on the campaign's
 * page with the picker (a typed price kept while lines are added), a price that breaks the terms
 * refused under its line in the page's language with what was typed kept, and withdrawing after
 * the confirm step without JavaScript.
 */
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { addCampaign } from "#core/promotions/campaigns.ts";
import * as list from "#app/routes/admin/promotions/campaigns/list.tsx";
import * as entry from "#app/routes/admin/promotions/campaigns/entry.tsx";
import { DEMO } from "#tests/demo-accounts.ts";
import { newVariant, shopOf } from "#tests/api/order-fixtures.ts";
import { runAction, runLoader } from "./harness.ts";

const now = () => Math.floor(Date.now() / 60_000) * 60;
const newCampaign = (name: string) => addCampaign(db, {
  name, min_discount_percent: "20", max_products: 5, registration_ends_at: now() + 3600, starts_at: now() + 7200, ends_at: now() + 86_400,
});

describe("Indie campaign pages", () => {
  it("lists open campaigns, then enters one from its page with a price per picked variant", async () => {
    const shop = await shopOf(DEMO.seller);
    const name = `Kampanye Web ${Date.now().toString(36)}`;
    const id = await newCampaign(name);
    const page = await runLoader(list, { url: `/promotions/indie-campaign?search=${encodeURIComponent(name)}`, as: DEMO.seller });
    expect(page.data.list.rows).toEqual([expect.objectContaining({ campaign_id: id, name, phase: "open", min_discount_percent: "20", entry: null })]);
    expect(page.data.tabs.open).toBeGreaterThanOrEqual(1);

    const [a, b] = [await newVariant(shop), await newVariant(shop)];
    await db.update(s.products).set({ status: "published" }).where(inArray(s.products.id, [a.productId, b.productId]));
    const url = `/promotions/indie-campaign/${id}`;
    const params = { id: String(id) };
    // Adding a second variant keeps the first one's typed price.
    const added = await runAction(entry, { url, as: DEMO.seller, params, form: {
      "items[0].variant_id": a.variantId, "items[0].qty": 1, [`price_${a.variantId}`]: "39.000", picker: "add", picker_pick: b.variantId, [`picker_qty_${b.variantId}`]: 1,
    } });
    expect(added.data.picker.selected.map((l: { variant_id: number }) => l.variant_id)).toEqual([a.variantId, b.variantId]);
    expect(added.data.prices).toEqual({ [a.variantId]: "39.000", [b.variantId]: "" });

    // 20 % off at least: 41.000 is too high for a 50.000 product; refused under its line, in Indonesian.
    const bad = await runAction(entry, { url: `/id${url}`, as: DEMO.seller, params, form: {
      "items[0].variant_id": a.variantId, "items[0].qty": 1, [`price_${a.variantId}`]: "39.000",
      "items[1].variant_id": b.variantId, "items[1].qty": 1, [`price_${b.variantId}`]: "41.000", promo_stock: "25", intent: "save",
    } });
    expect(bad.status).toBe(400);
    expect(bad.data.lineErrors).toEqual({ [b.variantId]: "Terlalu tinggi untuk diskon kampanye ini" });
    expect(bad.data).toMatchObject({ prices: { [a.variantId]: "39.000", [b.variantId]: "41.000" }, promoStock: "25" });
    // A blank price is refused too, before core is asked.
    const blank = await runAction(entry, { url, as: DEMO.seller, params, form: { "items[0].variant_id": a.variantId, "items[0].qty": 1, [`price_${a.variantId}`]: "", intent: "save" } });
    expect(Object.keys(blank.data.lineErrors)).toEqual([String(a.variantId)]);

    const ok = await runAction(entry, { url, as: DEMO.seller, params, form: {
      "items[0].variant_id": a.variantId, "items[0].qty": 1, [`price_${a.variantId}`]: "39.000",
      "items[1].variant_id": b.variantId, "items[1].qty": 1, [`price_${b.variantId}`]: "40.000", promo_stock: "25", intent: "save",
    } });
    expect(ok.redirect).toBe(url);
    expect(ok.toasts).toContainEqual({ type: "success", message: "Your entry was sent for approval" });
    const [p] = await db.select().from(s.promotions).where(and(eq(s.promotions.campaignId, id), eq(s.promotions.businessId, shop.businessId)));
    expect(p).toMatchObject({ name, status: s.PROMOTION_STATUS.in_moderation, promoStock: 25 });
    const shown = await runLoader(entry, { url, as: DEMO.seller, params });
    expect(shown.data.entry).toMatchObject({ promotion_id: p.id, status_key: "in_moderation", campaign_id: id, editable: "none", actions: ["cancel"] });
    expect(shown.data.form.prices).toEqual({ [a.variantId]: "39000", [b.variantId]: "40000" });

    // Withdraw without JavaScript: the confirm step first, then the move.
    const ask = await runAction(entry, { url, as: DEMO.seller, params, form: { intent: "cancel", promotion_id: p.id } });
    expect(ask.redirect).toBe(`${url}?confirm=cancel&promotion_id=${p.id}`);
    expect((await runLoader(entry, { url: ask.redirect!, as: DEMO.seller, params })).data.confirm).toBe("cancel");
    const done = await runAction(entry, { url, as: DEMO.seller, params, form: { intent: "cancel", promotion_id: p.id, confirmed: "1" } });
    expect(done.redirect).toBe(url);
    const after = await runLoader(entry, { url, as: DEMO.seller, params });
    expect(after.data.entry).toBeNull();
    expect(after.data.form.picker.selected).toEqual([]);
  });

  it("answers an unknown campaign with the not-found page", async () => {
    const res = await runLoader(entry, { url: "/promotions/indie-campaign/999999999", as: DEMO.seller, params: { id: "999999999" } });
    expect(res.status).toBe(404);
  });
});
