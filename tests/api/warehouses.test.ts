/**
 * Warehouses and their partitions (api/routes/warehouses.ts) on the demo data of core/demo/sites.ts:
 * Toko Demo has Gudang Pusat Pulogadung (central, default, partitions Rak A / Rak B / Gudang Retur),
 * Gudang Cabang Surabaya (branch) and Gudang Mitra Logistik Cikarang (3PL partner, inactive);
 * Batik Sekar Jagad has Gudang Prawirotaman.
 */
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "#api/app.ts";
import { runNextJob } from "#core/jobs/worker.ts";
import { db } from "#db/client.ts";
import { businesses, productVariants, stockLevels, updateHistory, warehouses } from "#db/schema/index.ts";
import { applyStockChanges } from "#core/stock/stock-ledger.ts";
import { call, DEMO, login } from "./helpers.ts";

type Warehouse = {
  seller_warehouse_id: number; name: string; type: number; type_name: string; region: number; region_name: string;
  is_partner: boolean; is_default: boolean; status: number; status_name: string; image: string | null; email: string | null;
  phone: string | null; address: string; city_id: number | null; location_name: string | null; province_name: string | null;
  postcode: string | null; latitude: number | null; longitude: number | null; business_data: { name: string };
  partition_datas: { id: number; name: string }[]; time_created: number; time_modified: number;
};
type History = { action: string; user_name: string; changes: { field: string; from: unknown; to: unknown }[] };

let seller: string;
let seller2: string;
let staff: string;
const ids: Record<string, number> = {};

const valid = {
  name: "Gudang Transit Tangerang",
  type: 2,
  region: 1,
  email: "tangerang@tokodemo.id",
  phone: "0812 3456 7890",
  address: "Jl. Raya Serang Km 12, Cikupa",
  city_id: 3173,
  postcode: "15710",
  latitude: -6.2,
  longitude: 106.51,
};

async function historyOf(id: number) {
  return db.select().from(updateHistory).where(and(eq(updateHistory.refType, "warehouse"), eq(updateHistory.refId, id))).orderBy(updateHistory.id);
}
const names = (rows: Warehouse[] | undefined) => (rows ?? []).map((w) => w.name);

beforeAll(async () => {
  [seller, seller2, staff] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
  const all = await call<Warehouse[]>("GET", "/v0.0.0/warehouses", { token: seller, query: { limit: 50 } });
  for (const w of all.body.data!) ids[w.name] = w.seller_warehouse_id;
  const other = await call<Warehouse[]>("GET", "/v0.0.0/warehouses", { token: seller2 });
  for (const w of other.body.data!) ids[w.name] = w.seller_warehouse_id;
});

