/**
 * The store, store fee and dashboard pages at the web's seam: the store list, a channel switch's
 * no-JavaScript confirm step (the web's one confirm vocabulary), a store fee added and a second one
 * refused under its field, a fee's delete confirm step, and the dashboard's figures.
 */
import { describe, expect, it } from "vitest";
import * as dashboardPage from "#app/routes/admin/dashboard.tsx";
import * as storeFeePage from "#app/routes/admin/profile/store-fee.tsx";
import * as storeAddPage from "#app/routes/admin/profile/store/add.tsx";
import * as branchPage from "#app/routes/admin/profile/store/branch.tsx";
import * as storeListPage from "#app/routes/admin/profile/store/list.tsx";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

type Store = { store_branch_id: number; name: string; is_partner: boolean; channel_online_offline_data: { online: { id: number; name: string; is_connected: boolean; is_readonly: boolean }[] } };
type Fee = { store_fee_id: number; store_data: { store_branch_id: number }; channel_data: { channel_id: number } | null };

describe("store pages", () => {
  it("lists the business's stores as cards, with the total in the title and the partnerships section", async () => {
    const res = await runLoader(storeListPage, { url: "/profile/store", as: DEMO.seller });
    expect(res.status).toBe(200);
    expect(res.data.title).toMatch(/Store/);
    expect(res.data.list.rows.length).toBeGreaterThan(0);
    expect(res.data.list.pagination.total_record).toBeGreaterThanOrEqual(res.data.list.rows.length);
    expect(Array.isArray(res.data.partners.requests)).toBe(true);
    expect(res.data.confirm).toBeNull();
  });

  it("asks before connecting a channel without JavaScript, then connects it with the API's notice", async () => {
    const list = await runLoader(storeListPage, { url: "/profile/store?limit=50", as: DEMO.seller });
    const store = (list.data.list.rows as Store[]).find((s) => !s.is_partner && s.channel_online_offline_data.online.some((c) => !c.is_connected && !c.is_readonly))!;
    const channel = store.channel_online_offline_data.online.find((c) => !c.is_connected && !c.is_readonly)!;
    const form = { intent: "channel", store_branch_id: store.store_branch_id, channel_ids: channel.id, action: "connect" };

    const asked = await runAction(storeListPage, { url: "/profile/store", as: DEMO.seller, form });
    const step = new URL(asked.redirect!, "http://test");
    expect(step.searchParams.get("confirm")).toBe("channel");
    expect(step.searchParams.get("store_branch_id")).toBe(String(store.store_branch_id));
    expect(step.searchParams.get("channel_ids")).toBe(String(channel.id));

    const panel = await runLoader(storeListPage, { url: asked.redirect!, as: DEMO.seller });
    expect(panel.data.confirm).toMatchObject({ kind: "channel", id: store.store_branch_id, action: "connect", channels: [{ id: channel.id, name: channel.name }] });

    const done = await runAction(storeListPage, { url: asked.redirect!, as: DEMO.seller, form: { ...form, confirmed: "1", from: "panel" } });
    expect(done.redirect).toMatch(new RegExp(`open=${store.store_branch_id}.*#store-${store.store_branch_id}$`));
    expect(done.toasts).toContainEqual({ type: "success", message: `${channel.name} connected to ${store.name}` });
    const after = await runLoader(storeListPage, { url: "/profile/store?limit=50", as: DEMO.seller });
    const now = (after.data.list.rows as Store[]).find((s) => s.store_branch_id === store.store_branch_id)!;
    expect(now.channel_online_offline_data.online.find((c) => c.id === channel.id)?.is_connected).toBe(true);
  });
});

