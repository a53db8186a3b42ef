import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "../../db/client.ts";
import { call, DEMO, login } from "./helpers.ts";

let seller: string;
let seller2: string;
let tokoDemo: number;
const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

beforeAll(async () => {
  [seller, seller2] = await Promise.all([login(DEMO.seller), login(DEMO.seller2)]);
  tokoDemo = (await rows<{ id: number }>(sql`SELECT id FROM businesses WHERE name = 'Toko Demo'`))[0].id;
});

describe("orders list", () => {
  it("lists the active business's orders, newest first, 10 a page", async () => {
    const res = await call("GET", "/v0.0.2/orders", { token: seller });
    expect(res.status).toBe(200);
    const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders WHERE business_id = ${tokoDemo}`);
    expect(res.body.pagination).toMatchObject({ total_record: n, total_page: Math.ceil(n / 10) });
    expect(res.body.data).toHaveLength(10);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(
      ["channel_name", "customer_name", "order_code", "order_id", "status", "time_created", "total_amount"]);
    const times = res.body.data.map((o: any) => o.time_created);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(typeof res.body.data[0].total_amount).toBe("number");

    const oldest = await call("GET", "/v2.2.0/orders", { token: seller, query: { sort: 1, limit: 5 } });
    const old = oldest.body.data.map((o: any) => o.time_created);
    expect(old).toEqual([...old].sort((a, b) => a - b));
    expect(old[0]).toBeLessThanOrEqual(times[times.length - 1]);
  });

  it("pages without repeating a row", async () => {
    const first = await call("GET", "/v0.0.2/orders", { token: seller, query: { limit: 20, page: 1 } });
    const second = await call("GET", "/v0.0.2/orders", { token: seller, query: { limit: 20, page: 2 } });
    const ids = new Set(first.body.data.map((o: any) => o.order_id));
    expect(second.body.data.length).toBe(20);
    expect(second.body.data.some((o: any) => ids.has(o.order_id))).toBe(false);
    const past = await call("GET", "/v0.0.2/orders", { token: seller, query: { page: 999 } });
    expect(past.status).toBe(404);
  });

  it("never shows another business's orders", async () => {
    const theirs = await call("GET", "/v0.0.2/orders", { token: seller2, query: { limit: 150 } });
    const sekar = await rows<{ id: number }>(sql`
      SELECT o.id FROM orders o JOIN businesses b ON b.id = o.business_id WHERE b.name = 'Batik Sekar Jagad'`);
    expect(theirs.body.data.map((o: any) => o.order_id).sort()).toEqual(sekar.map((r) => r.id).sort());
    const [demoOrder] = await rows<{ order_code: string }>(sql`SELECT order_code FROM orders WHERE business_id = ${tokoDemo} LIMIT 1`);
    const search = await call("GET", "/v0.0.2/orders", { token: seller2, query: { search: demoOrder.order_code } });
    expect(search.status).toBe(404);
    expect(search.body.data).toEqual([]);
  });

  it("searches by order code or customer name, ignoring case", async () => {
    const [order] = await rows<{ id: number; order_code: string }>(sql`SELECT id, order_code FROM orders WHERE business_id = ${tokoDemo} ORDER BY id DESC LIMIT 1`);
    const byCode = await call("GET", "/v0.0.2/orders", { token: seller, query: { search: order.order_code } });
    expect(byCode.body.data.map((o: any) => o.order_id)).toEqual([order.id]);

    const byName = await call("GET", "/v0.0.2/orders", { token: seller, query: { search: "SITI", limit: 150 } });
    const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders WHERE business_id = ${tokoDemo} AND customer_name ILIKE '%siti%'`);
    expect(n).toBeGreaterThan(0);
    expect(byName.body.pagination?.total_record).toBe(n);
    expect(byName.body.data.every((o: any) => /siti/i.test(o.customer_name))).toBe(true);

    // LIKE wildcards are searched as text.
    expect((await call("GET", "/v0.0.2/orders", { token: seller, query: { search: "%" } })).status).toBe(404);
  });

  it("filters by a tab or by a single status", async () => {
    const process = await call("GET", "/v0.0.2/orders", { token: seller, query: { status: "process", limit: 150 } });
    const statuses = new Set(process.body.data.map((o: any) => o.status));
    expect(statuses.size).toBeGreaterThan(1);
    for (const s of statuses) expect(["wait-to-prepare", "preparing", "packing", "ready-to-ship", "hold", "wait-to-pick"]).toContain(s);

    const finish = await call("GET", "/v0.0.2/orders", { token: seller, query: { status: "finish", limit: 150 } });
    const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders WHERE business_id = ${tokoDemo} AND status = 'finish'`);
    expect(finish.body.pagination?.total_record).toBe(n);
    expect(finish.body.data.every((o: any) => o.status === "finish")).toBe(true);

    const wrong = await call("GET", "/v0.0.2/orders", { token: seller, query: { status: "lost" } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data).toEqual({ status: ["Unknown order status"] });
  });

  it("counts orders per tab; the tabs add up to all and match the list", async () => {
    for (const path of ["/v0.0.0/orders/count", "/v2.0.0/orders/count"]) {
      const res = await call("GET", path, { token: seller });
      expect(res.status).toBe(200);
      const counts = res.body.data as Record<string, number>;
      expect(Object.keys(counts)).toEqual(["all", "waiting-payment", "waiting-approval", "process", "delivered", "successful", "finished", "cancelled", "returned"]);
      const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders WHERE business_id = ${tokoDemo}`);
      expect(counts.all).toBe(n);
      const { all, ...tabs } = counts;
      expect(Object.values(tabs).reduce((s, x) => s + x, 0)).toBe(all);
      for (const [tab, count] of Object.entries(tabs)) {
        const list = await call("GET", "/v0.0.2/orders", { token: seller, query: { status: tab } });
        expect(list.body.pagination?.total_record ?? 0).toBe(count);
      }
    }
    const searched = await call("GET", "/v0.0.0/orders/count", { token: seller, query: { search: "siti" } });
    const list = await call("GET", "/v0.0.2/orders", { token: seller, query: { search: "siti" } });
    expect(searched.body.data.all).toBe(list.body.pagination?.total_record);
  });

  it("needs the orders privilege", async () => {
    const staff = await login(DEMO.staff);
    expect((await call("GET", "/v0.0.2/orders", { token: staff })).status).toBe(200);
    expect((await call("GET", "/v0.0.2/orders", { token: await login(DEMO.newbie) })).status).toBe(403);
    expect((await call("GET", "/v0.0.0/orders/count")).status).toBe(401);
  });
});
