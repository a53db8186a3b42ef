/**
 * Customers (core/customers/) on the real database, through the REST calls: one customer per
 * person however the channels write their phone, also when three orders of a new person arrive at
 * once; a name alone never merges; lifetime value follows cancellations; merge and split; the
 * backfill links older orders through the same rule; another business and staff without the
 * privilege see nothing; the export is in the audit log; bad input is a 4xx.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { applyOrderAction } from "#core/orders/actions.ts";
import { linkAllOrders } from "#core/customers/backfill.ts";
import { call, DEMO, login } from "./helpers.ts";
import { newOrder, newVariant, shopOf, type Shop } from "./order-fixtures.ts";

let shop: Shop;
let sku: string;
let token: string;
let otherToken: string;
let staffToken: string;
const run = Date.now().toString().slice(-7);
/** A phone no other test uses: 0857 + this run + n. */
const phone = (n: number) => `0857${run}${n}`;

const customerOf = async (orderId: number) => {
  const [o] = await db.select({ id: s.orders.customerId }).from(s.orders).where(eq(s.orders.id, orderId));
  return o.id!;
};
const detail = async (id: number, t = token) => call("GET", `/v0.0.0/customers/${id}`, { token: t });

beforeAll(async () => {
  shop = await shopOf(DEMO.seller);
  sku = (await newVariant(shop)).sku;
  [token, otherToken, staffToken] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
});

describe("one customer per person", () => {
  it("links orders whose phone is written differently, and the e-mail in another case, to one customer", async () => {
    const writings = [phone(1), `+62${phone(1).slice(1)}`, `62 ${phone(1).slice(1, 4)}-${phone(1).slice(4)}`];
    const ids = [];
    for (const [i, p] of writings.entries()) {
      ids.push(await newOrder(shop, [{ sku, quantity: 1 }], { customer: { name: i ? "budi s." : "Budi Santoso", phone: p, email: i === 2 ? "BUDI.S@Mail.test" : null } }));
    }
    const customer = await customerOf(ids[0]);
    expect(await Promise.all(ids.map(customerOf))).toEqual([customer, customer, customer]);
    const { status, body } = await detail(customer);
    expect(status).toBe(200);
    expect(body.data.name).toBe("Budi Santoso");
    expect(body.data.orders_count).toBe(3);
    expect(body.data.total_spent).toBe(3 * 50_000 * 1 + 0);
    expect(body.data.phone).toBe(`+62${phone(1).slice(1)}`);
    expect(body.data.email).toBe("budi.s@mail.test");
    expect(body.data.orders).toHaveLength(3);
  });

  it("three orders of a new person arriving at once make one customer", async () => {
    const ids = await Promise.all([0, 1, 2].map(() =>
      newOrder(shop, [{ sku, quantity: 1 }], { customer: { name: "Rina", phone: phone(2), email: `rina${run}@mail.test` } })));
    const customers = new Set(await Promise.all(ids.map(customerOf)));
    expect(customers.size).toBe(1);
    const keys = await db.select().from(s.customerKeys).where(eq(s.customerKeys.customerId, [...customers][0]));
    expect(keys.map((k) => k.key).sort()).toEqual([`e:rina${run}@mail.test`, `p:+62${phone(2).slice(1)}`]);
  });

  it("two people with the same name stay two customers", async () => {
    const a = await newOrder(shop, [{ sku, quantity: 1 }], { customer: { name: "Agus Setiawan", phone: phone(3) } });
    const b = await newOrder(shop, [{ sku, quantity: 1 }], { customer: { name: "Agus Setiawan", phone: phone(4) } });
    const c = await newOrder(shop, [{ sku, quantity: 1 }], { customer: { name: "Agus Setiawan" } });
    expect(new Set([await customerOf(a), await customerOf(b), await customerOf(c)]).size).toBe(3);
  });

  it("a cancelled order leaves the lifetime value; the segment and average follow", async () => {
    const first = await newOrder(shop, [{ sku, quantity: 2 }], { customer: { name: "Dewi", phone: phone(5) } });
    const second = await newOrder(shop, [{ sku, quantity: 1 }], { customer: { name: "Dewi", phone: phone(5) } });
    const id = await customerOf(first);
    expect((await detail(id)).body.data).toMatchObject({ orders_count: 2, total_spent: 150_000, average_order: 75_000, segment: "loyal" });
    await applyOrderAction(shop.businessId, second, { action: "cancel", actor: "seller", reason: 3, note: "Stok habis" }).catch(async () =>
      applyOrderAction(shop.businessId, second, { action: "reject", actor: "seller", reason: 3, note: "Stok habis" }));
    expect((await detail(id)).body.data).toMatchObject({ orders_count: 1, total_spent: 100_000, average_order: 100_000, segment: "new", cancelled_count: 1 });
  });
});

