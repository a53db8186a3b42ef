/**
 * The audit log (issue 13 item 7) through the API: every write through core records who, when,
 * from which session and what changed (before → after), in the write's own transaction; the log
 * filters by person, area, object and date; it is the same log the cards' update history reads;
 * a member sees only the areas their privileges open, another business nothing; the xlsx export.
 */
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#api/app.ts";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { hashToken } from "#core/auth/tokens.ts";
import { runNextJob } from "#core/jobs/worker.ts";
import { wibDate } from "#core/lib/time.ts";
import { call, DEMO, login } from "./helpers.ts";
import { addStock, newOrder, newVariant, shopOf, sourceOf, type Shop } from "./order-fixtures.ts";

type Entry = {
  audit_id: number; user_id: number | null; user_name: string | null; session_id: number | null; session_started: number | null;
  area: string; ref_type: string; ref_id: number; action: string; changes: { field: string; from: unknown; to: unknown }[]; time_created: number;
};

let seller: string;
let staff: string;
let seller2: string;
let shop: Shop;
let staffId: number;
let staffPrivileges: string[];
const tokenId = async (token: string) => (await db.select({ id: s.apiTokens.id }).from(s.apiTokens).where(eq(s.apiTokens.tokenHash, hashToken(token))))[0].id;
const log = (token: string, query: Record<string, string | number> = {}) => call<Entry[]>("GET", "/v0.0.0/audit", { token, query: { limit: 150, ...query } });

const factory = {
  name: "Konveksi Audit", contact_name: "Bu Yanti", email: "audit@gmail.com", phone: "0813-2222-3333",
  address: "Jl. Soekarno-Hatta No. 590", city_id: 3273, postcode: "40286", monthly_capacity: 100,
};
let factoryId: number;
let orderId: number;

beforeAll(async () => {
  [seller, staff, seller2] = await Promise.all([login(DEMO.seller), login(DEMO.staff), login(DEMO.seller2)]);
  shop = await shopOf(DEMO.seller);
  const [m] = await db.select({ userId: s.businessMembers.userId, privileges: s.businessMembers.privileges }).from(s.businessMembers)
    .innerJoin(s.users, eq(s.users.id, s.businessMembers.userId)).where(and(eq(s.users.email, DEMO.staff), eq(s.businessMembers.businessId, shop.businessId)));
  staffId = m.userId;
  staffPrivileges = m.privileges;
  // The owner makes and changes a factory (Seller Profile); the staff member accepts an order (Orders).
  const made = await call<{ factory_id: number }>("POST", "/v0.0.1/factories/create", { token: seller, json: factory });
  expect(made.status).toBe(200);
  factoryId = made.body.data!.factory_id;
  expect((await call("PUT", `/v0.0.0/factories/${factoryId}`, { token: seller, json: { ...factory, name: "Konveksi Audit Baru", monthly_capacity: 250 } })).status).toBe(200);
  const v = await newVariant(shop);
  orderId = await newOrder(shop, [{ sku: v.sku, quantity: 1 }]);
  await addStock(shop, v.variantId, await sourceOf(orderId), 5);
  expect((await call("PUT", "/v2.0.0/orders/accept", { token: staff, json: { order_ids: [orderId] } })).status).toBe(200);
});

const setStaffPrivileges = (privileges: string[]) => db.update(s.businessMembers).set({ privileges })
  .where(and(eq(s.businessMembers.businessId, shop.businessId), eq(s.businessMembers.userId, staffId)));
afterAll(() => setStaffPrivileges(staffPrivileges));

describe("what a row says", () => {
  it("who, from which session, what: the object and each changed field before → after", async () => {
    const res = await log(seller, { ref_type: "factory", ref_id: factoryId });
    expect(res.status).toBe(200);
    const [update, create] = res.body.data!;
    const session = await tokenId(seller);
    expect(create).toMatchObject({ user_id: shop.userId, session_id: session, area: "profile", ref_type: "factory", ref_id: factoryId, action: "create" });
    expect(update).toMatchObject({ user_id: shop.userId, session_id: session, action: "update" });
    expect(update.user_name).toBeTruthy();
    expect(typeof update.session_started).toBe("number");
    expect(update.changes).toEqual(expect.arrayContaining([
      { field: "name", from: "Konveksi Audit", to: "Konveksi Audit Baru" },
      { field: "monthly_capacity", from: 100, to: 250 },
    ]));
  });

  it("a staff member's order action is in the log too, with their session", async () => {
    const res = await log(seller, { ref_type: "order", ref_id: orderId });
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data![0]).toMatchObject({
      user_id: staffId, session_id: await tokenId(staff), area: "orders", action: "accept",
      changes: [{ field: "status", from: "waiting-approval", to: "wait-to-prepare" }],
    });
  });

  it("is the same log the card's update history reads", async () => {
    const history = await call<{ update_history_id: number }[]>("GET", `/v0.0.0/factories/${factoryId}/update-history`, { token: seller });
    const audit = await log(seller, { ref_type: "factory", ref_id: factoryId });
    expect(history.body.data!.map((h) => h.update_history_id)).toEqual(audit.body.data!.map((a) => a.audit_id));
  });

  it("a write that fails leaves no row", async () => {
    const before = (await log(seller, { ref_type: "factory" })).body.pagination;
    expect((await call("PUT", `/v0.0.0/factories/${factoryId}`, { token: seller, json: { ...factory, city_id: 99_999_999 } })).status).toBe(422);
    expect((await log(seller, { ref_type: "factory" })).body.pagination).toEqual(before);
  });
});

