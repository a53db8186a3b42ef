/**
 * The promotion pages at the web's seam: a flash sale made from the form (SKUs typed, written as
 * parsed, the detail page next), bad input and an unknown SKU refused under their fields with what
 * was typed kept (in Indonesian under /id), the list's tabs and search, the running edit that
 * changes only what it may, and cancel's confirm step without JavaScript.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { movePromotion } from "#core/promotions/promotions.ts";
import * as form from "#app/routes/admin/promotions/form.tsx";
import * as list from "#app/routes/admin/promotions/list.tsx";
import * as detail from "#app/routes/admin/promotions/detail.tsx";
import * as brandList from "#app/routes/admin/profile/brand/list.tsx";
import { DEMO } from "#tests/demo-accounts.ts";
import { newVariant, shopOf } from "#tests/api/order-fixtures.ts";
import { runAction, runLoader } from "./harness.ts";

const wib = (offsetMinutes: number) => new Date(Date.now() + 7 * 3600_000 + offsetMinutes * 60_000).toISOString().slice(0, 16);
const tag = () => Date.now().toString(36);

async function flashSale(name: string, more: Record<string, string | string[]> = {}) {
  const shop = await shopOf(DEMO.seller);
  const v = await newVariant(shop);
  const body = {
    name, kind: "discount_time", discount_type: "amount", discount_amount: "10.000", starts_at: wib(-5), ends_at: wib(120),
    quota: "50", promo_stock: "20", variant_skus: `${v.sku.toLowerCase()}\n`, ...more,
  };
  return { shop, v, body };
}

describe("promotion pages", () => {
  it("makes a flash sale from the form and opens its page", async () => {
    const name = `Flash ${tag()}`;
    const { v, body } = await flashSale(name);
    const res = await runAction(form, { url: "/promotions/create", as: DEMO.seller, form: body });
    expect(res.data?.error).toBeUndefined();
    expect(res.redirect).toMatch(/^\/promotions\/detail\/\d+$/);
    expect(res.toasts).toContainEqual({ type: "success", message: "Promotion created. It is waiting for the platform's approval." });
    const [row] = await db.select().from(s.promotions).where(eq(s.promotions.name, name));
    expect(row).toMatchObject({ kind: "discount_time", promoType: "flash_sale", discountType: "amount", discountValue: 10_000, quota: 50, promoStock: 20, status: 0, anyProduct: false });
    const targets = await db.select().from(s.promotionTargets).where(eq(s.promotionTargets.promotionId, row.id));
    expect(targets).toEqual([expect.objectContaining({ kind: "variant", refId: v.variantId })]);

    const page = await runLoader(detail, { url: res.redirect!, as: DEMO.seller, params: { slug: String(row.id) } });
    expect(page.data.p).toMatchObject({ name, status_name: "In Moderation", actions: ["cancel"] });
    expect(page.data.p.auto_approve_at).toBeGreaterThan(Date.now() / 1000);
  });

  it("refuses bad input and unknown SKUs under their fields, in the page's language, keeping what was typed", async () => {
    const { body } = await flashSale(`Bad ${tag()}`, { discount_amount: "", ends_at: wib(-60), variant_skus: "NO-SUCH-SKU" });
    const res = await runAction(form, { url: "/id/promotions/create", as: DEMO.seller, form: body });
    expect(res.status).toBe(400);
    expect(res.data.error.variant_skus).toEqual(["Tidak ada di katalog Anda: NO-SUCH-SKU"]);
    expect(res.data.error.discount_amount?.length).toBe(1);
    // Schema messages are keys, translated where they are shown (app/components/form-error.tsx).
    expect(res.data.error.ends_at).toEqual(["promotion:errors.end_before_start"]);
    expect(res.data.initialValue).toMatchObject({ name: body.name, variant_skus: "NO-SUCH-SKU" });
  });

  it("lists with tabs and search, and cancels after asking (no JavaScript: the confirm step)", async () => {
    const name = `Listed ${tag()}`;
    const { body } = await flashSale(name, { starts_at: wib(600), ends_at: wib(900) });
    await runAction(form, { url: "/promotions/create", as: DEMO.seller, form: body });
    const [row] = await db.select().from(s.promotions).where(eq(s.promotions.name, name));
    const page = await runLoader(list, { url: `/promotions/listing?tab=in_moderation&search=${encodeURIComponent(name)}`, as: DEMO.seller });
    expect(page.data.rows.map((r: { promotion_id: number }) => r.promotion_id)).toEqual([row.id]);
    expect(page.data.tabs.in_moderation).toBe(1);

    const ask = await runAction(list, { url: "/promotions/listing", as: DEMO.seller, form: { intent: "cancel", promotion_id: row.id } });
    expect(ask.redirect).toBe(`/promotions/listing?confirm=cancel&promotion_id=${row.id}`);
    const step = await runLoader(list, { url: ask.redirect!, as: DEMO.seller });
    expect(step.data.confirm).toEqual({ intent: "cancel", promotion_id: row.id, name });
    const done = await runAction(list, { url: "/promotions/listing", as: DEMO.seller, form: { intent: "cancel", promotion_id: row.id, confirmed: "1" } });
    expect(done.toasts).toContainEqual({ type: "success", message: "Promotion cancelled." });
    expect((await db.select().from(s.promotions).where(eq(s.promotions.id, row.id)))[0].status).toBe(s.PROMOTION_STATUS.cancelled);
  });

  it("edits a running promotion: only its end, quota and promo stock change, whatever else is posted", async () => {
    const name = `Running ${tag()}`;
    const { shop, body } = await flashSale(name);
    await runAction(form, { url: "/promotions/create", as: DEMO.seller, form: body });
    const [row] = await db.select().from(s.promotions).where(eq(s.promotions.name, name));
    await db.transaction((tx) => movePromotion(tx, shop.businessId, row.id, "approve", "platform"));
    const page = await runLoader(form, { url: `/promotions/edit/${row.id}`, as: DEMO.seller, params: { slug: String(row.id) } });
    expect(page.data).toMatchObject({ running: true, defaults: { name, quota: 50, promo_stock: 20 } });
    const res = await runAction(form, {
      url: `/promotions/edit/${row.id}`, as: DEMO.seller, params: { slug: String(row.id) },
      form: { ...body, name: "Changed", discount_amount: "40.000", quota: "80", promo_stock: "30", ends_at: wib(60) },
    });
    expect(res.data?.error).toBeUndefined();
    expect(res.redirect).toBe(`/promotions/detail/${row.id}`);
    const [after] = await db.select().from(s.promotions).where(eq(s.promotions.id, row.id));
    expect(after).toMatchObject({ name, discountValue: 10_000, quota: 80, promoStock: 30 });
    expect(after.endsAt.getTime()).toBeLessThan(row.endsAt.getTime());
    // A shorter quota is refused under its field.
    const less = await runAction(form, { url: `/promotions/edit/${row.id}`, as: DEMO.seller, params: { slug: String(row.id) }, form: { ...body, quota: "10" } });
    expect(less.status).toBe(400);
    expect(less.data.error.quota).toEqual(["While it runs, the quota can only grow."]);
  });

  it("links a brand's card to the promotions reaching that brand", async () => {
    const brands = await runLoader(brandList, { url: "/profile/brand", as: DEMO.seller });
    expect(brands.data.canPromote).toBe(true);
    const brand = brands.data.list.rows[0];
    const page = await runLoader(list, { url: `/promotions/brand-${brand.brand_id}/listing`, as: DEMO.seller, params: { slug: `brand-${brand.brand_id}` } });
    expect(page.data.slugName).toBe(brand.name);
  });
});