describe("list", () => {
  it("lists the business's warehouses, newest first, in the spec's shape", async () => {
    const res = await call<Warehouse[]>("GET", "/v0.0.0/warehouses", { token: seller });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ total_record: 3, total_page: 1 });
    expect(names(res.body.data)).toEqual(["Gudang Mitra Logistik Cikarang", "Gudang Cabang Surabaya", "Gudang Pusat Pulogadung"]);
    const central = res.body.data!.find((w) => w.name === "Gudang Pusat Pulogadung")!;
    expect(Object.keys(central).sort()).toEqual([
      "address", "business_data", "city_id", "email", "image", "is_default", "is_partner", "latitude", "location_name", "longitude",
      "name", "partition_datas", "phone", "postcode", "province_name", "region", "region_name", "seller_warehouse_id", "status",
      "status_name", "time_created", "time_modified", "type", "type_name",
    ]);
    expect(central).toMatchObject({
      type: 1, type_name: "Central", region: 1, region_name: "Domestic", is_partner: false, is_default: true, status: 1,
      location_name: "Kota Jakarta Timur", province_name: "DKI Jakarta", postcode: "13930", business_data: { name: "Toko Demo" },
      partition_datas: [{ name: "Rak A" }, { name: "Rak B" }, { name: "Gudang Retur" }],
    });
    expect(central.time_created).toBeLessThan(central.time_modified);
  });

  it("filters by status 1/0, type, region and ownership", async () => {
    const q = async (query: Record<string, string | number>) => names((await call<Warehouse[]>("GET", "/v0.0.0/warehouses", { token: seller, query })).body.data);
    expect(await q({ status: 1 })).toEqual(["Gudang Cabang Surabaya", "Gudang Pusat Pulogadung"]);
    expect(await q({ status: 0 })).toEqual(["Gudang Mitra Logistik Cikarang"]);
    expect(await q({ type: 1 })).toEqual(["Gudang Pusat Pulogadung"]);
    expect(await q({ type: 2, status: 1 })).toEqual(["Gudang Cabang Surabaya"]);
    expect(await q({ type: 3 })).toEqual([]);
    expect(await q({ region: 2 })).toEqual([]);
    expect(await q({ ownership: 2 })).toEqual(["Gudang Mitra Logistik Cikarang"]);
    expect(await q({ ownership: 1 })).toEqual(["Gudang Cabang Surabaya", "Gudang Pusat Pulogadung"]);
  });

  it("searches by name, address or city; sorts by the six codes; pages", async () => {
    const q = async (query: Record<string, string | number>) => call<Warehouse[]>("GET", "/v0.0.0/warehouses", { token: seller, query });
    expect(names((await q({ search: "surabaya" })).body.data)).toEqual(["Gudang Cabang Surabaya"]);
    expect(names((await q({ search: "jababeka" })).body.data)).toEqual(["Gudang Mitra Logistik Cikarang"]);
    expect(names((await q({ search: "jakarta timur" })).body.data)).toEqual(["Gudang Pusat Pulogadung"]);
    expect(names((await q({ search: "100%" })).body.data)).toEqual([]);
    expect(names((await q({ sort: 5 })).body.data)).toEqual(["Gudang Cabang Surabaya", "Gudang Mitra Logistik Cikarang", "Gudang Pusat Pulogadung"]);
    expect(names((await q({ sort: 6 })).body.data)[0]).toBe("Gudang Pusat Pulogadung");
    expect(names((await q({ sort: 1 })).body.data)[0]).toBe("Gudang Pusat Pulogadung");
    expect(names((await q({ sort: 4 })).body.data)[0]).toBe("Gudang Mitra Logistik Cikarang"); // modified 9 days ago
    const page2 = await q({ limit: 2, page: 2 });
    expect(page2.body.pagination).toMatchObject({ total_page: 2, total_record: 3 });
    expect(names(page2.body.data)).toEqual(["Gudang Pusat Pulogadung"]);
  });

  it("answers an empty result as 404 No data, and bad filter values as 422 per field", async () => {
    const none = await call("GET", "/v0.0.0/warehouses", { token: seller, query: { search: "tidak ada gudang ini" } });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 404, message: "No data", data: [], pagination: { total_record: 0 } });
    const bad = await call("GET", "/v0.0.0/warehouses", { token: seller, query: { status: 3, type: 9, region: 5, ownership: 4, sort: 7 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as object).sort()).toEqual(["ownership", "region", "sort", "status", "type"]);
  });

  it("answers labels in Indonesian when asked", async () => {
    const res = await call<Warehouse[]>("GET", "/v0.0.0/warehouses", { token: seller, query: { type: 1 }, locale: "id" });
    expect(res.body.data![0]).toMatchObject({ type_name: "Pusat", region_name: "Domestik", status_name: "Aktif" });
  });

  it("reads one warehouse", async () => {
    const res = await call<Warehouse>("GET", `/v0.0.0/warehouses/${ids["Gudang Cabang Surabaya"]}`, { token: seller });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Gudang Cabang Surabaya", type_name: "Branch", partition_datas: [{ name: "Rak Utama" }, { name: "Area Transit" }] });
    expect((await call("GET", "/v0.0.0/warehouses/999999", { token: seller })).status).toBe(404);
  });

  it("gives stock pickers the active warehouses, default first, with their partitions", async () => {
    const res = await call<{ seller_warehouse_id: number; name: string; partition_datas: { id: number; name: string }[] }[]>(
      "GET", "/v0.0.0/warehouses/picker", { token: seller });
    expect(res.status).toBe(200);
    expect(res.body.data!.map((w) => w.name)).toEqual(["Gudang Pusat Pulogadung", "Gudang Cabang Surabaya"]);
    expect(res.body.data![0].partition_datas.map((p) => p.name)).toEqual(["Rak A", "Rak B", "Gudang Retur"]);
    expect(Object.keys(res.body.data![0]).sort()).toEqual(["is_default", "name", "partition_datas", "seller_warehouse_id"]);
  });
});

