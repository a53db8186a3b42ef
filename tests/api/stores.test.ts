/**
 * Offline stores (api/routes/stores.ts): the spec's Store shape, the list filters, create and
 * update with validation and history, the form-encoded status change, channel connections
 * (connect, disconnect, "Connect all", read-only channels), the store tree, the type names, the
 * export, and tenant isolation.
 *
 * Demo data (core/demo/stores.ts, channels from core/demo/channels.ts): Toko Demo has four stores —
 * Senopati (default, Street), Grand Indonesia (Mall), Braga (Street, Bandung), Kemang (Home,
 * inactive) — and six channels: Indie Marketplace (read-only), Tokopedia, Shopee, Instagram,
 * WhatsApp (inactive, read-only) and Shopify. Batik Sekar Jagad has two stores.
 */
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "#api/app.ts";
import { runNextJob } from "#core/jobs/worker.ts";
import { db } from "#db/client.ts";
import { storeChannels, updateHistory } from "#db/schema/index.ts";
import { call, DEMO, login } from "./helpers.ts";

type Entry = { id: number; name: string; code: string | null; type: number; type_name: string; status: number; is_connected: boolean; is_readonly: boolean; pos_status: number };
type Store = {
  store_branch_id: number; name: string; type: number; type_name: string; status: number; is_default: boolean; is_partner: boolean;
  is_reseller: boolean; is_updateable: boolean; category: number; email: string | null; phone: string; time_created: number; time_modified: number;
  business_data: { name: string };
  location_data: { location_id: number; name: string; province_name: string; address: string; postcode: string; latitude: number | null; longitude: number | null; village_id: number | null };
  delivery_address_type: number; delivery_location_data: { address: string | null; name: string | null; postcode: string | null };
  bank_data: { bank_account_id: number; title: string; name: string; account_name: string; account_no: string } | null;
  is_pickup_at_store: boolean; process_day: number;
  courier_datas: { id: string; name: string; checked_childs: { delivery_courier_id: number; name: string; is_active: boolean }[] }[];
  customer_feedback_data: { order_finished: string | null; order_finished_is_active: boolean; order_returned: string | null; order_returned_is_active: boolean };
  channel_online_offline_data: { online: Entry[]; offline: Entry[] };
  total_channel: number; total_connected_channel: number;
};

let seller: string;
let seller2: string;
let staff: string;
const stores: Record<string, Store> = {};
const channels: Record<string, number> = {};
let services: { id: number; code: string; courier: string }[] = [];

const newStore = (over: Record<string, unknown> = {}) => ({
  name: "Toko Demo Blok M",
  type: 2,
  email: "blokm@tokodemo.id",
  phone: "021 7200 1234",
  address: "Blok M Square Lt. 2 No. 15, Jl. Melawai 5",
  city_id: 3174,
  postcode: "12160",
  latitude: -6.2441,
  longitude: 106.8003,
  process_day: 2,
  ...over,
});

const historyOf = (id: number) =>
  db.select().from(updateHistory).where(and(eq(updateHistory.refType, "store"), eq(updateHistory.refId, id))).orderBy(updateHistory.id);

async function refresh(id: number, token = seller) {
  const res = await call<Store>("GET", `/v0.0.1/stores/${id}`, { token });
  return res.body.data!;
}

beforeAll(async () => {
  [seller, seller2, staff] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
  const all = await call<Store[]>("GET", "/v0.0.1/stores", { token: seller, query: { limit: 50 } });
  for (const s of all.body.data!) stores[s.name] = s;
  for (const e of all.body.data![0].channel_online_offline_data.online) channels[e.code!] = e.id;
  const tree = await call<any[]>("GET", "/v0.0.0/utilities/delivery-couriers", { token: seller });
  services = tree.body.data!.flatMap((g) => g.couriers.flatMap((c: any) => c.services.map((s: any) => ({ id: s.id, code: s.code, courier: c.code }))));
});

const service = (courier: string, code: string) => services.find((s) => s.courier === courier && s.code === code)!.id;