describe("the list", () => {
  it("finds a customer by phone as typed, by e-mail and by name; filters by segment", async () => {
    const byPhone = await call("GET", "/v0.0.0/customers", { token, query: { search: phone(1).slice(0, 9) } });
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.data.map((c: { name: string }) => c.name)).toContain("Budi Santoso");
    const byEmail = await call("GET", "/v0.0.0/customers", { token, query: { search: `rina${run}@` } });
    expect(byEmail.body.data).toHaveLength(1);
    const byName = await call("GET", "/v0.0.0/customers", { token, query: { search: "agus setiawan", limit: 150 } });
    expect(byName.body.data.length).toBeGreaterThanOrEqual(3);
    const loyal = await call("GET", "/v0.0.0/customers", { token, query: { segment: "new", order_by: "spent", limit: 150 } });
    expect(loyal.body.data.every((c: { segment: string }) => c.segment === "new")).toBe(true);
  });

  it("refuses bad filters with 422, never a 5xx", async () => {
    const bad: Record<string, string | number>[] = [{ segment: "vip" }, { order_by: "x" }, { limit: 1000 }, { page: -1 }, { search: "x".repeat(200) }];
    for (const query of bad) {
      const r = await call("GET", "/v0.0.0/customers", { token, query });
      expect(r.status).toBe(422);
    }
    expect((await call("GET", "/v0.0.0/customers/99999999999", { token })).status).toBe(404);
    expect((await call("PUT", `/v0.0.0/customers/1`, { token, json: { tags: "x".repeat(40) } })).status).toBeGreaterThanOrEqual(400);
  });
});

describe("who may see customers", () => {
  it("another business gets 404 for this business's customer; staff without the privilege get 403", async () => {
    const id = await customerOf(await newOrder(shop, [{ sku, quantity: 1 }], { customer: { name: "Privat", phone: phone(6) } }));
    expect((await detail(id, otherToken)).status).toBe(404);
    expect((await call("PUT", `/v0.0.0/customers/${id}`, { token: otherToken, json: { note: "x", tags: "", opt_out: false } })).status).toBe(404);
    const theirs = await call("GET", "/v0.0.0/customers", { token: otherToken, query: { search: phone(6) } });
    expect(theirs.body.data ?? []).toHaveLength(0);
    expect((await detail(id, staffToken)).status).toBe(403);
    expect((await call("GET", "/v0.0.0/customers", { token: staffToken })).status).toBe(403);
  });
});