describe("store form", () => {
  const form = {
    intent: "save", name: "Toko Demo Blok M", type: "2", phone: "021 7200 1234", address: "Blok M Square Lt. 2 No. 15",
    city_id: "3174", postcode: "12160", process_day: "2", delivery_address_type: "1",
  };

  it("adds a store: the list opens with its card and the API's notice", async () => {
    const res = await runAction(storeAddPage, { url: "/profile/store/add", as: DEMO.seller, form });
    expect(res.data?.result?.error ?? res.error).toBeUndefined();
    expect(res.redirect).toMatch(/^\/profile\/store\?open=(\d+)#store-\1$/);
    expect(res.toasts).toContainEqual({ type: "success", message: "Store added" });
  });

  it("says what core refused under its field, keeping what was typed", async () => {
    const res = await runAction(storeAddPage, { url: "/profile/store/add", as: DEMO.seller, form: { ...form, name: "Toko Salah", city_id: "999999" } });
    expect(res.status).toBe(400);
    expect(res.data.result.error.city_id?.[0]).toBeTruthy();
    expect(res.data.result.initialValue.name).toBe("Toko Salah");
  });

  it("switches a store's status on the branch table with the API's notice", async () => {
    const list = await runLoader(branchPage, { url: "/profile/branch?limit=50&status=1", as: DEMO.seller });
    const store = (list.data.list.rows as (Store & { is_default: boolean })[]).find((s) => !s.is_partner && !s.is_default)!;
    const form = { intent: "toggle", store_branch_id: store.store_branch_id, action: "inactivate" };
    const asked = await runAction(branchPage, { url: "/profile/branch", as: DEMO.seller, form });
    expect(asked.redirect).toBe(`/profile/branch?confirm=toggle&store_branch_id=${store.store_branch_id}&action=inactivate`);
    const panel = await runLoader(branchPage, { url: asked.redirect!, as: DEMO.seller });
    expect(panel.data.confirm).toMatchObject({ kind: "toggle", id: store.store_branch_id, action: "inactivate", name: store.name });
    const done = await runAction(branchPage, { url: asked.redirect!, as: DEMO.seller, form: { ...form, confirmed: "1" } });
    expect(done.toasts).toContainEqual({ type: "success", message: "Store deactivated" });
  });
});

describe("store fee page", () => {
  /** One of the business's stores and an online channel it has no fee for yet. */
  async function freePair() {
    const page = await runLoader(storeFeePage, { url: "/profile/store-fee?limit=150", as: DEMO.seller });
    const { stores, channels } = page.data.choices as { stores: { store_branch_id: number }[]; channels: { channel_id: number }[] };
    const taken = new Set((page.data.list.rows as Fee[]).map((f) => `${f.store_data.store_branch_id}:${f.channel_data?.channel_id ?? ""}`));
    for (const s of stores) for (const c of channels) if (!taken.has(`${s.store_branch_id}:${c.channel_id}`)) return { store: s.store_branch_id, channel: c.channel_id };
    throw new Error("no store and channel without a fee");
  }

  it("adds a fee typed the seller's way: back to the list with the API's notice, and it is listed", async () => {
    const { store, channel } = await freePair();
    const res = await runAction(storeFeePage, {
      url: "/profile/store-fee?add=1", as: DEMO.seller,
      form: { intent: "save", store_id: store, channel_id: channel, percent: "2,5", fixed_amount: "Rp 1.000", note: "Mall concession" },
    });
    expect(res.data?.error ?? res.error).toBeUndefined();
    expect(res.redirect).toBe("/profile/store-fee");
    expect(res.toasts).toContainEqual({ type: "success", message: "Store fee added" });
    const list = await runLoader(storeFeePage, { url: `/profile/store-fee?store_id=${store}&limit=150`, as: DEMO.seller });
    const added = (list.data.list.rows as (Fee & { percent_bp: number; fixed_amount: number; note: string })[]).find((f) => f.channel_data?.channel_id === channel);
    expect(added).toMatchObject({ percent_bp: 250, fixed_amount: 1000, note: "Mall concession" });
  });

  it("refuses a second fee for the same store and channel under its field, keeping what was typed", async () => {
    const { store, channel } = await freePair();
    const form = { intent: "save", store_id: store, channel_id: channel, percent: "5", fixed_amount: "0", note: "first" };
    expect((await runAction(storeFeePage, { url: "/profile/store-fee?add=1", as: DEMO.seller, form })).redirect).toBeDefined();
    const again = await runAction(storeFeePage, { url: "/profile/store-fee?add=1", as: DEMO.seller, form: { ...form, note: "second" } });
    expect(again.status).toBe(400);
    expect(again.data.error.channel_id).toEqual(["This store already has a fee for this channel"]);
    expect(again.data.initialValue.note).toBe("second");
    expect(again.toasts).toEqual([]);
  });

  it("asks before deleting a fee without JavaScript, then deletes it", async () => {
    const page = await runLoader(storeFeePage, { url: "/profile/store-fee", as: DEMO.seller });
    const fee = page.data.list.rows[0] as Fee;
    const form = { intent: "delete", store_fee_id: fee.store_fee_id };
    const asked = await runAction(storeFeePage, { url: "/profile/store-fee", as: DEMO.seller, form });
    expect(asked.redirect).toBe(`/profile/store-fee?confirm=delete&store_fee_id=${fee.store_fee_id}`);
    const panel = await runLoader(storeFeePage, { url: asked.redirect!, as: DEMO.seller });
    expect(panel.data.toDelete?.store_fee_id).toBe(fee.store_fee_id);
    const done = await runAction(storeFeePage, { url: asked.redirect!, as: DEMO.seller, form: { ...form, confirmed: "1" } });
    expect(done.redirect).toBe("/profile/store-fee");
    expect(done.toasts).toContainEqual({ type: "success", message: "Store fee deleted" });
    const gone = await runLoader(storeFeePage, { url: `/profile/store-fee?edit=${fee.store_fee_id}`, as: DEMO.seller });
    expect(gone.data.form).toBeNull();
  });
});

describe("dashboard", () => {
  it("shows the business's figures: orders per tab, seven days of sales, products", async () => {
    const res = await runLoader(dashboardPage, { url: "/dashboard", as: DEMO.seller });
    expect(res.status).toBe(200);
    expect(res.data.title).toMatch(/Dashboard/);
    expect(res.data.orders.groups.length).toBeGreaterThan(0);
    expect(res.data.transactions.days).toHaveLength(7);
    expect(res.data.transactions.today).toEqual(res.data.transactions.days[6]);
    expect(res.data.products.total).toBeGreaterThanOrEqual(res.data.products.statuses.published);
  });
});
