/**
 * The Indie ads pages at the web's seam: the demo's ads listed with the deposit, tabs and search;
 * the form's product search step (nothing saved, everything typed kept); bad input and another
 * business's product refused under their fields with what was typed kept (in Indonesian under
 * /id); an ad made and edited from the form; its page with its days; pause without asking, end
 * after the confirm step without JavaScript; another business's ad as the not-found page.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import * as list from "#app/routes/admin/promotions/indie-ads/list.tsx";
import * as form from "#app/routes/admin/promotions/indie-ads/form.tsx";
import * as detail from "#app/routes/admin/promotions/indie-ads/detail.tsx";
import { DEMO } from "#tests/demo-accounts.ts";
import { shopOf } from "#tests/api/order-fixtures.ts";
import { runAction, runLoader } from "./harness.ts";

const wib = (offsetMinutes: number) => new Date(Date.now() + 7 * 3600_000 + offsetMinutes * 60_000).toISOString().slice(0, 16);
const tag = () => Date.now().toString(36);

async function productOf(email: string, sku: string) {
  const { businessId } = await shopOf(email);
  const [p] = await db.select({ id: s.products.id }).from(s.products).where(and(eq(s.products.businessId, businessId), eq(s.products.sku, sku)));
  return p.id;
}

const good = async (name: string) => ({
  name, daily_budget: "20.000", bid_per_click: "500", keywords: "kaos polos, kaos hitam", placements: ["search", "home"],
  product_ids: [String(await productOf(DEMO.seller, "KKC-004"))], starts_at: wib(-1), ends_at: "",
});

describe("Indie ads pages", () => {
  it("lists the demo's ads with the deposit, tabs and search", async () => {
    const res = await runLoader(list, { url: "/promotions/indie-ads", as: DEMO.seller });
    expect(res.status).toBe(200);
    expect(res.data.deposit).toBeGreaterThan(0);
    expect(res.data.canTopUp).toBe(true);
    const names = res.data.rows.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(["Kaos Katun Combed — Pencarian", "Batik Pria di Beranda", "Tas Anyaman Pandan — Rekomendasi"]));
    expect(res.data.tabs.paused).toBe(1);
    const searchAd = res.data.rows.find((r: { name: string }) => r.name === "Kaos Katun Combed — Pencarian");
    expect(searchAd).toMatchObject({ placements: ["search", "product"], actions: ["pause", "end"] });
    expect(searchAd.clicks).toBeGreaterThan(0);
    expect(searchAd.spent).toBe(searchAd.clicks * 500);

    const paused = await runLoader(list, { url: "/id/promotions/indie-ads?tab=paused", as: DEMO.seller });
    expect(paused.data.rows.map((r: { state_name: string; name: string }) => [r.name, r.state_name])).toEqual([["Tas Anyaman Pandan — Rekomendasi", "Dijeda"]]);
    const searched = await runLoader(list, { url: "/promotions/indie-ads?search=batik", as: DEMO.seller });
    expect(searched.data.rows.map((r: { name: string }) => r.name)).toEqual(["Batik Pria di Beranda"]);
    // The other business has none.
    const other = await runLoader(list, { url: "/promotions/indie-ads", as: DEMO.seller2 });
    expect(other.data.rows).toEqual([]);
  });

  it("finds products without saving, keeping what was typed", async () => {
    const typed = { ...(await good(`Cari ${tag()}`)), product_search: "kaos katun", intent: "find_products" };
    const res = await runAction(form, { url: "/promotions/indie-ads/create", as: DEMO.seller, form: typed });
    expect(res.status).toBe(200);
    expect(res.redirect).toBeUndefined();
    expect(res.data.reply.initialValue).toMatchObject({ name: typed.name, daily_budget: "20.000", placements: ["search", "home"], product_search: "kaos katun" });
    expect(res.data.products.chosen.map((p: { sku: string }) => p.sku)).toEqual(["KKC-004"]);
    expect(res.data.products.found.map((p: { sku: string }) => p.sku)).toEqual(["KKC-005"]);
    expect(await db.select().from(s.ads).where(eq(s.ads.name, typed.name))).toEqual([]);
  });

  it("refuses bad input and another business's product under their fields, in the page's language", async () => {
    const bad = { ...(await good(`Salah ${tag()}`)), daily_budget: "5.000", placements: [] as string[], keywords: "" };
    const res = await runAction(form, { url: "/id/promotions/indie-ads/create", as: DEMO.seller, form: bad });
    expect(res.status).toBe(400);
    expect(res.data.reply.error.daily_budget).toEqual(["ads:errors.budget_min"]);
    expect(res.data.reply.error.placements).toEqual(["ads:errors.placement_required"]);
    expect(res.data.reply.initialValue).toMatchObject({ name: bad.name, daily_budget: "5.000" });

    const theirs = await productOf(DEMO.seller2, "BSJ-001");
    const foreign = await runAction(form, { url: "/id/promotions/indie-ads/create", as: DEMO.seller, form: { ...(await good(`Asing ${tag()}`)), product_ids: [String(theirs)] } });
    expect(foreign.status).toBe(400);
    expect(foreign.data.reply.error.product_ids).toEqual(["Salah satu produk tidak ada di katalog Anda."]);
    // Their product is not named back either.
    expect(foreign.data.products.chosen).toEqual([]);
  });

  it("makes an ad from the form, opens its page, edits it", async () => {
    const name = `Iklan ${tag()}`;
    const res = await runAction(form, { url: "/promotions/indie-ads/create", as: DEMO.seller, form: await good(name) });
    expect(res.data?.reply?.error).toBeUndefined();
    expect(res.redirect).toMatch(/^\/promotions\/indie-ads\/\d+$/);
    expect(res.toasts).toContainEqual({ type: "success", message: "Ad created." });
    const [row] = await db.select().from(s.ads).where(eq(s.ads.name, name));
    expect(row).toMatchObject({ dailyBudget: 20_000, bidPerClick: 500, keywords: ["kaos polos", "kaos hitam"], placements: ["search", "home"], status: s.AD_STATUS.active, endsAt: null });
    const id = String(row.id);

    const page = await runLoader(detail, { url: res.redirect!, as: DEMO.seller, params: { id } });
    expect(page.data.ad).toMatchObject({ name, state: "running", state_name: "Running", days: [], products: [expect.objectContaining({ sku: "KKC-004" })] });
    expect((await runLoader(detail, { url: res.redirect!, as: DEMO.seller2, params: { id } })).status).toBe(404);
    expect((await runLoader(detail, { url: "/promotions/indie-ads/abc", as: DEMO.seller, params: { id: "abc" } })).status).toBe(404);

    const edit = await runLoader(form, { url: `/promotions/indie-ads/${id}/edit`, as: DEMO.seller, params: { id } });
    expect(edit.data.defaults).toMatchObject({ name, daily_budget: "20000", keywords: "kaos polos\nkaos hitam", placements: ["search", "home"] });
    const saved = await runAction(form, { url: `/promotions/indie-ads/${id}/edit`, as: DEMO.seller, params: { id }, form: { ...(await good(`${name} baru`)), daily_budget: "30.000" } });
    expect(saved.redirect).toBe(`/promotions/indie-ads/${id}`);
    expect(saved.toasts).toContainEqual({ type: "success", message: "Ad saved." });
    expect((await db.select().from(s.ads).where(eq(s.ads.id, row.id)))[0]).toMatchObject({ name: `${name} baru`, dailyBudget: 30_000 });
  });

  it("pauses at once, ends after the confirm step (no JavaScript), then its edit page opens its detail", async () => {
    const name = `Jeda ${tag()}`;
    await runAction(form, { url: "/promotions/indie-ads/create", as: DEMO.seller, form: await good(name) });
    const [row] = await db.select().from(s.ads).where(eq(s.ads.name, name));
    const id = String(row.id);
    const paused = await runAction(list, { url: "/promotions/indie-ads?tab=running", as: DEMO.seller, form: { intent: "pause", ad_id: id } });
    expect(paused.redirect).toBe("/promotions/indie-ads?tab=running");
    expect(paused.toasts).toContainEqual({ type: "success", message: "Ad paused: it is not shown until you resume it." });

    const ask = await runAction(detail, { url: `/promotions/indie-ads/${id}`, as: DEMO.seller, params: { id }, form: { intent: "end", ad_id: id } });
    expect(ask.redirect).toBe(`/promotions/indie-ads/${id}?confirm=end&ad_id=${id}`);
    const step = await runLoader(detail, { url: ask.redirect!, as: DEMO.seller, params: { id } });
    expect(step.data.confirm).toBe(true);
    const listStep = await runLoader(list, { url: `/promotions/indie-ads?confirm=end&ad_id=${id}&search=${encodeURIComponent(name)}`, as: DEMO.seller });
    expect(listStep.data.confirm).toEqual({ ad_id: row.id, name });
    const done = await runAction(detail, { url: `/promotions/indie-ads/${id}`, as: DEMO.seller, params: { id }, form: { intent: "end", ad_id: id, confirmed: "1" } });
    expect(done.redirect).toBe(`/promotions/indie-ads/${id}`);
    expect(done.toasts).toContainEqual({ type: "success", message: "Ad ended." });
    expect((await db.select().from(s.ads).where(eq(s.ads.id, row.id)))[0].status).toBe(s.AD_STATUS.ended);

    const again = await runAction(detail, { url: `/promotions/indie-ads/${id}`, as: DEMO.seller, params: { id }, form: { intent: "resume", ad_id: id } });
    expect(again.toasts).toContainEqual({ type: "danger", message: "This ad cannot do that now." });
    const edit = await runLoader(form, { url: `/promotions/indie-ads/${id}/edit`, as: DEMO.seller, params: { id } });
    expect(edit.redirect).toBe(`/promotions/indie-ads/${id}`);
    const unknown = await runAction(list, { url: "/promotions/indie-ads", as: DEMO.seller, form: { intent: "delete", ad_id: id } });
    expect(unknown.status).toBe(400);
  });
});
