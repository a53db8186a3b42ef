/**
 * Income (core/money/settlements.ts, core/money/income.ts, api/routes/income.ts): an order's
 * settlement when it finishes — amounts with the store fee and the channel commission, once even
 * when the finish is retried — its points, its release after the hold period (a given clock),
 * adjustments, the day job, the REST history and summary, tenant isolation, and the ledger's audit.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { BUSINESS_STATUS } from "#db/schema/company-enums.ts";
import { issueToken } from "#core/auth/tokens.ts";
import { applyOrderAction } from "#core/orders/actions.ts";
import { auditLedger, balancesOf } from "#core/money/ledger.ts";
import { adjustSettlement, breakdownOf, releaseDueSettlements, settleOrders } from "#core/money/settlements.ts";
import { settleDay } from "#core/money/settle-day.ts";
import { wibDate } from "#core/lib/time.ts";
import { call } from "./helpers.ts";
import { moneyBusiness } from "./money-fixtures.ts";

type Shop = Awaited<ReturnType<typeof incomeShop>>;

/** A business of its own, active, with an owner's token, a Tokopedia and an Indie channel, a store with a fee. */
async function incomeShop(label: string) {
  const { businessId, userId } = await moneyBusiness(label);
  await db.update(s.businesses).set({ status: BUSINESS_STATUS.active }).where(eq(s.businesses.id, businessId));
  await db.insert(s.businessMembers).values({ businessId, userId, role: "owner" });
  const [tkp, idm] = await db.insert(s.channels).values([
    { businessId, platformCode: "TKP", name: "Tokopedia Income" },
    { businessId, platformCode: "IDM", name: "Indie Income" },
  ]).returning();
  const [store] = await db.insert(s.stores).values({ businessId, name: `Store ${label}`, type: 2, address: "Jl. Uang 2", cityId: 3174 }).returning();
  // 2.5 % + Rp 1.000 on the store's Tokopedia sales.
  await db.insert(s.storeFees).values({ businessId, storeId: store.id, channelId: tkp.id, percentBp: 250, fixedAmount: 1000 });
  return { businessId, userId, tkp: tkp.id, idm: idm.id, store: store.id, token: await issueToken(userId) };
}

let seq = 0;
/** An order received and delivered, ready to finish (no stock held: nothing moves on fulfill). */
async function receivedOrder(shop: Shop, o: { channelId: number; storeId?: number | null; subtotal: number; discount?: number; status?: string; at?: Date }) {
  const code = `INC/${process.pid}/${Date.now().toString(36)}/${++seq}`;
  const [row] = await db.insert(s.orders).values({
    businessId: shop.businessId, orderCode: code, channelId: o.channelId, channelName: o.channelId === shop.tkp ? "Tokopedia Income" : "Indie Income",
    storeId: o.storeId ?? null, status: o.status ?? "received", stockState: "deducted", customerName: "Sari", subtotal: o.subtotal,
    discount: o.discount ?? 0, shippingCost: 15_000, totalAmount: o.subtotal - (o.discount ?? 0) + 15_000,
    ...(o.at ? { timeCreated: o.at, timeModified: o.at } : {}),
  }).returning();
  return row;
}

const finish = (shop: Shop, orderId: number) => applyOrderAction(shop.businessId, orderId, { action: "fulfill", actor: "seller", userId: shop.userId });
const settlementOf = async (orderId: number) => (await db.select().from(s.settlements).where(eq(s.settlements.orderId, orderId)))[0];

let shop: Shop;
let other: Shop;
beforeAll(async () => {
  shop = await incomeShop("Income");
  other = await incomeShop("Income Other");
});