describe("create", () => {
  it("answers 422 with a translated message per field, in English and Indonesian", async () => {
    const res = await call("POST", "/v0.0.1/warehouses/create", {
      token: seller,
      json: { name: "", type: 7, email: "nope", phone: "12", address: "", postcode: "123", latitude: -6.2, image: "javascript:alert(1)" },
    });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({
      name: ["This field is required"],
      type: ["This value is not valid"],
      email: ["Enter a valid email address"],
      phone: ["Enter a valid phone number"],
      address: ["This field is required"],
      city_id: ["This field is required"],
      postcode: ["Postcode is 5 digits"],
      longitude: ["Give both latitude and longitude, or neither"],
      image: ["This value is not valid"],
    });
    const id = await call("POST", "/v0.0.1/warehouses/create", { token: seller, locale: "id", json: { ...valid, type: undefined, postcode: "1" } });
    expect(id.body.data).toEqual({ type: ["Kolom ini wajib diisi"], postcode: ["Kode pos terdiri dari 5 angka"] });
    expect(id.body.message).toBeTruthy();
  });

  it("refuses a city that does not exist, a city for an overseas warehouse and repeated partition names", async () => {
    expect((await call("POST", "/v0.0.1/warehouses/create", { token: seller, json: { ...valid, city_id: 999999 } })).body.data)
      .toEqual({ city_id: ["This value is not valid"] });
    const overseas = await call("POST", "/v0.0.1/warehouses/create", { token: seller, json: { ...valid, region: 2 } });
    expect(overseas.body.data).toEqual({ city_id: ["An overseas warehouse has no Indonesian city: leave the city empty"] });
    const dup = await call("POST", "/v0.0.1/warehouses/create", { token: seller, json: { ...valid, partitions: ["Rak A", "rak a"] } });
    expect(dup.body.data).toEqual({ partitions: ["This warehouse already has a partition with this name"] });
    const long = await call("POST", "/v0.0.1/warehouses/create", { token: seller, locale: "id", json: { ...valid, partitions: "x".repeat(51) } });
    expect(long.body.data).toEqual({ partitions: ["Nama partisi paling banyak 50 karakter"] });
  });

  it("creates a warehouse with its partitions (one per line), not the default, with a history row", async () => {
    const res = await call<Warehouse>("POST", "/v0.0.1/warehouses/create", {
      token: seller, json: { ...valid, is_partner: "on", partitions: "Rak 1\r\n\r\n  Rak 2 \nKarantina" },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Warehouse added");
    expect(res.body.data).toMatchObject({
      name: "Gudang Transit Tangerang", type: 2, region: 1, is_partner: true, is_default: false, status: 1, phone: "+6281234567890",
      location_name: "Kota Jakarta Barat", latitude: -6.2, longitude: 106.51,
      partition_datas: [{ name: "Rak 1" }, { name: "Rak 2" }, { name: "Karantina" }],
    });
    ids.tangerang = res.body.data!.seller_warehouse_id;
    expect((await historyOf(ids.tangerang)).map((h) => h.action)).toEqual(["create"]);
  });

  it("takes an overseas warehouse without a city and with a foreign postcode", async () => {
    const res = await call<Warehouse>("POST", "/v0.0.1/warehouses/create", {
      token: seller, json: { name: "Singapore Hub", type: 3, region: 2, address: "21 Tuas Ave 1", postcode: "639499" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ region: 2, region_name: "Overseas", city_id: null, postcode: "639499", type_name: "Office" });
  });

  it("makes the first warehouse of a business its default, whatever the body says", async () => {
    const token = await login(DEMO.seller);
    const [bandung] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.name, "Toko Demo Bandung"));
    await call("PUT", "/v0.0.0/accounts/me/business", { token, json: { business_id: bandung.id } });
    const first = await call<Warehouse>("POST", "/v0.0.1/warehouses/create", {
      token, json: { ...valid, name: "Gudang Braga", city_id: 3273, postcode: "40111", is_default: false },
    });
    expect(first.body.data).toMatchObject({ is_default: true, business_data: { name: "Toko Demo Bandung" } });
    const second = await call<Warehouse>("POST", "/v0.0.1/warehouses/create", { token, json: { ...valid, name: "Gudang Dago", city_id: 3273, postcode: "40135" } });
    expect(second.body.data!.is_default).toBe(false);
    // The other business's warehouses never show up here, nor these in Toko Demo's list.
    const list = await call<Warehouse[]>("GET", "/v0.0.0/warehouses", { token });
    expect(names(list.body.data).sort()).toEqual(["Gudang Braga", "Gudang Dago"]);
  });

  it("moves the default when a new warehouse asks for it", async () => {
    const res = await call<Warehouse>("POST", "/v0.0.1/warehouses/create", { token: seller, json: { ...valid, name: "Gudang Baru Utama", is_default: true } });
    expect(res.body.data!.is_default).toBe(true);
    const central = await call<Warehouse>("GET", `/v0.0.0/warehouses/${ids["Gudang Pusat Pulogadung"]}`, { token: seller });
    expect(central.body.data!.is_default).toBe(false);
    const lost = (await historyOf(ids["Gudang Pusat Pulogadung"])).at(-1)!;
    expect([lost.action, lost.changes]).toEqual(["update", { is_default: { from: true, to: false } }]);
    // Back as it was, through an update.
    const back = await call<Warehouse>("PUT", `/v0.0.0/warehouses/${ids["Gudang Pusat Pulogadung"]}`, {
      token: seller, json: { ...(await editable(ids["Gudang Pusat Pulogadung"])), is_default: true },
    });
    expect(back.status).toBe(200);
    expect(back.body.data!.is_default).toBe(true);
    const [row] = await db.select().from(warehouses).where(eq(warehouses.id, res.body.data!.seller_warehouse_id));
    expect(row.isDefault).toBe(false);
    const rows = await db.select().from(warehouses).where(and(eq(warehouses.businessId, row.businessId), eq(warehouses.isDefault, true)));
    expect(rows.map((w) => w.name)).toEqual(["Gudang Pusat Pulogadung"]);
  });
});

/** A warehouse's editable fields as the API answers them (the body of a PUT that changes nothing). */
async function editable(id: number) {
  const w = (await call<Warehouse>("GET", `/v0.0.0/warehouses/${id}`, { token: seller })).body.data!;
  return {
    name: w.name, type: w.type, region: w.region, is_partner: w.is_partner, image: w.image, email: w.email, phone: w.phone,
    address: w.address, city_id: w.city_id, postcode: w.postcode, latitude: w.latitude, longitude: w.longitude,
  };
}

describe("update", () => {
  it("updates a warehouse and records what changed, readable (city names, not ids)", async () => {
    const id = ids["Gudang Cabang Surabaya"];
    const before = await editable(id);
    const res = await call<Warehouse>("PUT", `/v0.0.0/warehouses/${id}`, {
      token: seller, json: { ...before, name: "Gudang Cabang Sidoarjo", city_id: 3578, address: "Jl. Raya Waru No. 1", email: "" },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Warehouse saved");
    expect(res.body.data).toMatchObject({ name: "Gudang Cabang Sidoarjo", email: null, partition_datas: [{ name: "Rak Utama" }, { name: "Area Transit" }] });
    const history = await call<History[]>("GET", `/v0.0.0/warehouses/${id}/update-history`, { token: seller });
    expect(history.status).toBe(200);
    expect(history.body.data![0]).toMatchObject({ action: "update", user_name: "Sari Wulandari" });
    expect(history.body.data![0].changes).toHaveLength(3);
    expect(history.body.data![0].changes).toEqual(expect.arrayContaining([
      { field: "name", from: "Gudang Cabang Surabaya", to: "Gudang Cabang Sidoarjo" },
      { field: "email", from: "surabaya@tokodemo.id", to: null },
      { field: "address", from: "Jl. Rungkut Industri III No. 22, Rungkut", to: "Jl. Raya Waru No. 1" },
    ]));
    const moved = await call<Warehouse>("PUT", `/v0.0.0/warehouses/${id}`, { token: seller, json: { ...before, city_id: 3175, type: 3 } });
    expect(moved.status).toBe(200);
    const last = (await call<History[]>("GET", `/v0.0.0/warehouses/${id}/update-history`, { token: seller })).body.data![0];
    expect(last.changes).toEqual(expect.arrayContaining([
      { field: "type", from: 2, to: 3 },
      { field: "city", from: "Kota Surabaya", to: "Kota Jakarta Timur" },
    ]));
    // Putting it back; the same body again changes nothing and writes no history.
    await call("PUT", `/v0.0.0/warehouses/${id}`, { token: seller, json: before });
    const count = (await historyOf(id)).length;
    expect((await call("PUT", `/v0.0.0/warehouses/${id}`, { token: seller, json: before })).status).toBe(200);
    expect((await historyOf(id)).length).toBe(count);
  });

  it("keeps the default: it cannot be un-set, and an inactive warehouse cannot become it", async () => {
    const central = ids["Gudang Pusat Pulogadung"];
    const unset = await call("PUT", `/v0.0.0/warehouses/${central}`, { token: seller, json: { ...(await editable(central)), is_default: false } });
    expect(unset.status).toBe(422);
    expect(unset.body.data).toEqual({ is_default: ["The default warehouse stays the default: make another warehouse the default instead"] });
    // Missing is_default keeps it as it is (a form's unticked box never un-sets the default).
    const kept = await call<Warehouse>("PUT", `/v0.0.0/warehouses/${central}`, { token: seller, json: await editable(central) });
    expect(kept.body.data!.is_default).toBe(true);
    const cikarang = ids["Gudang Mitra Logistik Cikarang"];
    const inactive = await call("PUT", `/v0.0.0/warehouses/${cikarang}`, { token: seller, locale: "id", json: { ...(await editable(cikarang)), is_default: true } });
    expect(inactive.status).toBe(422);
    expect(inactive.body.data).toEqual({ is_default: ["Aktifkan gudang ini dulu sebelum menjadikannya gudang utama"] });
  });

  it("validates an update like a create", async () => {
    const res = await call("PUT", `/v0.0.0/warehouses/${ids["Gudang Cabang Surabaya"]}`, { token: seller, json: { ...valid, name: " ", type: 0 } });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ name: ["This field is required"], type: ["This field is required"] });
  });
});

describe("status change", () => {
  it("changes several at once, form-encoded warehouse_ids as the spec says, one history row per change", async () => {
    const a = ids["Gudang Cabang Surabaya"];
    const b = ids.tangerang;
    const off = await call<Warehouse[]>("PUT", "/v0.0.0/warehouses/status", {
      token: seller, form: new URLSearchParams({ warehouse_ids: `${a},${b}`, action: "inactivate" }),
    });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe("2 warehouses deactivated");
    expect(off.body.data!.map((w) => [w.seller_warehouse_id, w.status])).toEqual([[a, 0], [b, 0]]);
    // Repeating is a harmless 200 that writes nothing.
    const before = (await historyOf(a)).length;
    expect((await call("PUT", "/v0.0.0/warehouses/status", { token: seller, form: new URLSearchParams({ warehouse_ids: String(a), action: "inactivate" }) })).status).toBe(200);
    expect((await historyOf(a)).length).toBe(before);
    // JSON works too, ids as an array.
    const on = await call<Warehouse[]>("PUT", "/v0.0.0/warehouses/status", { token: seller, json: { warehouse_ids: [a, b], action: "activate" } });
    expect(on.body.data!.map((w) => w.status)).toEqual([1, 1]);
    expect((await historyOf(a)).slice(-2).map((h) => [h.action, h.changes])).toEqual([
      ["inactivate", { status: { from: 1, to: 0 } }],
      ["activate", { status: { from: 0, to: 1 } }],
    ]);
  });

  it("toggles one warehouse by its own path (the card's switch)", async () => {
    const id = ids["Gudang Mitra Logistik Cikarang"];
    const on = await call<Warehouse>("PUT", `/v0.0.0/warehouses/${id}/activate`, { token: seller, locale: "id" });
    expect(on.status).toBe(200);
    expect(on.body.message).toBe("Gudang diaktifkan");
    expect(on.body.data!.status).toBe(1);
    const off = await call<Warehouse>("PUT", `/v0.0.0/warehouses/${id}/inactivate`, { token: seller });
    expect(off.body).toMatchObject({ message: "Warehouse deactivated", data: { status: 0 } });
  });

  it("refuses to deactivate the default warehouse, changing nothing of that call", async () => {
    const central = ids["Gudang Pusat Pulogadung"];
    const res = await call("PUT", "/v0.0.0/warehouses/status", {
      token: seller, form: new URLSearchParams({ warehouse_ids: `${ids["Gudang Cabang Surabaya"]},${central}`, action: "inactivate" }),
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Gudang Pusat Pulogadung is the company's default warehouse and cannot be deactivated. Make another warehouse the default first.");
    const [row] = await db.select().from(warehouses).where(eq(warehouses.id, ids["Gudang Cabang Surabaya"]));
    expect(row.status).toBe(1);
    expect((await call("PUT", `/v0.0.0/warehouses/${central}/inactivate`, { token: seller })).status).toBe(422);
  });

  it("checks the body: ids and action", async () => {
    const res = await call("PUT", "/v0.0.0/warehouses/status", { token: seller, form: new URLSearchParams({ warehouse_ids: "1,x", action: "delete" }) });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data as object).sort()).toEqual(["action", "warehouse_ids.1"]);
    const empty = await call("PUT", "/v0.0.0/warehouses/status", { token: seller, json: { action: "activate" } });
    expect(empty.body.data).toEqual({ warehouse_ids: ["This field is required"] });
    expect((await call("PUT", `/v0.0.0/warehouses/${ids.tangerang}/delete`, { token: seller })).status).toBe(404);
  });

  it("runs a double-clicked switch once", async () => {
    const id = ids.tangerang;
    const before = (await historyOf(id)).length;
    const twice = await Promise.all([1, 2].map(() => call<Warehouse>("PUT", `/v0.0.0/warehouses/${id}/inactivate`, { token: seller })));
    expect(twice.map((r) => [r.status, r.body.data!.status])).toEqual([[200, 0], [200, 0]]);
    expect((await historyOf(id)).length).toBe(before + 1);
    await call("PUT", `/v0.0.0/warehouses/${id}/activate`, { token: seller });
  });
});

describe("partitions", () => {
  const path = () => `/v0.0.0/warehouses/${ids["Gudang Pusat Pulogadung"]}/partitions`;

  it("lists, adds, renames and removes partitions, each in the warehouse's history", async () => {
    const list = await call<{ id: number; name: string }[]>("GET", path(), { token: seller });
    expect(list.body.data!.map((p) => p.name)).toEqual(["Rak A", "Rak B", "Gudang Retur"]);

    const added = await call<{ id: number; name: string }>("POST", path(), { token: seller, json: { name: "  Rak C  " } });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ message: "Partition added", data: { name: "Rak C" } });
    const pid = added.body.data!.id;

    const renamed = await call("PUT", `${path()}/${pid}`, { token: seller, form: new URLSearchParams({ name: "Rak C (Atas)" }) });
    expect(renamed.body).toMatchObject({ message: "Partition renamed", data: { id: pid, name: "Rak C (Atas)" } });
    // The same name again: nothing to do, no history.
    const count = (await historyOf(ids["Gudang Pusat Pulogadung"])).length;
    expect((await call("PUT", `${path()}/${pid}`, { token: seller, json: { name: "Rak C (Atas)" } })).status).toBe(200);
    expect((await historyOf(ids["Gudang Pusat Pulogadung"])).length).toBe(count);

    const removed = await call("DELETE", `${path()}/${pid}`, { token: seller });
    expect(removed.body).toMatchObject({ message: "Partition removed", data: { name: "Rak C (Atas)" } });
    expect((await call("DELETE", `${path()}/${pid}`, { token: seller })).status).toBe(404);

    const history = await call<History[]>("GET", `/v0.0.0/warehouses/${ids["Gudang Pusat Pulogadung"]}/update-history`, { token: seller, query: { limit: 3 } });
    expect(history.body.data!.map((h) => [h.action, h.changes])).toEqual([
      ["partition_remove", [{ field: "partition", from: "Rak C (Atas)", to: null }]],
      ["partition_rename", [{ field: "partition", from: "Rak C", to: "Rak C (Atas)" }]],
      ["partition_add", [{ field: "partition", from: null, to: "Rak C" }]],
    ]);
  });

  it("keeps names unique in a warehouse (any case), but not across warehouses", async () => {
    const dup = await call("POST", path(), { token: seller, json: { name: "rak a" } });
    expect(dup.status).toBe(422);
    expect(dup.body.data).toEqual({ name: ["This warehouse already has a partition with this name"] });
    const dupId = await call("POST", path(), { token: seller, locale: "id", json: { name: "GUDANG RETUR" } });
    expect(dupId.body.data).toEqual({ name: ["Gudang ini sudah punya partisi dengan nama ini"] });
    const [rakB] = (await call<{ id: number; name: string }[]>("GET", path(), { token: seller })).body.data!.filter((p) => p.name === "Rak B");
    expect((await call("PUT", `${path()}/${rakB.id}`, { token: seller, json: { name: "Rak A" } })).status).toBe(422);
    // Renaming to another case of its own name is fine.
    expect((await call("PUT", `${path()}/${rakB.id}`, { token: seller, json: { name: "RAK B" } })).status).toBe(200);
    await call("PUT", `${path()}/${rakB.id}`, { token: seller, json: { name: "Rak B" } });
    const elsewhere = await call("POST", `/v0.0.0/warehouses/${ids["Gudang Cabang Surabaya"]}/partitions`, { token: seller, json: { name: "Rak A" } });
    expect(elsewhere.status).toBe(200);
    expect((await call("POST", path(), { token: seller, json: { name: "" } })).body.data).toEqual({ name: ["This field is required"] });
  });

  it("keeps a partition that has held stock, with the spec's message", async () => {
    const added = await call<{ id: number }>("POST", path(), { token: seller, json: { name: "Rak Stok" } });
    const pid = added.body.data!.id;
    const [warehouse] = await db.select().from(warehouses).where(eq(warehouses.id, ids["Gudang Pusat Pulogadung"]));
    const [variant] = await db.select().from(productVariants).where(eq(productVariants.businessId, warehouse.businessId)).limit(1);
    await db.transaction((tx) => applyStockChanges(tx, { businessId: variant.businessId, userId: null, reason: "manual" }, [
      { variantId: variant.id, location: { sourceType: 2, warehouseId: ids["Gudang Pusat Pulogadung"], partitionId: pid }, set: 2 },
    ]));
    const refused = await call("DELETE", `${path()}/${pid}`, { token: seller, locale: "id" });
    expect(refused.status).toBe(422);
    expect(refused.body.data).toEqual({ name: ["Anda tidak dapat menghapus Rak Stok karena sudah memiliki transaksi"] });
    expect((await call<{ name: string }[]>("GET", path(), { token: seller })).body.data!.map((p) => p.name)).toContain("Rak Stok");
    // Put the demo warehouse back as the other tests know it.
    await db.delete(stockLevels).where(eq(stockLevels.partitionId, pid));
    expect((await call("DELETE", `${path()}/${pid}`, { token: seller })).status).toBe(200);
  });

  it("answers 404 for a partition of another warehouse", async () => {
    const [other] = (await call<{ id: number }[]>("GET", `/v0.0.0/warehouses/${ids["Gudang Cabang Surabaya"]}/partitions`, { token: seller })).body.data!;
    expect((await call("PUT", `${path()}/${other.id}`, { token: seller, json: { name: "X" } })).status).toBe(404);
    expect((await call("DELETE", `${path()}/${other.id}`, { token: seller })).status).toBe(404);
  });
});

