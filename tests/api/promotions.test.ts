/**
 * Promotions (core/promotions/, api/routes/promotions.ts): creating each kind and refusing bad
 * input under its field, the lifecycle moved by moderation, time and use, orders priced by them
 * at intake (the applied promotion on the line, its regular price beside), quota and promo stock
 * exact under concurrency and given back on cancellation, editing within what the status allows,
 * recreating, the list's tabs, the spec's sellers and discount calls, and tenant isolation.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { applyOrderAction } from "#core/orders/actions.ts";
import { movePromotion } from "#core/promotions/promotions.ts";
import { PROMOTION_ACTIONS, PROMOTION_TRANSITIONS, transitionFor, type PromotionActor } from "#core/promotions/lifecycle.ts";
import { sweepPromotions } from "#core/promotions/sweep.ts";
import { call, DEMO, login } from "./helpers.ts";
import { newOrder, newVariant, orderRow, shopOf, type Shop } from "./order-fixtures.ts";

let shop: Shop;
let token: string;
let otherToken: string;
beforeAll(async () => {
  shop = await shopOf(DEMO.seller);
  [token, otherToken] = await Promise.all([login(DEMO.seller), login(DEMO.seller2)]);
});

const now = () => Math.floor(Date.now() / 1000);
const base = (more: Record<string, unknown>) => ({
  name: "Promo test", kind: "discount", starts_at: now() - 60, ends_at: now() + 86_400, discount_type: "percent", discount_percent: "10", ...more,
});

async function create(body: Record<string, unknown>, t = token) {
  const res = await call("POST", "/v0.1.0/promotions", { token: t, json: base(body) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.promotion_id as number;
}
const approve = (id: number) => db.transaction((tx) => movePromotion(tx, shop.businessId, id, "approve", "platform"));
const promotionRow = async (id: number) => (await db.select().from(s.promotions).where(eq(s.promotions.id, id)))[0];
/** A running promotion on a fresh variant (priced 50.000). */
async function running(body: Record<string, unknown>) {
  const v = await newVariant(shop);
  const id = await create({ variant_ids: [v.variantId], ...body });
  expect((await approve(id)).to).toBe("on_going");
  return { id, v };
}
const linesOf = (orderId: number) => db.select().from(s.orderItems).where(eq(s.orderItems.orderId, orderId)).orderBy(s.orderItems.id);

describe("creating", () => {
  it("makes each kind In Moderation and refuses bad input under its field", async () => {
    const v = await newVariant(shop);
    const kinds = [
      { kind: "discount" },
      { kind: "discount_time", promo_stock: 10 },
      { kind: "cashback", cashback_as: "saldo" },
      { kind: "delivery", discount_amount: "15.000" },
      { kind: "bundle", buy_qty: 3, bundle_price: "100000" },
      { kind: "bundle", buy_qty: 2, get_qty: 1 },
      { kind: "free", gift_variant_id: v.variantId, min_spend: 200_000 },
      { kind: "voucher", code: `hemat-${Date.now().toString(36).slice(-5)}`, discount_type: "amount", discount_amount: 20_000, min_spend: 100_000 },
    ];
    for (const k of kinds) {
      const id = await create({ variant_ids: [v.variantId], ...k });
      const got = (await call("GET", `/v0.1.0/promotions/${id}`, { token })).body.data;
      expect(got).toMatchObject({ kind: k.kind, status: 0, status_name: "In Moderation", actions: ["cancel"], editable: "all" });
      if (k.kind === "discount_time") expect(got.promo_type).toBe("flash_sale");
      if (k.kind === "voucher") expect(got.code).toBe(k.code!.toUpperCase());
      if (k.kind === "bundle") expect(got.type_id).toBe(k.get_qty ? 4 : 31);
    }

    const refused = async (body: Record<string, unknown>, field: string) => {
      const res = await call("POST", "/v0.1.0/promotions", { token, json: base(body) });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(Object.keys(res.body.data ?? {})).toContain(field);
    };
    await refused({ discount_percent: "" }, "discount_percent");
    await refused({ discount_percent: "101" }, "discount_percent");
    await refused({ ends_at: now() - 3600 }, "ends_at");
    await refused({ starts_at: now() + 7200, ends_at: now() + 3600 }, "ends_at");
    await refused({ kind: "bundle", buy_qty: 2 }, "bundle_price");
    await refused({ kind: "voucher", code: "" }, "code");
    await refused({ starts_at: "kemarin" }, "starts_at");
    await refused({ quota: 0 }, "quota");
    // Another business's variant is not a target.
    const [theirs] = await db.select({ id: s.productVariants.id }).from(s.productVariants)
      .where(sql`${s.productVariants.businessId} <> ${shop.businessId}`).limit(1);
    await refused({ variant_ids: [theirs.id] }, "variant_ids");
    // In Indonesian under /id-style Accept-Language.
    const res = await call("POST", "/v0.1.0/promotions", { token, json: base({ starts_at: now() - 7200, ends_at: now() - 3600 }), locale: "id" });
    expect(res.body.message).toBe("Waktu berakhir sudah lewat.");
    expect(res.body.data).toEqual({ ends_at: ["Waktu berakhir sudah lewat."] });
  });
});

