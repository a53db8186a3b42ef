/**
 * Holiday sessions (api/routes/holidays.ts; the model in core/profile/holidays.ts's header) and
 * what they do to the orders' deadlines (core/profile/holiday-days.ts: open days, read by
 * core/orders/actions.ts and core/orders/intake.ts).
 */
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { applyOrderAction } from "#core/orders/actions.ts";
import { addOpenDays, closes, MAX_SKIPPED_DAYS } from "#core/profile/holiday-days.ts";
import { DAY_MS, wibDate } from "#core/lib/time.ts";
import { db } from "#db/client.ts";
import { brands, holidays, stores, updateHistory } from "#db/schema/index.ts";
import { call, DEMO, login } from "./helpers.ts";
import { addStock, newOrder, newVariant, orderRow, shopOf, type Shop } from "./order-fixtures.ts";

type Holiday = {
  holiday_id: number; name: string; scope: "business" | "selected"; store_datas: { store_branch_id: number; name: string }[];
  brand_datas: { brand_id: number; name: string }[]; start_date: string | null; end_date: string | null; weekdays: string[];
  weekday_names: string[]; note: string | null; is_ongoing: boolean; status: number; status_name: string;
};

let seller: string;
let seller2: string;
let staff: string;
let shop: Shop;
let shop2: Shop;
/** Two stores of Toko Demo made here (process days 1), and one store of the other business. */
let storeA: number;
let storeB: number;
let otherStore: number;
let otherBrand: number;

const HOUR = 3600_000;
const post = (json: Record<string, unknown>, token = seller) => call<Holiday>("POST", "/v0.0.0/holidays", { token, json });