describe("settlement of a finished order", () => {
  it("posts gross − store fee − commission = net into income, and the points, in the finish's transaction", async () => {
    const order = await receivedOrder(shop, { channelId: shop.tkp, storeId: shop.store, subtotal: 210_000, discount: 10_000 });
    await finish(shop, order.id);
    const st = await settlementOf(order.id);
    // Gross 200.000; store fee 2.5 % + 1.000 = 6.000; Tokopedia 5 % = 10.000; net 184.000; 20 points.
    expect(st).toMatchObject({ gross: 200_000, storeFee: 6_000, commission: 10_000, commissionBp: 500, shipping: 0, net: 184_000, points: 20, status: "holding" });
    expect(st.releaseAt.getTime() - st.finishedAt.getTime()).toBe(3 * 86400_000);
    const b = await balancesOf(db, shop.businessId);
    expect(b).toMatchObject({ income: 184_000, sales: -200_000, store_fees: 6_000, commission: 10_000, points: 20, points_issued: -20 });
    const keys = await db.select({ key: s.ledgerTransactions.key, kind: s.ledgerTransactions.kind }).from(s.ledgerTransactions)
      .where(and(eq(s.ledgerTransactions.businessId, shop.businessId), eq(s.ledgerTransactions.refId, order.id)));
    expect(keys.map((k) => k.key).sort()).toEqual([`points:order:${order.id}`, `settlement:order:${order.id}`]);
  });

  it("settles once even when the finish is retried or settled again", async () => {
    const order = await receivedOrder(shop, { channelId: shop.idm, subtotal: 99_000 });
    const before = await balancesOf(db, shop.businessId);
    await finish(shop, order.id);
    await expect(finish(shop, order.id)).rejects.toMatchObject({ message: "api-orders:already" });
    const again = await db.transaction((tx) => settleOrders(tx, shop.businessId, [{ ...order, finishedAt: new Date() }]));
    expect(again).toBe(0);
    const after = await balancesOf(db, shop.businessId);
    // Indie Marketplace 0 %, no store (no store fee): net = gross; 9 points (full Rp 10.000s only).
    expect(after.income - before.income).toBe(99_000);
    expect(after.points - before.points).toBe(9);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(s.ledgerTransactions)
      .where(and(eq(s.ledgerTransactions.businessId, shop.businessId), eq(s.ledgerTransactions.key, `settlement:order:${order.id}`)));
    expect(n).toBe(1);
  });

  it("takes the business's own commission rate (REST) and never deducts below zero", async () => {
    const put = await call("PUT", "/v0.0.1/balances/income/commissions", { token: shop.token, json: { rates: [{ platform_code: "TKP", rate_bp: 300 }] } });
    expect(put.status).toBe(200);
    expect(put.body.data.find((r: { platform_code: string }) => r.platform_code === "TKP")).toMatchObject({ rate_bp: 300, default_bp: 500, custom: true });
    const bad = await call("PUT", "/v0.0.1/balances/income/commissions", { token: shop.token, json: { rates: [{ platform_code: "TKP", rate_bp: 10_001 }] } });
    expect(bad.status).toBe(422);
    // As a seller types it: a percent with a comma, exact to the basis point; a third decimal is refused.
    const typed = await call("PUT", "/v0.0.1/balances/income/commissions", { token: shop.token, json: { rates: [{ platform_code: "SHP", rate_percent: "2,75" }] } });
    expect(typed.body.data.find((r: { platform_code: string }) => r.platform_code === "SHP")).toMatchObject({ rate_bp: 275, custom: true });
    for (const rate_percent of ["2,755", "101", "-1", "abc", ""]) {
      const refused = await call("PUT", "/v0.0.1/balances/income/commissions", { token: shop.token, json: { rates: [{ platform_code: "SHP", rate_percent }] } });
      expect({ rate_percent, status: refused.status }).toEqual({ rate_percent, status: 422 });
    }
    const order = await receivedOrder(shop, { channelId: shop.tkp, storeId: shop.store, subtotal: 100_000 });
    await finish(shop, order.id);
    expect(await settlementOf(order.id)).toMatchObject({ gross: 100_000, storeFee: 3_500, commission: 3_000, commissionBp: 300, net: 93_500 });
    // A fixed fee larger than a tiny sale takes what there is, no more.
    expect(breakdownOf({ subtotal: 500, discount: 0 }, { percentBp: 0, fixedAmount: 1000 }, 500)).toMatchObject({ gross: 500, storeFee: 500, commission: 0, net: 0 });
    // Cashback comes after the fees, and also takes only what is left.
    expect(breakdownOf({ subtotal: 100_000, discount: 0, cashback: 5_000 }, null, 500)).toMatchObject({ commission: 5_000, cashback: 5_000, net: 90_000 });
    expect(breakdownOf({ subtotal: 1_000, discount: 0, cashback: 5_000 }, { percentBp: 0, fixedAmount: 800 }, 0)).toMatchObject({ storeFee: 800, cashback: 200, net: 0 });
  });

  it("does not settle an order that never finishes (a return closes before finish)", async () => {
    const order = await receivedOrder(shop, { channelId: shop.idm, subtotal: 50_000 });
    await applyOrderAction(shop.businessId, order.id, { action: "complain", actor: "customer", reason: 1 });
    expect(await settlementOf(order.id)).toBeUndefined();
  });
});