describe("the lifecycle", () => {
  it("moves by moderation and time: In Moderation → Upcoming → On Going → Ended, and by the seller", async () => {
    const start = now() + 3600;
    const id = await create({ starts_at: start, ends_at: start + 3600 });
    expect((await approve(id)).to).toBe("upcoming");
    await sweepPromotions(new Date((start + 1) * 1000));
    expect((await promotionRow(id)).status).toBe(s.PROMOTION_STATUS.on_going);
    await sweepPromotions(new Date((start + 3601) * 1000));
    expect((await promotionRow(id)).status).toBe(s.PROMOTION_STATUS.ended);
    // Over: no edit, no cancel, but a recreate.
    expect((await call("PUT", `/v0.1.0/promotions/${id}/cancel`, { token })).status).toBe(422);
    expect((await call("PUT", `/v0.1.0/promotions/${id}`, { token, json: base({}) })).status).toBe(422);
    const copy = await call("POST", `/v0.1.0/promotions/${id}/recreate`, { token, json: base({ name: "Again" }) });
    expect(copy.status).toBe(201);
    expect(await promotionRow(copy.body.data.promotion_id)).toMatchObject({ status: 0, recreatedFrom: id, name: "Again" });

    // The seller cancels what has not started and stops what runs.
    const later = await create({ starts_at: now() + 7200 });
    expect((await call("PUT", `/v0.1.0/promotions/${later}/cancel`, { token })).body.data).toEqual({ from: "in_moderation", to: "cancelled" });
    const { id: live } = await running({});
    expect((await call("PUT", `/v0.1.0/promotions/${live}/stop`, { token })).body.data.to).toBe("ended");
    expect((await promotionRow(live)).endsAt.getTime()).toBeLessThanOrEqual(Date.now());
    // A running one refuses to be recreated; the platform's moves are not the seller's.
    const { id: other } = await running({});
    expect((await call("POST", `/v0.1.0/promotions/${other}/recreate`, { token, json: base({}) })).status).toBe(422);
    await expect(db.transaction((tx) => movePromotion(tx, shop.businessId, other, "suspend", "seller"))).rejects.toThrow("promotion:errors.not_allowed");
  });

  it("walks the table: every move from every status by every actor does what the table says, and nothing else", async () => {
    const v = await newVariant(shop);
    const id = await create({ variant_ids: [v.variantId] });
    const at = (status: number, startsIn: number, endsIn: number) => db.update(s.promotions).set({
      status: status as s.PromotionStatus, startsAt: new Date(Date.now() + startsIn * 1000), endsAt: new Date(Date.now() + endsIn * 1000),
    }).where(eq(s.promotions.id, id));
    for (const from of s.PROMOTION_STATUS_NAMES) {
      for (const action of PROMOTION_ACTIONS) {
        for (const by of ["seller", "platform", "system"] as PromotionActor[]) {
          // Upcoming means not started yet (a started one is On Going to the seller: lifecycle.ts effectiveStatus).
          await at(s.PROMOTION_STATUS[from], from === "upcoming" ? 600 : -60, 3600);
          const t = transitionFor(action, from, by);
          const move = db.transaction((tx) => movePromotion(tx, shop.businessId, id, action, by, { note: "Catatan platform" }));
          if (!t) {
            await expect(move, `${action} ${from} by ${by}`).rejects.toThrow("promotion:errors.not_allowed");
            expect((await promotionRow(id)).status).toBe(s.PROMOTION_STATUS[from]);
          } else {
            const { to } = await move;
            // "by-time" within the window: On Going.
            expect(to, `${action} ${from} by ${by}`).toBe(t.to === "by-time" ? "on_going" : t.to);
            expect((await promotionRow(id)).status).toBe(s.PROMOTION_STATUS[to]);
          }
        }
      }
    }
    expect(PROMOTION_TRANSITIONS.every((t) => t.from.length > 0)).toBe(true);
    // A note is required where the table says so.
    await at(s.PROMOTION_STATUS.in_moderation, -60, 3600);
    await expect(db.transaction((tx) => movePromotion(tx, shop.businessId, id, "reject", "platform"))).rejects.toThrow("promotion:errors.note_required");
  });

  it("approves a demo business's promotion by itself when due", async () => {
    // Aimed at a variant of its own: a promotion for every product would price the other tests' orders.
    const id = await create({ variant_ids: [(await newVariant(shop)).variantId] });
    await db.update(s.promotions).set({ autoApproveAt: new Date(Date.now() - 1000) }).where(eq(s.promotions.id, id));
    await sweepPromotions();
    expect((await promotionRow(id)).status).toBe(s.PROMOTION_STATUS.on_going);
  });

  it("while running, allows only a sooner end and more quota or promo stock", async () => {
    const { id, v } = await running({ quota: 10, promo_stock: 5, kind: "discount_time" });
    const body = base({ kind: "discount_time", variant_ids: [v.variantId], quota: 10, promo_stock: 5 });
    const put = (more: Record<string, unknown>) => call("PUT", `/v0.1.0/promotions/${id}`, { token, json: { ...body, ...more } });
    expect(Object.keys((await put({ quota: 5 })).body.data)).toEqual(["quota"]);
    expect(Object.keys((await put({ ends_at: now() + 90_000 })).body.data)).toEqual(["ends_at"]);
    expect(Object.keys((await put({ promo_stock: 4 })).body.data)).toEqual(["promo_stock"]);
    expect((await put({ quota: 20, promo_stock: 8, ends_at: now() + 3600 })).status).toBe(200);
    expect(await promotionRow(id)).toMatchObject({ quota: 20, promoStock: 8 });
  });
});