beforeAll(async () => {
  [seller, seller2, staff] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
  [shop, shop2] = await Promise.all([shopOf(DEMO.seller), shopOf(DEMO.seller2)]);
  const make = async (businessId: number, name: string) =>
    (await db.insert(stores).values({ businessId, name, type: 3, address: "Jl. Uji No. 1", cityId: 3174, processDay: 1 }).returning())[0].id;
  storeA = await make(shop.businessId, "Toko Libur A");
  storeB = await make(shop.businessId, "Toko Libur B");
  otherStore = await make(shop2.businessId, "Toko Lain");
  [{ id: otherBrand }] = await db.select({ id: brands.id }).from(brands).where(eq(brands.businessId, shop2.businessId)).limit(1);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("holiday sessions: the REST calls", () => {
  it("adds, reads, lists, changes and deletes a session, each change in the update history", async () => {
    const created = await post({ name: "Lebaran 2027", start_date: "2027-03-08", end_date: "2027-03-12", note: "Libur bersama" });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe("Holiday session added");
    const h = created.body.data!;
    expect(h).toMatchObject({ name: "Lebaran 2027", scope: "business", start_date: "2027-03-08", end_date: "2027-03-12", weekdays: [], status: 1 });

    const one = await call<Holiday>("GET", `/v0.0.0/holidays/${h.holiday_id}`, { token: seller });
    expect(one.body.data!.name).toBe("Lebaran 2027");

    const changed = await call<Holiday>("PUT", `/v0.0.0/holidays/${h.holiday_id}`, {
      token: seller, json: { name: "Lebaran 2027", scope: "selected", store_ids: [storeA], weekdays: "SUNDAY,SATURDAY", start_date: "2027-03-08", end_date: "2027-03-12" },
      locale: "id",
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe("Sesi libur diperbarui");
    expect(changed.body.data).toMatchObject({ scope: "selected", store_datas: [{ store_branch_id: storeA, name: "Toko Libur A" }], weekdays: ["SATURDAY", "SUNDAY"], weekday_names: ["Sabtu", "Minggu"] });

    const off = await call<Holiday[]>("PUT", `/v0.0.0/holidays/${h.holiday_id}/inactivate`, { token: seller });
    expect(off.status).toBe(200);
    const deleted = await call("DELETE", `/v0.0.0/holidays/${h.holiday_id}`, { token: seller });
    expect(deleted.status).toBe(200);
    expect((await call("GET", `/v0.0.0/holidays/${h.holiday_id}`, { token: seller })).status).toBe(404);

    const rows = await db.select().from(updateHistory).where(and(eq(updateHistory.refType, "holiday"), eq(updateHistory.refId, h.holiday_id))).orderBy(updateHistory.id);
    expect(rows.map((r) => r.action)).toEqual(["create", "update", "inactivate", "delete"]);
    expect(rows[1].changes).toMatchObject({ scope: { from: "business", to: "selected" }, stores: { from: null, to: "Toko Libur A" }, weekdays: { from: null, to: "SATURDAY, SUNDAY" } });
  });

  it("refuses what cannot be a session, with the message under its field (422, never 500)", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "X", start_date: "2027-03-10", end_date: "2027-03-01" }, "end_date", "The end date must be on or after the start date"],
      [{ name: "X", start_date: "2027-03-10" }, "end_date", "This field is required"],
      [{ name: "X" }, "weekdays", "Choose dates, weekdays or both"],
      [{ name: "X", weekdays: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] }, "weekdays", "Closed every day of the week with no end: deactivate the store instead, or choose dates"],
      [{ name: "X", weekdays: ["FUNDAY"] }, "weekdays", ""],
      [{ name: "X", weekdays: ["MONDAY"], scope: "selected" }, "store_ids", "Tick at least one store or brand, or choose the whole business"],
      [{ name: "X", start_date: "2027-02-30", end_date: "2027-03-01" }, "start_date", "Enter a date as YYYY-MM-DD"],
      [{ name: "X", start_date: "2027-01-01", end_date: "2028-01-02" }, "end_date", "A holiday session can last at most 366 days"],
    ];
    for (const [json, field, message] of cases) {
      const res = await post(json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      const errors = res.body.data as unknown as Record<string, string[]>;
      expect(Object.keys(errors), JSON.stringify(json)).toContain(field);
      if (message) expect(errors[field][0]).toBe(message);
    }
  });

  it("takes only the business's own stores and brands (422 on the field), and another business's session is not found", async () => {
    const res = await post({ name: "X", scope: "selected", store_ids: [otherStore], brand_ids: [otherBrand], weekdays: ["MONDAY"] });
    expect(res.status).toBe(422);
    const errors = res.body.data as unknown as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(["brand_ids", "store_ids"]);

    const mine = (await post({ name: "Rahasia Toko Demo", weekdays: ["MONDAY"] })).body.data!;
    for (const [method, path] of [["GET", `/v0.0.0/holidays/${mine.holiday_id}`], ["PUT", `/v0.0.0/holidays/${mine.holiday_id}`],
      ["DELETE", `/v0.0.0/holidays/${mine.holiday_id}`], ["PUT", `/v0.0.0/holidays/${mine.holiday_id}/inactivate`]] as const) {
      const r = await call(method, path, { token: seller2, json: method === "PUT" ? { name: "Dicuri", weekdays: ["MONDAY"] } : undefined });
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    const theirs = await call<Holiday[]>("GET", "/v0.0.0/holidays", { token: seller2, query: { search: "Rahasia" } });
    expect(theirs.status).toBe(404); // an empty list is "No data"
    expect((await call("GET", "/v0.0.0/holidays", { token: staff })).status).toBe(403); // staff without "profile"
    expect((await call<Holiday>("GET", `/v0.0.0/holidays/${mine.holiday_id}`, { token: seller })).body.data!.name).toBe("Rahasia Toko Demo");
    await call("DELETE", `/v0.0.0/holidays/${mine.holiday_id}`, { token: seller });
  });

  it("lists by store: the sessions closing it, the whole business's included", async () => {
    const forA = (await post({ name: "Renovasi A", scope: "selected", store_ids: [storeA], weekdays: ["TUESDAY"] })).body.data!;
    const forB = (await post({ name: "Renovasi B", scope: "selected", store_ids: [storeB], weekdays: ["TUESDAY"] })).body.data!;
    const all = (await post({ name: "Nyepi semua", start_date: "2027-03-29", end_date: "2027-03-29" })).body.data!;
    const res = await call<Holiday[]>("GET", "/v0.0.0/holidays", { token: seller, query: { store_id: storeA, limit: 100 } });
    const ids = res.body.data!.map((h) => h.holiday_id);
    expect(ids).toContain(forA.holiday_id);
    expect(ids).toContain(all.holiday_id);
    expect(ids).not.toContain(forB.holiday_id);
    for (const h of [forA, forB, all]) await call("DELETE", `/v0.0.0/holidays/${h.holiday_id}`, { token: seller });
  });
});

describe("open days", () => {
  const friday10 = new Date("2027-03-05T03:00:00Z"); // Friday 5 March 2027, 10:00 WIB
  it("counts only open days, keeping the time of day; without closed days it is N × 24 h", () => {
    expect(wibDate(friday10)).toBe("2027-03-05");
    expect(addOpenDays([], friday10, 2).getTime()).toBe(friday10.getTime() + 48 * HOUR);
    const weekend = [{ startDate: null, endDate: null, weekdays: ["SATURDAY", "SUNDAY"] }];
    expect(addOpenDays(weekend, friday10, 1).toISOString()).toBe("2027-03-08T03:00:00.000Z"); // Monday 10:00 WIB
    expect(addOpenDays(weekend, friday10, 2).toISOString()).toBe("2027-03-09T03:00:00.000Z"); // Tuesday
    const range = [{ startDate: "2027-03-08", endDate: "2027-03-10", weekdays: [] }];
    expect(addOpenDays(range, friday10, 2).toISOString()).toBe("2027-03-07T03:00:00.000Z"); // Saturday, Sunday are open
    expect(addOpenDays(range, friday10, 3).toISOString()).toBe("2027-03-11T03:00:00.000Z"); // Monday–Wednesday closed → Thursday
    expect(closes({ startDate: "2027-03-01", endDate: "2027-03-31", weekdays: ["FRIDAY"] }, "2027-03-05")).toBe(true);
    expect(closes({ startDate: "2027-03-01", endDate: "2027-03-31", weekdays: ["FRIDAY"] }, "2027-03-04")).toBe(false);
    expect(closes({ startDate: "2027-03-01", endDate: "2027-03-31", weekdays: ["FRIDAY"] }, "2027-04-02")).toBe(false);
  });

  it("skips at most MAX_SKIPPED_DAYS closed days, so every order still has a deadline", () => {
    const always = [{ startDate: null, endDate: null, weekdays: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] }];
    expect(addOpenDays(always, friday10, 1).getTime()).toBe(friday10.getTime() + (MAX_SKIPPED_DAYS + 1) * DAY_MS);
  });
});