/** The shop's released settlements as the day totals count them, and as the settlements are. */
async function releasedCounts() {
  const [d] = await db.select({ n: sql<number>`coalesce(sum(${s.settlementDays.nReleased}), 0)::int` }).from(s.settlementDays).where(eq(s.settlementDays.businessId, shop.businessId));
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(s.settlements).where(and(eq(s.settlements.businessId, shop.businessId), eq(s.settlements.status, "released")));
  return { days: d.n, rows: r.n };
}

describe("release to saldo after the hold period", () => {
  it("moves each due settlement's net to saldo once, by a given clock", async () => {
    const before = await balancesOf(db, shop.businessId);
    expect(await releaseDueSettlements(new Date(Date.now() + 2 * 86400_000), { businessId: shop.businessId })).toBe(0);
    const n = await releaseDueSettlements(new Date(Date.now() + 4 * 86400_000), { businessId: shop.businessId });
    expect(n).toBeGreaterThanOrEqual(3);
    const after = await balancesOf(db, shop.businessId);
    expect(after.income).toBe(0);
    expect(after.saldo - before.saldo).toBe(before.income);
    expect(await releaseDueSettlements(new Date(Date.now() + 5 * 86400_000), { businessId: shop.businessId })).toBe(0);
    const rows = await db.select().from(s.settlements).where(eq(s.settlements.businessId, shop.businessId));
    expect(rows.every((r) => r.status === "released" && r.released === r.net)).toBe(true);
    // The saldo history names each release by its order's code and leads to the order.
    const [one] = await db.select({ id: s.orders.id, code: s.orders.orderCode }).from(s.orders).where(eq(s.orders.id, rows[0].orderId));
    const lines = (await call("GET", "/v0.0.0/saldo/histories", { token: shop.token, query: { kind: "release", limit: 150 } })).body.data as { reference: string; reference_path: string }[];
    expect(lines).toContainEqual(expect.objectContaining({ reference: one.code, reference_path: `/orders/${one.id}` }));
  });

  it("adjusts a settlement ± on income, refused below zero, and releases a later gain", async () => {
    const order = await receivedOrder(shop, { channelId: shop.idm, subtotal: 40_000 });
    await finish(shop, order.id);
    await adjustSettlement(db, { businessId: shop.businessId, orderId: order.id, amount: -5_000, key: "corr-1" });
    const again = await adjustSettlement(db, { businessId: shop.businessId, orderId: order.id, amount: -5_000, key: "corr-1" });
    expect(again.created).toBe(false);
    await expect(adjustSettlement(db, { businessId: shop.businessId, orderId: order.id, amount: -1_000_000, key: "corr-2" }))
      .rejects.toMatchObject({ message: "income:errors.adjustment_too_big" });
    expect((await balancesOf(db, shop.businessId)).income).toBe(35_000);
    await releaseDueSettlements(new Date(Date.now() + 4 * 86400_000), { businessId: shop.businessId });
    expect((await balancesOf(db, shop.businessId)).income).toBe(0);
    await adjustSettlement(db, { businessId: shop.businessId, orderId: order.id, amount: 2_000, key: "corr-3" });
    expect(await settlementOf(order.id)).toMatchObject({ status: "holding", adjustment: -3_000, released: 35_000 });
    // The day totals count it as holding again, then as released again: never twice, never missing.
    const holdingAgain = await releasedCounts();
    expect(holdingAgain.days).toBe(holdingAgain.rows);
    await releaseDueSettlements(new Date(Date.now() + 4 * 86400_000), { businessId: shop.businessId });
    expect(await settlementOf(order.id)).toMatchObject({ status: "released", released: 37_000 });
    expect((await balancesOf(db, shop.businessId)).income).toBe(0);
    const releasedAgain = await releasedCounts();
    expect(releasedAgain).toEqual({ days: releasedAgain.rows, rows: holdingAgain.rows + 1 });
  });
  it("releases every correction's gain, even when the amounts come back to ones seen before", async () => {
    const own = await incomeShop("Income Cycle"); // its own: the list and summary tests below count the shop's orders
    const later = new Date(Date.now() + 4 * 86400_000);
    const order = await receivedOrder(own, { channelId: own.idm, subtotal: 100_000 });
    await finish(own, order.id);
    await releaseDueSettlements(later, { businessId: own.businessId });
    const saldo = async () => (await balancesOf(db, own.businessId)).saldo;
    const start = await saldo();
    // Twice: 40.000 taken back from saldo, then given again (released by the sweeper).
    for (const round of [1, 2]) {
      await adjustSettlement(db, { businessId: own.businessId, orderId: order.id, amount: -40_000, key: `cycle-${round}-down` });
      await adjustSettlement(db, { businessId: own.businessId, orderId: order.id, amount: 40_000, key: `cycle-${round}-up` });
      await releaseDueSettlements(later, { businessId: own.businessId });
      expect({ round, saldo: await saldo() }).toEqual({ round, saldo: start });
    }
    // All of it taken back, then half given: released again from nothing.
    await adjustSettlement(db, { businessId: own.businessId, orderId: order.id, amount: -100_000, key: "all-down" });
    await adjustSettlement(db, { businessId: own.businessId, orderId: order.id, amount: 50_000, key: "half-up" });
    await releaseDueSettlements(later, { businessId: own.businessId });
    expect(await saldo()).toBe(start - 50_000);
    expect(await settlementOf(order.id)).toMatchObject({ status: "released", released: 50_000 });
    expect((await balancesOf(db, own.businessId)).income).toBe(0);
    expect(await auditLedger(db, own.businessId)).toEqual([]);
  });
});