describe("store list", () => {
  it("lists the business's stores, newest first, in the spec's Store shape", async () => {
    const res = await call<Store[]>("GET", "/v0.0.1/stores", { token: seller });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ total_record: 4, total_page: 1 });
    expect(res.body.data!.map((s) => s.name)).toEqual(["Toko Demo Kemang (Rumah)", "Toko Demo Braga", "Toko Demo Grand Indonesia", "Toko Demo Senopati"]);
    const senopati = stores["Toko Demo Senopati"];
    expect(senopati).toMatchObject({
      type: 3, type_name: "Street Store", status: 1, is_default: true, is_partner: false, is_reseller: false, is_updateable: true,
      business_data: { name: "Toko Demo" },
      location_data: { location_id: 3174, name: "Kota Jakarta Selatan", province_name: "DKI Jakarta", postcode: "12190" },
      delivery_address_type: 1,
      delivery_location_data: { address: "Jl. Senopati No. 21, Kebayoran Baru", name: "Kota Jakarta Selatan", postcode: "12190" },
      bank_data: { title: "BCA", name: "PT Bank Central Asia Tbk", account_name: "PT Toko Demo", account_no: "5270123456" },
      is_pickup_at_store: true,
      process_day: 1,
      customer_feedback_data: { order_finished_is_active: true, order_returned_is_active: true },
    });
    expect(senopati.location_data.latitude).toBeCloseTo(-6.2305, 3);
    expect(typeof senopati.time_created).toBe("number");
    expect(senopati.courier_datas.map((g) => g.name)).toEqual(["Regular", "Instant"]);
    expect(senopati.courier_datas[0].checked_childs[0]).toEqual({
      delivery_courier_id: expect.any(Number), name: "JNE Layanan Reguler", courier_name: "JNE", service_name: "Layanan Reguler", is_active: true,
    });
    // Online: every channel of the business; offline: the other stores.
    const online = senopati.channel_online_offline_data.online;
    expect(online).toHaveLength(6);
    expect(online.find((e) => e.code === "IDM")).toMatchObject({ type: 0, type_name: "Indie Marketplace", is_connected: true, is_readonly: true, pos_status: 0 });
    expect(online.find((e) => e.code === "WAP")).toMatchObject({ status: 0, is_readonly: true, is_connected: false });
    expect(online.find((e) => e.code === "TKP")).toMatchObject({ type: 2, type_name: "Marketplace", is_connected: true, is_readonly: false });
    expect(senopati.channel_online_offline_data.offline.map((e) => e.name).sort()).toEqual(
      ["Toko Demo Braga", "Toko Demo Grand Indonesia", "Toko Demo Kemang (Rumah)"]);
    // Active channels only: 5, all connected.
    expect([senopati.total_connected_channel, senopati.total_channel]).toEqual([5, 5]);
    expect(stores["Toko Demo Grand Indonesia"]).toMatchObject({
      delivery_address_type: 2, delivery_location_data: { name: "Kota Jakarta Selatan", postcode: "12190" },
    });
    expect(stores["Toko Demo Kemang (Rumah)"]).toMatchObject({ status: 0, total_connected_channel: 0, bank_data: null });
  });

  it("answers the same list under /v0.0.0/stores", async () => {
    const res = await call<Store[]>("GET", "/v0.0.0/stores", { token: seller, query: { sort: 5 } });
    expect(res.body.data!.map((s) => s.name)).toEqual(["Toko Demo Braga", "Toko Demo Grand Indonesia", "Toko Demo Kemang (Rumah)", "Toko Demo Senopati"]);
  });

  it("filters by store type, category, status and search; sorts and pages", async () => {
    const names = async (query: Record<string, string | number>) =>
      ((await call<Store[]>("GET", "/v0.0.1/stores", { token: seller, query })).body.data ?? []).map((s) => s.name);
    expect(await names({ type: 3, sort: 5 })).toEqual(["Toko Demo Braga", "Toko Demo Senopati"]);
    expect(await names({ type: 4 })).toEqual(["Toko Demo Kemang (Rumah)"]);
    expect(await names({ type: 1 })).toEqual([]);
    expect(await names({ status: 0 })).toEqual(["Toko Demo Kemang (Rumah)"]);
    expect((await names({ status: 1 })).length).toBe(3);
    expect((await names({ category: 1 })).length).toBe(4);
    expect(await names({ category: 2 })).toEqual([]);
    expect(await names({ search: "braga" })).toEqual(["Toko Demo Braga"]);
    expect(await names({ search: "bandung" })).toEqual(["Toko Demo Braga"]); // the city
    expect(await names({ sort: 6, limit: 2 })).toEqual(["Toko Demo Senopati", "Toko Demo Kemang (Rumah)"]);
    const page2 = await call<Store[]>("GET", "/v0.0.1/stores", { token: seller, query: { sort: 6, limit: 2, page: 2 } });
    expect(page2.body.data!.map((s) => s.name)).toEqual(["Toko Demo Grand Indonesia", "Toko Demo Braga"]);
    expect(page2.body.pagination).toMatchObject({ total_page: 2, total_record: 4 });
    expect(await names({ sort: 1 })).toEqual(["Toko Demo Senopati", "Toko Demo Grand Indonesia", "Toko Demo Braga", "Toko Demo Kemang (Rumah)"]);
    const empty = await call("GET", "/v0.0.1/stores", { token: seller, query: { search: "tidak ada" } });
    expect(empty.status).toBe(404);
    expect(empty.body.message).toBe("No data");
    const bad = await call("GET", "/v0.0.1/stores", { token: seller, query: { type: 9, status: 3, category: 5 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as object).sort()).toEqual(["category", "status", "type"]);
  });

  it("shows a business only its own stores, and staff without the profile privilege nothing", async () => {
    const other = await call<Store[]>("GET", "/v0.0.1/stores", { token: seller2 });
    expect(other.body.data!.map((s) => s.name).sort()).toEqual(["Batik Sekar Jagad Prawirotaman", "Sekar Jagad Malioboro Mall"]);
    expect((await call("GET", "/v0.0.1/stores", { token: staff })).status).toBe(403);
    expect((await call("GET", "/v0.0.1/stores")).status).toBe(401);
  });
});

