/**
 * Trading partners and margins through the REST calls (api/routes/trading-partners.ts) on the demo
 * data of core/demo/trading-partners.ts: Toko Demo has resellers CV Sumber Rejeki Grosir (Bandung,
 * linked to a store and a brand), Toko Berkah Jaya Surabaya and Reseller Medan Fashion (inactive),
 * suppliers PT Tekstil Nusantara Majalaya and CV Kemasan Prima Tangerang, partner Koperasi
 * Pengrajin Batik Trusmi, and margin rules (10 % default, 15 % for the Bandung wholesaler, Rp 5.000
 * off a brand for it, 12.5 % through a store). Batik Sekar Jagad has reseller Galeri Batik Malioboro.
 */
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "#api/app.ts";
import { runNextJob } from "#core/jobs/worker.ts";
import { db } from "#db/client.ts";
import { jobs, updateHistory } from "#db/schema/index.ts";
import { call, DEMO, login } from "./helpers.ts";

type Partner = {
  partner_id: number; kind: string; name: string; contacts: { name: string; phone: string | null; email: string | null; role: string | null }[];
  address: string | null; city_id: number | null; location_name: string | null; province_name: string | null; postcode: string | null;
  bank: { bank_code: string; bank_name: string; account_name: string; account_no: string } | null; payment_days: number; credit_limit: number;
  store_datas: { store_branch_id: number; name: string }[]; brand_datas: { brand_id: number; name: string }[]; status: number; note: string | null;
};
type Rule = { margin_rule_id: number; scope: string; type: string; value: number; partner_data: { partner_id: number } | null };
type PreviewRow = { variant_id: number; sell_price: number; margin: number; reseller_price: number; rule_scope: string | null; brand_name: string | null };

let seller: string;
let seller2: string;
let staff: string;
let stores: { store_branch_id: number; name: string }[];
const BASE = "/v0.0.1/trading-partners";

const valid = {
  name: "UD Maju Bersama",
  contacts: [{ name: "Pak Darto", phone: "0812-3456-7890", email: "DARTO@majubersama.id", role: "Pemilik" }, { name: "", phone: "", email: "", role: "" }],
  address: "Jl. Pahlawan No. 10",
  city_id: 3578,
  postcode: "60174",
  bank_code: "014",
  bank_account_name: "UD Maju Bersama",
  bank_account_no: "1234567890",
  payment_days: 21,
  credit_limit: 7500000,
  note: "Grosir Jawa Timur",
};

async function byName(token: string, kind: string, name: string) {
  const res = await call<Partner[]>("GET", BASE, { token, query: { kind, search: name } });
  return res.body.data?.find((p) => p.name === name);
}

beforeAll(async () => {
  [seller, seller2, staff] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
  const grosir = await byName(seller, "reseller", "CV Sumber Rejeki Grosir");
  stores = grosir!.store_datas;
});

describe("list", () => {
  it("lists one kind of the business's partners with the envelope and pagination", async () => {
    const res = await call<Partner[]>("GET", BASE, { token: seller, query: { kind: "reseller", sort: 5 } });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.pagination).toMatchObject({ total_record: 3, total_page: 1 });
    expect(res.body.data!.map((p) => p.name)).toEqual(["CV Sumber Rejeki Grosir", "Reseller Medan Fashion", "Toko Berkah Jaya Surabaya"]);
    expect(res.body.data![0]).toMatchObject({
      kind: "reseller", location_name: "Kota Bandung", province_name: "Jawa Barat", payment_days: 30, credit_limit: 50_000_000,
      bank: { bank_code: "014", account_no: "4371029988" }, status: 1,
    });
    const suppliers = await call<Partner[]>("GET", BASE, { token: seller, query: { kind: "supplier" } });
    expect(suppliers.body.data!.map((p) => p.kind)).toEqual(["supplier", "supplier"]);
  });

  it("searches name, contact name and phone (0812… finds +62812…), filters status, province, city and store", async () => {
    const names = async (query: Record<string, string | number>) =>
      (await call<Partner[]>("GET", BASE, { token: seller, query: { kind: "reseller", ...query } })).body.data?.map((p) => p.name) ?? [];
    expect(await names({ search: "berkah" })).toEqual(["Toko Berkah Jaya Surabaya"]);
    expect(await names({ search: "Lina Marlina" })).toEqual(["CV Sumber Rejeki Grosir"]);
    expect(await names({ search: "081230001122" })).toEqual(["Toko Berkah Jaya Surabaya"]);
    expect(await names({ search: "+6281265554433" })).toEqual(["Reseller Medan Fashion"]);
    expect(await names({ status: 0 })).toEqual(["Reseller Medan Fashion"]);
    expect(await names({ province_id: 35 })).toEqual(["Toko Berkah Jaya Surabaya"]);
    expect(await names({ city_id: 3273 })).toEqual(["CV Sumber Rejeki Grosir"]);
    expect(await names({ store_id: stores[0].store_branch_id })).toEqual(["CV Sumber Rejeki Grosir"]);
    const none = await call("GET", BASE, { token: seller, query: { kind: "reseller", search: "tidak ada" } });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe("No data");
  });
});

