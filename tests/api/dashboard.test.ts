import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "#db/client.ts";
import { orders } from "#db/schema/index.ts";
import { ORDER_TABS } from "#db/schema/order-tabs.ts";
import { wibDate, wibDayStart } from "#core/lib/time.ts";
import { call, DEMO, login } from "./helpers.ts";

let seller: string;
let tokoDemo: number;
beforeAll(async () => {
  seller = await login(DEMO.seller);
  tokoDemo = (await rows<{ id: number }>(sql`SELECT id FROM businesses WHERE name = 'Toko Demo'`))[0].id;
});

const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

// The WIB calendar day of a row, worked out here independently of core/lib/time.ts.
const wibDay = sql`((time_created AT TIME ZONE 'UTC') + interval '7 hours')::date`;
const wibToday = sql`((now() AT TIME ZONE 'UTC') + interval '7 hours')::date`;

describe("the WIB day", () => {
  it("starts at 17:00 UTC", () => {
    expect(wibDayStart(new Date("2025-01-01T16:59:59Z")).toISOString()).toBe("2024-12-31T17:00:00.000Z");
    expect(wibDayStart(new Date("2025-01-01T17:00:00Z")).toISOString()).toBe("2025-01-01T17:00:00.000Z");
    expect(wibDayStart(new Date("2025-01-01T17:00:00Z"), -1).toISOString()).toBe("2024-12-31T17:00:00.000Z");
    expect(wibDate(new Date("2025-01-01T17:00:00Z"))).toBe("2025-01-02");
  });
});

