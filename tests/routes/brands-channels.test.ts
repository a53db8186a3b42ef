/**
 * The brand and channel pages at the web's seam: the lists, a brand saved (notice, redirect to its
 * page), a refusal from core under its field with what was typed kept, the switch's and a section
 * delete's no-JavaScript confirm step, a channel saved, another business's records.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as brandAdd from "#app/routes/admin/profile/brand/add.tsx";
import * as brandPartnership from "#app/routes/admin/profile/brand/add-partnership.tsx";
import * as brandInfo from "#app/routes/admin/profile/brand/info.tsx";
import * as brandList from "#app/routes/admin/profile/brand/list.tsx";
import * as brandSection from "#app/routes/admin/profile/brand/section.tsx";
import * as channelAdd from "#app/routes/admin/profile/channel/add.tsx";
import * as channelEdit from "#app/routes/admin/profile/channel/edit.tsx";
import * as channelList from "#app/routes/admin/profile/channel/list.tsx";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

const unique = (name: string) => `${name} ${randomBytes(3).toString("hex")}`;
type Row = { name: string; brand_id: number; is_partner: boolean };

describe("brand pages", () => {
  it("lists owned and partner brands with the total in the title", async () => {
    const res = await runLoader(brandList, { url: "/profile/brand?limit=50", as: DEMO.seller });
    expect(res.status).toBe(200);
    expect(res.data.title).toMatch(/Brand/);
    const rows = res.data.list.rows as Row[];
    expect(rows.map((r) => r.name)).toContain("Nusantara Wear");
    expect(res.data.list.pagination.total_record).toBe(rows.length);
    const owned = await runLoader(brandList, { url: "/profile/brand?ownership=1&limit=50", as: DEMO.seller });
    expect((owned.data.list.rows as Row[]).every((r) => !r.is_partner)).toBe(true);
  });

  it("adds a brand: its page opens with a notice, and it is listed", async () => {
    const name = unique("Batik Route");
    const res = await runAction(brandAdd, {
      url: "/profile/brand/add", as: DEMO.seller, form: { intent: "owned", name, product_category_id: "10202", description: "Tulis" },
    });
    expect(res.data?.error ?? res.error).toBeUndefined();
    expect(res.redirect).toMatch(/^\/profile\/brand\/\d+$/);
    expect(res.toasts).toContainEqual({ type: "success", message: "Brand added" });
    const list = await runLoader(brandList, { url: `/profile/brand?search=${encodeURIComponent(name)}`, as: DEMO.seller });
    expect((list.data.list.rows as Row[]).map((r) => r.name)).toEqual([name]);
  });

  it("a name the business already uses is refused under the name, keeping what was typed", async () => {
    const res = await runAction(brandAdd, {
      url: "/profile/brand/add", as: DEMO.seller,
      form: { intent: "owned", name: "nusantara wear", product_category_id: "10202", description: "Kept as typed" },
    });
    expect(res.status).toBe(400);
    expect(res.data.error.name).toEqual(["You already have a brand with this name"]);
    expect(res.data.initialValue.description).toBe("Kept as typed");
    expect(res.toasts).toEqual([]);
  });

  it("the switch asks first without JavaScript, then changes the status with a notice", async () => {
    const name = unique("Switch Route");
    const added = await runAction(brandAdd, { url: "/profile/brand/add", as: DEMO.seller, form: { intent: "owned", name, product_category_id: "10202" } });
    const id = added.redirect!.split("/").pop()!;
    const asked = await runAction(brandList, { url: "/profile/brand", as: DEMO.seller, form: { intent: "toggle", brand_id: id, action: "inactivate" } });
    expect(asked.redirect).toBe(`/profile/brand?confirm=toggle&brand_id=${id}&action=inactivate`);
    const step = await runLoader(brandList, { url: asked.redirect!, as: DEMO.seller });
    expect(step.data.confirm).toEqual({ id: Number(id), action: "inactivate", name });
    const done = await runAction(brandList, {
      url: asked.redirect!, as: DEMO.seller, form: { intent: "toggle", brand_id: id, action: "inactivate", confirmed: "1" },
    });
    expect(done.toasts).toContainEqual({ type: "success", message: "Brand deactivated" });
    const info = await runLoader(brandInfo, { url: `/profile/brand/${id}`, as: DEMO.seller, params: { slug: id } });
    expect(info.data.brand.status).toBe(3);
  });

  it("adds a document from the detail tab; a missing type and file are told under their fields", async () => {
    const added = await runAction(brandAdd, {
      url: "/profile/brand/add", as: DEMO.seller, form: { intent: "owned", name: unique("Docs Route"), product_category_id: "10202" },
    });
    const id = added.redirect!.split("/").pop()!;
    const call = { url: `/profile/brand/${id}?index`, as: DEMO.seller, params: { slug: id } };
    const empty = await runAction(brandInfo, { ...call, form: { intent: "document_add", type: "" } });
    expect(empty.status).toBe(400);
    expect(empty.data.error.type).toEqual(["required"]);
    expect(empty.data.error.file).toEqual(["required"]);
    const form = new FormData();
    form.set("intent", "document_add");
    form.set("type", "tax_id");
    form.set("file", new File([Buffer.from("%PDF-1.4\n%%EOF\n")], "NPWP Route.pdf", { type: "application/pdf" }));
    const done = await runAction(brandInfo, { ...call, form });
    expect(done.redirect).toBe(`/profile/brand/${id}`);
    expect(done.toasts).toContainEqual({ type: "success", message: "Document added" });
    const info = await runLoader(brandInfo, { url: `/profile/brand/${id}`, as: DEMO.seller, params: { slug: id } });
    expect(info.data.brand.document_datas.map((d: { name: string }) => d.name)).toEqual(["NPWP Route.pdf"]);
  });

  it("deletes a section entry after the confirm step", async () => {
    const added = await runAction(brandAdd, {
      url: "/profile/brand/add", as: DEMO.seller, form: { intent: "owned", name: unique("Notes Route"), product_category_id: "10202" },
    });
    const id = added.redirect!.split("/").pop()!;
    const url = `/profile/brand/${id}/notes`;
    const params = { slug: id, section: "notes" };
    const saved = await runAction(brandSection, { url, as: DEMO.seller, params, form: { intent: "add", title: "Size guide", content: "S M L" } });
    expect(saved.toasts).toContainEqual({ type: "success", message: "Saved" });
    const tab = await runLoader(brandSection, { url, as: DEMO.seller, params });
    const entryId = String(tab.data.entries[0].id);
    const asked = await runAction(brandSection, { url, as: DEMO.seller, params, form: { intent: "delete", entry_id: entryId } });
    expect(asked.redirect).toBe(`${url}?confirm=delete&entry_id=${entryId}`);
    const step = await runLoader(brandSection, { url: asked.redirect!, as: DEMO.seller, params });
    expect(step.data.deleting).toEqual({ id: Number(entryId), name: "Size guide" });
    const done = await runAction(brandSection, { url: asked.redirect!, as: DEMO.seller, params, form: { intent: "delete", entry_id: entryId, confirmed: "1" } });
    expect(done.redirect).toBe(url);
    expect(done.toasts).toContainEqual({ type: "success", message: "Removed" });
    expect((await runLoader(brandSection, { url, as: DEMO.seller, params })).data.entries).toEqual([]);
  });

  it("the partnership picker lists other businesses, then their brands; an own brand is refused under the picker", async () => {
    const step1 = await runLoader(brandPartnership, { url: "/profile/brand/add/partnership", as: DEMO.seller });
    const others = step1.data.businesses as { business_id: number; name: string }[];
    expect(others.length).toBeGreaterThan(0);
    const step2 = await runLoader(brandPartnership, { url: `/profile/brand/add/partnership?business_id=${others[0].business_id}`, as: DEMO.seller });
    expect(step2.data.businessName).toBe(others[0].name);
    const mine = await runLoader(brandList, { url: "/profile/brand?ownership=1", as: DEMO.seller });
    const own = (mine.data.list.rows as Row[])[0].brand_id;
    const res = await runAction(brandPartnership, { url: "/profile/brand/add/partnership", as: DEMO.seller, form: { intent: "partnership", brand_id: own } });
    expect(res.status).toBe(400);
    expect(res.data.brandError).toBeTruthy();
  });

  it("another business's brand is the not-found page", async () => {
    const mine = await runLoader(brandList, { url: "/profile/brand?ownership=1", as: DEMO.seller });
    const id = String((mine.data.list.rows as Row[])[0].brand_id);
    const other = await runLoader(brandInfo, { url: `/profile/brand/${id}`, as: DEMO.seller2, params: { slug: id } });
    expect(other.status).toBe(404);
  });
});

describe("channel pages", () => {
  it("lists the business's channels with the total in the title", async () => {
    const res = await runLoader(channelList, { url: "/profile/channel", as: DEMO.seller });
    expect(res.status).toBe(200);
    expect(res.data.title).toMatch(/Channel/);
    expect(res.data.list.rows.length).toBeGreaterThan(0);
    expect(res.data.list.rows[0]).toHaveProperty("store_datas");
  });

  it("adds a channel with a notice; the platform's config is asked for under its field", async () => {
    const bad = await runAction(channelAdd, { url: "/profile/channel/add", as: DEMO.seller, form: { platform_code: "SHP", name: "Shopee Route" } });
    expect(bad.status).toBe(400);
    expect(bad.data.error.url?.[0]).toBeTruthy();
    expect(bad.data.initialValue.name).toBe("Shopee Route");
    const name = unique("Shopee Route");
    const res = await runAction(channelAdd, {
      url: "/profile/channel/add", as: DEMO.seller, form: { platform_code: "SHP", name, url: "https://shopee.co.id/route" },
    });
    expect(res.redirect).toBe("/profile/channel");
    expect(res.toasts).toContainEqual({ type: "success", message: "Online channel added" });
    const list = await runLoader(channelList, { url: `/profile/channel?search=${encodeURIComponent(name)}`, as: DEMO.seller });
    expect(list.data.list.rows.map((r: { name: string }) => r.name)).toEqual([name]);
  });

  it("a name taken by another channel is refused under the name on the edit page", async () => {
    const list = await runLoader(channelList, { url: "/profile/channel?limit=50", as: DEMO.seller });
    const [first, second] = list.data.list.rows as { channel_id: number; name: string; channel_data: { code: string } }[];
    const id = String(second.channel_id);
    const res = await runAction(channelEdit, {
      url: `/profile/channel/${id}`, as: DEMO.seller, params: { slug: id },
      form: { name: first.name, url: "https://example.co.id/x", username: "route_x", phone_number: "081234567890", line_id: "route_x" },
    });
    expect(res.status).toBe(400);
    expect(res.data.error.name?.[0]).toBeTruthy();
  });

  it("another business's channel is the not-found page", async () => {
    const mine = await runLoader(channelList, { url: "/profile/channel", as: DEMO.seller });
    const id = String(mine.data.list.rows[0].channel_id);
    const other = await runLoader(channelEdit, { url: `/profile/channel/${id}`, as: DEMO.seller2, params: { slug: id } });
    expect(other.status).toBe(404);
  });
});