describe("merge, split, notes", () => {
  it("merges a duplicate in (orders, keys, tags move), then splits a phone off again with its orders", async () => {
    const a = await newOrder(shop, [{ sku, quantity: 1 }], { customer: { name: "Siti", phone: phone(7) } });
    const b = await newOrder(shop, [{ sku, quantity: 2 }], { customer: { name: "Siti R", phone: phone(8), email: `siti${run}@mail.test` } });
    const [into, from] = [await customerOf(a), await customerOf(b)];
    await call("PUT", `/v0.0.0/customers/${from}`, { token, json: { note: "Suka warna biru", tags: "vip, Reseller", opt_out: true } });
    const merged = await call("POST", `/v0.0.0/customers/${into}/merge`, { token, json: { customer_ids: [from] } });
    expect(merged.status).toBe(200);
    expect(merged.body.data).toMatchObject({ orders_count: 2, total_spent: 150_000, tags: ["vip", "reseller"], opt_out: true, note: "Suka warna biru" });
    expect((await detail(from)).status).toBe(404);
    expect(await customerOf(b)).toBe(into);
    // The next order with the merged-in phone is this customer's.
    expect(await customerOf(await newOrder(shop, [{ sku, quantity: 1 }], { customer: { name: "Siti", phone: phone(8) } }))).toBe(into);

    const split = await call("POST", `/v0.0.0/customers/${into}/split`, { token, json: { key: `p:+62${phone(8).slice(1)}` } });
    expect(split.status).toBe(200);
    expect(split.body.data.orders_count).toBe(2);
    expect((await detail(into)).body.data.orders_count).toBe(1);
    // A customer's only phone or e-mail cannot be split off; a key that is not the customer's is refused under its field.
    const single = await customerOf(await newOrder(shop, [{ sku, quantity: 1 }], { customer: { name: "Tunggal", phone: phone(10) } }));
    expect((await call("POST", `/v0.0.0/customers/${single}/split`, { token, json: { key: `p:+62${phone(10).slice(1)}` } })).status).toBe(422);
    const unknown = await call("POST", `/v0.0.0/customers/${into}/split`, { token, json: { key: "p:+620000" } });
    expect(unknown.status).toBe(422);
    const history = await call("GET", `/v0.0.0/customers/${into}/update-history`, { token });
    expect(history.body.data.map((h: { action: string }) => h.action)).toEqual(expect.arrayContaining(["merge", "split"]));
  });

  it("an export of customers is in the audit log: who, when, which filters", async () => {
    const r = await call("POST", "/v0.0.0/exports/customer", { token, json: { segment: "new" } });
    expect(r.status).toBe(202);
    const [row] = await db.select().from(s.updateHistory)
      .where(and(eq(s.updateHistory.refType, "customer_export"), eq(s.updateHistory.businessId, shop.businessId)))
      .orderBy(sql`id DESC`).limit(1);
    expect(row.userId).toBe(shop.userId);
    expect(JSON.stringify(row.changes)).toContain("new");
  });
});

describe("the backfill", () => {
  it("links orders that came before the customers, in batches, by the same rule", async () => {
    const ids = [
      await newOrder(shop, [{ sku, quantity: 1 }], { customer: { name: "Lama", phone: phone(9) } }),
      await newOrder(shop, [{ sku, quantity: 1 }], { customer: { name: "Lama", phone: `+62${phone(9).slice(1)}` } }),
    ];
    const before = await customerOf(ids[0]);
    // As if they had come before: no customer, no keys.
    await db.update(s.orders).set({ customerId: null }).where(inArray(s.orders.id, ids));
    await db.delete(s.customers).where(eq(s.customers.id, before));
    await linkAllOrders(shop.businessId);
    const after = await Promise.all(ids.map(customerOf));
    expect(after[0]).toBe(after[1]);
    expect((await detail(after[0])).body.data.orders_count).toBe(2);
    const left = await db.select({ id: s.orders.id }).from(s.orders).where(and(eq(s.orders.businessId, shop.businessId), isNull(s.orders.customerId)));
    expect(left).toHaveLength(0);
  });
});

describe("performance", () => {
  it("counts new and returning customers of the period and every segment", async () => {
    const r = await call("GET", "/v0.0.0/customers/performance/summary", { token });
    expect(r.status).toBe(200);
    expect(r.body.data.period.customers).toBeGreaterThan(0);
    expect(r.body.data.period.new_customers + r.body.data.period.returning_customers).toBe(r.body.data.period.customers);
    const segments = r.body.data.segments.reduce((n: number, g: { count: number }) => n + g.count, 0);
    expect(segments).toBe(r.body.data.total_customers);
    expect((await call("GET", "/v0.0.0/customers/performance/summary", { token, query: { date_from: 10, date_to: 5 } })).status).toBe(422);
  });
});