describe("orders' deadlines skip closed days", () => {
  /** The next Friday 10:00 WIB from now (the clock is set there: the deadlines count from "now"). */
  function nextFriday10() {
    const d = new Date(Date.now() + 7 * 3600_000);
    const ahead = (5 - d.getUTCDay() + 7) % 7 || 7;
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + ahead, 3, 0, 0));
  }
  /** A paid pickup order at `storeId`, received and accepted at `at`; answers its two deadlines. */
  async function acceptedAt(storeId: number, at: Date, s: Shop = shop) {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at);
    const v = await newVariant(s);
    const id = await newOrder(s, [{ sku: v.sku, quantity: 1 }], { deliveryMethod: "pickup", pickupStoreId: storeId });
    await addStock(s, v.variantId, { sourceType: 1, storeId }, 5);
    const acceptBy = (await orderRow(id)).deadlineAt!;
    await applyOrderAction(s.businessId, id, { action: "accept", actor: "seller", userId: s.userId });
    const processBy = (await orderRow(id)).deadlineAt!;
    vi.useRealTimers();
    return { acceptBy, processBy };
  }

  it("an order accepted on a Friday before the store's closed weekend is due on Monday; acceptance on Tuesday", async () => {
    const friday = nextFriday10();
    const weekend = (await post({ name: "Tutup akhir pekan", scope: "selected", store_ids: [storeA], weekdays: ["SATURDAY", "SUNDAY"] })).body.data!;
    const { acceptBy, processBy } = await acceptedAt(storeA, friday);
    expect(processBy.getTime()).toBe(friday.getTime() + 3 * DAY_MS); // Monday 10:00 WIB, not Saturday
    expect(acceptBy.getTime()).toBe(friday.getTime() + 4 * DAY_MS); // 2 open days: Monday, Tuesday

    // Another store of the same business is open on the weekend: its deadlines are as before.
    const open = await acceptedAt(storeB, friday);
    expect(open.processBy.getTime()).toBe(friday.getTime() + DAY_MS);
    expect(open.acceptBy.getTime()).toBe(friday.getTime() + 2 * DAY_MS);

    // Inactive, the session closes nothing.
    await call("PUT", `/v0.0.0/holidays/${weekend.holiday_id}/inactivate`, { token: seller });
    expect((await acceptedAt(storeA, friday)).processBy.getTime()).toBe(friday.getTime() + DAY_MS);
    await call("DELETE", `/v0.0.0/holidays/${weekend.holiday_id}`, { token: seller });
  });

  it("a whole-business session closes every store of that business only, never another business's", async () => {
    const friday = nextFriday10();
    const theirs = (await post({ name: "Libur bisnis lain", weekdays: ["SATURDAY", "SUNDAY"] }, seller2)).body.data!;
    const mine = await acceptedAt(storeB, friday);
    expect(mine.processBy.getTime()).toBe(friday.getTime() + DAY_MS);

    const saturday = wibDate(new Date(friday.getTime() + DAY_MS));
    const ours = (await post({ name: "Libur satu hari", start_date: saturday, end_date: saturday })).body.data!;
    const closedSaturday = await acceptedAt(storeB, friday);
    expect(closedSaturday.processBy.getTime()).toBe(friday.getTime() + 2 * DAY_MS); // Sunday

    // The other business's store is closed by its own session.
    const other = await acceptedAt(otherStore, friday, shop2);
    expect(other.processBy.getTime()).toBe(friday.getTime() + 3 * DAY_MS);
    await call("DELETE", `/v0.0.0/holidays/${theirs.holiday_id}`, { token: seller2 });
    await call("DELETE", `/v0.0.0/holidays/${ours.holiday_id}`, { token: seller });
    expect(await db.select().from(holidays).where(eq(holidays.name, "Libur satu hari"))).toEqual([]);
  });
});