describe("create, read, update, status, history", () => {
  it("creates a reseller with contacts, address, bank and terms; phone normalised, blank contact rows dropped", async () => {
    const res = await call<Partner>("POST", BASE, { token: seller, query: { kind: "reseller" }, json: { ...valid, store_ids: [stores[0].store_branch_id] } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Reseller added");
    const p = res.body.data!;
    expect(p).toMatchObject({
      kind: "reseller", name: "UD Maju Bersama", location_name: "Kota Surabaya", payment_days: 21, credit_limit: 7_500_000, status: 1,
      bank: { bank_code: "014", bank_name: "PT Bank Central Asia Tbk", account_name: "UD Maju Bersama", account_no: "1234567890" },
      store_datas: [stores[0]],
    });
    expect(p.contacts).toEqual([{ name: "Pak Darto", phone: "+6281234567890", email: "darto@majubersama.id", role: "Pemilik" }]);
    const read = await call<Partner>("GET", `${BASE}/${p.partner_id}`, { token: seller, query: { kind: "reseller" } });
    expect(read.body.data).toEqual(p);
  });

  it("an id of another kind is 404, like an unknown one", async () => {
    const supplier = await byName(seller, "supplier", "CV Kemasan Prima Tangerang");
    expect((await call("GET", `${BASE}/${supplier!.partner_id}`, { token: seller, query: { kind: "reseller" } })).status).toBe(404);
    expect((await call("PUT", `${BASE}/${supplier!.partner_id}/inactivate`, { token: seller, query: { kind: "partner" } })).status).toBe(404);
  });

  it("a supplier's stores and brands are not kept (resellers only)", async () => {
    const res = await call<Partner>("POST", BASE, { token: seller, query: { kind: "supplier" }, json: { name: "PT Benang Emas", store_ids: [stores[0].store_branch_id] } });
    expect(res.status).toBe(200);
    expect(res.body.data!.store_datas).toEqual([]);
    expect(res.body.data!.contacts).toEqual([]);
  });

  it("updates (PUT is the whole record), writes the history once, and the same body again writes nothing", async () => {
    const p = (await byName(seller, "reseller", "UD Maju Bersama"))!;
    const body = { ...valid, name: "UD Maju Bersama Jaya", credit_limit: "10.000.000", store_ids: [] };
    const res = await call<Partner>("PUT", `${BASE}/${p.partner_id}`, { token: seller, query: { kind: "reseller" }, json: body });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "UD Maju Bersama Jaya", credit_limit: 10_000_000, store_datas: [] });
    await call("PUT", `${BASE}/${p.partner_id}`, { token: seller, query: { kind: "reseller" }, json: body });
    const history = await call<{ action: string; changes: { field: string; from: unknown; to: unknown }[] }[]>(
      "GET", `${BASE}/${p.partner_id}/update-history`, { token: seller, query: { kind: "reseller" } });
    expect(history.body.data!.map((h) => h.action)).toEqual(["update", "create"]);
    expect(history.body.data![0].changes).toEqual(expect.arrayContaining([
      { field: "name", from: "UD Maju Bersama", to: "UD Maju Bersama Jaya" },
      { field: "credit_limit", from: 7_500_000, to: 10_000_000 },
      { field: "stores", from: stores[0].name, to: null },
    ]));
  });

  it("deactivates and activates again; repeating is harmless", async () => {
    const p = (await byName(seller, "reseller", "UD Maju Bersama Jaya"))!;
    const off = await call<Partner>("PUT", `${BASE}/${p.partner_id}/inactivate`, { token: seller, query: { kind: "reseller" } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ message: "Reseller deactivated", data: { status: 0 } });
    expect((await call<Partner>("PUT", `${BASE}/${p.partner_id}/inactivate`, { token: seller, query: { kind: "reseller" } })).body.data!.status).toBe(0);
    expect((await call<Partner>("PUT", `${BASE}/${p.partner_id}/activate`, { token: seller, query: { kind: "reseller" } })).body.data!.status).toBe(1);
    const rows = await db.select().from(updateHistory).where(and(eq(updateHistory.refType, "trading_partner"), eq(updateHistory.refId, p.partner_id)));
    expect(rows.map((r) => r.action).sort()).toEqual(["activate", "create", "inactivate", "update"]);
  });
});