describe("dashboard", () => {
  it("counts the active business's orders per status and per stage", async () => {
    const res = await call("GET", "/v0.0.0/dashboard/order", { token: seller });
    expect(res.status).toBe(200);
    const expected = await rows<{ status: string; n: number }>(
      sql`SELECT status, count(*)::int AS n FROM orders WHERE business_id = ${tokoDemo} GROUP BY status`);
    const byStatus = Object.fromEntries(expected.map((r) => [r.status, r.n]));
    expect(res.body.data.total).toBe(expected.reduce((s, r) => s + r.n, 0));
    for (const { status, count } of res.body.data.statuses) expect(count).toBe(byStatus[status] ?? 0);
    for (const { tab, count } of res.body.data.groups) {
      expect(count).toBe(ORDER_TABS[tab as keyof typeof ORDER_TABS].reduce((s: number, st: string) => s + (byStatus[st] ?? 0), 0));
    }
    expect(res.body.data.groups.reduce((s: number, g: any) => s + g.count, 0)).toBe(res.body.data.total);
    expect(res.body.data.groups.find((g: any) => g.tab === "process").count).toBeGreaterThan(0);
  });

  it("reports today's and yesterday's sales by the WIB calendar day", async () => {
    const before = await call("GET", "/v0.0.1/dashboard/transaction", { token: seller });
    expect(before.status).toBe(200);
    const [figures] = await rows<{ sales: number; sales_orders: number; orders: number }>(sql`
      SELECT coalesce(sum(total_amount) FILTER (WHERE status NOT IN ('waiting-payment', 'cancelled', 'returned')), 0)::bigint AS sales,
             count(*) FILTER (WHERE status NOT IN ('waiting-payment', 'cancelled', 'returned'))::int AS sales_orders,
             count(*)::int AS orders
        FROM orders WHERE business_id = ${tokoDemo} AND ${wibDay} = ${wibToday}`);
    expect(before.body.data.today).toMatchObject(figures);
    expect(figures.orders).toBeGreaterThan(0); // the demo seed places orders in the last hours

    // 23:30 WIB yesterday belongs to yesterday; 00:30 WIB today to today.
    const wib = new Date(Date.now() + 7 * 3600_000);
    const today = new Date(Date.UTC(wib.getUTCFullYear(), wib.getUTCMonth(), wib.getUTCDate()) - 7 * 3600_000);
    await db.insert(orders).values([
      { businessId: tokoDemo, orderCode: "INV/TEST/LATE", channelName: "Shopee", customerName: "Late Buyer", status: "finish",
        totalAmount: 111_000, timeCreated: new Date(today.getTime() - 30 * 60_000) },
      { businessId: tokoDemo, orderCode: "INV/TEST/EARLY", channelName: "Shopee", customerName: "Early Buyer", status: "finish",
        totalAmount: 222_000, timeCreated: new Date(today.getTime() + 30 * 60_000) },
      // Unpaid orders are orders, not sales.
      { businessId: tokoDemo, orderCode: "INV/TEST/UNPAID", channelName: "Shopee", customerName: "Slow Payer", status: "waiting-payment",
        totalAmount: 999_000, timeCreated: new Date(today.getTime() + 40 * 60_000) },
    ]);
    const after = await call("GET", "/v0.0.1/dashboard/transaction", { token: seller });
    const b = before.body.data;
    const a = after.body.data;
    expect(a.today).toEqual({ ...b.today, sales: b.today.sales + 222_000, sales_orders: b.today.sales_orders + 1, orders: b.today.orders + 2 });
    expect(a.yesterday).toEqual({ ...b.yesterday, sales: b.yesterday.sales + 111_000, sales_orders: b.yesterday.sales_orders + 1, orders: b.yesterday.orders + 1 });
  });

  it("gives the last 7 WIB days, today last, matching the database", async () => {
    const res = await call("GET", "/v0.0.1/dashboard/transaction", { token: seller });
    const { days } = res.body.data;
    expect(days).toHaveLength(7);
    const expected = await rows<{ date: string; sales: number; orders: number }>(sql`
      SELECT to_char(${wibDay}, 'YYYY-MM-DD') AS date, count(*)::int AS orders,
             coalesce(sum(total_amount) FILTER (WHERE status NOT IN ('waiting-payment', 'cancelled', 'returned')), 0)::bigint AS sales
        FROM orders WHERE business_id = ${tokoDemo} AND ${wibDay} > ${wibToday} - 7 AND ${wibDay} <= ${wibToday}
       GROUP BY 1`);
    const [{ today }] = await rows<{ today: string }>(sql`SELECT to_char(${wibToday}, 'YYYY-MM-DD') AS today`);
    expect(days[6].date).toBe(today);
    expect(res.body.data.today).toEqual(days[6]);
    expect(res.body.data.yesterday).toEqual(days[5]);
    for (const day of days) {
      const e = expected.find((r) => r.date === day.date);
      expect({ date: day.date, sales: day.sales, orders: day.orders }).toEqual({ date: day.date, sales: e?.sales ?? 0, orders: e?.orders ?? 0 });
    }
    expect(days.reduce((s: number, d: any) => s + d.orders, 0)).toBe(expected.reduce((s, r) => s + r.orders, 0));
  });

  it("counts products by status and the published ones running low on stock", async () => {
    const res = await call("GET", "/v0.0.0/dashboard/product", { token: seller });
    expect(res.status).toBe(200);
    const available = await rows<{ id: number; name: string; status: string; min_stock: number; available: number }>(sql`
      SELECT p.id, p.name, p.status, p.min_stock, coalesce((SELECT sum(on_hand - reserved) FROM stock_levels s WHERE s.product_id = p.id), 0)::int AS available
        FROM products p WHERE p.business_id = ${tokoDemo}`);
    const low = available.filter((p) => p.status === "published" && p.available <= p.min_stock);
    const by = (status: string) => available.filter((p) => p.status === status).length;
    expect(res.body.data).toMatchObject({
      total: available.length,
      statuses: { published: by("published"), draft: by("draft"), archived: by("archived"), suspended: by("suspended") },
      out_of_stock: low.filter((p) => p.available <= 0).length,
      low_stock: low.length,
    });
    expect(low.length).toBeGreaterThan(0); // the demo seed has some
    const lowest = [...low].sort((x, y) => x.available - y.available || x.name.localeCompare(y.name)).slice(0, 5);
    expect(res.body.data.lowest.map((p: any) => p.available)).toEqual(lowest.map((p) => p.available));
    expect(res.body.data.lowest[0]).toEqual({
      product_id: expect.any(Number), name: expect.any(String), sku: expect.any(String), available: lowest[0].available, min_stock: lowest[0].min_stock,
    });
  });

  it("shows each business only its own figures", async () => {
    const seller2 = await login(DEMO.seller2);
    const products = await call("GET", "/v0.0.0/dashboard/product", { token: seller2 });
    expect(products.body.data.total).toBe(3);
    const [{ n }] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM orders o JOIN businesses b ON b.id = o.business_id WHERE b.name = 'Batik Sekar Jagad'`);
    expect((await call("GET", "/v0.0.0/dashboard/order", { token: seller2 })).body.data.total).toBe(n);
  });

  it("refuses staff without the dashboard privilege, and non-sellers", async () => {
    const staff = await login(DEMO.staff);
    for (const path of ["/v0.0.0/dashboard/order", "/v0.0.1/dashboard/transaction", "/v0.0.0/dashboard/product"]) {
      const res = await call("GET", path, { token: staff });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Your account has no access to Dashboard. Ask the business owner to give it to you.");
    }
    expect((await call("GET", "/v0.0.0/dashboard/order", { token: await login(DEMO.newbie) })).status).toBe(403);
    expect((await call("GET", "/v0.0.0/dashboard/order")).status).toBe(401);
  });
});
