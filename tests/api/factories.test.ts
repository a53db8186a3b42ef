/**
 * Factories (api/routes/factories.ts) on the demo data of core/demo/sites.ts: Toko Demo has Konveksi
 * Sinar Cigondewah (Bandung, active) and Workshop Sablon Cakung (Jakarta Timur, inactive); Batik
 * Sekar Jagad has Rumah Batik Sekar Jagad.
 */
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "#api/app.ts";
import { runNextJob } from "#core/jobs/worker.ts";
import { db } from "#db/client.ts";
import { factories, updateHistory } from "#db/schema/index.ts";
import { call, DEMO, login } from "./helpers.ts";

type Factory = {
  factory_id: number; name: string; image: string | null; contact_name: string | null; email: string | null; phone: string | null;
  address: string; city_id: number; location_name: string; province_name: string; postcode: string | null; latitude: number | null;
  longitude: number | null; monthly_capacity: number | null; status: number; status_name: string; business_data: { name: string };
  time_created: number; time_modified: number;
};
type History = { action: string; user_name: string; changes: { field: string; from: unknown; to: unknown }[] };

let seller: string;
let seller2: string;
let staff: string;
const ids: Record<string, number> = {};
const names = (rows: Factory[] | undefined) => (rows ?? []).map((f) => f.name);

const valid = {
  name: "Konveksi Jahit Rapi",
  contact_name: "Bu Yanti",
  email: "jahitrapi@gmail.com",
  phone: "0813-2222-3333",
  address: "Jl. Soekarno-Hatta No. 590",
  city_id: 3273,
  postcode: "40286",
  latitude: -6.94,
  longitude: 107.66,
  monthly_capacity: 2500,
};

async function historyOf(id: number) {
  return db.select().from(updateHistory).where(and(eq(updateHistory.refType, "factory"), eq(updateHistory.refId, id))).orderBy(updateHistory.id);
}

beforeAll(async () => {
  [seller, seller2, staff] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
  for (const token of [seller, seller2]) {
    const all = await call<Factory[]>("GET", "/v0.0.0/factories", { token });
    for (const f of all.body.data!) ids[f.name] = f.factory_id;
  }
});

describe("list", () => {
  it("lists the business's factories, newest first, with their shape", async () => {
    const res = await call<Factory[]>("GET", "/v0.0.0/factories", { token: seller });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ total_record: 2, total_page: 1 });
    expect(names(res.body.data)).toEqual(["Workshop Sablon Cakung", "Konveksi Sinar Cigondewah"]);
    expect(res.body.data![1]).toMatchObject({
      contact_name: "Dedi Kurniawan", phone: "+6281322114455", location_name: "Kota Bandung", province_name: "Jawa Barat",
      postcode: "40214", monthly_capacity: 3000, status: 1, status_name: "Active", business_data: { name: "Toko Demo" },
    });
    expect(typeof res.body.data![1].time_created).toBe("number");
  });

  it("filters by status, searches name, contact, address or city, sorts and pages", async () => {
    const q = async (query: Record<string, string | number>) => call<Factory[]>("GET", "/v0.0.0/factories", { token: seller, query });
    expect(names((await q({ status: 1 })).body.data)).toEqual(["Konveksi Sinar Cigondewah"]);
    expect(names((await q({ status: 0 })).body.data)).toEqual(["Workshop Sablon Cakung"]);
    expect(names((await q({ search: "rina" })).body.data)).toEqual(["Workshop Sablon Cakung"]);
    expect(names((await q({ search: "bandung" })).body.data)).toEqual(["Konveksi Sinar Cigondewah"]);
    expect(names((await q({ search: "penggilingan" })).body.data)).toEqual(["Workshop Sablon Cakung"]);
    expect(names((await q({ sort: 5 })).body.data)).toEqual(["Konveksi Sinar Cigondewah", "Workshop Sablon Cakung"]);
    expect(names((await q({ sort: 1 })).body.data)[0]).toBe("Konveksi Sinar Cigondewah");
    expect(names((await q({ sort: 3 })).body.data)[0]).toBe("Workshop Sablon Cakung"); // edited 60 days ago
    const page = await q({ limit: 1, page: 2 });
    expect(page.body.pagination).toMatchObject({ total_page: 2, total_record: 2 });
    expect(names(page.body.data)).toEqual(["Konveksi Sinar Cigondewah"]);
    expect((await q({ search: "tidak ada" })).status).toBe(404);
    const bad = await q({ status: 2, sort: 0 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as object).sort()).toEqual(["sort", "status"]);
    // Every factory is owned: an ownership parameter changes nothing.
    expect(names((await q({ ownership: 2 })).body.data)).toHaveLength(2);
  });

  it("reads one factory, in Indonesian when asked", async () => {
    const res = await call<Factory>("GET", `/v0.0.0/factories/${ids["Workshop Sablon Cakung"]}`, { token: seller, locale: "id" });
    expect(res.body.data).toMatchObject({ name: "Workshop Sablon Cakung", status_name: "Nonaktif", monthly_capacity: 1200 });
  });
});