describe("settling a day", () => {
  it("settles the day's finished orders that have none, once", async () => {
    const day = new Date(Date.now() - 10 * 86400_000);
    const made = await Promise.all([1, 2, 3].map((i) => receivedOrder(other, { channelId: other.tkp, subtotal: i * 10_000, status: "finish", at: day })));
    expect(await settleDay(other.businessId, wibDate(day))).toBe(3);
    expect(await settleDay(other.businessId, wibDate(day))).toBe(0);
    for (const o of made) expect(await settlementOf(o.id)).toMatchObject({ day: wibDate(day), status: "holding" });
    // One settlement posting and one points posting for the day's Tokopedia orders (decision 21):
    // 60.000 gross, 5 % commission, 6 points; the points history names the day and leads to its page.
    const posted = await db.select({ kind: s.ledgerTransactions.kind, refType: s.ledgerTransactions.refType }).from(s.ledgerTransactions)
      .where(eq(s.ledgerTransactions.businessId, other.businessId));
    expect(posted.map((p) => `${p.kind}:${p.refType}`).sort()).toEqual(["points_earned:settlement_day", "settlement:settlement_day"]);
    expect(await balancesOf(db, other.businessId)).toMatchObject({ income: 57_000, sales: -60_000, commission: 3_000, points: 6 });
    const points = await call("GET", "/v0.0.0/balances/histories/point", { token: other.token });
    const [d, m, y] = [wibDate(day).slice(8), wibDate(day).slice(5, 7), wibDate(day).slice(0, 4)];
    expect(points.body.data[0]).toMatchObject({
      amount: 6, reference: `Settlement ${d}-${m}-${y} · 3 orders`, reference_path: `/income-balance/settlement/${wibDate(day)}?channel_id=${other.tkp}`,
    });
    // Ten days ago: already past its hold.
    expect(await releaseDueSettlements(new Date(), { businessId: other.businessId })).toBe(3);
    expect((await balancesOf(db, other.businessId)).saldo).toBe(Math.round(60_000 * 0.95));
  });
});