describe("bad input is 422 with messages per field, never 5xx", () => {
  const bad: [string, unknown, string[]][] = [
    ["no name", { ...valid, name: "" }, ["name"]],
    ["a contact row without a name", { ...valid, contacts: [{ phone: "0812 1111 2222" }] }, ["contacts.0.name"]],
    ["a bad phone and e-mail", { ...valid, contacts: [{ name: "X", phone: "call me", email: "nope" }] }, ["contacts.0.phone", "contacts.0.email"]],
    ["half a bank account", { ...valid, bank_account_no: undefined }, ["bank_account_no"]],
    ["an unknown bank", { ...valid, bank_code: "999" }, ["bank_code"]],
    ["a bad account number", { ...valid, bank_account_no: "12ab" }, ["bank_account_no"]],
    ["a negative credit limit", { ...valid, credit_limit: -1 }, ["credit_limit"]],
    ["a fractional credit limit", { ...valid, credit_limit: 10.5 }, ["credit_limit"]],
    ["payment days over a year", { ...valid, payment_days: 400 }, ["payment_days"]],
    ["an address without a city", { ...valid, city_id: undefined }, ["city_id"]],
    ["an unknown city", { ...valid, city_id: 999999 }, ["city_id"]],
    ["a bad postcode", { ...valid, postcode: "12" }, ["postcode"]],
    ["half a pin", { ...valid, latitude: -6.2 }, ["longitude"]],
    ["contacts not a list", { ...valid, contacts: "Pak Darto" }, ["contacts"]],
    ["store ids not numbers", { ...valid, store_ids: ["x"] }, ["store_ids"]],
  ];
  it.each(bad)("%s", async (_, json, fields) => {
    const res = await call<unknown>("POST", BASE, { token: seller, query: { kind: "reseller" }, json });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data as object)).toEqual(expect.arrayContaining(fields));
  });

  it.each([["null", null], ["a list", [1, 2]], ["a number", 42], ["a string", "x"], ["nested junk", { name: { a: 1 }, contacts: [null, 3], payment_days: {} }]])(
    "a body that is %s", async (_, json) => {
      const res = await call("POST", BASE, { token: seller, query: { kind: "reseller" }, json });
      expect(res.status).toBe(422);
    });

  it("a missing or unknown kind is 422", async () => {
    expect((await call("GET", BASE, { token: seller })).status).toBe(422);
    expect((await call("POST", BASE, { token: seller, query: { kind: "customer" }, json: valid })).status).toBe(422);
  });

  it("another business's store or brand is 422 on its field", async () => {
    const theirs = await call<{ store_branch_id: number }[]>("GET", "/v0.0.1/stores", { token: seller2 });
    const res = await call("POST", BASE, { token: seller, query: { kind: "reseller" }, json: { ...valid, store_ids: [theirs.body.data![0].store_branch_id] } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data as object)).toEqual(["store_ids"]);
  });
});