describe("create and update", () => {
  it("answers 422 with a translated message per field", async () => {
    const res = await call("POST", "/v0.0.1/factories/create", {
      token: seller,
      json: { name: "", email: "x@", phone: "abc", address: " ", postcode: "40", longitude: 107.6, monthly_capacity: -5, image: "ftp://x" },
    });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({
      name: ["This field is required"],
      email: ["Enter a valid email address"],
      phone: ["Enter a valid phone number"],
      address: ["This field is required"],
      city_id: ["This field is required"],
      postcode: ["Postcode is 5 digits"],
      monthly_capacity: ["Must be 0 or more"],
      image: ["This value is not valid"],
      latitude: ["Give both latitude and longitude, or neither"],
    });
    const id = await call("POST", "/v0.0.1/factories/create", { token: seller, locale: "id", json: { ...valid, monthly_capacity: 2.5, city_id: 42 } });
    expect(id.body.data).toEqual({ monthly_capacity: ["Masukkan bilangan bulat"] });
    const city = await call("POST", "/v0.0.1/factories/create", { token: seller, locale: "id", json: { ...valid, city_id: 42 } });
    expect(city.body.data).toEqual({ city_id: ["Nilai ini tidak valid"] });
  });

  it("creates a factory (form-encoded too) with a history row", async () => {
    const form = new URLSearchParams(Object.entries(valid).map(([k, v]) => [k, String(v)]));
    const res = await call<Factory>("POST", "/v0.0.1/factories/create", { token: seller, form });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Factory added");
    expect(res.body.data).toMatchObject({ name: "Konveksi Jahit Rapi", phone: "+6281322223333", monthly_capacity: 2500, status: 1, location_name: "Kota Bandung" });
    ids.rapi = res.body.data!.factory_id;
    expect((await historyOf(ids.rapi)).map((h) => h.action)).toEqual(["create"]);
    // Only the required fields.
    const bare = await call<Factory>("POST", "/v0.0.1/factories/create", { token: seller, json: { name: "Gudang Potong", address: "Jl. Cibaduyut 1", city_id: 3273 } });
    expect(bare.body.data).toMatchObject({ contact_name: null, postcode: null, latitude: null, monthly_capacity: null });
  });

  it("updates a factory and records what changed; the same body again writes nothing", async () => {
    const id = ids.rapi;
    const res = await call<Factory>("PUT", `/v0.0.0/factories/${id}`, {
      token: seller, json: { ...valid, name: "Konveksi Jahit Rapi Abadi", city_id: 3204, monthly_capacity: null, contact_name: "" },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Factory saved");
    const history = await call<History[]>("GET", `/v0.0.0/factories/${id}/update-history`, { token: seller });
    expect(history.body.data![0]).toMatchObject({ action: "update", user_name: "Sari Wulandari" });
    // (stored as jsonb, so in the database's key order)
    expect(history.body.data![0].changes).toHaveLength(4);
    expect(history.body.data![0].changes).toEqual(expect.arrayContaining([
      { field: "name", from: "Konveksi Jahit Rapi", to: "Konveksi Jahit Rapi Abadi" },
      { field: "contact_name", from: "Bu Yanti", to: null },
      { field: "city", from: "Kota Bandung", to: "Kabupaten Bandung" },
      { field: "monthly_capacity", from: 2500, to: null },
    ]));
    const count = (await historyOf(id)).length;
    await call("PUT", `/v0.0.0/factories/${id}`, { token: seller, json: { ...valid, name: "Konveksi Jahit Rapi Abadi", city_id: 3204, monthly_capacity: null, contact_name: "" } });
    expect((await historyOf(id)).length).toBe(count);
  });
});

describe("status change", () => {
  it("changes several form-encoded (factory_ids), JSON too; repeating writes nothing", async () => {
    const a = ids["Konveksi Sinar Cigondewah"];
    const b = ids.rapi;
    const off = await call<Factory[]>("PUT", "/v0.0.0/factories/status", { token: seller, form: new URLSearchParams({ factory_ids: `${a},${b}`, action: "inactivate" }) });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe("2 factories deactivated");
    expect(off.body.data!.map((f) => f.status)).toEqual([0, 0]);
    const before = (await historyOf(a)).length;
    expect((await call("PUT", "/v0.0.0/factories/status", { token: seller, json: { factory_ids: [a], action: "inactivate" } })).status).toBe(200);
    expect((await historyOf(a)).length).toBe(before);
    const on = await call<Factory>("PUT", `/v0.0.0/factories/${a}/activate`, { token: seller, locale: "id" });
    expect(on.body).toMatchObject({ message: "Pabrik diaktifkan", data: { status: 1 } });
    await call("PUT", `/v0.0.0/factories/${b}/activate`, { token: seller });
    expect((await historyOf(a)).slice(-2).map((h) => [h.action, h.changes])).toEqual([
      ["inactivate", { status: { from: 1, to: 0 } }],
      ["activate", { status: { from: 0, to: 1 } }],
    ]);
  });

  it("checks the body", async () => {
    const res = await call("PUT", "/v0.0.0/factories/status", { token: seller, json: { factory_ids: "", action: "on" } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data as object).sort()).toEqual(["action", "factory_ids.0"]);
  });
});

describe("tenant isolation and privileges", () => {
  it("answers another business's factory with 404 on every verb, changing nothing", async () => {
    const id = ids["Konveksi Sinar Cigondewah"];
    const checks = await Promise.all([
      call("GET", `/v0.0.0/factories/${id}`, { token: seller2 }),
      call("PUT", `/v0.0.0/factories/${id}`, { token: seller2, json: valid }),
      call("PUT", `/v0.0.0/factories/${id}/inactivate`, { token: seller2 }),
      call("PUT", "/v0.0.0/factories/status", { token: seller2, form: new URLSearchParams({ factory_ids: String(id), action: "inactivate" }) }),
      call("GET", `/v0.0.0/factories/${id}/update-history`, { token: seller2 }),
    ]);
    expect(checks.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    const [row] = await db.select().from(factories).where(eq(factories.id, id));
    expect(row).toMatchObject({ name: "Konveksi Sinar Cigondewah", status: 1 });
    expect(names((await call<Factory[]>("GET", "/v0.0.0/factories", { token: seller2 })).body.data)).toEqual(["Rumah Batik Sekar Jagad"]);
  });

  it("needs the profile privilege", async () => {
    expect((await call("GET", "/v0.0.0/factories", { token: staff })).status).toBe(403);
    expect((await call("POST", "/v0.0.1/factories/create", { token: staff, json: valid })).status).toBe(403);
  });
});

describe("export", () => {
  it("exports the filtered list as kind factory", async () => {
    const queued = await call<{ job_id: number }>("POST", "/v0.0.0/exports/factory", { token: seller, json: { status: 0 } });
    expect(queued.status).toBe(202);
    expect(await runNextJob()).toBe(true);
    const file = await api.request(`/api/v0.0.0/exports/${queued.body.data!.job_id}/download`, { headers: { Authorization: `Bearer ${seller}` } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe("Factory name");
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe("Workshop Sablon Cakung");
    expect(sheet.getRow(2).getCell(12).value).toBe(1200);
  });
});