describe("REST: income history and summary", () => {
  it("lists the settlements with the spec's envelope, filters, and links to the orders", async () => {
    const all = await call("GET", "/v0.0.1/balances/income/history", { token: shop.token, query: { limit: 2 } });
    expect(all.status).toBe(200);
    expect(all.body.pagination).toMatchObject({ total_record: 4, total_page: 2 });
    expect(all.body.data[0]).toMatchObject({ order_link: `/orders/${all.body.data[0].order_id}`, status: expect.any(String) });
    const tkp = await call("GET", "/v0.0.1/balances/income/history", { token: shop.token, query: { channel_id: shop.tkp } });
    expect(tkp.body.data.map((r: { gross: number }) => r.gross).sort()).toEqual([100_000, 200_000]);
    expect(tkp.body.pagination?.total_record).toBe(2);
    const holding = await call("GET", "/v0.0.1/balances/income/history", { token: shop.token, query: { status: "holding" } });
    expect(holding.status).toBe(404);
    const code = tkp.body.data[0].order_code as string;
    const found = await call("GET", "/v0.0.1/balances/income/history", { token: shop.token, query: { search: code.slice(0, -1) } });
    expect(found.body.data.some((r: { order_code: string }) => r.order_code === code)).toBe(true);
    const old = await call("GET", "/v0.0.1/balances/income/history", { token: shop.token, query: { date_from: 86400, date_to: 86400 * 2 } });
    expect(old.status).toBe(404);
    const bad = await call("GET", "/v0.0.1/balances/income/history", { token: shop.token, query: { status: "lost", date_from: "x" } });
    expect(bad.status).toBe(422);
  });

  it("sums by day, channel and store, and the balances", async () => {
    const r = await call("GET", "/v0.0.1/balances/income/summary", { token: shop.token });
    expect(r.status).toBe(200);
    const t = r.body.data.totals;
    expect(t).toMatchObject({ count: 4, gross: 200_000 + 99_000 + 100_000 + 40_000, holding: 0 });
    expect(t.net).toBe(t.gross - t.store_fee - t.commission - t.shipping_subsidy + t.adjustment);
    expect(t.released).toBe(t.net);
    expect(r.body.data.balances.saldo).toBe(t.released);
    expect(r.body.data.by_channel.map((c: { channel_id: number }) => c.channel_id).sort()).toEqual([shop.tkp, shop.idm].sort());
    expect(r.body.data.by_store.find((x: { store_id: number | null }) => x.store_id === shop.store)).toMatchObject({ count: 2 });
  });

  it("keeps each business to its own settlements", async () => {
    const mine = await call("GET", "/v0.0.1/balances/income/history", { token: other.token });
    expect(mine.body.pagination?.total_record).toBe(3);
    const [theirs] = await db.select().from(s.settlements).where(eq(s.settlements.businessId, shop.businessId)).limit(1);
    const peek = await call("GET", `/v0.0.1/balances/income/orders/${theirs.orderId}`, { token: other.token });
    expect(peek.status).toBe(404);
    const own = await call("GET", `/v0.0.1/balances/income/orders/${theirs.orderId}`, { token: shop.token });
    expect(own.body.data).toMatchObject({ order_id: theirs.orderId, net: expect.any(Number) });
    const anon = await call("GET", "/v0.0.1/balances/income/summary");
    expect(anon.status).toBe(401);
  });

  it("leaves the ledger consistent", async () => {
    expect(await auditLedger(db, shop.businessId)).toEqual([]);
    expect(await auditLedger(db, other.businessId)).toEqual([]);
    const days = await db.select({ n: sql<number>`sum(n)::int`, net: sql<number>`sum(net + adjustment)::bigint` }).from(s.settlementDays)
      .where(eq(s.settlementDays.businessId, shop.businessId));
    const rows = await db.select({ n: sql<number>`count(*)::int`, net: sql<number>`sum(net + adjustment)::bigint` }).from(s.settlements)
      .where(eq(s.settlements.businessId, shop.businessId));
    expect(days).toEqual(rows);
  });
});