describe("tenant isolation and privileges", () => {
  it("a business sees only its own partners; another's id is 404 on every call", async () => {
    const mine = await call<Partner[]>("GET", BASE, { token: seller2, query: { kind: "reseller" } });
    expect(mine.body.data!.map((p) => p.name)).toEqual(["Galeri Batik Malioboro"]);
    const other = (await byName(seller, "reseller", "CV Sumber Rejeki Grosir"))!;
    const q = { kind: "reseller" };
    expect((await call("GET", `${BASE}/${other.partner_id}`, { token: seller2, query: q })).status).toBe(404);
    expect((await call("PUT", `${BASE}/${other.partner_id}`, { token: seller2, query: q, json: valid })).status).toBe(404);
    expect((await call("PUT", `${BASE}/${other.partner_id}/inactivate`, { token: seller2, query: q })).status).toBe(404);
    expect((await call("GET", `${BASE}/${other.partner_id}/update-history`, { token: seller2, query: q })).status).toBe(404);
    const rules = await call<Rule[]>("GET", "/v0.0.1/margins", { token: seller2 });
    expect(rules.status).toBe(404); // Sekar has no margin rules
    const grosirRule = (await call<Rule[]>("GET", "/v0.0.1/margins", { token: seller })).body.data![0];
    expect((await call("GET", `/v0.0.1/margins/${grosirRule.margin_rule_id}`, { token: seller2 })).status).toBe(404);
    expect((await call("DELETE", `/v0.0.1/margins/${grosirRule.margin_rule_id}`, { token: seller2 })).status).toBe(404);
    const setTheirs = await call("PUT", "/v0.0.1/margins", { token: seller2, json: { scope: "reseller", partner_id: other.partner_id, type: "percent", value: 50 } });
    expect(setTheirs.status).toBe(422);
    const preview = await call("GET", "/v0.0.1/margins/preview", { token: seller2, query: { partner_id: other.partner_id } });
    expect(preview.status).toBe(422);
  });

  it("a staff member without the customer privilege is 403", async () => {
    expect((await call("GET", BASE, { token: staff, query: { kind: "reseller" } })).status).toBe(403);
    expect((await call("GET", "/v0.0.1/margins/preview", { token: staff })).status).toBe(403);
  });
});