describe("create and update", () => {
  it("refuses a store without its required fields, per field, in English and Indonesian", async () => {
    const en = await call("POST", "/v0.0.1/stores/create", { token: seller, json: {} });
    expect(en.status).toBe(422);
    expect(en.body.data).toMatchObject({
      name: ["This field is required"], type: ["This field is required"], phone: ["This field is required"],
      address: ["This field is required"], city_id: ["This field is required"], postcode: ["This field is required"],
      process_day: ["This field is required"],
    });
    const id = await call("POST", "/v0.0.1/stores/create", { token: seller, locale: "id", json: newStore({
      type: 7, postcode: "123", latitude: 95, process_day: 31, email: "bukan-email", delivery_address_type: 2, order_finished_is_active: true,
    }) });
    expect(id.status).toBe(422);
    expect(id.body.data).toMatchObject({
      type: ["Kolom ini wajib diisi"],
      postcode: ["Kode pos terdiri dari 5 angka"],
      latitude: ["Lintang antara -90 dan 90"],
      process_day: ["Lama proses berupa angka bulat 0 sampai 30"],
      email: [expect.stringMatching(/email/i)],
      delivery_address: ["Kolom ini wajib diisi"],
      delivery_city_id: ["Kolom ini wajib diisi"],
      delivery_postcode: ["Kolom ini wajib diisi"],
      order_finished: ["Tulis pesannya dulu sebelum diaktifkan"],
    });
    const pin = await call("POST", "/v0.0.1/stores/create", { token: seller, json: newStore({ longitude: "" }) });
    expect(pin.body.data).toEqual({ longitude: ["Set both latitude and longitude, or neither"] });
  });

  it("refuses places, bank accounts and couriers that do not exist or are another business's", async () => {
    const sekarStores = await call<Store[]>("GET", "/v0.0.1/stores", { token: seller2 });
    const sekarBank = sekarStores.body.data![0].bank_data!.bank_account_id;
    const res = await call("POST", "/v0.0.1/stores/create", { token: seller, json: newStore({
      city_id: 999999, village_id: 1, delivery_address_type: 2, delivery_address: "Jl. Lain", delivery_city_id: 888888, delivery_postcode: "12345",
      bank_account_id: sekarBank, courier_service_ids: [service("jne", "REG"), 999999],
    }) });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data as object).sort()).toEqual(["bank_account_id", "city_id", "courier_service_ids", "delivery_city_id", "village_id"]);
    expect((res.body.data as any).bank_account_id).toEqual(["Choose one of the company's bank accounts"]);
  });

  it("creates a store with everything the card shows, and writes its history", async () => {
    const bank = stores["Toko Demo Senopati"].bank_data!.bank_account_id;
    const res = await call<Store>("POST", "/v0.0.1/stores/create", { token: seller, json: newStore({
      is_pickup_at_store: true, bank_account_id: bank,
      courier_service_ids: `${service("jne", "REG")},${service("gosend", "INSTANT")}`,
      order_finished: "Terima kasih!", order_finished_is_active: true, order_returned: "Maaf ya", order_returned_is_active: false,
    }) });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Store added");
    const s = res.body.data!;
    expect(s).toMatchObject({
      name: "Toko Demo Blok M", type: 2, type_name: "Mall Store", status: 1, is_default: false, phone: "+622172001234",
      location_data: { name: "Kota Jakarta Selatan", address: "Blok M Square Lt. 2 No. 15, Jl. Melawai 5", postcode: "12160", latitude: -6.2441, longitude: 106.8003 },
      bank_data: { title: "BCA", account_no: "5270123456" },
      is_pickup_at_store: true, process_day: 2,
      customer_feedback_data: { order_finished: "Terima kasih!", order_finished_is_active: true, order_returned: "Maaf ya", order_returned_is_active: false },
      total_connected_channel: 1, total_channel: 5,
    });
    expect(s.courier_datas).toEqual([
      { id: "regular", name: "Regular", checked_childs: [expect.objectContaining({ name: "JNE Layanan Reguler", is_active: true })] },
      { id: "instant", name: "Instant", checked_childs: [expect.objectContaining({ name: "GoSend Instant" })] },
    ]);
    const [created] = await historyOf(s.store_branch_id);
    expect(created.action).toBe("create");
    expect(created.changes).toMatchObject({ name: { from: null, to: "Toko Demo Blok M" }, city: { to: "Kota Jakarta Selatan" }, bank_account: { to: "BCA 5270123456 a.n. PT Toko Demo" } });
    stores[s.name] = s;
  });

  it("makes the first store of a business its default, and moves the default on request", async () => {
    const token = await login(DEMO.seller);
    const companies = await call<any[]>("GET", "/v0.0.1/business", { token, query: { limit: 50 } });
    const konveksi = companies.body.data!.find((c) => c.name === "Konveksi Maju Jaya").business_id;
    expect((await call("PUT", "/v0.0.0/accounts/me/business", { token, json: { business_id: konveksi } })).status).toBe(200);
    const first = await call<Store>("POST", "/v0.0.1/stores/create", { token, json: newStore({ name: "Konveksi Kapas Krampung", city_id: 3578, postcode: "60132", latitude: "", longitude: "" }) });
    expect(first.body.data).toMatchObject({ is_default: true, bank_data: null, location_data: { latitude: null } });
    const second = await call<Store>("POST", "/v0.0.1/stores/create", { token, json: newStore({ name: "Konveksi Outlet", city_id: 3578, postcode: "60132", is_default: true }) });
    expect(second.body.data!.is_default).toBe(true);
    expect((await refresh(first.body.data!.store_branch_id, token)).is_default).toBe(false);
    const moved = await historyOf(first.body.data!.store_branch_id);
    expect(moved.at(-1)!.changes).toEqual({ is_default: { from: true, to: false } });
    // The default cannot be switched off; an inactive store cannot become the default.
    const off = await call("PUT", "/v0.0.0/stores/status", { token, json: { store_branch_ids: String(second.body.data!.store_branch_id), action: "inactivate" } });
    expect(off.status).toBe(422);
    expect(off.body.message).toBe("Konveksi Outlet is the default store and cannot be deactivated: make another store the default first");
    await call("PUT", "/v0.0.0/stores/status", { token, json: { store_branch_ids: [first.body.data!.store_branch_id], action: "inactivate" } });
    const body = { ...newStore({ name: "Konveksi Kapas Krampung", city_id: 3578, postcode: "60132" }), is_default: true };
    const refused = await call("PUT", `/v0.0.0/stores/${first.body.data!.store_branch_id}`, { token, json: body });
    expect(refused.status).toBe(422);
    expect(refused.body.data).toEqual({ is_default: ["A Non-Active store cannot be the default store: activate it first"] });
  });

  it("updates a store and writes what changed, with names instead of ids", async () => {
    const s = stores["Toko Demo Blok M"];
    const body = newStore({
      name: "Toko Demo Blok M Square", city_id: 3273, postcode: "40111", village_id: "", bank_account_id: "",
      courier_service_ids: [service("jne", "REG")], delivery_address_type: 2, delivery_address: "Jl. Braga No. 8", delivery_city_id: 3273,
      delivery_postcode: "40111", process_day: 0,
    });
    const res = await call<Store>("PUT", `/v0.0.0/stores/${s.store_branch_id}`, { token: seller, json: body });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Store updated");
    expect(res.body.data).toMatchObject({
      name: "Toko Demo Blok M Square", location_data: { name: "Kota Bandung" }, bank_data: null, process_day: 0,
      delivery_address_type: 2, delivery_location_data: { address: "Jl. Braga No. 8", name: "Kota Bandung", postcode: "40111" },
      customer_feedback_data: { order_finished: null, order_finished_is_active: false },
    });
    const last = (await historyOf(s.store_branch_id)).at(-1)!;
    expect(last.action).toBe("update");
    expect(last.changes).toMatchObject({
      name: { from: "Toko Demo Blok M", to: "Toko Demo Blok M Square" },
      city: { from: "Kota Jakarta Selatan", to: "Kota Bandung" },
      bank_account: { from: "BCA 5270123456 a.n. PT Toko Demo", to: null },
      couriers: { from: "JNE Layanan Reguler, GoSend Instant", to: "JNE Layanan Reguler" },
      delivery_city: { from: null, to: "Kota Bandung" },
      process_day: { from: 2, to: 0 },
      order_finished_is_active: { from: true, to: false },
    });
    expect(last.changes).not.toHaveProperty("type");
    // The same body again changes nothing and writes nothing.
    const count = (await historyOf(s.store_branch_id)).length;
    expect((await call("PUT", `/v0.0.0/stores/${s.store_branch_id}`, { token: seller, json: body })).status).toBe(200);
    expect(await historyOf(s.store_branch_id)).toHaveLength(count);
    // The update history call answers the rows, newest first.
    const history = await call<any[]>("GET", `/v0.0.0/stores/${s.store_branch_id}/update-history`, { token: seller });
    expect(history.body.data!.map((h) => h.action)).toEqual(["update", "create"]);
    expect(history.body.data![0]).toMatchObject({ user_name: "Sari Wulandari", changes: expect.arrayContaining([{ field: "city", from: "Kota Jakarta Selatan", to: "Kota Bandung" }]) });
  });

  it("accepts the store form as form fields (checkboxes and repeated courier ids)", async () => {
    const form = new URLSearchParams({
      name: "Toko Demo Form", type: "5", phone: "0812 1111 2222", address: "Jl. Sudirman Kav. 52", city_id: "3174", postcode: "12190",
      latitude: "", longitude: "", process_day: "1", delivery_address_type: "1", is_pickup_at_store: "on", order_returned: "Maaf", order_returned_is_active: "on",
    });
    form.append("courier_service_ids", String(service("jne", "REG")));
    form.append("courier_service_ids", String(service("jne", "YES")));
    const res = await call<Store>("POST", "/v0.0.1/stores/create", { token: seller, form });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type_name: "Office Store", is_pickup_at_store: true, customer_feedback_data: { order_returned_is_active: true, order_finished_is_active: false } });
    expect(res.body.data!.courier_datas[0].checked_childs.map((c) => c.name)).toEqual(["JNE Layanan Reguler", "JNE Yakin Esok Sampai"]);
    stores[res.body.data!.name] = res.body.data!;
  });
});