describe("tenant isolation and privileges", () => {
  it("answers another business's warehouse with 404 on every verb, changing nothing", async () => {
    const id = ids["Gudang Pusat Pulogadung"];
    const partitions = (await call<{ id: number }[]>("GET", `/v0.0.0/warehouses/${id}/partitions`, { token: seller })).body.data!;
    const checks = await Promise.all([
      call("GET", `/v0.0.0/warehouses/${id}`, { token: seller2 }),
      call("PUT", `/v0.0.0/warehouses/${id}`, { token: seller2, json: valid }),
      call("PUT", `/v0.0.0/warehouses/${id}/inactivate`, { token: seller2 }),
      call("PUT", "/v0.0.0/warehouses/status", { token: seller2, form: new URLSearchParams({ warehouse_ids: String(id), action: "inactivate" }) }),
      call("GET", `/v0.0.0/warehouses/${id}/update-history`, { token: seller2 }),
      call("GET", `/v0.0.0/warehouses/${id}/partitions`, { token: seller2 }),
      call("POST", `/v0.0.0/warehouses/${id}/partitions`, { token: seller2, json: { name: "Rak Z" } }),
      call("PUT", `/v0.0.0/warehouses/${id}/partitions/${partitions[0].id}`, { token: seller2, json: { name: "Rak Z" } }),
      call("DELETE", `/v0.0.0/warehouses/${id}/partitions/${partitions[0].id}`, { token: seller2 }),
    ]);
    expect(checks.map((r) => r.status)).toEqual(Array(checks.length).fill(404));
    // Mixing one's own id with another business's refuses the whole call.
    const mixed = await call("PUT", "/v0.0.0/warehouses/status", {
      token: seller2, json: { warehouse_ids: [ids["Gudang Prawirotaman"], ids["Gudang Cabang Surabaya"]], action: "inactivate" },
    });
    expect(mixed.status).toBe(404);
    const [own] = await db.select().from(warehouses).where(eq(warehouses.id, ids["Gudang Prawirotaman"]));
    expect(own.status).toBe(1);
    const list = await call<Warehouse[]>("GET", "/v0.0.0/warehouses", { token: seller2 });
    expect(names(list.body.data)).toEqual(["Gudang Prawirotaman"]);
    const picker = await call<{ name: string }[]>("GET", "/v0.0.0/warehouses/picker", { token: seller2 });
    expect(picker.body.data!.map((w) => w.name)).toEqual(["Gudang Prawirotaman"]);
    const after = await call<Warehouse>("GET", `/v0.0.0/warehouses/${id}`, { token: seller });
    expect(after.body.data).toMatchObject({ name: "Gudang Pusat Pulogadung", status: 1 });
    expect(after.body.data!.partition_datas.map((p) => p.name)).toEqual(["Rak A", "Rak B", "Gudang Retur"]);
  });

  it("needs the profile privilege and a token", async () => {
    expect((await call("GET", "/v0.0.0/warehouses", { token: staff })).status).toBe(403);
    expect((await call("GET", "/v0.0.0/warehouses/picker", { token: staff })).status).toBe(403);
    expect((await call("GET", "/v0.0.0/warehouses")).status).toBe(401);
  });
});

describe("export", () => {
  it("exports the list with its filters as kind warehouse, into a real xlsx in the asker's language", async () => {
    const queued = await call<{ job_id: number }>("POST", "/v0.0.0/exports/warehouse", { token: seller, locale: "id", json: { ownership: 1, type: 1, sort: 5 } });
    expect(queued.status).toBe(202);
    expect(await runNextJob()).toBe(true);
    const file = await api.request(`/api/v0.0.0/exports/${queued.body.data!.job_id}/download`, { headers: { Authorization: `Bearer ${seller}` } });
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe("Gudang");
    expect(sheet.getRow(1).getCell(1).value).toBe("Nama gudang");
    const rows = [...Array(sheet.rowCount - 1).keys()].map((i) => sheet.getRow(i + 2).getCell(1).value);
    expect(rows).toEqual(["Gudang Pusat Pulogadung"]);
    expect(sheet.getRow(2).getCell(2).value).toBe("Pusat");
    expect(sheet.getRow(2).getCell(15).value).toBe("Rak A, Rak B, Gudang Retur");
  });
});