describe("margins", () => {
  it("lists the rules most specific first", async () => {
    const res = await call<Rule[]>("GET", "/v0.0.1/margins", { token: seller });
    expect(res.status).toBe(200);
    expect(res.body.data!.map((r) => r.scope)).toEqual(["reseller_brand", "reseller", "store", "default"]);
    expect(res.body.data!.find((r) => r.scope === "store")).toMatchObject({ type: "percent", value: 12.5 });
  });

  it("previews reseller prices by precedence, and a new reseller margin changes them", async () => {
    const grosir = (await byName(seller, "reseller", "CV Sumber Rejeki Grosir"))!;
    const berkah = (await byName(seller, "reseller", "Toko Berkah Jaya Surabaya"))!;
    const page = async (query: Record<string, string | number>) =>
      (await call<PreviewRow[]>("GET", "/v0.0.1/margins/preview", { token: seller, query: { limit: 150, ...query } })).body.data!;
    const plain = await page({});
    expect(plain.length).toBeGreaterThan(0);
    for (const r of plain) {
      expect(r.rule_scope).toBe("default");
      expect(r.margin).toBe(Math.floor((r.sell_price * 1000 + 5000) / 10000));
      expect(r.reseller_price).toBe(r.sell_price - r.margin);
    }
    const viaStore = await page({ store_id: stores[0].store_branch_id });
    expect(new Set(viaStore.map((r) => r.rule_scope))).toEqual(new Set(["store"]));
    const forGrosir = await page({ partner_id: grosir.partner_id, store_id: stores[0].store_branch_id });
    const brand = grosir.brand_datas[0]?.name;
    for (const r of forGrosir) {
      expect(r.rule_scope).toBe(r.brand_name === brand ? "reseller_brand" : "reseller");
      if (r.rule_scope === "reseller_brand") expect(r.margin).toBe(Math.min(5000, r.sell_price));
    }
    const before = await page({ partner_id: berkah.partner_id });
    expect(new Set(before.map((r) => r.rule_scope))).toEqual(new Set(["default"]));
    const set = await call<Rule>("PUT", "/v0.0.1/margins", { token: seller, json: { scope: "reseller", partner_id: berkah.partner_id, type: "percent", value: "20" } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ message: "Margin saved", data: { scope: "reseller", type: "percent", value: 20 } });
    const after = await page({ partner_id: berkah.partner_id });
    for (const [i, r] of after.entries()) {
      expect(r.rule_scope).toBe("reseller");
      expect(r.reseller_price).toBe(r.sell_price - Math.floor((r.sell_price * 2000 + 5000) / 10000));
      if (r.sell_price > 10) expect(r.reseller_price).toBeLessThan(before[i].reseller_price);
    }
    // Setting the same target again replaces its value: still one rule.
    const again = await call<Rule>("PUT", "/v0.0.1/margins", { token: seller, json: { scope: "reseller", partner_id: berkah.partner_id, type: "amount", value: 2500 } });
    expect(again.body.data!.margin_rule_id).toBe(set.body.data!.margin_rule_id);
    const history = await call<{ action: string }[]>("GET", `/v0.0.1/margins/${set.body.data!.margin_rule_id}/update-history`, { token: seller });
    expect(history.body.data!.map((h) => h.action)).toEqual(["update", "create"]);
    const gone = await call("DELETE", `/v0.0.1/margins/${set.body.data!.margin_rule_id}`, { token: seller });
    expect(gone.status).toBe(200);
    expect(new Set((await page({ partner_id: berkah.partner_id })).map((r) => r.rule_scope))).toEqual(new Set(["default"]));
  });

  it.each([
    ["percent over 100", { scope: "default", type: "percent", value: 101 }, ["value"]],
    ["three decimals", { scope: "default", type: "percent", value: 12.345 }, ["value"]],
    ["fractional rupiah", { scope: "default", type: "amount", value: 10.5 }, ["value"]],
    ["negative", { scope: "default", type: "amount", value: -5 }, ["value"]],
    ["no value", { scope: "default", type: "amount" }, ["value"]],
    ["a reseller scope without the reseller", { scope: "reseller", type: "percent", value: 5 }, ["partner_id"]],
    ["reseller + brand without either", { scope: "reseller_brand", type: "percent", value: 5 }, ["partner_id", "brand_id"]],
    ["an unknown scope and type", { scope: "planet", type: "free", value: 5 }, ["scope", "type"]],
    ["a supplier as the reseller", "supplier", ["partner_id"]],
  ])("a rule with %s is 422 on its fields", async (_, json, fields) => {
    let body: unknown = json;
    if (json === "supplier") body = { scope: "reseller", partner_id: (await byName(seller, "supplier", "PT Tekstil Nusantara Majalaya"))!.partner_id, type: "percent", value: 5 };
    const res = await call("PUT", "/v0.0.1/margins", { token: seller, json: body });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data as object)).toEqual(expect.arrayContaining(fields));
  });

  it("a bad preview query is 422, never 5xx", async () => {
    const queries: Record<string, string | number>[] = [{ page: 0 }, { limit: 1000 }, { partner_id: "x" }, { store_id: -1 }];
    for (const query of queries) {
      expect((await call("GET", "/v0.0.1/margins/preview", { token: seller, query })).status).toBe(422);
    }
  });
});

describe("export", () => {
  it("exports the filtered list of a kind, and the job keeps who asked, when and the filters", async () => {
    const queued = await call<{ job_id: number }>("POST", "/v0.0.0/exports/reseller", { token: seller, json: { status: 0 } });
    expect(queued.status).toBe(202);
    const [job] = await db.select().from(jobs).where(eq(jobs.id, queued.body.data!.job_id));
    expect(job).toMatchObject({ kind: "export:reseller", params: { filters: { status: 0, kind: "reseller" } } });
    expect(job.userId).toBeGreaterThan(0);
    expect(job.timeCreated).toBeInstanceOf(Date);
    expect(await runNextJob()).toBe(true);
    const file = await api.request(`/api/v0.0.0/exports/${queued.body.data!.job_id}/download`, { headers: { Authorization: `Bearer ${seller}` } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe("Name");
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe("Reseller Medan Fashion");
  });

  it("a staff member without the customer privilege cannot export", async () => {
    expect((await call("POST", "/v0.0.0/exports/supplier", { token: staff, json: {} })).status).toBe(403);
  });
});