describe("filters", () => {
  it("by person, area, object and date (WIB days, both ends included)", async () => {
    const byStaff = (await log(seller, { user_id: staffId })).body.data!;
    expect(byStaff.length).toBeGreaterThan(0);
    expect(byStaff.every((e) => e.user_id === staffId)).toBe(true);
    const orders = (await log(seller, { area: "orders" })).body.data!;
    expect(orders.every((e) => e.area === "orders" && e.ref_type === "order")).toBe(true);
    expect(orders.some((e) => e.ref_id === orderId)).toBe(true);
    const today = wibDate(new Date());
    const tomorrow = wibDate(new Date(Date.now() + 86400_000));
    expect((await log(seller, { ref_id: factoryId, ref_type: "factory", date_from: today, date_to: today })).body.data).toHaveLength(2);
    expect((await log(seller, { ref_id: factoryId, ref_type: "factory", date_from: tomorrow })).status).toBe(404); // "No data"
    expect((await log(seller, { area: "orders", ref_type: "factory" })).status).toBe(404);
    const oldest = (await log(seller, { sort: 1, limit: 1 })).body.data![0];
    const newest = (await log(seller, { sort: 2, limit: 1 })).body.data![0];
    expect(oldest.time_created).toBeLessThanOrEqual(newest.time_created);
  });

  it("bad filters are 422, never 5xx", async () => {
    const queries: Record<string, string | number>[] = [
      { user_id: "x" }, { user_id: "99999999999" }, { area: "everything" }, { ref_type: "x'; drop" }, { date_from: "2024-13-45" },
      { date_to: "yesterday" }, { sort: 3 }, { limit: 0 }, { ref_id: -1 },
    ];
    for (const query of queries) {
      expect((await log(seller, query)).status, JSON.stringify(query)).toBe(422);
    }
  });
});

describe("who may read it", () => {
  it("not a member without the Setting privilege; with it, only the areas their privileges open", async () => {
    expect((await log(staff)).status).toBe(403);
    await setStaffPrivileges(["orders", "setting"]);
    const seen = (await log(staff)).body.data!;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((e) => e.area === "orders" || e.area === "setting")).toBe(true);
    expect(seen.some((e) => e.ref_type === "order" && e.ref_id === orderId)).toBe(true);
    expect(seen.some((e) => e.ref_type === "factory")).toBe(false);
    expect((await log(staff, { area: "profile" })).status).toBe(404);
    const filters = await call<{ areas: string[]; objects: string[] }>("GET", "/v0.0.0/audit/filters", { token: staff });
    expect(filters.body.data!.areas).toEqual(["orders", "setting"]);
    expect(filters.body.data!.objects).not.toContain("factory");
    await setStaffPrivileges(staffPrivileges);
  });

  it("a promotion's changes are in the Promotion area, for those who run promotions", async () => {
    const made = await call<{ promotion_id: number }>("POST", "/v0.1.0/promotions", { token: seller, json: {
      name: `Audit promo ${Date.now().toString(36)}`, kind: "discount", discount_type: "percent", discount_percent: "10",
      starts_at: Math.floor(Date.now() / 1000) + 3600, ends_at: Math.floor(Date.now() / 1000) + 7200,
    } });
    expect(made.status).toBe(201);
    const id = made.body.data!.promotion_id;
    await setStaffPrivileges(["promotion", "setting"]);
    const seen = (await log(staff, { area: "promotion" })).body.data!;
    expect(seen.some((e) => e.ref_type === "promotion" && e.ref_id === id && e.area === "promotion")).toBe(true);
    expect((await call<{ areas: string[] }>("GET", "/v0.0.0/audit/filters", { token: staff })).body.data!.areas).toEqual(["promotion", "setting"]);
    await setStaffPrivileges(["orders", "setting"]);
    expect(((await log(staff)).body.data ?? []).some((e) => e.ref_type === "promotion")).toBe(false);
    await setStaffPrivileges(staffPrivileges);
  });

  it("another business sees none of it", async () => {
    const theirs = await log(seller2, { limit: 150 });
    expect((theirs.body.data ?? []).some((e) => e.ref_type === "factory" && e.ref_id === factoryId)).toBe(false);
    expect((await log(seller2, { ref_type: "factory", ref_id: factoryId })).status).toBe(404);
  });
});

describe("export", () => {
  it("an xlsx of the filtered log, in the asker's language", async () => {
    const queued = await call<{ job_id: number }>("POST", "/v0.0.0/exports/audit", { token: seller, locale: "id", json: { ref_type: "factory", ref_id: factoryId } });
    expect(queued.status).toBe(202);
    while (await runNextJob());
    const file = await api.request(`/api/v0.0.0/exports/${queued.body.data!.job_id}/download`, { headers: { Authorization: `Bearer ${seller}` } });
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe("Log audit");
    expect(sheet.getRow(1).values).toEqual([undefined, "Waktu", "Orang", "Sesi", "Area", "Objek", "Aksi", "Perubahan"]);
    expect(sheet.rowCount).toBe(3);
    const update = sheet.getRow(2);
    expect(update.getCell(3).value).toBe(`#${await tokenId(seller)}`);
    expect(update.getCell(4).value).toBe("Profil Penjual");
    expect(update.getCell(5).value).toBe(`Pabrik #${factoryId}`);
    expect(String(update.getCell(7).value)).toContain("name: Konveksi Audit → Konveksi Audit Baru");
    expect((await call("POST", "/v0.0.0/exports/audit", { token: seller, json: { date_from: "nope" } })).status).toBe(422);
    expect((await call("POST", "/v0.0.0/exports/audit", { token: staff, json: {} })).status).toBe(403);
  });
});