describe("orders priced by promotions", () => {
  it("gives an order the promotion's price, keeps the regular price beside it, and gives the use back on cancel", async () => {
    const { id, v } = await running({ discount_percent: "20", quota: 1 });
    const orderId = await newOrder(shop, [{ sku: v.sku, quantity: 2 }]);
    const [line] = await linesOf(orderId);
    expect(line).toMatchObject({ price: 40_000, regularPrice: 50_000 });
    expect(await orderRow(orderId)).toMatchObject({ subtotal: 80_000, totalAmount: 80_000 });
    expect(await promotionRow(id)).toMatchObject({ used: 1, status: s.PROMOTION_STATUS.empty });
    // The next order finds it Empty: the regular price.
    const second = await newOrder(shop, [{ sku: v.sku, quantity: 1 }]);
    expect((await linesOf(second))[0]).toMatchObject({ price: 50_000, regularPrice: null });
    // Cancelled: the use comes back and it runs again.
    await applyOrderAction(shop.businessId, orderId, { action: "reject", actor: "seller", userId: shop.userId });
    expect(await promotionRow(id)).toMatchObject({ used: 0, status: s.PROMOTION_STATUS.on_going });
    const detail = (await call("GET", `/v0.1.0/promotions/${id}`, { token })).body.data;
    expect(detail.performance).toMatchObject({ orders: 0, discount: 0 });
    const third = await newOrder(shop, [{ sku: v.sku, quantity: 1 }]);
    const after = (await call("GET", `/v0.1.0/promotions/${id}`, { token })).body.data;
    expect(after.performance).toMatchObject({ orders: 1, units: 1, discount: 10_000, revenue: (await orderRow(third)).totalAmount, cost_per_order: 10_000 });
    expect(after.orders.map((o: { order_id: number }) => o.order_id)).toEqual([third]);
    // The order's page data names it.
    const order = (await call("GET", `/v2.2.0/orders/${third}`, { token })).body.data;
    expect(JSON.stringify(order)).toContain(String(id));
  });

  it("gives a quota of 100 to exactly 100 of 500 orders arriving at once; the rest pay the regular price", async () => {
    const { id, v } = await running({ discount_type: "amount", discount_amount: 5000, quota: 100 });
    // 500 orders, 40 in flight at any moment (more would only queue for the pool's connections).
    const ids: number[] = [];
    let next = 0;
    await Promise.all(Array.from({ length: 40 }, async () => {
      for (let i = next++; i < 500; i = next++) {
        ids.push(await newOrder(shop, [{ sku: v.sku, quantity: 1 }], { customer: { name: `Buyer ${i}`, phone: `+62812${String(i).padStart(7, "0")}` } }));
      }
    }));
    const prices = (await db.select({ price: s.orderItems.price }).from(s.orderItems).where(sql`${s.orderItems.orderId} = ANY(${sql.param(ids)}::int[])`)).map((r) => r.price);
    expect(prices.filter((p) => p === 45_000)).toHaveLength(100);
    expect(prices.filter((p) => p === 50_000)).toHaveLength(400);
    expect(await promotionRow(id)).toMatchObject({ used: 100, status: s.PROMOTION_STATUS.empty });
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(s.orderPromotions).where(eq(s.orderPromotions.promotionId, id));
    expect(n).toBe(100);
  }, 120_000);

  it("holds a buyer to their own limit, and a flash sale to its promo stock", async () => {
    const { id, v } = await running({ per_buyer: 1 });
    const buyer = { name: "Rina", phone: "0813 9999 0001" };
    await newOrder(shop, [{ sku: v.sku, quantity: 1 }], { customer: buyer });
    const again = await newOrder(shop, [{ sku: v.sku, quantity: 1 }], { customer: { ...buyer, phone: "+62 813-9999-0001" } });
    expect((await linesOf(again))[0].price).toBe(50_000);
    expect((await promotionRow(id)).used).toBe(1);

    // The same buyer's orders arriving at once: still one.
    const { id: once, v: v2 } = await running({ per_buyer: 1 });
    const twin = { name: "Dewi", phone: "0813 7777 0002" };
    const at = await Promise.all(Array.from({ length: 6 }, () => newOrder(shop, [{ sku: v2.sku, quantity: 1 }], { customer: twin })));
    const got = await db.select({ price: s.orderItems.price }).from(s.orderItems).where(sql`${s.orderItems.orderId} = ANY(${sql.param(at)}::int[])`);
    expect(got.filter((g) => g.price === 45_000)).toHaveLength(1);
    expect((await promotionRow(once)).used).toBe(1);

    const flash = await running({ kind: "discount_time", discount_type: "amount", discount_amount: 10_000, promo_stock: 3 });
    const big = await newOrder(shop, [{ sku: flash.v.sku, quantity: 4 }]);
    expect((await linesOf(big))[0].price).toBe(50_000);
    const fits = await newOrder(shop, [{ sku: flash.v.sku, quantity: 3 }]);
    expect((await linesOf(fits))[0].price).toBe(40_000);
    expect(await promotionRow(flash.id)).toMatchObject({ stockUsed: 3, status: s.PROMOTION_STATUS.empty });
  });

  it("applies a voucher only by its code, free delivery, a free gift line and cashback", async () => {
    const v = await newVariant(shop);
    const gift = await newVariant(shop);
    const code = `VC${Date.now().toString(36).slice(-6)}`.toUpperCase();
    const ids = [
      await create({ kind: "voucher", code, discount_type: "amount", discount_amount: 15_000, min_spend: 100_000, variant_ids: [v.variantId] }),
      await create({ kind: "delivery", discount_amount: 9_000, variant_ids: [v.variantId] }),
      await create({ kind: "free", gift_variant_id: gift.variantId, min_spend: 50_000, variant_ids: [v.variantId], discount_type: undefined }),
      await create({ kind: "cashback", discount_percent: "5", cashback_as: "points", variant_ids: [v.variantId] }),
    ];
    for (const id of ids) await approve(id);
    const plain = await newOrder(shop, [{ sku: v.sku, quantity: 2 }], { shippingCost: 12_000 });
    expect(await orderRow(plain)).toMatchObject({ subtotal: 100_000, discount: 9_000, totalAmount: 103_000 });
    const withCode = await newOrder(shop, [{ sku: v.sku, quantity: 2 }], { shippingCost: 12_000, voucherCode: code.toLowerCase() });
    expect(await orderRow(withCode)).toMatchObject({ subtotal: 100_000, discount: 24_000, totalAmount: 88_000 });
    const lines = await linesOf(withCode);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ variantId: gift.variantId, price: 0, regularPrice: 50_000, quantity: 1 });
    const got = await db.select({ promotionId: s.orderPromotions.promotionId, amount: s.orderPromotions.amount }).from(s.orderPromotions)
      .where(eq(s.orderPromotions.orderId, withCode)).orderBy(s.orderPromotions.promotionId);
    expect(got).toEqual([
      { promotionId: ids[0], amount: 15_000 }, { promotionId: ids[1], amount: 9_000 }, { promotionId: ids[2], amount: 0 }, { promotionId: ids[3], amount: 4_250 },
    ]);
    // The cashback is the seller's cost when the order finishes: taken from its income, in the ledger.
    await db.update(s.orders).set({ status: "received" }).where(eq(s.orders.id, withCode));
    await applyOrderAction(shop.businessId, withCode, { action: "fulfill", actor: "seller", userId: shop.userId });
    const [st] = await db.select().from(s.settlements).where(eq(s.settlements.orderId, withCode));
    expect(st).toMatchObject({ gross: 76_000, cashback: 4_250 });
    expect(st.net).toBe(st.gross - st.storeFee - st.commission - st.shipping - st.cashback);
    const legs = await db.select({ code: s.ledgerAccounts.code, amount: s.ledgerEntries.amount }).from(s.ledgerEntries)
      .innerJoin(s.ledgerTransactions, eq(s.ledgerTransactions.id, s.ledgerEntries.transactionId))
      .innerJoin(s.ledgerAccounts, eq(s.ledgerAccounts.id, s.ledgerEntries.accountId))
      .where(and(eq(s.ledgerTransactions.businessId, shop.businessId), eq(s.ledgerTransactions.key, `settlement:order:${withCode}`)));
    expect(legs).toContainEqual({ code: "cashback", amount: 4_250 });
    expect(legs.reduce((n, l) => n + l.amount, 0)).toBe(0);
  });

  it("answers the spec's calls from the same pricing: promotions for an order or products, and a quote", async () => {
    const { id, v } = await running({ discount_type: "amount", discount_amount: 7_500 });
    const orderId = await newOrder(shop, [{ sku: v.sku, quantity: 1 }]);
    const forOrder = await call("POST", "/v0.1.0/promotions/sellers", { token, json: { order_id: orderId } });
    expect(forOrder.body.data.map((p: { promotion_id: number }) => p.promotion_id)).toContain(id);
    const forProduct = await call("POST", "/v0.1.0/promotions/sellers", { token, json: { product_ids: [v.productId] } });
    expect(forProduct.body.data.find((p: { promotion_id: number }) => p.promotion_id === id).product_ids).toEqual([v.productId]);
    const quote = await call("GET", "/v1.0.0/omnichannel/discount", { token, query: { items: `${v.variantId}:2`, shipping_cost: 10_000 } });
    expect(quote.body.data).toMatchObject({ items: [{ variant_id: v.variantId, regular_price: 50_000, price: 42_500, promotion: { promotion_id: id } }], total: 95_000 });
    // Quoting claims nothing.
    expect((await promotionRow(id)).used).toBe(1);
    expect((await call("GET", "/v1.0.0/omnichannel/discount", { token, query: { items: "x" } })).status).toBe(422);
  });
});