describe("status change", () => {
  it("changes several stores at once, form-encoded as the spec says, and repeats harmlessly", async () => {
    const a = stores["Toko Demo Form"].store_branch_id;
    const b = stores["Toko Demo Blok M"].store_branch_id;
    const res = await call<Store[]>("PUT", "/v0.0.0/stores/status", { token: seller, form: new URLSearchParams({ store_branch_ids: `${a},${b}`, action: "inactivate" }) });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("2 stores deactivated");
    expect(res.body.data!.map((s) => s.status)).toEqual([0, 0]);
    const [ha, hb] = [await historyOf(a), await historyOf(b)];
    expect(ha.at(-1)).toMatchObject({ action: "inactivate", changes: { status: { from: 1, to: 0 } } });
    expect(hb.at(-1)).toMatchObject({ action: "inactivate" });
    // Again: 200, no new history.
    const again = await call("PUT", "/v0.0.0/stores/status", { token: seller, form: new URLSearchParams({ store_branch_ids: `${a},${b}`, action: "inactivate" }) });
    expect(again.status).toBe(200);
    expect(await historyOf(a)).toHaveLength(ha.length);
    // JSON too, and the one-store path of the list's switch.
    const json = await call<Store[]>("PUT", "/v0.0.0/stores/status", { token: seller, json: { store_branch_ids: [a], action: "activate" } });
    expect(json.body).toMatchObject({ code: 200, message: "Store activated" });
    const one = await call<Store[]>("PUT", `/v0.0.0/stores/${b}/activate`, { token: seller });
    expect(one.body.data![0].status).toBe(1);
  });

  it("checks every store before changing any", async () => {
    const a = stores["Toko Demo Form"].store_branch_id;
    const senopati = stores["Toko Demo Senopati"].store_branch_id;
    const res = await call("PUT", "/v0.0.0/stores/status", { token: seller, json: { store_branch_ids: `${a},${senopati}`, action: "inactivate" } });
    expect(res.status).toBe(422);
    expect((await refresh(a)).status).toBe(1);
    const bad = await call("PUT", "/v0.0.0/stores/status", { token: seller, form: new URLSearchParams({ store_branch_ids: "", action: "pause" }) });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as object).sort()).toEqual(["action", "store_branch_ids"]);
  });
});