describe("the totals kept per day and per month", () => {
  it("sum to what the settlements say, for any date range, channel and store", async () => {
    const shopR = await incomeShop("Income Rollups");
    // Orders finished on days around two month ends (WIB noon), on two channels, one with the store.
    const days = ["2026-01-30", "2026-01-31", "2026-02-01", "2026-02-14", "2026-02-28", "2026-03-01", "2026-03-31", "2026-04-02"];
    let i = 0;
    for (const day of days) {
      for (const channelId of [shopR.tkp, shopR.idm]) {
        const o = await receivedOrder(shopR, { channelId, storeId: channelId === shopR.tkp ? shopR.store : null, subtotal: 10_000 * ++i, status: "finish" });
        await db.transaction((tx) => settleOrders(tx, shopR.businessId, [{ ...o, finishedAt: new Date(`${day}T05:00:00Z`) }]));
      }
    }
    const [first] = await db.select().from(s.settlements).where(eq(s.settlements.businessId, shopR.businessId)).limit(1);
    await adjustSettlement(db, { businessId: shopR.businessId, orderId: first.orderId, amount: 1_500, key: "rollup-1" });
    await releaseDueSettlements(new Date("2026-03-10T00:00:00Z"), { businessId: shopR.businessId });

    const secondsOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000 - 7 * 3600 + 3600;
    const expected = async (from?: string, to?: string, f: { channel_id?: number; store_id?: number } = {}) => {
      const where = and(eq(s.settlements.businessId, shopR.businessId),
        from ? sql`${s.settlements.day} >= ${from}` : undefined, to ? sql`${s.settlements.day} <= ${to}` : undefined,
        f.channel_id ? eq(s.settlements.channelId, f.channel_id) : undefined, f.store_id !== undefined ? eq(s.settlements.storeId, f.store_id) : undefined);
      const [t] = await db.select({ count: sql<number>`count(*)::int`, net: sql<number>`coalesce(sum(net + adjustment), 0)::int`, released: sql<number>`coalesce(sum(released), 0)::int` })
        .from(s.settlements).where(where);
      const byDay = await db.select({ day: s.settlements.day, net: sql<number>`sum(net + adjustment)::int` }).from(s.settlements).where(where)
        .groupBy(s.settlements.day).orderBy(sql`1 DESC`);
      return { t, byDay };
    };
    const ranges: [string | undefined, string | undefined][] = [
      [undefined, undefined], ["2026-01-31", "2026-03-01"], ["2026-02-01", "2026-02-28"], ["2026-02-01", "2026-03-31"], ["2026-02-14", "2026-02-14"],
      ["2026-01-01", undefined], [undefined, "2026-02-27"], ["2026-03-02", "2026-03-30"],
    ];
    for (const [from, to] of ranges) {
      for (const f of [{}, { channel_id: shopR.tkp }, { store_id: shopR.store }] as Record<string, number>[]) {
        const query = { ...(from ? { date_from: secondsOf(from) } : {}), ...(to ? { date_to: secondsOf(to) } : {}), ...f };
        const r = await call("GET", "/v0.0.1/balances/income/summary", { token: shopR.token, query });
        const want = await expected(from, to, f);
        const label = { from, to, ...f };
        expect({ ...label, totals: r.body.data.totals }).toMatchObject({ ...label, totals: want.t });
        expect({ ...label, by_day: r.body.data.by_day.map((d: { day: string; net: number }) => ({ day: d.day, net: d.net })) }).toEqual({ ...label, by_day: want.byDay });
        expect(r.body.data.by_channel.reduce((n: number, c: { net: number }) => n + c.net, 0)).toBe(want.t.net);
        expect(r.body.data.by_store.reduce((n: number, c: { count: number }) => n + c.count, 0)).toBe(want.t.count);
      }
    }
  });
});