describe("the list and isolation", () => {
  it("lists with a count per tab, search and the brand or channel slug", async () => {
    const name = `Listed ${Date.now().toString(36)}`;
    const id = await create({ name, channel_ids: [shop.channelId] });
    const res = await call("GET", "/v0.1.0/promotions", { token, query: { search: name } });
    expect(res.body.data.map((p: { promotion_id: number }) => p.promotion_id)).toEqual([id]);
    expect((res.body.pagination?.summary_data as { tabs: unknown }).tabs).toMatchObject({ all: 1, in_moderation: 1, on_going: 0 });
    const bySlug = await call("GET", "/v0.1.0/promotions", { token, query: { search: name, slug: `channel-${shop.channelId}` } });
    expect(bySlug.body.data).toHaveLength(1);
    const [otherChannel] = await db.select({ id: s.channels.id }).from(s.channels)
      .where(and(eq(s.channels.businessId, shop.businessId), sql`${s.channels.id} <> ${shop.channelId}`)).limit(1);
    if (otherChannel) expect((await call("GET", "/v0.1.0/promotions", { token, query: { search: name, slug: `channel-${otherChannel.id}` } })).status).toBe(404);
    expect((await call("GET", "/v0.1.0/promotions", { token, query: { tab: "nope" } })).status).toBe(422);
  });

  it("files a promotion the sweeper has not moved yet under the tab its badge says, and counts it there", async () => {
    const name = `Due ${Date.now().toString(36)}`;
    const id = await create({ name, starts_at: now() + 3600 });
    await approve(id); // Upcoming
    type Tabs = Record<string, number>;
    const tabsNow = async () => ((await call("GET", "/v0.1.0/promotions", { token })).body.pagination!.summary_data as { tabs: Tabs }).tabs;
    const before = await tabsNow();
    // Its start comes, the sweeper not yet: the row, its tab and the counts say On Going.
    await db.update(s.promotions).set({ startsAt: new Date(Date.now() - 60_000) }).where(eq(s.promotions.id, id));
    const after = await tabsNow();
    expect(after.upcoming).toBe(before.upcoming - 1);
    expect(after.on_going).toBe(before.on_going + 1);
    const onGoing = await call("GET", "/v0.1.0/promotions", { token, query: { tab: "on_going", search: name } });
    expect(onGoing.body.data).toEqual([expect.objectContaining({ promotion_id: id, status_key: "on_going" })]);
    expect((onGoing.body.pagination!.summary_data as { tabs: Tabs }).tabs).toMatchObject({ on_going: 1, upcoming: 0 });
    expect((await call("GET", "/v0.1.0/promotions", { token, query: { tab: "upcoming", search: name } })).status).toBe(404);
  });

  it("never shows or changes another business's promotion", async () => {
    const id = await create({});
    for (const res of await Promise.all([
      call("GET", `/v0.1.0/promotions/${id}`, { token: otherToken }),
      call("PUT", `/v0.1.0/promotions/${id}`, { token: otherToken, json: base({}) }),
      call("PUT", `/v0.1.0/promotions/${id}/cancel`, { token: otherToken }),
      call("POST", `/v0.1.0/promotions/${id}/recreate`, { token: otherToken, json: base({}) }),
    ])) expect(res.status).toBe(404);
    const theirs = await call("GET", "/v0.1.0/promotions", { token: otherToken, query: { limit: 150 } });
    expect((theirs.body.data ?? []).some((p: { promotion_id: number }) => p.promotion_id === id)).toBe(false);
    expect((await promotionRow(id)).status).toBe(0);
  });
});