describe("channel connections", () => {
  it("connects and disconnects one channel, form-encoded, with history by channel name", async () => {
    const id = stores["Toko Demo Form"].store_branch_id;
    const connect = await call<Store>("PUT", `/v0.0.0/stores/${id}/channel-toggle`, {
      token: seller, form: new URLSearchParams({ action: "connect", channel_ids: String(channels.TKP) }),
    });
    expect(connect.status).toBe(200);
    expect(connect.body.message).toBe("Toko Demo Official Tokopedia connected to Toko Demo Form");
    expect(connect.body.data!.channel_online_offline_data.online.find((e) => e.id === channels.TKP)!.is_connected).toBe(true);
    expect((await historyOf(id)).at(-1)).toMatchObject({ action: "connect", changes: { channels: { from: null, to: "Toko Demo Official Tokopedia" } } });
    const disconnect = await call<Store>("PUT", `/v0.0.0/stores/${id}/channel-toggle`, {
      token: seller, form: new URLSearchParams({ action: "disconnect", channel_ids: String(channels.TKP) }),
    });
    expect(disconnect.body.data!.channel_online_offline_data.online.find((e) => e.id === channels.TKP)!.is_connected).toBe(false);
    expect((await historyOf(id)).at(-1)).toMatchObject({ action: "disconnect", changes: { channels: { from: "Toko Demo Official Tokopedia", to: null } } });
    // Repeating is harmless and writes nothing.
    const count = (await historyOf(id)).length;
    await call("PUT", `/v0.0.1/stores/${id}/channel-toggle`, { token: seller, json: { action: "disconnect", channel_ids: [channels.TKP] } });
    expect(await historyOf(id)).toHaveLength(count);
  });

  it("connects all (comma-separated ids) in one call", async () => {
    const s = await refresh(stores["Toko Demo Form"].store_branch_id);
    const open = s.channel_online_offline_data.online.filter((e) => !e.is_connected && !e.is_readonly).map((e) => e.id);
    expect(open).toHaveLength(4);
    const res = await call<Store>("PUT", `/v0.0.0/stores/${s.store_branch_id}/channel-toggle`, {
      token: seller, form: new URLSearchParams({ action: "connect", channel_ids: open.join(",") }),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("4 channels connected to Toko Demo Form");
    expect([res.body.data!.total_connected_channel, res.body.data!.total_channel]).toEqual([5, 5]);
    const rows = await db.select().from(storeChannels).where(eq(storeChannels.storeId, s.store_branch_id));
    expect(rows).toHaveLength(4);
    expect((await historyOf(s.store_branch_id)).at(-1)!.changes).toEqual({
      channels: { from: null, to: "Instagram @tokodemo.id, Toko Demo Official Tokopedia, Toko Demo Shopee Mall, tokodemo.id (Shopify)" },
    });
  });

  it("refuses read-only channels (inactive, Indie Marketplace) and changes nothing", async () => {
    const id = stores["Toko Demo Blok M"].store_branch_id;
    const res = await call("PUT", `/v0.0.0/stores/${id}/channel-toggle`, {
      token: seller, form: new URLSearchParams({ action: "connect", channel_ids: `${channels.SHP},${channels.WAP},${channels.IDM}` }),
    });
    expect(res.status).toBe(422);
    expect((res.body.data as any).channel_ids.sort()).toEqual([
      "Toko Demo Indie lists every active store of the company: it cannot be switched",
      "WhatsApp Order Toko Demo is Non-Active: its connections cannot be changed",
    ]);
    expect((await refresh(id)).channel_online_offline_data.online.find((e) => e.id === channels.SHP)!.is_connected).toBe(false);
    const bad = await call("PUT", `/v0.0.0/stores/${id}/channel-toggle`, { token: seller, json: { action: "link" } });
    expect(Object.keys(bad.body.data as object).sort()).toEqual(["action", "channel_ids"]);
  });

  it("answers 404 for a channel of another business", async () => {
    const sekar = await call<Store[]>("GET", "/v0.0.1/stores", { token: seller2 });
    const sekarChannel = sekar.body.data![0].channel_online_offline_data.online.find((e) => e.code === "TKP")!.id;
    const id = stores["Toko Demo Blok M"].store_branch_id;
    const res = await call("PUT", `/v0.0.0/stores/${id}/channel-toggle`, { token: seller, json: { action: "connect", channel_ids: `${channels.SHP},${sekarChannel}` } });
    expect(res.status).toBe(404);
    expect((await refresh(id)).channel_online_offline_data.online.find((e) => e.id === channels.SHP)!.is_connected).toBe(false);
  });
});

describe("pickers", () => {
  it("answers the store tree: business → store type → stores", async () => {
    const res = await call<any[]>("GET", "/v0.0.0/stores/list-tree", { token: seller, query: { status: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    const [toko] = res.body.data!;
    expect(toko).toMatchObject({ name: "Toko Demo" });
    const street = toko.childs.find((t: any) => t.id === 3);
    expect(street.name).toBe("Street Store");
    expect(street.childs.map((s: any) => s.name)).toEqual(["Toko Demo Braga", "Toko Demo Senopati"]);
    // Inactive stores only with status 0; no Home store is active.
    expect(toko.childs.some((t: any) => t.id === 4)).toBe(false);
    const off = await call<any[]>("GET", "/v0.0.1/stores/list-tree", { token: seller, query: { status: 0, show_reseller: "false" } });
    expect(off.body.data![0].childs.flatMap((t: any) => t.childs.map((s: any) => s.name))).toContain("Toko Demo Kemang (Rumah)");
    // Other businesses of the caller by business_ids; never someone else's.
    const companies = await call<any[]>("GET", "/v0.0.1/business", { token: seller2 });
    const sekarId = companies.body.data![0].business_id;
    const notMine = await call<any[]>("GET", "/v0.0.0/stores/list-tree", { token: seller, query: { business_ids: String(sekarId) } });
    expect(notMine.status).toBe(404);
  });

  it("answers the store type names, sorted by name with sort 5 and 6", async () => {
    const plain = await call<any[]>("GET", "/v0.0.0/stores/type-names", { token: seller });
    expect(plain.body.data!.map((x) => x.name)).toEqual(["Dept Store", "Mall Shop", "Street Store", "Home Store", "Office Store"]);
    const desc = await call<any[]>("GET", "/v0.0.0/stores/type-names", { token: seller, query: { sort: 6 } });
    expect(desc.body.data!.map((x) => x.name)).toEqual(["Street Store", "Office Store", "Mall Shop", "Home Store", "Dept Store"]);
    const id = await call<any[]>("GET", "/v0.0.0/stores/type-names", { token: seller, locale: "id", query: { sort: 5 } });
    expect(id.body.data![0]).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
  });
});

describe("tenant isolation", () => {
  it("answers 404 to another business on every verb", async () => {
    const id = stores["Toko Demo Senopati"].store_branch_id;
    expect((await call("GET", `/v0.0.1/stores/${id}`, { token: seller2 })).status).toBe(404);
    expect((await call("GET", `/v0.0.0/stores/${id}`, { token: seller2 })).status).toBe(404);
    expect((await call("PUT", `/v0.0.0/stores/${id}`, { token: seller2, json: newStore() })).status).toBe(404);
    expect((await call("PUT", "/v0.0.0/stores/status", { token: seller2, form: new URLSearchParams({ store_branch_ids: String(id), action: "inactivate" }) })).status).toBe(404);
    expect((await call("PUT", `/v0.0.0/stores/${id}/inactivate`, { token: seller2 })).status).toBe(404);
    expect((await call("PUT", `/v0.0.0/stores/${id}/channel-toggle`, { token: seller2, json: { action: "disconnect", channel_ids: String(channels.TKP) } })).status).toBe(404);
    expect((await call("GET", `/v0.0.0/stores/${id}/update-history`, { token: seller2 })).status).toBe(404);
    expect((await refresh(id)).status).toBe(1);
    expect((await refresh(id)).total_connected_channel).toBe(5);
  });
});

describe("partnerships with another business's store", () => {
  it("lets another business find a store, ask to resell it, and see it as Reseller once approved", async () => {
    const braga = stores["Toko Demo Braga"].store_branch_id;
    const candidates = await call<any[]>("GET", "/v0.0.0/stores/partner-candidates", { token: seller2, query: { search: "braga" } });
    expect(candidates.body.data).toEqual([expect.objectContaining({
      store_branch_id: braga, name: "Toko Demo Braga", city: "Kota Bandung", business_data: { business_id: expect.any(Number), name: "Toko Demo" },
      partnership_status: null, is_requestable: true,
    })]);
    // Inactive stores and the caller's own stores are not offered, nor accepted.
    const all = await call<any[]>("GET", "/v0.0.0/stores/partner-candidates", { token: seller2, query: { limit: 100 } });
    expect(all.body.data!.map((c) => c.name)).not.toContain("Toko Demo Kemang (Rumah)");
    expect(all.body.data!.map((c) => c.business_data.name)).not.toContain("Batik Sekar Jagad");
    const kemang = await call("POST", "/v0.0.0/stores/create-partnership", { token: seller2, json: { store_branch_id: stores["Toko Demo Kemang (Rumah)"].store_branch_id } });
    expect(kemang.body.data).toEqual({ store_branch_id: ["This store is not available for partnership"] });
    const sekarOwn = (await call<Store[]>("GET", "/v0.0.1/stores", { token: seller2 })).body.data![0].store_branch_id;
    const own = await call("POST", "/v0.0.0/stores/create-partnership", { token: seller2, form: new URLSearchParams({ store_branch_id: String(sekarOwn) }) });
    expect(own.status).toBe(422);

    const asked = await call<Store & { partnership: any }>("POST", "/v0.0.0/stores/create-partnership", { token: seller2, json: { store_branch_id: braga } });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe("Partnership requested: the store's owner will answer it");
    expect(asked.body.data).toMatchObject({
      is_partner: true, is_reseller: true, is_updateable: false, is_default: false, category: 2, category_name: "Reseller",
      bank_data: null, business_data: { name: "Toko Demo" }, partnership: { status: 0, status_name: "Waiting for Approval" },
    });
    // The partner's own channels, all read-only until the owner approves.
    expect(asked.body.data!.channel_online_offline_data.online.every((e) => e.is_readonly)).toBe(true);
    const twice = await call("POST", "/v0.0.0/stores/create-partnership", { token: seller2, json: { store_branch_id: braga } });
    expect(twice.body.data).toEqual({ store_branch_id: ["You already asked for or have a partnership with this store"] });

    const reseller = await call<Store[]>("GET", "/v0.0.1/stores", { token: seller2, query: { category: 2 } });
    expect(reseller.body.data!.map((x) => x.name)).toEqual(["Toko Demo Braga"]);
    const flagship = await call<Store[]>("GET", "/v0.0.1/stores", { token: seller2, query: { category: 1 } });
    expect(flagship.body.data!.map((x) => x.name).sort()).toEqual(["Batik Sekar Jagad Prawirotaman", "Sekar Jagad Malioboro Mall"]);

    const sekarTkp = asked.body.data!.channel_online_offline_data.online.find((e) => e.code === "TKP")!.id;
    const early = await call("PUT", `/v0.0.0/stores/${braga}/channel-toggle`, { token: seller2, json: { action: "connect", channel_ids: String(sekarTkp) } });
    expect(early.status).toBe(422);

    // The owner answers.
    const incoming = await call<any[]>("GET", "/v0.0.0/stores/partnerships", { token: seller, query: { direction: "incoming" } });
    const request = incoming.body.data!.find((r) => r.store_data.store_branch_id === braga);
    expect(request).toMatchObject({ status: 0, is_owner: true, is_waiting_for_me: true, partner_business_data: { name: "Batik Sekar Jagad" } });
    expect(request.actions).toEqual(["approve", "decline"]);
    const outgoing = await call<any[]>("GET", "/v0.0.0/stores/partnerships", { token: seller2, query: { direction: "outgoing" } });
    expect(outgoing.body.data![0]).toMatchObject({ is_owner: false, is_requester: true, actions: ["cancel"] });
    expect((await call("PUT", `/v0.0.0/stores/partnerships/${request.partnership_id}/approve`, { token: seller2 })).status).toBe(422);
    const approved = await call<any>("PUT", `/v0.0.0/stores/partnerships/${request.partnership_id}/approve`, { token: seller });
    expect(approved.body).toMatchObject({ code: 200, message: "Partnership approved", data: { status: 1, status_name: "Connected" } });

    // Now the partner sells it on its own channels; the owner's connections are its own.
    const connect = await call<Store>("PUT", `/v0.0.0/stores/${braga}/channel-toggle`, { token: seller2, json: { action: "connect", channel_ids: String(sekarTkp) } });
    expect(connect.status).toBe(200);
    expect(connect.body.data!.channel_online_offline_data.online.find((e) => e.id === sekarTkp)!.is_connected).toBe(true);
    expect((await refresh(braga)).total_connected_channel).toBe(stores["Toko Demo Braga"].total_connected_channel);
    // ... but its status and details stay the owner's.
    const status = await call("PUT", "/v0.0.0/stores/status", { token: seller2, json: { store_branch_ids: String(braga), action: "inactivate" } });
    expect(status.status).toBe(422);
    expect(status.body.message).toBe("Toko Demo Braga is a partner store: only its owner can change it");
    expect((await call("PUT", `/v0.0.0/stores/${braga}`, { token: seller2, json: newStore() })).status).toBe(422);

    // The store tree of the partner shows it unless resellers are left out.
    const tree = await call<any[]>("GET", "/v0.0.0/stores/list-tree", { token: seller2 });
    const names = tree.body.data![0].childs.flatMap((t: any) => t.childs.map((x: any) => [x.name, x.is_reseller]));
    expect(names).toContainEqual(["Toko Demo Braga", true]);
    const own2 = await call<any[]>("GET", "/v0.0.0/stores/list-tree", { token: seller2, query: { show_reseller: "false" } });
    expect(own2.body.data![0].childs.flatMap((t: any) => t.childs.map((x: any) => x.name))).not.toContain("Toko Demo Braga");

    // Each business's history of the store is its own.
    const ownerHistory = await call<any[]>("GET", `/v0.0.0/stores/${braga}/update-history`, { token: seller });
    expect(ownerHistory.body.data!.map((h) => h.action).slice(0, 2)).toEqual(["partnership_approve", "partnership_request"]);
    expect(ownerHistory.body.data![0].changes).toContainEqual({ field: "partner_business", from: null, to: "Batik Sekar Jagad" });
    const partnerHistory = await call<any[]>("GET", `/v0.0.0/stores/${braga}/update-history`, { token: seller2 });
    expect(partnerHistory.body.data!.map((h) => h.action)).toEqual(["connect"]);
  });
});

describe("export", () => {
  it("exports the filtered list into a real xlsx, in the asker's language", async () => {
    const res = await call<any>("POST", "/v0.0.0/exports/store", { token: seller, json: { type: 3, sort: 5 }, locale: "id" });
    expect(res.status).toBe(202);
    const id = res.body.data.job_id;
    // Run the queued jobs here (the worker may already have taken this one).
    while (await runNextJob()) { /* next */ }
    await expect.poll(async () => (await call<any>("GET", `/v0.0.0/exports/${id}`, { token: seller })).body.data.status, { timeout: 10_000 }).toBe("success");
    const job = await call<any>("GET", `/v0.0.0/exports/${id}`, { token: seller });
    expect(job.body.data.filename).toMatch(/^toko-offline_\d{2}-\d{2}-\d{4}_\d{6}\.xlsx$/);
    const file = await api.request(`/api/v0.0.0/exports/${id}/download`, { headers: { Authorization: `Bearer ${seller}` } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe("Toko offline");
    expect(sheet.getRow(1).getCell(1).value).toBe("Nama toko");
    const names = sheet.getColumn(1).values.slice(2);
    expect(names).toEqual(["Toko Demo Braga", "Toko Demo Senopati"]);
    expect(sheet.getRow(3).getCell(2).value).toBe("Toko Jalan");
  });
});
